import { useNavigate } from '@tanstack/react-router';
import { Inbox } from 'lucide-react';
import { useState } from 'react';
import type { WorkRequest } from '#shared/schemas/request.ts';
import { EmptyState } from '#client/components/ui/EmptyState.tsx';
import { PageHeader } from '#client/components/ui/PageHeader.tsx';
import { FullPageSpinner } from '#client/components/ui/Spinner.tsx';
import { failureMessage } from '#client/lib/notify.ts';
import { AcceptRequestDialog } from './AcceptRequestDialog.tsx';
import { MergeRequestDialog } from './MergeRequestDialog.tsx';
import { RejectRequestDialog } from './RejectRequestDialog.tsx';
import { RequestCard } from './RequestCard.tsx';
import { useWorkRequests, type RequestFilter, type TriageAction } from './triage-queries.ts';

const dialogs = { accept: AcceptRequestDialog, merge: MergeRequestDialog, reject: RejectRequestDialog };
const filters: { value: RequestFilter; label: string }[] = [
  { value: 'open', label: 'New' },
  { value: 'all', label: 'All' },
];

/** Requests: the work requests from the request page, new first, for engineers and admins to triage. */
export function TriagePage({ status, highlight }: { status: RequestFilter; highlight: string | undefined }) {
  const navigate = useNavigate();
  const requests = useWorkRequests(status);
  const [deciding, setDeciding] = useState<{ request: WorkRequest; action: TriageAction } | null>(null);
  const Dialog = deciding && dialogs[deciding.action];

  return (
    <>
      <PageHeader
        title="Requests"
        subtitle="Repair requests from anyone on the plant network: accept into a ticket, merge or reject."
        actions={
          <div role="group" aria-label="Show" className="flex gap-1 rounded-lg border border-slate-300 p-1">
            {filters.map((filter) => (
              <button
                key={filter.value}
                type="button"
                aria-pressed={status === filter.value}
                onClick={() => void navigate({ to: '/requests', search: { status: filter.value } })}
                className="min-h-11 min-w-11 rounded-md px-3 text-sm font-medium text-slate-700 aria-pressed:bg-brand-600 aria-pressed:text-white"
              >
                {filter.label}
              </button>
            ))}
          </div>
        }
      />
      {requests.isPending ? (
        <FullPageSpinner />
      ) : requests.isError && !requests.data ? (
        <p role="alert" className="text-red-700">
          {failureMessage(requests.error, 'The requests could not be loaded.')}
        </p>
      ) : requests.data?.length === 0 ? (
        <EmptyState icon={Inbox} title={status === 'open' ? 'No new requests' : 'No requests yet'} />
      ) : (
        <ul className="flex flex-col gap-3">
          {requests.data?.map((request) => (
            <RequestCard
              key={request._id}
              request={request}
              highlighted={request._id === highlight}
              onDecide={(action) => setDeciding({ request, action })}
            />
          ))}
        </ul>
      )}
      {deciding && Dialog && <Dialog request={deciding.request} onClose={() => setDeciding(null)} />}
    </>
  );
}
