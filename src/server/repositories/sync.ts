import { sql } from 'drizzle-orm';
import type { SyncEntity, SyncPage } from '../../shared/schemas/sync.ts';
import { rowsOf, type Database, type Tx } from '../db/client.ts';

interface Source<T> {
  getMany(ids: string[], executor: Tx): Promise<T[]>;
}

export interface SyncSources {
  machine: Source<SyncPage['machines'][number] & { isDeleted: boolean }>;
  ticket: Source<SyncPage['tickets'][number]>;
  incident: Source<SyncPage['incidents'][number]>;
  schedule: Source<SyncPage['schedules'][number]>;
}

/**
 * The change feed behind /api/sync. Every write takes the next `change_seq` under one lock
 * (db/client.ts), so sequence order is commit order and a reader that has seen N has seen
 * everything below N: no change is skipped. The feed and the records are read in one snapshot, so a
 * record is delivered in the state its sequence number describes and never again for the same change.
 */
export function createSyncRepository(database: Database, sources: SyncSources) {
  return {
    page(cursor: number, limit: number): Promise<SyncPage> {
      return database.db.transaction((tx) => readPage(tx, cursor, limit), {
        isolationLevel: 'repeatable read',
        accessMode: 'read only',
      });
    },
  };

  async function readPage(tx: Tx, cursor: number, limit: number): Promise<SyncPage> {
    const result = await tx.execute(sql`
      select entity, id, change_seq::text as seq from (
        (select 'machine' as entity, id, change_seq from machines where change_seq > ${cursor} order by change_seq limit ${limit + 1})
        union all
        (select 'ticket', id, change_seq from tickets where change_seq > ${cursor} order by change_seq limit ${limit + 1})
        union all
        (select 'incident', id, change_seq from incidents where change_seq > ${cursor} order by change_seq limit ${limit + 1})
        union all
        (select 'schedule', id, change_seq from schedules where change_seq > ${cursor} order by change_seq limit ${limit + 1})
      ) changes
      order by change_seq
      limit ${limit + 1}`);
    const changes = rowsOf<{ entity: SyncEntity; id: string; seq: string }>(result);
    const hasMore = changes.length > limit;
    const page = changes.slice(0, limit);
    const idsOf = (entity: SyncEntity) => page.filter((change) => change.entity === entity).map((change) => change.id);
    const order = new Map(page.map((change, index) => [change.id, index]));
    const inFeedOrder = <T extends { _id: string }>(records: T[]) =>
      records.sort((a, b) => order.get(a._id)! - order.get(b._id)!);

    const machines = await sources.machine.getMany(idsOf('machine'), tx);
    const tickets = await sources.ticket.getMany(idsOf('ticket'), tx);
    const incidents = await sources.incident.getMany(idsOf('incident'), tx);
    const schedules = await sources.schedule.getMany(idsOf('schedule'), tx);
    return {
      machines: inFeedOrder(machines.filter((machine) => !machine.isDeleted)).map(
        ({ isDeleted: _, ...machine }) => machine,
      ),
      tickets: inFeedOrder(tickets),
      incidents: inFeedOrder(incidents),
      schedules: inFeedOrder(schedules),
      deleted: machines
        .filter((machine) => machine.isDeleted)
        .map((machine) => ({ entity: 'machine' as const, _id: machine._id })),
      cursor: page.length > 0 ? page[page.length - 1]!.seq : String(cursor),
      hasMore,
    };
  }
}
