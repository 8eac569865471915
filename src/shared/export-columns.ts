import type { CsvColumn } from './csv.ts';
import type { Incident } from './schemas/incident.ts';
import type { Schedule } from './schemas/schedule.ts';
import type { Ticket } from './schemas/ticket.ts';

/**
 * What an export of a list holds: the columns the screen shows, with the ids behind the names, dates
 * in ISO 8601. The server (the whole history) and the device (offline) write the same columns.
 */
export const ticketColumns: readonly CsvColumn<Ticket>[] = [
  ['Ticket Number', (ticket) => ticket.ticketNumber],
  ['Title', (ticket) => ticket.title],
  ['Description', (ticket) => ticket.description],
  ['Machine', (ticket) => ticket.machine?.name],
  ['Machine ID', (ticket) => ticket.machine?.machineId],
  ['Priority', (ticket) => ticket.priority],
  ['Category', (ticket) => ticket.category],
  ['Status', (ticket) => ticket.status],
  ['Estimated Hours', (ticket) => ticket.estimatedHours],
  ['Reported By', (ticket) => ticket.reportedBy?.name],
  ['Assigned To', (ticket) => ticket.assignedTo?.name],
  ['Created', (ticket) => ticket.createdAt],
  ['Updated', (ticket) => ticket.updatedAt],
  ['Resolved', (ticket) => ticket.resolvedAt],
  ['Closed', (ticket) => ticket.closedAt],
  ['Problem', (ticket) => ticket.failure?.problem],
  ['Cause', (ticket) => ticket.failure?.cause],
  ['Remedy', (ticket) => ticket.failure?.remedy],
  ['Failure Note', (ticket) => ticket.failure?.note],
  ['Comments', (ticket) => ticket.comments.length],
  ['Ticket _id', (ticket) => ticket._id],
  ['Machine _id', (ticket) => ticket.machine?._id],
  ['Reported By _id', (ticket) => ticket.reportedBy?._id],
  ['Assigned To _id', (ticket) => ticket.assignedTo?._id],
];

export const incidentColumns: readonly CsvColumn<Incident>[] = [
  ['Incident Number', (incident) => incident.incidentNumber],
  ['Title', (incident) => incident.title],
  ['Description', (incident) => incident.description],
  ['Type', (incident) => incident.type],
  ['Severity', (incident) => incident.severity],
  ['Status', (incident) => incident.status],
  ['Location', (incident) => incident.location],
  ['Department', (incident) => incident.department],
  ['Incident Date', (incident) => incident.incidentDate],
  ['Reported By', (incident) => incident.reportedBy?.name],
  ['Reported', (incident) => incident.createdAt],
  ['Updated', (incident) => incident.updatedAt],
  ['Root Cause', (incident) => incident.investigation.rootCause],
  ['Actions', (incident) => incident.actions.length],
  ['Actions Verified', (incident) => incident.actions.filter((action) => action.status === 'Verified').length],
  ['Incident _id', (incident) => incident._id],
  ['Reported By _id', (incident) => incident.reportedBy?._id],
];

/** Maintenance, with its status as the list shows it (Overdue once its date has passed). */
export const scheduleColumns: readonly CsvColumn<Schedule>[] = [
  ['Title', (schedule) => schedule.title],
  ['Description', (schedule) => schedule.description],
  ['Machine', (schedule) => schedule.machine?.name],
  ['Scheduled Date', (schedule) => schedule.scheduledDate],
  ['Status', (schedule) => schedule.status],
  ['Priority', (schedule) => schedule.priority],
  ['Estimated Duration (h)', (schedule) => schedule.estimatedDuration],
  ['Assigned To', (schedule) => schedule.assignedTo?.name],
  ['Checklist Items', (schedule) => schedule.checklist.length],
  ['Due at Operating Hours', (schedule) => schedule.dueHours],
  ['Completed', (schedule) => schedule.completedAt],
  ['Completed By', (schedule) => schedule.completedBy?.name],
  ['Schedule _id', (schedule) => schedule._id],
  ['Machine _id', (schedule) => schedule.machine?._id],
  ['Assigned To _id', (schedule) => schedule.assignedTo?._id],
  ['Series _id', (schedule) => schedule.seriesId],
];
