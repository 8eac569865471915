import type { CsvColumn } from './csv.ts';
import type { Handover } from './schemas/handover.ts';
import type { Incident } from './schemas/incident.ts';
import type { Permit } from './schemas/permit.ts';
import type { PartStockLine, StockMove } from './schemas/part.ts';
import type { PurchaseRequest } from './schemas/purchase-request.ts';
import { moveKindLabels } from './parts.ts';
import { permitTypeLabels } from './permits.ts';
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

const joined = <T>(items: T[], text: (item: T) => string) => items.map(text).join('; ');

/** Shift handovers (src/docs/shift-handover.md): the shift, the notes, what was listed, who wrote and acknowledged. */
export const handoverColumns: readonly CsvColumn<Handover>[] = [
  ['Department', (handover) => handover.department],
  ['Shift Day', (handover) => handover.shiftDay],
  ['Shift', (handover) => handover.shiftLabel],
  ['Shift Start', (handover) => handover.shiftStart],
  ['Shift End', (handover) => handover.shiftEnd],
  ['Notes', (handover) => handover.notes],
  [
    'Machines Down',
    ({ contents }) =>
      joined(contents.machinesDown, (machine) =>
        [machine.name, machine.status, machine.reason].filter(Boolean).join(' – '),
      ),
  ],
  [
    'Open Critical/High Incidents',
    ({ contents }) =>
      joined(
        contents.openIncidents,
        (incident) => `${incident.incidentNumber} ${incident.severity}: ${incident.title}`,
      ),
  ],
  [
    'Overdue Actions',
    ({ contents }) =>
      joined(contents.overdueActions, (action) => `${action.incidentNumber}: ${action.title} (due ${action.dueDate})`),
  ],
  ['Maintenance Next Shift', ({ contents }) => joined(contents.maintenanceNextShift, (item) => item.title)],
  ['Tickets Raised', ({ contents }) => joined(contents.ticketsRaised, (ticket) => ticket.ticketNumber)],
  ['Tickets Resolved', ({ contents }) => joined(contents.ticketsResolved, (ticket) => ticket.ticketNumber)],
  ['Written By', (handover) => handover.writtenBy?.name],
  ['Written At', (handover) => handover.writtenAt],
  ['Acknowledged By', (handover) => handover.acknowledgedBy?.name],
  ['Acknowledged At', (handover) => handover.acknowledgedAt],
  ['Handover _id', (handover) => handover._id],
];

/** Permits to work (src/docs/permits.md): what, where, who asked and approved, and every lock. */
export const permitColumns: readonly CsvColumn<Permit>[] = [
  ['Permit', (permit) => permit.permitNumber],
  ['Status', (permit) => permit.status],
  ['Type', (permit) => permitTypeLabels[permit.type]],
  ['Machine', (permit) => permit.machine.name],
  ['Machine ID', (permit) => permit.machine.machineId],
  ['Department', (permit) => permit.machine.department],
  ['Ticket', (permit) => permit.ticket?.ticketNumber],
  ['Maintenance', (permit) => permit.schedule?.title],
  ['Description', (permit) => permit.description],
  ['Gas Test', (permit) => permit.gasTest],
  ['Fire Watch', (permit) => permit.fireWatch],
  ['Fire Watch Until', (permit) => permit.fireWatchUntil],
  ['Requested By', (permit) => permit.requestedBy?.name],
  ['Requested At', (permit) => permit.createdAt],
  ['Approved By', (permit) => permit.approvedBy?.name],
  ['Approved At', (permit) => permit.approvedAt],
  [
    'Locks',
    ({ locks }) =>
      joined(
        locks,
        (lock) =>
          `${lock.lockNumber} on ${lock.pointLocation} by ${lock.appliedBy?.name ?? ''} at ${lock.appliedAt}` +
          `${lock.verified ? ', verified' : ''}${lock.removedAt ? `, removed ${lock.removedAt} by ${lock.removedBy?.name ?? ''}${lock.removalReason ? ` (${lock.removalReason})` : ''}` : ''}`,
      ),
  ],
  ['Locks On', ({ locks }) => locks.filter((lock) => !lock.removedAt).length],
  ['Permit _id', (permit) => permit._id],
];

