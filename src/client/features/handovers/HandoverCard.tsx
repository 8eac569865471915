import { CircleCheck } from 'lucide-react';
import { can } from '#shared/permissions.ts';
import { Badge } from '#client/components/ui/Badge.tsx';
import { Button } from '#client/components/ui/Button.tsx';
import { PendingMark } from '#client/components/ui/PendingMark.tsx';
import { saveAndNotify } from '#client/data/outbox/save-change.ts';
import { useSignedInUser } from '#client/data/session/session.ts';
import type { Local } from '#client/data/store/db.ts';
import { formatDateTime } from '#client/lib/dates.ts';
import { shiftName, type Handover } from '#shared/schemas/handover.ts';
import { acknowledgeChange } from './handover-changes.ts';
import { HandoverContentsList } from './HandoverContentsList.tsx';

export const ownHandover = 'You wrote this handover: someone of the incoming shift acknowledges it';

/** Acknowledged (who, when) or waiting for the incoming shift. */
export function AcknowledgedBadge({ handover }: { handover: Handover }) {
  return handover.acknowledgedAt ? (
    <Badge tone="green">Acknowledged</Badge>
  ) : (
    <Badge tone="yellow">Not acknowledged</Badge>
  );
}

/** One handover of the log: the notes, what was listed, who wrote it and who acknowledged it. */
export function HandoverCard({ handover, highlighted = false }: { handover: Local<Handover>; highlighted?: boolean }) {
  const user = useSignedInUser();
  const isWriter = handover.writtenBy?._id === user._id;
  const mayAcknowledge = can(user.role, 'handover:acknowledge');
  const acknowledge = () =>
    void saveAndNotify(acknowledgeChange(user, handover), 'Handover acknowledged', 'Failed to acknowledge handover');

  return (
    <article
      aria-label={`Handover ${shiftName(handover)}`}
      className={`space-y-4 rounded-xl border bg-surface p-4 break-inside-avoid sm:p-5 ${highlighted ? 'border-brand-600' : 'border-slate-200'}`}
    >
      <header className="flex flex-wrap items-center gap-2">
        <h3 className="font-semibold text-slate-900">
          {handover.shiftDay} {handover.shiftLabel}
        </h3>
        <span className="text-sm text-slate-600">{handover.department}</span>
        <AcknowledgedBadge handover={handover} />
        <PendingMark count={handover._pending} />
      </header>
      <p className="text-sm whitespace-pre-wrap text-slate-800">{handover.notes || 'No notes.'}</p>
      <HandoverContentsList contents={handover.contents} />
      <footer className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 pt-3 text-sm text-slate-600">
        <div className="space-y-0.5">
          <p>
            Written by {handover.writtenBy?.name ?? 'a former user'} at {formatDateTime(handover.writtenAt)}
          </p>
          {handover.acknowledgedAt && (
            <p className="flex items-center gap-1 text-green-800">
              <CircleCheck aria-hidden="true" className="size-4" />
              Acknowledged by {handover.acknowledgedBy?.name ?? 'a former user'} at{' '}
              {formatDateTime(handover.acknowledgedAt)}
            </p>
          )}
        </div>
        {!handover.acknowledgedAt && mayAcknowledge && (
          <Button onClick={acknowledge} disabled={isWriter} title={isWriter ? ownHandover : undefined}>
            Acknowledge
          </Button>
        )}
      </footer>
    </article>
  );
}
