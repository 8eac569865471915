import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { ShoppingCart } from 'lucide-react';
import { useState } from 'react';
import { can } from '#shared/permissions.ts';
import { purchaseStatuses, type PurchaseStatus } from '#shared/purchasing.ts';
import { Badge } from '#client/components/ui/Badge.tsx';
import { Button, buttonClasses } from '#client/components/ui/Button.tsx';
import { EmptyState } from '#client/components/ui/EmptyState.tsx';
import { Select } from '#client/components/ui/Field.tsx';
import { PageHeader } from '#client/components/ui/PageHeader.tsx';
import { Spinner } from '#client/components/ui/Spinner.tsx';
import { useSignedInUser } from '#client/data/session/session.ts';
import { quantityText, useParts } from '#client/features/parts/use-parts.ts';
import { PurchaseRequestCard } from './PurchaseRequestCard.tsx';
import { RequestPurchaseDialog } from './RequestPurchaseDialog.tsx';
import { reorderLines, usePurchaseRequests, type LocalReorderLine } from './use-purchasing.ts';

const route = getRouteApi('/_app/purchasing');

/**
 * Reorder and purchase requests (src/docs/parts.md): the parts whose free stock is at or below their
 * minimum, and the requests with what each user may do to them. Both read the device's copy: offline too.
 */
export function PurchasingPage() {
  const search = route.useSearch();
  const navigate = useNavigate({ from: '/purchasing' });
  const parts = useParts();
  const requests = usePurchaseRequests();
  const view = search.view ?? 'reorder';
  const setSearch = (patch: Partial<typeof search>) =>
    void navigate({ search: (current) => ({ ...current, ...patch }), replace: true });
  const lines = parts && requests ? reorderLines(parts, requests) : undefined;
  const waiting = requests?.filter((request) => request.status === 'Requested').length ?? 0;

  return (
    <div>
      <PageHeader
        title="Reorder"
        subtitle={
          lines ? `${lines.length} parts at or below minimum · ${waiting} requests waiting for approval` : undefined
        }
        actions={
          <Link to="/parts" className={buttonClasses('secondary')}>
            Parts
          </Link>
        }
      />
      <div role="tablist" aria-label="Reorder views" className="mb-4 flex gap-2">
        {(['reorder', 'requests'] as const).map((tab) => (
          <button
            key={tab}
            type="button"
            role="tab"
            aria-selected={view === tab}
            onClick={() => setSearch({ view: tab === 'reorder' ? undefined : tab })}
            className={buttonClasses(view === tab ? 'primary' : 'secondary')}
          >
            {tab === 'reorder' ? 'Reorder list' : 'Purchase requests'}
          </button>
        ))}
      </div>
      {view === 'reorder' ? (
        <ReorderView lines={lines} />
      ) : (
        <RequestsView requests={requests} status={search.status} onStatus={(status) => setSearch({ status })} />
      )}
    </div>
  );
}

function ReorderView({ lines }: { lines: LocalReorderLine[] | undefined }) {
  const user = useSignedInUser();
  const [requesting, setRequesting] = useState<LocalReorderLine | null>(null);
  if (!lines) return <Spinner />;
  if (lines.length === 0) {
    return (
      <EmptyState
        icon={ShoppingCart}
        title="Nothing to reorder"
        description="Every part has free stock above its minimum."
      />
    );
  }
  return (
    <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
      {lines.map((line) => (
        <article
          key={line.part._id}
          aria-label={`Reorder ${line.part.partNumber}`}
          className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-surface p-4"
        >
          <header className="flex flex-wrap items-center gap-2">
            <span className="font-semibold text-slate-900">{line.part.partNumber}</span>
            {line.part.discrepancy && <Badge tone="red">Discrepancy</Badge>}
            {line.onOrder > 0 && <Badge tone="blue">On order</Badge>}
          </header>
          <p className="text-sm break-words text-slate-900">{line.part.name}</p>
          <p className="text-sm text-slate-700">
            <span className="font-medium">Free</span> {quantityText(line.part.free, line.part.unit)} · min{' '}
            {line.part.minStock} · max {line.part.maxStock}
          </p>
          <p className="text-sm text-slate-700">
            <span className="font-medium">On order</span> {quantityText(line.onOrder, line.part.unit)} ·{' '}
            <span className="font-medium">Suggested</span> {quantityText(line.suggested, line.part.unit)}
          </p>
          {can(user.role, 'purchase:request') && (
            <div>
              <Button variant={line.suggested > 0 ? 'primary' : 'secondary'} onClick={() => setRequesting(line)}>
                Request purchase
              </Button>
            </div>
          )}
        </article>
      ))}
      {requesting && (
        <RequestPurchaseDialog
          part={requesting.part}
          suggested={requesting.suggested}
          onClose={() => setRequesting(null)}
        />
      )}
    </div>
  );
}

function RequestsView({
  requests,
  status,
  onStatus,
}: {
  requests: ReturnType<typeof usePurchaseRequests>;
  status: PurchaseStatus | undefined;
  onStatus: (status: PurchaseStatus | undefined) => void;
}) {
  const shown = (requests ?? []).filter((request) => !status || request.status === status);
  return (
    <>
      <div className="mb-4 max-w-xs">
        <Select
          aria-label="Status"
          placeholder="All statuses"
          options={[...purchaseStatuses]}
          value={status ?? ''}
          onChange={(event) => onStatus(purchaseStatuses.find((known) => known === event.target.value))}
        />
      </div>
      {!requests && <Spinner />}
      {requests && shown.length === 0 && (
        <EmptyState
          icon={ShoppingCart}
          title="No purchase requests"
          description="Request a purchase from the reorder list."
        />
      )}
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {shown.map((request) => (
          <PurchaseRequestCard key={request._id} request={request} />
        ))}
      </div>
    </>
  );
}
