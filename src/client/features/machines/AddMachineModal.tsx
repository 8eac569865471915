import { machineDepartments } from '../../../shared/enums.ts';
import { machineCreate } from '../../../shared/schemas/machine.ts';
import { Field, Input, Select } from '../../components/ui/Field.tsx';
import { FormModal } from '../../components/ui/FormModal.tsx';
import { useFormState } from '../../components/ui/use-form-state.ts';
import { fieldErrors } from '../../lib/validation.ts';
import { useSignedInUser } from '../auth/session.ts';
import { saveAndNotify } from '../sync/save-change.ts';
import { createMachineChange } from './machine-changes.ts';
import { useMachineChoices } from './use-machine-choices.ts';

const emptyForm = {
  name: '',
  machineId: '',
  department: machineDepartments[0] as string,
  location: '',
  model: '',
  manufacturer: '',
  installationDate: '',
  capacity: '',
  power: '',
  dimensions: '',
  weight: '',
};
type MachineForm = typeof emptyForm;
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

function toInput({ capacity, power, dimensions, weight, ...fields }: MachineForm) {
  return { ...fields, specifications: { capacity, power, dimensions, weight } };
}

/** Mounted while open, so each opening starts from an empty form. */
export function AddMachineModal({ onClose }: { onClose: () => void }) {
  const user = useSignedInUser();
  const machines = useMachineChoices();
  const { form, set, errors, setErrors } = useFormState(emptyForm);

  async function submit() {
    const parsed = machineCreate.safeParse(toInput(form));
    // The server refuses a machine ID in use; say so here already when this device knows the machine.
    const taken = parsed.success && machines?.some((machine) => machine.machineId === parsed.data.machineId);
    if (!parsed.success || taken) {
      setErrors({
        ...(parsed.success ? {} : fieldErrors(parsed.error)),
        ...(form.installationDate === '' ? { installationDate: 'Installation date is required' } : {}),
        ...(taken ? { machineId: `Machine ID ${parsed.data.machineId} is already in use` } : {}),
      });
      return;
    }
    const change = createMachineChange(user, parsed.data);
    if (await saveAndNotify(change, 'Machine created successfully!', 'Failed to create machine')) onClose();
  }

  const textField = ([field, label]: [FormField, string]) => (
    <Field key={field} label={label} required error={errors[field]}>
      <Input value={form[field]} onChange={set(field)} maxLength={field === 'machineId' ? 50 : 200} />
    </Field>
  );

  return (
    <FormModal onClose={onClose} title="Add Machine" submitLabel="Create Machine" onSubmit={submit}>
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
