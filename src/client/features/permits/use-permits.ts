import { activeLocks } from '#shared/permit-checks.ts';
import { finishedPermitStatuses, permitStatuses, type PermitStatus } from '#shared/permits.ts';
import type { Permit } from '#shared/schemas/permit.ts';
import { localDb, type Local, type OutboxEntry } from '#client/data/store/db.ts';
import { useLiveQuery } from '#client/data/store/use-live-query.ts';
import { permitsOfWork } from './work-rules.ts';

export type LocalPermit = Local<Permit>;

const statusOrder = (status: PermitStatus) => permitStatuses.indexOf(status);

export const isOpenPermit = (permit: Permit) =>
  !(finishedPermitStatuses as readonly PermitStatus[]).includes(permit.status);

/** The permits this device holds, furthest along first, then oldest first (the longest waiting on top). */
export function usePermits(): LocalPermit[] | undefined {
  return useLiveQuery(async () => {
    const permits = await localDb.permits.toArray();
    return permits.sort(
      (a, b) => statusOrder(b.status) - statusOrder(a.status) || a.createdAt.localeCompare(b.createdAt),
    );
  }, []);
}

/** One permit: undefined while it loads, null when this device does not hold it. */
export function usePermit(id: string | undefined): LocalPermit | null | undefined {
  return useLiveQuery(async () => (id ? ((await localDb.permits.get(id)) ?? null) : null), [id]);
}

/** The permits of a ticket or a schedule, newest first. */
export function usePermitsOf(work: { ticket?: string; schedule?: string }): LocalPermit[] {
  return (
    useLiveQuery(async () => {
      const permits = await permitsOfWork(work);
      return permits.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    }, [work.ticket, work.schedule]) ?? []
  );
}

/** This permit's changes the server refused: each stays until sent again or discarded. */
export function useRefusedChanges(permitId: string): OutboxEntry[] {
  return (
    useLiveQuery(
      async () =>
        (await localDb.outbox.where('recordId').equals(permitId).sortBy('seq')).filter(
          (entry) => entry.state === 'failed',
        ),
      [permitId],
    ) ?? []
  );
}

const noLocks = new Map<string, number>();

/** How many locks are on each machine, from the open permits this device holds. */
export function useLocksByMachine(): Map<string, number> {
  return (
    useLiveQuery(async () => {
      const counts = new Map<string, number>();
      for (const permit of await localDb.permits.toArray()) {
        const on = activeLocks(permit).length;
        if (on > 0) counts.set(permit.machine._id, (counts.get(permit.machine._id) ?? 0) + on);
      }
      return counts;
    }, []) ?? noLocks
  );
}
