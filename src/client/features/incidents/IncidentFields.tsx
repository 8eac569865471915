import { departments, incidentTypes, severities } from '#shared/enums.ts';
import { Field, Input, Select, Textarea } from '#client/components/ui/Field.tsx';
import type { IncidentForm } from './incident-form.ts';
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

type TextField = { [K in keyof IncidentForm]: IncidentForm[K] extends string ? K : never }[keyof IncidentForm];

interface IncidentFieldsProps {
  form: IncidentForm;
  set: (field: TextField) => (event: { target: { value: string } }) => void;
  setValue: <K extends keyof IncidentForm>(field: K, value: IncidentForm[K]) => void;
  errors: Record<string, string>;
}

/** The report's fields, in a two-column grid, as reporting and editing an incident show them. */
export function IncidentFields({ form, set, setValue, errors }: IncidentFieldsProps) {
  return (
    <>
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
    </>
  );
}
