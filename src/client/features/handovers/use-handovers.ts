import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { z } from 'zod';
import { departments } from '#shared/enums.ts';
import { handover, handoverDraft, type Handover } from '#shared/schemas/handover.ts';
import { localDb, type LocalDatabase } from '#client/data/store/db.ts';
import { isStoredAsIs, refreshRecord } from '#client/data/store/local-records.ts';
import { useLiveQuery } from '#client/data/store/use-live-query.ts';
import { useIsOnline, useSyncStatusOf } from '#client/data/sync/use-sync.ts';
import { api } from '#client/lib/api.ts';

/** How many handovers of a department the log shows and this device keeps. */
export const logLength = 30;

export type ShiftLogDepartment = (typeof departments)[number];

export const isLogDepartment = (department: string | undefined): department is ShiftLogDepartment =>
  (departments as readonly string[]).includes(department ?? '');

/**
 * The server's copies become the device's, pending changes kept on top; older ones than the log's are
 * dropped. A copy stored as it is is not written again: the log is read after every pull, mostly unchanged.
 */
export async function storeHandovers(db: LocalDatabase, department: string, copies: Handover[]): Promise<void> {
  await db.transaction('rw', [db.handovers, db.outbox], async () => {
    const stored = await db.handovers.bulkGet(copies.map((copy) => copy._id));
    for (const [index, copy] of copies.entries()) {
      if (!isStoredAsIs(stored[index], copy)) await refreshRecord(db, 'handover', copy._id, copy);
    }
    const oldest = copies.at(-1)?.shiftStart;
    if (copies.length < logLength || !oldest) return;
    await db.handovers
      .where('[department+shiftStart]')
      .between([department, ''], [department, oldest])
      .filter((row) => row._pending === 0)
      .delete();
  });
}

/**
 * A department's shift log, newest shift first, from this device: read again from the server after
 * every pull (on start, on focus, every minute, at once when another device changed something).
 */
export function useShiftLog(department: string) {
  const lastPulledAt = useSyncStatusOf((status) => status.lastPulledAt);
  const online = useIsOnline();
  useEffect(() => {
    if (!online) return;
    const searchParams = { department, limit: logLength };
    api
      .get('handovers', { searchParams })
      .json(z.array(handover))
      .then((copies) => storeHandovers(localDb, department, copies))
      // Unreachable or refused: the log shows what this device holds, and the next pull tries again.
      .catch(() => {});
  }, [department, lastPulledAt, online]);
  return useLiveQuery(
    async () =>
      await localDb.handovers
        .where('[department+shiftStart]')
        .between([department, ''], [department, '\uffff'])
        .reverse()
        .toArray(),
    [department],
  );
}

/** One handover (an inbox entry opens it), fetched when the device does not hold it yet. */
export function useHandover(id: string | undefined) {
  const stored = useLiveQuery(async () => (id ? ((await localDb.handovers.get(id)) ?? null) : null), [id]);
  const online = useIsOnline();
  useEffect(() => {
    if (!id || stored !== null || !online) return;
    api
      .get(`handovers/${id}`)
      .json(handover)
      .then((copy) => storeHandovers(localDb, copy.department, [copy]))
      .catch(() => {});
  }, [id, stored, online]);
  return stored ?? undefined;
}

/** What the server would list for the shift now: a preview, kept for offline. */
export function useHandoverDraft(department: string, shiftStart: string) {
  return useQuery({
    queryKey: ['handovers', 'draft', department, shiftStart],
    queryFn: () => api.get('handovers/draft', { searchParams: { department, shiftStart } }).json(handoverDraft),
  });
}
