import { useState } from 'react';
import { machineDepartments } from '#shared/enums.ts';
import { machineCreate, machineIdInUse } from '#shared/schemas/machine.ts';
import { Field, Input, Select } from '#client/components/ui/Field.tsx';
import { FormModal } from '#client/components/ui/FormModal.tsx';
import { useFormState } from '#client/components/ui/use-form-state.ts';
import { fieldErrors } from '#client/lib/validation.ts';
import { useSignedInUser } from '#client/data/session/session.ts';
import { saveAndNotify } from '#client/data/outbox/save-change.ts';
import { createMachineChange, machineEditChange } from './machine-changes.ts';
import {
  changedMachineFields,
  emptyMachineForm,
  formFromMachine,
  machineInput,
  type MachineForm,
} from './machine-form.ts';
import type { LocalMachine } from './machine-list.ts';
import { useMachineChoices } from '#client/data/store/use-machine-choices.ts';

type FormField = keyof MachineForm;

/** The required free-text fields, in form order (department sits after the machine ID). */
const identity: [FormField, string][] = [
  ['name', 'Machine Name'],
  ['machineId', 'Machine ID'],
];
const placement: [FormField, string][] = [
  ['location', 'Location'],
  ['model', 'Model'],
  ['manufacturer', 'Manufacturer'],
];
const specificationFields = [
  ['capacity', 'Capacity', 'e.g. 50 t/h'],
  ['power', 'Power', 'e.g. 450 kW'],
  ['dimensions', 'Dimensions', 'e.g. 12 x 4 x 3 m'],
  ['weight', 'Weight', 'e.g. 85 t'],
] as const;

interface MachineFormModalProps {
  /** The machine to edit; none to add a new one. */
  machine?: LocalMachine;
  onClose: () => void;
}

/** Add and edit; mounted when opened, so each opening starts from the machine (or empty). */
export function MachineFormModal({ machine, onClose }: MachineFormModalProps) {
  const user = useSignedInUser();
  const machines = useMachineChoices();
  const [initial] = useState<MachineForm>(() => (machine ? formFromMachine(machine) : emptyMachineForm));
  const { form, set, errors, setErrors } = useFormState(initial);

  async function submit() {
    const parsed = machineCreate.safeParse(machineInput(form));
    // The server refuses a machine ID in use; say so here already when this device knows the machine.
    const taken =
      parsed.success &&
      machines?.some((other) => other.machineId === parsed.data.machineId && other._id !== machine?._id);
    if (!parsed.success || taken) {
      setErrors({
        ...(parsed.success ? {} : fieldErrors(parsed.error)),
        ...(form.installationDate === '' ? { installationDate: 'Installation date is required' } : {}),
        ...(taken ? { machineId: machineIdInUse(parsed.data.machineId) } : {}),
      });
      return;
    }
    if (!machine) {
      const change = createMachineChange(user, parsed.data);
      if (await saveAndNotify(change, 'Machine created successfully!', 'Failed to create machine')) onClose();
      return;
    }
    const changes = changedMachineFields(initial, form, parsed.data);
    if (Object.keys(changes).length === 0) return onClose();
    const change = machineEditChange(user, machine, changes);
    if (await saveAndNotify(change, 'Machine updated successfully!', 'Failed to update machine')) onClose();
  }

  const textField = ([field, label]: [FormField, string]) => (
    <Field key={field} label={label} required error={errors[field]}>
      <Input value={form[field]} onChange={set(field)} maxLength={field === 'machineId' ? 50 : 200} />
    </Field>
  );

  return (
    <FormModal
      onClose={onClose}
      title={machine ? 'Edit Machine' : 'Add Machine'}
      submitLabel={machine ? 'Save Changes' : 'Create Machine'}
      onSubmit={submit}
    >
      {identity.map(textField)}
      <Field label="Department" error={errors.department}>
        <Select value={form.department} onChange={set('department')} options={machineDepartments} />
      </Field>
      {placement.map(textField)}
      <Field label="Installation Date" required error={errors.installationDate}>
        <Input type="date" value={form.installationDate} onChange={set('installationDate')} />
      </Field>
      <fieldset className="grid gap-4 rounded-xl border border-slate-200 p-4 sm:col-span-2 sm:grid-cols-2">
        <legend className="px-1 text-sm font-semibold text-slate-900">Specifications</legend>
        {specificationFields.map(([field, label, example]) => (
          <Field key={field} label={label} error={errors[`specifications.${field}`]}>
            <Input value={form[field]} onChange={set(field)} placeholder={example} maxLength={200} />
          </Field>
        ))}
      </fieldset>
    </FormModal>
  );
}
