import type { z } from 'zod';
import type { IncidentStatus } from '#shared/enums.ts';
import type { UserRef } from '#shared/schemas/common.ts';
import { emptyInvestigation, type Investigation } from '#shared/schemas/incident-action.ts';
import type { Incident, IncidentUpdate, incidentCreate } from '#shared/schemas/incident.ts';
import type { QueuedChange } from '#client/data/outbox/writes.ts';
import {
  attachmentChange,
  author,
  createChange,
  newRecord,
  updateChange,
} from '#client/data/outbox/change-builders.ts';

type IncidentRef = Pick<Incident, '_id' | 'incidentNumber' | 'title'>;

/** "INC-000042", or the title while the server has not numbered an incident reported here. */
export function incidentName(incident: IncidentRef): string {
  return incident.incidentNumber || `"${incident.title}"`;
}

/** The form starts with an empty person row: rows left entirely blank are not people. */
export function filledRows<T extends Record<string, string>>(rows: T[]): T[] {
  return rows.filter((row) => Object.values(row).some((value) => value.trim() !== ''));
}

/** A new report, shown at once (status Open, no number yet) until the server numbers it. */
export function createIncidentChange(user: UserRef, report: z.output<typeof incidentCreate>): QueuedChange {
  const record = newRecord(report._id);
  const input = {
    ...report,
    involvedPersons: filledRows(report.involvedPersons),
    witnesses: filledRows(report.witnesses),
  };
  const body = { ...input, _id: record._id };
  const preview: Incident = {
    ...record,
    incidentNumber: '',
    title: input.title,
    description: input.description,
    type: input.type,
    severity: input.severity,
    status: 'Open',
    location: input.location,
    department: input.department,
    incidentDate: input.incidentDate,
    involvedPersons: input.involvedPersons,
    witnesses: input.witnesses,
    immediateActions: input.immediateActions,
    reportedBy: input.anonymous ? null : author(user),
    attachments: [],
    investigation: emptyInvestigation,
    actions: [],
  };
  const label = `New incident${input.anonymous ? ', anonymous' : ''}: ${input.title}`;
  return createChange(user, 'incident', body, preview, label);
}

/** A status change; an admin closing an incident with actions not verified gives the reason. */
export function incidentStatusChange(
  user: UserRef,
  incident: IncidentRef,
  status: IncidentStatus,
  closeReason?: string,
): QueuedChange {
  return updateChange(user, 'incident', incident._id, {
    body: closeReason ? { status, closeReason } : { status },
    preview: { status },
    label: `Status -> ${status} on ${incidentName(incident)}`,
  });
}

/**
 * An edit of the report from its details: the changed fields only, from the version the form opened
 * with, so a value someone else saved meanwhile and this edit replaces is reported.
 */
export function incidentEditChange(
  user: UserRef,
  incident: IncidentRef,
  changes: IncidentUpdate,
  openedVersion: number | null,
): QueuedChange {
  const change = updateChange(user, 'incident', incident._id, {
    body: changes,
    preview: changes,
    label: `Edited ${Object.keys(changes).join(', ')} on ${incidentName(incident)}`,
  });
  return { ...change, baseVersion: openedVersion };
}

export function investigationChange(user: UserRef, incident: IncidentRef, investigation: Investigation): QueuedChange {
  return updateChange(user, 'incident', incident._id, {
    body: { investigation },
    preview: { investigation },
    label: `Investigation on ${incidentName(incident)}`,
  });
}

export function incidentAttachmentChange(user: UserRef, incident: IncidentRef, file: File): QueuedChange {
  return attachmentChange(user, 'incident', incident._id, file, `Attachment ${file.name} on ${incidentName(incident)}`);
}
