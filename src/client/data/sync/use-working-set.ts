import { useLiveQuery } from '#client/data/store/use-live-query.ts';
import { useEffect, useState } from 'react';
import { defaultWindowDays } from '#shared/working-set.ts';
import { browserTransport } from '#client/lib/api.ts';
import { localDb } from '#client/data/store/db.ts';
import { fetchOlder, keepOpened, openRecord, type HistoryEntity, type HistoryRecord } from './older-records.ts';
import { syncEngine } from './sync-engine.ts';
import { useIsOnline } from './use-sync.ts';
import { readWindowDays, setWindowDays } from './working-set.ts';

/** How many days closed records stay on this device (the Profile setting); a change syncs for the new window. */
export function useWindowDays(): [number, (days: number) => Promise<void>] {
  const days = useLiveQuery(async () => await readWindowDays(localDb)) ?? defaultWindowDays;
  return [days, (next) => setWindowDays(localDb, next).then(() => syncEngine.windowChanged())];
}

/** Pins the record a screen opens and, online, brings its current copy when no feed keeps it. */
export function useOpenedRecord(entity: HistoryEntity, id: string | null): void {
  const isOnline = useIsOnline();
  useEffect(() => {
    if (id) void openRecord(localDb, browserTransport, entity, id, isOnline);
  }, [entity, id, isOnline]);
}

export interface OlderRecords<E extends HistoryEntity> {
  records: HistoryRecord<E>[];
  total: number;
  totalPages: number;
}

/**
 * The page of records on the server that match the filters but lie outside this device's window;
 * undefined while asking or when the server could not be asked.
 */
export function useOlderRecords<E extends HistoryEntity>(
  entity: E,
  filters: Record<string, string>,
  page: number,
  isOnline: boolean,
): OlderRecords<E> | undefined {
  const [windowDays] = useWindowDays();
  const [result, setResult] = useState<{ key: string; page: OlderRecords<E> }>();
  const key = JSON.stringify([entity, filters, page, windowDays]);
  useEffect(() => {
    if (!isOnline) return;
    let isCurrent = true;
    const chosen = Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== ''));
    fetchOlder(browserTransport, entity, chosen, page, windowDays).then(
      (older) => isCurrent && setResult({ key, page: older }),
      () => {},
    );
    return () => {
      isCurrent = false;
    };
    // The key holds the filters by value.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, isOnline]);
  return isOnline && result?.key === key ? result.page : undefined;
}

/** Stores and pins a record opened from the server's older records. */
export const keepOlderRecord = (entity: HistoryEntity, record: HistoryRecord<HistoryEntity>) =>
  keepOpened(localDb, entity, record);
