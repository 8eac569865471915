import { departments, incidentTypes, severities } from '../../../shared/enums.ts';
import { incidentCreate } from '../../../shared/schemas/incident.ts';
import type { User } from '../../../shared/schemas/user.ts';
import { Field, Input, Select, Textarea } from '../../components/ui/Field.tsx';
import { FormModal } from '../../components/ui/FormModal.tsx';
import { useFormState } from '../../components/ui/use-form-state.ts';
import { fieldErrors } from '../../lib/validation.ts';
import { useSignedInUser } from '../../data/session.ts';
import { saveAndNotify } from '../../data/save-change.ts';
import { createIncidentChange } from './incident-changes.ts';
import { RowsField, type RowColumn } from './RowsField.tsx';

const personColumns: RowColumn<'name' | 'role' | 'department'>[] = [
  { key: 'name', label: 'Name', maxLength: 200 },
  { key: 'role', label: 'Role', maxLength: 100 },
  { key: 'department', label: 'Department', maxLength: 100 },
];
const witnessColumns: RowColumn<'name' | 'contact'>[] = [
  { key: 'name', label: 'Name', maxLength: 200 },
  { key: 'contact', label: 'Contact', maxLength: 200 },
];

/** Today in the device's own calendar, as a date input wants it (YYYY-MM-DD). */
function today(): string {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * The form asks for a day, not a time: it is sent as local midnight of that day as a full ISO timestamp,
 * so every device in the plant's time zone shows the same date the reporter picked.
 */
const dayToIso = (day: string) => (day ? new Date(`${day}T00:00`).toISOString() : '');

function emptyForm(user: User) {
  const ownDepartment = departments.find((department) => department === user.department);
  return {
    title: '',
    incidentDate: today(),
    type: 'Near Miss',
    severity: 'Medium',
    location: '',
    department: ownDepartment ?? departments[0],
    description: '',
    involvedPersons: [{ name: '', role: '', department: '' }],
    witnesses: [] as { name: string; contact: string }[],
    immediateActions: '',
  };
}

/** Mounted while open, so each report starts from an empty form dated today. */
export function ReportIncidentModal({ onClose }: { onClose: () => void }) {
  const user = useSignedInUser();
  const { form, set, setValue, errors, setErrors } = useFormState(() => emptyForm(user));

  async function submit() {
    const parsed = incidentCreate.safeParse({ ...form, incidentDate: dayToIso(form.incidentDate) });
    if (!parsed.success) {
      const found = fieldErrors(parsed.error);
      setErrors(form.incidentDate ? found : { ...found, incidentDate: 'Incident Date is required' });
      return;
    }
    const change = createIncidentChange(user, parsed.data);
    if (await saveAndNotify(change, 'Incident reported successfully!', 'Failed to report incident')) onClose();
  }

  return (
    <FormModal onClose={onClose} title="Report Incident" submitLabel="Report Incident" onSubmit={submit}>
      <Field label="Title" required error={errors.title} className="sm:col-span-2">
        <Input value={form.title} onChange={set('title')} maxLength={200} />
      </Field>
      <Field label="Incident Date" required error={errors.incidentDate}>
        <Input type="date" value={form.incidentDate} onChange={set('incidentDate')} />
      </Field>
      <Field label="Type" error={errors.type}>
        <Select value={form.type} onChange={set('type')} options={incidentTypes} />
      </Field>
      <Field label="Severity" error={errors.severity}>
        <Select value={form.severity} onChange={set('severity')} options={severities} />
      </Field>
      <Field label="Department" error={errors.department}>
        <Select value={form.department} onChange={set('department')} options={departments} />
      </Field>
      <Field label="Location" required error={errors.location} className="sm:col-span-2">
        <Input value={form.location} onChange={set('location')} maxLength={200} />
      </Field>
      <Field label="Description" required error={errors.description} className="sm:col-span-2">
        <Textarea value={form.description} onChange={set('description')} rows={4} maxLength={5000} />
      </Field>
      <RowsField
        legend="Involved Persons"
        noun="person"
        columns={personColumns}
        rows={form.involvedPersons}
        onChange={(rows) => setValue('involvedPersons', rows)}
      />
      <RowsField
        legend="Witnesses"
        noun="witness"
        columns={witnessColumns}
        rows={form.witnesses}
        onChange={(rows) => setValue('witnesses', rows)}
      />
      <Field label="Immediate Actions Taken" error={errors.immediateActions} className="sm:col-span-2">
        <Textarea value={form.immediateActions} onChange={set('immediateActions')} rows={3} maxLength={5000} />
      </Field>
    </FormModal>
  );
}
