import { and, asc, eq, notInArray } from 'drizzle-orm';
import { can, deniedMessage, type Actor } from '#shared/permissions.ts';
import { finishedPermitStatuses, locksOn, runningDenied, startWorkDenied, type WorkRef } from '#shared/permits.ts';
import type { Tx } from '../db/client.ts';
import { machines, permits } from '../db/schema.ts';
import { conflict, forbidden } from '../lib/errors.ts';
import type { RecordedChange } from './record-changes.ts';
import { selectPermits, withLocks } from './permit-rows.ts';

/**
 * The rules permits to work keep on other records (src/docs/permits.md). Each reads the permits and
 * locks in the transaction of the write it guards, after that write locked its record.
 */

/** A ticket (by its number) or a maintenance job (by its title) about to go In Progress on a machine. */
type Work = WorkRef & { id: string; machineId: string | null };

/** An admin's reason to start anyway (`permitOverride`); null where the write takes none. */
type Override = { reason: string | undefined; actor: Actor } | null;

/**
 * Refuses work going In Progress on a machine with isolation points without an Active permit for it
 * (409), unless an admin gives a reason: answers the history entry that keeps it, or none.
 */
export async function assertPermitToStart(tx: Tx, work: Work, override: Override): Promise<RecordedChange['changes']> {
  const [machine] = work.machineId
    ? await tx
        .select({ name: machines.name, isolationPoints: machines.isolationPoints })
        .from(machines)
        .where(eq(machines.id, work.machineId))
    : [];
  const itsPermits = await tx
    .select({ permitNumber: permits.permitNumber, status: permits.status })
    .from(permits)
    .where(eq('ticketNumber' in work ? permits.ticketId : permits.scheduleId, work.id))
    .orderBy(asc(permits.createdAt));
  const denied = startWorkDenied(work, machine ?? null, itsPermits);
  if (!denied) return [];
  if (override?.reason === undefined) throw conflict(denied);
  if (!can(override.actor.role, 'permit:override-start')) {
    throw forbidden(deniedMessage(override.actor.role, 'permit:override-start'));
  }
  return [{ field: 'permitOverride', oldValue: null, newValue: override.reason }];
}

/** Refuses a machine's return to Running while a lock of a permit on it is on (409, naming each lock). */
export async function assertNoLocksOn(tx: Tx, machine: { id: string; name: string }): Promise<void> {
  // A Closed or Cancelled permit has no lock on: closing and cancelling need every lock removed.
  const open = await selectPermits(tx).where(
    and(eq(permits.machineId, machine.id), notInArray(permits.status, [...finishedPermitStatuses])),
  );
  const denied = runningDenied(machine, locksOn(await withLocks(tx, open)));
  if (denied) throw conflict(denied);
}
