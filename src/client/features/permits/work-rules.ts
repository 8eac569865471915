import { locksOn, runningDeniedBriefly, startWorkDenied, type WorkRef } from '#shared/permits.ts';
import { localDb } from '#client/data/store/db.ts';

/** The permits this device holds for one ticket or one maintenance job, whatever their status. */
export const permitsOfWork = (work: { ticket?: string; schedule?: string }) =>
  localDb.permits
    .filter((permit) => (work.ticket ? permit.ticket?._id === work.ticket : permit.schedule?._id === work.schedule))
    .toArray();

/**
 * Why this ticket or maintenance may not go In Progress, from what this device holds: its machine's
 * isolation points and the permits for it (the server checks again when the change arrives).
 */
export async function startWorkDeniedHere(
  work: WorkRef,
  record: { ticket: string } | { schedule: string },
  machineId: string | null,
): Promise<string | null> {
  if (!machineId) return null;
  const machine = await localDb.machines.get(machineId);
  return startWorkDenied(work, machine ?? null, await permitsOfWork(record));
}

/**
 * Why this machine may not return to Running: the locks on it of the permits this device holds, in
 * the short form a toast can hold (the permit lists each lock).
 */
export async function runningDeniedHere(machine: { _id: string; name: string }): Promise<string | null> {
  const permits = await localDb.permits.filter((permit) => permit.machine._id === machine._id).toArray();
  return runningDeniedBriefly(machine, locksOn(permits));
}
