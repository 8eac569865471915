import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { z } from 'zod';
import { partDetail, partsForWork, storeroom, type BinRef, type Part } from '#shared/schemas/part.ts';
import { localDb, type EntryOf, type Local, type OutboxEntry } from '#client/data/store/db.ts';
import { useLiveQuery } from '#client/data/store/use-live-query.ts';
import { api } from '#client/lib/api.ts';
import { workEntries, workId, workPlan, workQuery, type WorkTarget } from './work-plan.ts';

export type LocalPart = Local<Part>;

/** The catalogue this device holds, by part number. */
export function useParts(): LocalPart[] | undefined {
  return useLiveQuery(async () => await localDb.parts.orderBy('partNumber').toArray(), []);
}

/** One part: undefined while it loads, null when this device does not hold it. */
export function usePart(id: string | undefined): LocalPart | null | undefined {
  return useLiveQuery(async () => (id ? ((await localDb.parts.get(id)) ?? null) : null), [id]);
}

/** The storerooms and their bins, read online and kept for offline by the query cache. */
export function useStorerooms() {
  return useQuery({ queryKey: ['storerooms'], queryFn: () => api.get('storerooms').json(z.array(storeroom)) });
}

/** Every bin a part may be received or counted in: the storerooms' bins, and the part's own. */
export function useBinChoices(part: Pick<Part, 'bins'>): BinRef[] {
  const rooms = useStorerooms().data ?? [];
  const bins = new Map(part.bins.map((row) => [row.bin._id, row.bin]));
  for (const room of rooms) {
    for (const bin of room.bins) {
      if (!bins.has(bin._id))
        bins.set(bin._id, { _id: bin._id, code: bin.code, storeroom: { _id: room._id, name: room.name } });
    }
  }
  return [...bins.values()];
}

/** The part with its latest moves and reservations, read online (the last copy offline). */
export function usePartDetail(id: string) {
  return useQuery({ queryKey: ['parts', id, 'detail'], queryFn: () => api.get(`parts/${id}`).json(partDetail) });
}

/** The parts planned for and used on a ticket or a maintenance item, read online (the last copy offline). */
export function usePartsForWork(work: WorkTarget) {
  return useQuery({
    queryKey: ['parts', 'for-work', workId(work)],
    queryFn: () => api.get('parts/for-work', { searchParams: workQuery(work) }).json(partsForWork),
    // Other devices issue to the same work without changing it: read again each time it is opened.
    staleTime: 0,
  });
}

/** This device's stock moves of one part not confirmed yet, oldest first. */
export function usePendingMoves(filter: { part: string }): EntryOf<'stockMove'>[] {
  return (
    useLiveQuery(async () => {
      const entries = await localDb.outbox.toArray();
      return entries.filter(
        (entry): entry is EntryOf<'stockMove'> => entry.kind === 'stockMove' && entry.recordId === filter.part,
      );
    }, [filter.part]) ?? []
  );
}

/**
 * The work's parts as the server will have them (work-plan.ts): its plan and use as last read, with
 * this device's entries for it on top; `entries` are those entries, oldest first.
 */
/** This device's changes to a work's parts not confirmed yet (plans, releases, moves), oldest first. */
export function useWorkEntries(work: WorkTarget): OutboxEntry[] {
  const id = workId(work);
  return useLiveQuery(async () => workEntries(work, await localDb.outbox.toArray()), [id]) ?? [];
}

export function useWorkPlan(work: WorkTarget, finished: boolean) {
  const server = usePartsForWork(work);
  const entries = useWorkEntries(work);
  useRefetchOnConfirm(entries.length, server.refetch);
  return { server, entries, plan: workPlan(server.data, entries, finished) };
}

/** "3 each", "1.5 m". */
export const quantityText = (quantity: number, unit: string) => `${quantity} ${unit}`;

/**
 * Reads a server list again when this device's pending moves leave the outbox (confirmed): the move
 * then shows in the server's figures instead of as pending.
 */
export function useRefetchOnConfirm(pendingCount: number, refetch: () => unknown) {
  const previous = useRef(pendingCount);
  useEffect(() => {
    if (pendingCount < previous.current) void refetch();
    previous.current = pendingCount;
  }, [pendingCount, refetch]);
}
