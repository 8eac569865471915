import { z } from 'zod';
import { departments } from '../enums.ts';
import { idSchema, isoInstant, oneOf, optionalFilter, optionalText, userRef } from './common.ts';

/** A shift log belongs to one department (src/docs/shift-handover.md); Maintenance's covers the whole plant. */
export const handoverDepartment = oneOf('Department', departments);

const machineLine = z.object({
  _id: idSchema,
  name: z.string(),
  machineId: z.string(),
  status: z.string(),
  /** "Breakdown: Hydraulic leak (note)", or null when the stop has no reason recorded. */
  reason: z.string().nullable(),
  since: z.string().nullable(),
});
const incidentLine = z.object({
  _id: idSchema,
  incidentNumber: z.string(),
  title: z.string(),
  severity: z.string(),
  status: z.string(),
});
const actionLine = z.object({
  _id: idSchema,
  incidentId: idSchema,
  incidentNumber: z.string(),
  title: z.string(),
  dueDate: z.string(),
  owner: z.string().nullable(),
});
const maintenanceLine = z.object({
  _id: idSchema,
  title: z.string(),
  machine: z.string().nullable(),
  scheduledDate: z.string(),
  assignedTo: z.string().nullable(),
});
const ticketLine = z.object({
  _id: idSchema,
  ticketNumber: z.string(),
  title: z.string(),
  priority: z.string(),
  status: z.string(),
  machine: z.string().nullable(),
});

/** What the app lists by itself for the department and the shift, read when the handover is written. */
export const handoverContents = z.object({
  machinesDown: z.array(machineLine),
  openIncidents: z.array(incidentLine),
  overdueActions: z.array(actionLine),
  maintenanceNextShift: z.array(maintenanceLine),
  ticketsRaised: z.array(ticketLine),
  ticketsResolved: z.array(ticketLine),
});
export type HandoverContents = z.infer<typeof handoverContents>;

export const shiftInfo = z.object({ start: z.string(), end: z.string(), label: z.string(), day: z.string() });

export const handover = z.object({
  _id: idSchema,
  department: z.string(),
  shiftStart: z.string(),
  shiftEnd: z.string(),
  shiftLabel: z.string(),
  /** The local date (plant time) the shift started on. */
  shiftDay: z.string(),
  notes: z.string(),
  contents: handoverContents,
  writtenBy: userRef.nullable(),
  writtenAt: z.string(),
  acknowledgedBy: userRef.nullable(),
  acknowledgedAt: z.string().nullable(),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type Handover = z.infer<typeof handover>;

/** "Casting, 2026-11-27 06:00–14:00": a shift of a department's log, in plant time. */
export const shiftName = (handover: Pick<Handover, 'department' | 'shiftDay' | 'shiftLabel'>) =>
  `${handover.department}, ${handover.shiftDay} ${handover.shiftLabel}`;

export const handoverCreate = z.object({
  _id: idSchema.optional(),
  department: handoverDepartment,
  /** The start of the shift handed over: a shift of the plan that has begun. */
  shiftStart: isoInstant('shiftStart'),
  notes: optionalText('Notes', 4000).default(''),
});
export type HandoverCreate = z.input<typeof handoverCreate>;

/** The draft: the shift that runs now (or the one asked for) and what would be listed for it. */
export const draftQuery = z.object({
  department: handoverDepartment,
  shiftStart: optionalFilter(isoInstant('shiftStart')),
});
export const handoverDraft = z.object({ shift: shiftInfo, nextShift: shiftInfo, contents: handoverContents });
export type HandoverDraft = z.infer<typeof handoverDraft>;

export const handoverListQuery = z.object({
  department: optionalFilter(handoverDepartment),
  limit: z.coerce.number().int().min(1, 'limit must be 1 to 200').max(200, 'limit must be 1 to 200').default(30),
});
export type HandoverListQuery = z.infer<typeof handoverListQuery>;

export const handoverExportQuery = z.object({ department: optionalFilter(handoverDepartment) });

/** The plant's shift plan, for the app to find the shift offline. */
export const shiftPlanSchema = z.object({
  timeZone: z.string(),
  shifts: z.array(z.object({ start: z.string(), end: z.string() })),
});
