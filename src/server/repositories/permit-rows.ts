import { asc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { IsolationPoint } from '#shared/isolation.ts';
import type { Permit, PermitLock } from '#shared/schemas/permit.ts';
import type { Db, Tx } from '../db/client.ts';
import { machines, permitLocks, permits, schedules, tickets, users } from '../db/schema.ts';
import { notFound } from '../lib/errors.ts';
import { iso, isoOrNull } from './sql-helpers.ts';

/** Permits as the API hands them: with their machine, work, people, locks and the machine's points. */

type LockRow = typeof permitLocks.$inferSelect;

const requester = alias(users, 'requester');
const approver = alias(users, 'approver');
const applier = alias(users, 'applier');
const remover = alias(users, 'remover');

const userRef = (id: string | null, name: string | null) => (id ? { _id: id, name: name ?? '' } : null);

export function selectPermits(executor: Db | Tx) {
  return executor
    .select({
      row: permits,
      machine: {
        _id: machines.id,
        name: machines.name,
        machineId: machines.machineCode,
        department: machines.department,
        points: machines.isolationPoints,
      },
      ticket: { _id: tickets.id, ticketNumber: tickets.ticketNumber, title: tickets.title },
      schedule: { _id: schedules.id, title: schedules.title },
      requesterName: requester.name,
      approverName: approver.name,
    })
    .from(permits)
    .innerJoin(machines, eq(machines.id, permits.machineId))
    .leftJoin(tickets, eq(tickets.id, permits.ticketId))
    .leftJoin(schedules, eq(schedules.id, permits.scheduleId))
    .leftJoin(requester, eq(requester.id, permits.requestedBy))
    .leftJoin(approver, eq(approver.id, permits.approvedBy));
}

type Selected = Awaited<ReturnType<ReturnType<typeof selectPermits>['where']>>[number];
type SelectedLock = { lock: LockRow; applierName: string | null; removerName: string | null };

async function locksOf(executor: Db | Tx, permitIds: string[]): Promise<Map<string, SelectedLock[]>> {
  const byPermit = new Map<string, SelectedLock[]>();
  if (permitIds.length === 0) return byPermit;
  const rows = await executor
    .select({ lock: permitLocks, applierName: applier.name, removerName: remover.name })
    .from(permitLocks)
    .leftJoin(applier, eq(applier.id, permitLocks.appliedBy))
    .leftJoin(remover, eq(remover.id, permitLocks.removedBy))
    .where(inArray(permitLocks.permitId, permitIds))
    .orderBy(asc(permitLocks.createdAt), asc(permitLocks.id));
  for (const row of rows) {
    const list = byPermit.get(row.lock.permitId) ?? [];
    list.push(row);
    byPermit.set(row.lock.permitId, list);
  }
  return byPermit;
}

function toLock({ lock, applierName, removerName }: SelectedLock, points: IsolationPoint[]): PermitLock {
  return {
    _id: lock.id,
    point: lock.pointId,
    pointLocation: points.find((point) => point._id === lock.pointId)?.location ?? '',
    lockNumber: lock.lockNumber,
    verified: lock.verified,
    appliedBy: userRef(lock.appliedBy, applierName),
    appliedAt: iso(lock.appliedAt),
    removedBy: userRef(lock.removedBy, removerName),
    removedAt: isoOrNull(lock.removedAt),
    removalReason: lock.removalReason,
  };
}

function toPermit(selected: Selected, locks: SelectedLock[]): Permit {
  const { row, machine, ticket, schedule } = selected;
  const { points, ...machineRef } = machine;
  return {
    _id: row.id,
    permitNumber: row.permitNumber,
    machine: machineRef,
    ticket: ticket?._id ? ticket : null,
    schedule: schedule?._id ? schedule : null,
    type: row.type,
    status: row.status,
    description: row.description,
    gasTest: row.gasTest,
    fireWatch: row.fireWatch,
    fireWatchUntil: isoOrNull(row.fireWatchUntil),
    requestedBy: userRef(row.requestedBy, selected.requesterName),
    approvedBy: userRef(row.approvedBy, selected.approverName),
    approvedAt: isoOrNull(row.approvedAt),
    points,
    locks: locks.map((lock) => toLock(lock, points)),
    version: row.version,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

export async function withLocks(executor: Db | Tx, selected: Selected[]): Promise<Permit[]> {
  const locks = await locksOf(
    executor,
    selected.map((item) => item.row.id),
  );
  return selected.map((item) => toPermit(item, locks.get(item.row.id) ?? []));
}

export async function load(executor: Db | Tx, id: string): Promise<Permit> {
  const [found] = await selectPermits(executor).where(eq(permits.id, id));
  if (!found) throw notFound('Permit not found');
  return (await withLocks(executor, [found]))[0]!;
}
