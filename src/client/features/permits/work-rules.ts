import { locksOn, runningDenied, startWorkDenied, type WorkRef } from '#shared/permits.ts';
import { localDb } from '#client/data/store/db.ts';

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
  const permits = await localDb.permits
    .filter((permit) =>
      'ticket' in record ? permit.ticket?._id === record.ticket : permit.schedule?._id === record.schedule,
    )
    .toArray();
  return startWorkDenied(work, machine ?? null, permits);
}

/** Why this machine may not return to Running: the locks on it of the permits this device holds. */
export async function runningDeniedHere(machine: { _id: string; name: string }): Promise<string | null> {
  const permits = await localDb.permits.filter((permit) => permit.machine._id === machine._id).toArray();
  return runningDenied(machine, locksOn(permits));
}
