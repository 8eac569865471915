import { useState } from 'react';
import { can } from '#shared/permissions.ts';
import type { PurchaseStatus } from '#shared/purchasing.ts';
import { Badge, type BadgeTone } from '#client/components/ui/Badge.tsx';
import { Button } from '#client/components/ui/Button.tsx';
import { PendingMark } from '#client/components/ui/PendingMark.tsx';
import { saveAndNotify } from '#client/data/outbox/save-change.ts';
import { useSignedInUser } from '#client/data/session/session.ts';
import { quantityText } from '#client/features/parts/use-parts.ts';
import { purchaseDecisionChange } from './purchase-changes.ts';
import { ReceivePurchaseDialog } from './ReceivePurchaseDialog.tsx';
import { RejectPurchaseDialog } from './RejectPurchaseDialog.tsx';
import type { LocalRequest } from './use-purchasing.ts';

export const purchaseStatusTone: Record<PurchaseStatus, BadgeTone> = {
  Requested: 'yellow',
  Approved: 'blue',
  'Partly received': 'purple',
  Received: 'green',
  Rejected: 'red',
  Cancelled: 'slate',
};

/** A purchase request with what its status allows this user: approve, reject, cancel, receive. */
export function PurchaseRequestCard({ request }: { request: LocalRequest }) {
  const user = useSignedInUser();
  const [doing, setDoing] = useState<'reject' | 'receive' | null>(null);
  const approves = can(user.role, 'purchase:approve');
  const requested = request.status === 'Requested';
  const receivable = request.status === 'Approved' || request.status === 'Partly received';
  const decide = (status: 'Approved' | 'Cancelled', toast: string) =>
    void saveAndNotify(purchaseDecisionChange(user, request, status), toast, 'Failed to update purchase request');
  const unit = request.part.unit;

  return (
    <article
      aria-label={`Purchase request ${request.part.partNumber}`}
      className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-surface p-4"
    >
      <header className="flex flex-wrap items-center gap-2">
        <span className="font-semibold text-slate-900">{request.part.partNumber}</span>
        <Badge tone={purchaseStatusTone[request.status]}>{request.status}</Badge>
        {request.overReceived && <Badge tone="orange">Over-received</Badge>}
        <PendingMark count={request._pending} />
      </header>
      <p className="text-sm break-words text-slate-900">{request.part.name}</p>
      <p className="text-sm text-slate-700">
        <span className="font-medium">Ordered</span> {quantityText(request.quantity, unit)} ·{' '}
        <span className="font-medium">Received</span> {quantityText(request.received, unit)} · from {request.supplier}
      </p>
      <p className="text-xs text-slate-600">
        Needed by {request.neededBy} · requested by {request.requestedBy?.name ?? 'a former user'}
        {request.decidedBy &&
          ` · ${request.status === 'Cancelled' ? 'cancelled' : 'decided'} by ${request.decidedBy.name}`}
      </p>
      {request.note && <p className="text-sm text-slate-700">{request.note}</p>}
      {request.decisionNote && (
        <p className="text-sm text-slate-700">
          <span className="font-medium">{request.status === 'Rejected' ? 'Reason' : 'Note'}:</span>{' '}
          {request.decisionNote}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {requested && approves && request.requestedBy?._id !== user._id && (
          <Button onClick={() => decide('Approved', 'Purchase approved')}>Approve</Button>
        )}
        {requested && approves && (
          <Button variant="secondary" onClick={() => setDoing('reject')}>
            Reject
          </Button>
        )}
        {requested && (approves || request.requestedBy?._id === user._id) && (
          <Button variant="ghost" onClick={() => decide('Cancelled', 'Purchase request cancelled')}>
            Cancel request
          </Button>
        )}
        {receivable && can(user.role, 'part:manage') && <Button onClick={() => setDoing('receive')}>Receive</Button>}
      </div>
      {doing === 'reject' && <RejectPurchaseDialog request={request} onClose={() => setDoing(null)} />}
      {doing === 'receive' && <ReceivePurchaseDialog request={request} onClose={() => setDoing(null)} />}
    </article>
  );
}