/** Stock (src/docs/parts.md): a line per part and bin, the part's totals beside; a part never stocked has no bin. */
export const partStockColumns: readonly CsvColumn<PartStockLine>[] = [
  ['Part Number', ({ part }) => part.partNumber],
  ['Name', ({ part }) => part.name],
  ['Unit', ({ part }) => part.unit],
  ['Storeroom', ({ stock }) => stock?.bin.storeroom.name],
  ['Bin', ({ stock }) => stock?.bin.code],
  ['On Hand', ({ stock }) => stock?.onHand ?? 0],
  ['Reserved', ({ stock }) => stock?.reserved ?? 0],
  ['Free', ({ stock }) => stock?.free ?? 0],
  ['Discrepancy', ({ stock }) => (stock?.discrepancy ? 'yes' : '')],
  ['Part On Hand', ({ part }) => part.onHand],
  ['Part Reserved', ({ part }) => part.reserved],
  ['Part Free', ({ part }) => part.free],
  ['Min Stock', ({ part }) => part.minStock],
  ['Max Stock', ({ part }) => part.maxStock],
  ['Below Minimum', ({ part }) => (part.belowMinimum ? 'yes' : '')],
  ['Unit Cost', ({ part }) => part.unitCost],
  ['Value', ({ part, stock }) => Math.round((stock?.onHand ?? 0) * part.unitCost * 100) / 100],
  ['Machines', ({ part }) => joined(part.machines, (machine) => machine.name)],
  ['Part _id', ({ part }) => part._id],
  ['Bin _id', ({ stock }) => stock?.bin._id],
];

/** Stock moves (src/docs/parts.md): the ledger, newest first. */
export const stockMoveColumns: readonly CsvColumn<StockMove>[] = [
  ['Moved At', (move) => move.movedAt],
  ['Kind', (move) => moveKindLabels[move.kind]],
  ['Part Number', (move) => move.part.partNumber],
  ['Part', (move) => move.part.name],
  ['Quantity', (move) => move.quantity],
  ['Unit', (move) => move.part.unit],
  ['Count Change', (move) => move.change],
  ['Storeroom', (move) => move.bin.storeroom.name],
  ['Bin', (move) => move.bin.code],
  ['To Storeroom', (move) => move.toBin?.storeroom.name],
  ['To Bin', (move) => move.toBin?.code],
  ['Ticket', (move) => move.ticket?.ticketNumber],
  ['Maintenance', (move) => move.schedule?.title],
  ['Reason', (move) => move.reason],
  ['By', (move) => move.by?.name],
  ['Recorded At', (move) => move.recordedAt],
  ['Move _id', (move) => move._id],
  ['Part _id', (move) => move.part._id],
];

/** Purchase requests (src/docs/parts.md), newest first. */
export const purchaseRequestColumns: readonly CsvColumn<PurchaseRequest>[] = [
  ['Requested At', (request) => request.createdAt],
  ['Status', (request) => request.status],
  ['Part Number', (request) => request.part.partNumber],
  ['Part', (request) => request.part.name],
  ['Quantity', (request) => request.quantity],
  ['Unit', (request) => request.part.unit],
  ['Received', (request) => request.received],
  ['Outstanding', (request) => request.outstanding],
  ['Supplier', (request) => request.supplier],
  ['Needed By', (request) => request.neededBy],
  ['Note', (request) => request.note],
  ['Requested By', (request) => request.requestedBy?.name],
  ['Decided By', (request) => request.decidedBy?.name],
  ['Decided At', (request) => request.decidedAt],
  ['Decision Note', (request) => request.decisionNote],
  ['Request _id', (request) => request._id],
  ['Part _id', (request) => request.part._id],
];
