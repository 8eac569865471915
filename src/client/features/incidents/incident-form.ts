import { departments } from '#shared/enums.ts';
import type { Incident } from '#shared/schemas/incident.ts';
import type { User } from '#shared/schemas/user.ts';
import { filledRows } from './incident-changes.ts';

/** A day in the device's own calendar, as a date input wants it (YYYY-MM-DD). */
function localDay(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * The form asks for a day, not a time: it is sent as local midnight of that day as a full ISO timestamp,
 * so every device in the plant's time zone shows the same date the reporter picked.
 */
const dayToIso = (day: string) => (day ? new Date(`${day}T00:00`).toISOString() : '');

export function emptyIncidentForm(user: User) {
  const ownDepartment = departments.find((department) => department === user.department);
  return {
    title: '',
    incidentDate: localDay(new Date()),
    type: 'Near Miss',
    severity: 'Medium',
    location: '',
    department: (ownDepartment ?? departments[0]) as string,
    description: '',
    involvedPersons: [{ name: '', role: '', department: '' }],
    witnesses: [] as { name: string; contact: string }[],
    immediateActions: '',
  };
}
export type IncidentForm = ReturnType<typeof emptyIncidentForm>;

export function formFromIncident(incident: Incident): IncidentForm {
  return {
    title: incident.title,
    incidentDate: localDay(new Date(incident.incidentDate)),
    type: incident.type,
    severity: incident.severity,
    location: incident.location,
    department: incident.department,
    description: incident.description,
    involvedPersons: incident.involvedPersons,
    witnesses: incident.witnesses,
    immediateActions: incident.immediateActions,
  };
}

/** The form as the incident schemas take it. */
export function incidentInput(form: IncidentForm) {
  return {
    ...form,
    incidentDate: dayToIso(form.incidentDate),
    involvedPersons: filledRows(form.involvedPersons),
    witnesses: filledRows(form.witnesses),
  };
}

/** A missing date says so by the field's name, as the other required fields do. */
export const dateRequired = (form: IncidentForm, errors: Record<string, string>) =>
  form.incidentDate ? errors : { ...errors, incidentDate: 'Incident Date is required' };
