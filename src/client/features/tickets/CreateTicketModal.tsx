import { ticketCreate } from '#shared/schemas/ticket.ts';
import { Field } from '#client/components/ui/Field.tsx';
import { FormModal } from '#client/components/ui/FormModal.tsx';
import { useFormState } from '#client/components/ui/use-form-state.ts';
import { fieldErrors } from '#client/lib/validation.ts';
import { useSignedInUser } from '#client/data/session/session.ts';
import { saveAndNotify } from '#client/data/outbox/save-change.ts';
import { createTicketChange } from '#client/data/outbox/ticket-create.ts';
import { MachineSelect } from '#client/components/ui/MachineSelect.tsx';
import { useMachineChoices } from '#client/data/store/use-machine-choices.ts';
import { emptyTicketForm, ticketInput } from './ticket-form.ts';
import { TicketFields } from './TicketFields.tsx';

interface CreateTicketModalProps {
  onClose: () => void;
  /** The machine chosen at first (the form opened from a machine). */
  machineId?: string;
}

/** Mounted while open, so each opening starts afresh. */
export function CreateTicketModal({ onClose, machineId = '' }: CreateTicketModalProps) {
  const user = useSignedInUser();
  const machines = useMachineChoices();
  const { form, set, errors, setErrors } = useFormState({ ...emptyTicketForm, machine: machineId });

  async function submit() {
    const parsed = ticketCreate.safeParse({ ...ticketInput(form), machine: form.machine });
    const machine = machines?.find((candidate) => candidate._id === form.machine);
    if (!parsed.success || !machine) {
      setErrors({
        ...(parsed.success ? {} : fieldErrors(parsed.error)),
        ...(machine ? {} : { machine: 'Machine is required' }),
      });
      return;
    }
    const change = createTicketChange(user, machine, parsed.data);
    if (await saveAndNotify(change, 'Ticket created successfully!', 'Failed to create ticket')) onClose();
  }

  return (
    <FormModal onClose={onClose} title="Create Ticket" submitLabel="Create Ticket" onSubmit={submit}>
      <TicketFields
        form={form}
        set={set}
        errors={errors}
        machine={
          <Field label="Machine" required error={errors.machine} className="sm:col-span-2">
            <MachineSelect machines={machines} value={form.machine} onChange={set('machine')} />
          </Field>
        }
      />
    </FormModal>
  );
}
