import { z } from 'zod';
import { departments, incidentStatuses, incidentTypes, severities } from '../enums.ts';
import {
  oneOf,
  fileRef,
  idSchema,
  isoInstant,
  optionalFilter,
  optionalText,
  pageInfo,
  pageQuery,
  recordMeta,
  requiredText,
  searchFilter,
  updated,
  userRef,
} from './common.ts';
import { incidentAction, investigation } from './incident-action.ts';

const type = oneOf('Type', incidentTypes);
const severity = oneOf('Severity', severities);
const status = oneOf('Status', incidentStatuses);
const department = oneOf('Department', departments);

export const involvedPerson = z.object({
  name: optionalText('Name', 200).default(''),
  role: optionalText('Role', 100).default(''),
  department: optionalText('Department', 100).default(''),
});
export const witness = z.object({
  name: optionalText('Name', 200).default(''),
  contact: optionalText('Contact', 200).default(''),
});

export const incident = z.object({
  ...recordMeta,
  incidentNumber: z.string(),
  title: z.string(),
  description: z.string(),
  type,
  severity,
  status,
  location: z.string(),
  department: z.string(),
  incidentDate: z.string(),
  involvedPersons: z.array(involvedPerson),
  witnesses: z.array(witness),
  immediateActions: z.string(),
  reportedBy: userRef.nullable(),
  attachments: z.array(fileRef),
  investigation,
  actions: z.array(incidentAction),
});
export type Incident = z.infer<typeof incident>;

const incidentFields = {
  title: requiredText('Title'),
  description: requiredText('Description', 5000),
  type,
  severity,
  location: requiredText('Location'),
  department,
  incidentDate: isoInstant('Incident date'),
  involvedPersons: z.array(involvedPerson).max(50, 'At most 50 involved persons'),
  witnesses: z.array(witness).max(50, 'At most 50 witnesses'),
  immediateActions: optionalText('Immediate actions'),
};

export const incidentCreate = z.object({
  _id: idSchema.optional(),
  ...incidentFields,
  type: type.default('Near Miss'),
  severity: severity.default('Medium'),
  involvedPersons: incidentFields.involvedPersons.default([]),
  witnesses: incidentFields.witnesses.default([]),
  immediateActions: incidentFields.immediateActions.default(''),
  /** Report without a name: the server keeps no link to the reporter (src/docs/anonymous-reports.md). */
  anonymous: z.boolean({ error: 'anonymous must be true or false' }).optional(),
});
export type IncidentCreate = z.input<typeof incidentCreate>;

export const incidentUpdate = z
  .object({
    ...incidentFields,
    status,
    investigation,
    /** An admin closing an incident whose actions are not all verified says why (kept in its history). */
    closeReason: requiredText('Reason', 500),
  })
  .partial();
export type IncidentUpdate = z.infer<typeof incidentUpdate>;

export const incidentListQuery = pageQuery.extend({
  type: optionalFilter(type),
  severity: optionalFilter(severity),
  status: optionalFilter(status),
  search: searchFilter,
});
export type IncidentListQuery = z.infer<typeof incidentListQuery>;

/** The list's filters and search without its paging: what an export of the list takes. */
export const incidentExportQuery = incidentListQuery.omit({ page: true, limit: true });
export type IncidentFilterQuery = z.infer<typeof incidentExportQuery>;

export const incidentPage = pageInfo.extend({ incidents: z.array(incident) });
export type IncidentPage = z.infer<typeof incidentPage>;

export const incidentUpdated = updated(incident);
