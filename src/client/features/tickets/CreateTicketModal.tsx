import { priorities, ticketCategories } from '../../../shared/enums.ts';
import { ticketCreate } from '../../../shared/schemas/ticket.ts';
import { Field, Input, Select, Textarea } from '../../components/ui/Field.tsx';
import { FormModal } from '../../components/ui/FormModal.tsx';
import { HoursInput } from '../../components/ui/HoursInput.tsx';
import { useFormState } from '../../components/ui/use-form-state.ts';
import { fieldErrors } from '../../lib/validation.ts';
import { useSignedInUser } from '../../data/session.ts';
import { saveAndNotify } from '../../data/save-change.ts';
import { createTicketChange } from '../../data/ticket-create.ts';
import { MachineSelect } from '../../components/ui/MachineSelect.tsx';
import { useMachineChoices } from '../../data/use-machine-choices.ts';

const emptyForm = {
  title: '',
  machine: '',
  priority: 'Medium',
  category: 'Mechanical',
  estimatedHours: '',
  description: '',
};

interface CreateTicketModalProps {
  onClose: () => void;
  /** The machine chosen at first (the form opened from a machine). */
  machineId?: string;
}

/** Mounted while open, so each opening starts afresh. */
export function CreateTicketModal({ onClose, machineId = '' }: CreateTicketModalProps) {
  const user = useSignedInUser();
  const machines = useMachineChoices();
  const { form, set, errors, setErrors } = useFormState({ ...emptyForm, machine: machineId });

  async function submit() {
    // Spec section 5: empty estimated hours are sent as null, anything else as a number.
    const hours = form.estimatedHours.trim();
    const parsed = ticketCreate.safeParse({ ...form, estimatedHours: hours === '' ? null : Number(hours) });
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
      <Field label="Title" required error={errors.title} className="sm:col-span-2">
        <Input value={form.title} onChange={set('title')} maxLength={200} />
      </Field>
      <Field label="Machine" required error={errors.machine} className="sm:col-span-2">
        <MachineSelect machines={machines} value={form.machine} onChange={set('machine')} />
      </Field>
      <Field label="Priority" error={errors.priority}>
        <Select value={form.priority} onChange={set('priority')} options={priorities} />
      </Field>
      <Field label="Category" error={errors.category}>
        <Select value={form.category} onChange={set('category')} options={ticketCategories} />
      </Field>
      <Field
        label="Estimated Hours"
        hint="Optional, in steps of 0.5"
        error={errors.estimatedHours}
        className="sm:col-span-2"
      >
        <HoursInput value={form.estimatedHours} onChange={set('estimatedHours')} />
      </Field>
      <Field label="Description" required error={errors.description} className="sm:col-span-2">
        <Textarea value={form.description} onChange={set('description')} rows={5} maxLength={5000} />
      </Field>
    </FormModal>
  );
}
