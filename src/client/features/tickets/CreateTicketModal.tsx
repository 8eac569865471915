import { useId, useState, type FormEvent } from 'react';
import { priorities, ticketCategories } from '../../../shared/enums.ts';
import { ticketCreate } from '../../../shared/schemas/ticket.ts';
import { Button } from '../../components/ui/Button.tsx';
import { Field, Input, Select, Textarea } from '../../components/ui/Field.tsx';
import { Modal } from '../../components/ui/Modal.tsx';
import { notify } from '../../lib/notify.ts';
import { fieldErrors } from '../../lib/validation.ts';
import { useSignedInUser } from '../auth/session.ts';
import { saveChange } from '../sync/save-change.ts';
import { createTicketChange } from './ticket-changes.ts';
import { useMachineChoices } from '../machines/use-machine-choices.ts';

const emptyForm = {
  title: '',
  machine: '',
  priority: 'Medium',
  category: 'Mechanical',
  estimatedHours: '',
  description: '',
};
type TicketForm = typeof emptyForm;

interface CreateTicketModalProps {
  open: boolean;
  onClose: () => void;
  /** The machine chosen at first (the form opened from a machine). */
  machineId?: string;
}

export function CreateTicketModal({ open, onClose, machineId = '' }: CreateTicketModalProps) {
  const user = useSignedInUser();
  const machines = useMachineChoices();
  const formId = useId();
  const [form, setForm] = useState<TicketForm>({ ...emptyForm, machine: machineId });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [isSaving, setSaving] = useState(false);

  const set = (field: keyof TicketForm) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));

  function close() {
    setForm(emptyForm);
    setErrors({});
    onClose();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
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
    setSaving(true);
    try {
      await saveChange(createTicketChange(user, machine, parsed.data));
      notify.success('Ticket created successfully!');
      close();
    } catch (error) {
      notify.error(error, 'Failed to create ticket');
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      open={open}
      onClose={close}
      title="Create Ticket"
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={isSaving}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={isSaving}>
            Create Ticket
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={(event) => void submit(event)} className="grid gap-4 sm:grid-cols-2">
        <Field label="Title" required error={errors.title} className="sm:col-span-2">
          <Input value={form.title} onChange={set('title')} maxLength={200} />
        </Field>
        <Field label="Machine" required error={errors.machine} className="sm:col-span-2">
          <Select
            value={form.machine}
            onChange={set('machine')}
            placeholder={machines?.length === 0 ? 'No machines on this device yet' : 'Select a machine'}
            options={(machines ?? []).map((machine) => ({
              value: machine._id,
              label: `${machine.name} (${machine.machineId})`,
            }))}
          />
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
          <Input
            type="number"
            inputMode="decimal"
            min={0}
            step={0.5}
            value={form.estimatedHours}
            onChange={set('estimatedHours')}
          />
        </Field>
        <Field label="Description" required error={errors.description} className="sm:col-span-2">
          <Textarea value={form.description} onChange={set('description')} rows={5} maxLength={5000} />
        </Field>
      </form>
    </Modal>
  );
}
