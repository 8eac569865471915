import { permitTypeLabels, permitTypes, type PermitType } from '#shared/permits.ts';
import type { Machine } from '#shared/schemas/machine.ts';
import { Field, Select, Textarea } from '#client/components/ui/Field.tsx';
import { FormModal } from '#client/components/ui/FormModal.tsx';
import { useFormState } from '#client/components/ui/use-form-state.ts';
import { saveAndNotify } from '#client/data/outbox/save-change.ts';
import { useSignedInUser } from '#client/data/session/session.ts';
import { HotWorkFields, hotWorkValues, type HotWorkForm } from './HotWorkFields.tsx';
import { requestPermitChange, type PermitWork } from './permit-changes.ts';

const typeOptions = permitTypes.map((type) => ({ value: type, label: permitTypeLabels[type] }));

interface RequestPermitDialogProps {
  machine: Pick<Machine, '_id' | 'name' | 'machineId' | 'department' | 'isolationPoints'>;
  work: PermitWork;
  onClose: () => void;
}

/** Asks for a permit to work on the ticket's or schedule's machine; saved on this device at once. */
export function RequestPermitDialog({ machine, work, onClose }: RequestPermitDialogProps) {
  const user = useSignedInUser();
  const { form, set, setValue } = useFormState<HotWorkForm & { type: PermitType; description: string }>({
    type: 'general',
    description: '',
    gasTest: '',
    fireWatch: '',
    fireWatchUntil: '',
  });

  async function submit() {
    const change = requestPermitChange(user, machine, work, {
      type: form.type,
      description: form.description.trim(),
      ...hotWorkValues(form),
    });
    if (await saveAndNotify(change, 'Permit to work requested', 'Failed to request permit to work')) onClose();
  }

  return (
    <FormModal onClose={onClose} title="Request Permit to Work" submitLabel="Request Permit" onSubmit={submit}>
      <p className="text-sm text-slate-700 sm:col-span-2">
        {machine.name} · {work.ticket ? `${work.ticket.ticketNumber} ${work.ticket.title}` : work.schedule.title}.{' '}
        {machine.isolationPoints.length > 0
          ? `${machine.isolationPoints.length} isolation point${machine.isolationPoints.length > 1 ? 's' : ''} to lock once approved.`
          : 'The machine has no isolation points recorded.'}
      </p>
      <Field label="Permit type" className="sm:col-span-2">
        <Select
          value={form.type}
          onChange={(event) => setValue('type', event.target.value as PermitType)}
          options={typeOptions}
        />
      </Field>
      <Field label="Work to do" className="sm:col-span-2">
        <Textarea value={form.description} onChange={set('description')} rows={3} maxLength={2000} />
      </Field>
      {form.type === 'hot_work' && <HotWorkFields form={form} set={set} />}
    </FormModal>
  );
}
