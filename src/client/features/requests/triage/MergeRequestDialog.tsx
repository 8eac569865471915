import { openTicketStatuses } from '#shared/open-records.ts';
import { requestMerge, type WorkRequest } from '#shared/schemas/request.ts';
import { Field, Select } from '#client/components/ui/Field.tsx';
import { useFormState } from '#client/components/ui/use-form-state.ts';
import { localDb } from '#client/data/store/db.ts';
import { readAll } from '#client/data/store/read-page.ts';
import { useLiveQuery } from '#client/data/store/use-live-query.ts';
import { TriageDialog } from './TriageDialog.tsx';

/** The open tickets of the request's machine (of every machine when it names none), newest first. */
function useOpenTickets(machineId: string | undefined) {
  return useLiveQuery(async () => {
    const byMachine = machineId ? ([['machine', machineId]] as const) : [];
    const lists = await Promise.all(
      openTicketStatuses.map((status) =>
        readAll(localDb, localDb.tickets, { filters: [...byMachine, ['status', status]], search: '' }),
      ),
    );
    return lists.flat().sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  }, [machineId]);
}

/** Merge: the request joins a ticket already open for the same problem, as a comment with its photo. */
export function MergeRequestDialog({ request, onClose }: { request: WorkRequest; onClose: () => void }) {
  const tickets = useOpenTickets(request.machine?._id);
  const { form, set, errors, setErrors } = useFormState({ ticket: '' });
  return (
    <TriageDialog
      request={request}
      action="merge"
      title={`Merge Request ${request.code}`}
      submitLabel="Merge"
      schema={requestMerge}
      body={() => form}
      setErrors={(found) => setErrors(found.ticket ? { ticket: 'Choose the ticket to merge into' } : found)}
      success={(decided) => `Request ${decided.code} merged into ${decided.ticket?.ticketNumber ?? 'the ticket'}`}
      onClose={onClose}
    >
      <Field label="Open ticket" required error={errors.ticket} className="sm:col-span-2">
        <Select
          value={form.ticket}
          onChange={set('ticket')}
          placeholder={tickets?.length === 0 ? 'No open tickets for this machine' : 'Select a ticket'}
          options={(tickets ?? []).map((ticket) => ({
            value: ticket._id,
            label: `${ticket.ticketNumber} ${ticket.title}`,
          }))}
        />
      </Field>
    </TriageDialog>
  );
}
