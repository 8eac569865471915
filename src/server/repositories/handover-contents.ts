import { and, asc, eq, gte, inArray, isNull, lt, ne, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { openIncidentStatuses } from '#shared/open-records.ts';
import type { HandoverContents } from '#shared/schemas/handover.ts';
import { localDay, type Shift } from '#shared/shifts.ts';
import type { Db, Tx } from '../db/client.ts';
import { incidents, machines, schedules, tickets, users } from '../db/schema.ts';

/** The department whose log covers the whole plant: it keeps every department's machines running. */
export const plantWideDepartment = 'Maintenance';

export interface ContentsWindow {
  department: string;
  shift: Shift;
  next: Shift;
  now: Date;
  timeZone: string;
}

/** A department's rows: every row for the plant-wide log. */
const inDepartment = (column: PgColumn, department: string): SQL | undefined =>
  department === plantWideDepartment ? undefined : eq(column, department);

const reasonText = (reason: { category: string; detail: string | null; note: string | null } | null | undefined) =>
  reason
    ? `${reason.category}${reason.detail ? `: ${reason.detail}` : ''}${reason.note ? ` (${reason.note})` : ''}`
    : null;

async function machinesDown(executor: Db | Tx, { department }: ContentsWindow) {
  const rows = await executor
    .select()
    .from(machines)
    .where(
      and(
        isNull(machines.deletedAt),
        inArray(machines.status, ['Down', 'Maintenance']),
        inDepartment(machines.department, department),
      ),
    )
    .orderBy(asc(machines.name), asc(machines.id));
  return rows.map((row) => ({
    _id: row.id,
    name: row.name,
    machineId: row.machineCode,
    status: row.status,
    reason: reasonText(row.currentStop?.reason),
    since: row.currentStop?.since ?? null,
  }));
}

/** The department's incidents not Closed, oldest first. */
function openIncidents(executor: Db | Tx, { department }: ContentsWindow) {
  return executor
    .select()
    .from(incidents)
    .where(and(inArray(incidents.status, openIncidentStatuses), inDepartment(incidents.department, department)))
    .orderBy(asc(incidents.number));
}

/** Open actions of the department's incidents not Closed whose due date lies before the plant's today. */
async function overdueActions(executor: Db | Tx, window: ContentsWindow, open: (typeof incidents.$inferSelect)[]) {
  const today = localDay(window.now, window.timeZone);
  const overdue = open.flatMap((incident) =>
    incident.actions
      .filter((action) => action.status === 'Open' && action.dueDate < today)
      .map((action) => ({ incident, action })),
  );
  const ownerIds = [...new Set(overdue.flatMap(({ action }) => (action.ownerId ? [action.ownerId] : [])))];
  const owners = ownerIds.length
    ? await executor.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ownerIds))
    : [];
  const nameOf = new Map(owners.map((owner) => [owner.id, owner.name]));
  return overdue
    .sort((a, b) => (a.action.dueDate < b.action.dueDate ? -1 : a.action.dueDate > b.action.dueDate ? 1 : 0))
    .map(({ incident, action }) => ({
      _id: action._id,
      incidentId: incident.id,
      incidentNumber: incident.incidentNumber,
      title: action.title,
      dueDate: action.dueDate,
      owner: action.ownerId ? (nameOf.get(action.ownerId) ?? null) : null,
    }));
}

/** Maintenance not completed, dated within the next shift. */
async function maintenanceNextShift(executor: Db | Tx, { department, next }: ContentsWindow) {
  const rows = await executor
    .select({
      id: schedules.id,
      title: schedules.title,
      scheduledDate: schedules.scheduledDate,
      machine: machines.name,
      assignedTo: users.name,
    })
    .from(schedules)
    .leftJoin(machines, eq(machines.id, schedules.machineId))
    .leftJoin(users, eq(users.id, schedules.assignedTo))
    .where(
      and(
        ne(schedules.status, 'Completed'),
        gte(schedules.scheduledDate, next.start),
        lt(schedules.scheduledDate, next.end),
        inDepartment(machines.department, department),
      ),
    )
    .orderBy(asc(schedules.scheduledDate), asc(schedules.id));
  return rows.map((row) => ({
    _id: row.id,
    title: row.title,
    machine: row.machine,
    scheduledDate: row.scheduledDate.toISOString(),
    assignedTo: row.assignedTo,
  }));
}

/** Tickets of the department's machines whose `time` (created, resolved) falls within the shift. */
async function ticketsDuring(executor: Db | Tx, { department, shift }: ContentsWindow, time: PgColumn) {
  const rows = await executor
    .select({
      id: tickets.id,
      ticketNumber: tickets.ticketNumber,
      title: tickets.title,
      priority: tickets.priority,
      status: tickets.status,
      machine: machines.name,
    })
    .from(tickets)
    .leftJoin(machines, eq(machines.id, tickets.machineId))
    .where(and(gte(time, shift.start), lt(time, shift.end), inDepartment(machines.department, department)))
    .orderBy(asc(tickets.number));
  return rows.map(({ id, ...row }) => ({ _id: id, ...row }));
}

/**
 * What the app lists by itself for a department and a shift, as the database holds it now: machines
 * down or in maintenance, open critical and high incidents, their overdue actions, maintenance due in
 * the next shift, and the tickets raised and resolved during the shift.
 */
export async function handoverContents(executor: Db | Tx, window: ContentsWindow): Promise<HandoverContents> {
  const open = await openIncidents(executor, window);
  return {
    machinesDown: await machinesDown(executor, window),
    openIncidents: [
      ...open.filter((row) => row.severity === 'Critical'),
      ...open.filter((row) => row.severity === 'High'),
    ].map((row) => ({
      _id: row.id,
      incidentNumber: row.incidentNumber,
      title: row.title,
      severity: row.severity,
      status: row.status,
    })),
    overdueActions: await overdueActions(executor, window, open),
    maintenanceNextShift: await maintenanceNextShift(executor, window),
    ticketsRaised: await ticketsDuring(executor, window, tickets.createdAt),
    ticketsResolved: await ticketsDuring(executor, window, tickets.resolvedAt),
  };
}
