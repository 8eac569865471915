import { incident, incidentPage, type Incident } from '#shared/schemas/incident.ts';
import { ticket, ticketPage, type Ticket } from '#shared/schemas/ticket.ts';
import { isInWorkingSet, type ScopedRecord } from '#shared/working-set.ts';
import { createApi, type Transport } from '#client/lib/api.ts';
import type { LocalDatabase } from '#client/data/store/db.ts';
import { refreshRecord, tableFor } from '#client/data/store/local-records.ts';
import { pinRecord, readWindowDays } from './working-set.ts';

/** The records a device keeps only once opened: tickets and incidents outside the window. */
export type HistoryEntity = 'ticket' | 'incident';
export type HistoryRecord<E extends HistoryEntity> = E extends 'ticket' ? Ticket : Incident;

const paths = { ticket: 'tickets', incident: 'incidents' } as const;

/**
 * One page of the records outside this device's working set that match a list's filters, from the
 * server (GET /api/sync/older/...), newest first.
 */
export async function fetchOlder<E extends HistoryEntity>(
  transport: Transport,
  entity: E,
  filters: Record<string, string>,
  page: number,
  windowDays: number,
): Promise<{ records: HistoryRecord<E>[]; total: number; totalPages: number }> {
  const searchParams = { ...filters, page, limit: 10, windowDays };
  const request = createApi(transport).get(`sync/older/${paths[entity]}`, { searchParams });
  if (entity === 'ticket') {
    const { tickets, total, totalPages } = await request.json(ticketPage);
    return { records: tickets as HistoryRecord<E>[], total, totalPages };
  }
  const { incidents, total, totalPages } = await request.json(incidentPage);
  return { records: incidents as HistoryRecord<E>[], total, totalPages };
}

/** A server record as the lists show a stored one: nothing pending on it. */
export function asShown<T extends Ticket | Incident>(record: T) {
  return { ...record, _server: record, _pending: 0 };
}

/** Keeps a record the user opened: its server copy is stored and pinned, so it stays when offline. */
export async function keepOpened(db: LocalDatabase, entity: HistoryEntity, record: Ticket | Incident): Promise<void> {
  const table = tableFor(db, entity);
  await db.transaction('rw', [table, db.outbox, db.pinned], async () => {
    await refreshRecord(db, entity, record._id, record);
    await pinRecord(db, entity, record._id);
  });
}

/**
 * The user opened a record: it is pinned, and, when the device does not have it or holds it outside
 * its window (no feed brings its changes), its current copy is fetched. Returns false when the
 * server could not be asked.
 */
export async function openRecord(
  db: LocalDatabase,
  transport: Transport,
  entity: HistoryEntity,
  id: string,
  isOnline: boolean,
): Promise<boolean> {
  await pinRecord(db, entity, id);
  const stored = await tableFor(db, entity).get(id);
  const windowDays = await readWindowDays(db);
  if (stored && isInWorkingSet(entity, stored as unknown as ScopedRecord, { now: new Date(), windowDays })) return true;
  if (!isOnline) return false;
  try {
    const response = createApi(transport).get(`${paths[entity]}/${id}`);
    await keepOpened(db, entity, entity === 'ticket' ? await response.json(ticket) : await response.json(incident));
    return true;
  } catch {
    return false;
  }
}
