import { useState } from 'react';
import { ticketEditableFields } from '../../../shared/permissions.ts';
import { ticketUpdate } from '../../../shared/schemas/ticket.ts';
import { Button } from '../../components/ui/Button.tsx';
import { useFormState } from '../../components/ui/use-form-state.ts';
import { saveAndNotify } from '../../data/save-change.ts';
import { useSignedInUser } from '../../data/session.ts';
import { changedFields } from '../../lib/changed-fields.ts';
import { fieldErrors } from '../../lib/validation.ts';
import { ticketEditChange } from './ticket-changes.ts';
import { emptyTicketForm, formFromTicket, ticketInput } from './ticket-form.ts';
import type { LocalTicket } from './ticket-list.ts';
import { TicketFields } from './TicketFields.tsx';

/** Whether this user may change any of the form's fields of this ticket. */
export function mayEditTicket(editable: ReturnType<typeof ticketEditableFields>): boolean {
  return editable === 'all' || editable.some((field) => field in emptyTicketForm);
}

/** The ticket's own fields, edited in its details; mounted when opened, so it starts from the ticket as shown. */
export function TicketEditForm({ ticket, onDone }: { ticket: LocalTicket; onDone: () => void }) {
  const user = useSignedInUser();
  const editable = ticketEditableFields(user, ticket);
  const [opened] = useState(() => ({ form: formFromTicket(ticket), version: ticket._server?.version ?? null }));
  const { form, set, errors, setErrors } = useFormState(opened.form);
  const [isSaving, setSaving] = useState(false);

  async function submit() {
    const parsed = ticketUpdate.safeParse(ticketInput(form));
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    const changes = changedFields(ticketInput(opened.form), ticketInput(form), parsed.data);
    if (Object.keys(changes).length === 0) return onDone();
    const change = ticketEditChange(user, ticket, changes, opened.version);
    if (await saveAndNotify(change, 'Ticket updated successfully!', 'Failed to update ticket')) onDone();
  }

  return (
    <form
      aria-label="Edit ticket"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setSaving(true);
        void submit().finally(() => setSaving(false));
      }}
      className="grid gap-4 rounded-xl border border-slate-200 p-4 sm:grid-cols-2"
    >
      <TicketFields
        form={form}
        set={set}
        errors={errors}
        may={(field) => editable === 'all' || editable.includes(field)}
      />
      <div className="flex flex-wrap justify-end gap-2 sm:col-span-2">
        <Button variant="secondary" onClick={onDone} disabled={isSaving}>
          Cancel
        </Button>
        <Button type="submit" loading={isSaving}>
          Save Changes
        </Button>
      </div>
    </form>
  );
}
