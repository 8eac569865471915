import { and, eq, gte, inArray, isNull, lt, not, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { openIncidentStatuses, openTicketStatuses } from '#shared/open-records.ts';
import type { IncidentListQuery, IncidentPage } from '#shared/schemas/incident.ts';
import type { TicketListQuery, TicketPage } from '#shared/schemas/ticket.ts';
import { snapshotPosition, type FeedEntity, type SyncPage } from '#shared/schemas/sync.ts';
import { scheduleStart, windowStart, type SyncScope, type Window } from '#shared/working-set.ts';
import { rowsOf, type Database, type Db, type Tx } from '../db/client.ts';
import { gone } from '../lib/errors.ts';
import { inboxEntries, incidents, machines, schedules, tickets } from '../db/schema.ts';
import { listPage, numberedTables, type NumberedEntity, type PageRequest } from './numbered-records.ts';

interface Source<T> {
  getMany(ids: string[], executor: Db | Tx): Promise<T[]>;
}

export interface SyncSources {
  machine: Source<SyncPage['machines'][number] & { isDeleted: boolean }>;
  ticket: Source<SyncPage['tickets'][number]>;
  incident: Source<SyncPage['incidents'][number]>;
  schedule: Source<SyncPage['schedules'][number]>;
  inbox: { getMany(userId: string, keys: string[], executor: Db | Tx): Promise<SyncPage['inbox']> };
}

/** Whose working set, of which window, at which time (src/shared/working-set.ts). */
export interface FeedWindow extends Window {
  userId: string;
}

/** A first sync's page request: one scope, under the high-water mark (none yet: this is the first page). */
export interface SnapshotRequest {
  scope: SyncScope;
  mark?: number;
  after?: string;
}

const oneSnapshot = { isolationLevel: 'repeatable read', accessMode: 'read only' } as const;

const feedTables = {
  machine: machines,
  ticket: tickets,
  incident: incidents,
  schedule: schedules,
  inbox: inboxEntries,
};
/** Each table's key, as text in the C collation: byte order, the order of uuids too. */
const keyOf = (entity: FeedEntity) => sql.raw(entity === 'inbox' ? 'key collate "C"' : 'id::text collate "C"');

type Filters = Partial<Record<FeedEntity, SQL>>;

const isOpen: Record<NumberedEntity, SQL> = {
  ticket: inArray(tickets.status, [...openTicketStatuses]),
  incident: inArray(incidents.status, openIncidentStatuses),
};

/** The user's own records: reported by them, or (tickets) assigned to them. Never null. */
const ownBy: Record<NumberedEntity, (userId: string) => SQL> = {
  ticket: (userId) => sql`coalesce(${or(eq(tickets.reportedBy, userId), eq(tickets.assignedTo, userId))}, false)`,
  incident: (userId) => sql`coalesce(${eq(incidents.reportedBy, userId)}, false)`,
};

const changedSince = (entity: NumberedEntity, window: Window) =>
  gte(numberedTables[entity].updatedAt, windowStart(window.now, window.windowDays));

/** The working set's tickets and incidents: open, or changed within the window. */
const inWindow = (entity: NumberedEntity, window: Window) => or(isOpen[entity], changedSince(entity, window))!;

/** The rows of each table in the user's working set; the log also brings machines' deletions. */
function workingSet(feed: FeedWindow, withDeleted = false): Filters {
  return {
    machine: withDeleted ? sql`true` : isNull(machines.deletedAt),
    ticket: inWindow('ticket', feed),
    incident: inWindow('incident', feed),
    schedule: gte(schedules.scheduledDate, scheduleStart(feed.now)),
    inbox: eq(inboxEntries.userId, feed.userId),
  };
}

/** The rows of each table a first sync's scope delivers: core (the floor's work and the user's own), then history. */
function scopeFilters(scope: SyncScope, feed: FeedWindow): Filters {
  const all = workingSet(feed);
  const core = (entity: NumberedEntity) =>
    or(isOpen[entity], and(ownBy[entity](feed.userId), changedSince(entity, feed)))!;
  const history = (entity: NumberedEntity) => and(not(core(entity)), changedSince(entity, feed))!;
  return scope === 'core'
    ? { ...all, ticket: core('ticket'), incident: core('incident') }
    : { ticket: history('ticket'), incident: history('incident') };
}

/** The list filters of each entity (as its list call takes them), each matching one column. */
const listFilters = {
  ticket: { status: tickets.status, priority: tickets.priority },
  incident: { type: incidents.type, severity: incidents.severity, status: incidents.status },
} as const;

interface Change {
  entity: FeedEntity;
  id: string;
}

/**
 * The change feed behind /api/sync (src/docs/offline-sync.md). Every write takes the next `change_seq`
 * at commit under one lock (db/database.ts), so sequence order is commit order and a reader that has
 * seen N has seen everything below N.
 *
 * A first sync reads a snapshot of the working set, one scope after the other, under a high-water
 * mark: the newest change_seq when it began. The core scope's first page brings the machines,
 * schedules and inbox; tickets and incidents follow newest first, in the order the lists show them.
 * A record changed after the mark is left to the log, which then goes on from the mark, so a change
 * made meanwhile arrives once; a page starts after the last one's final record, so a device goes on
 * where it stopped.
 *
 * The log delivers the changes after a cursor that are in the working set when read. Records enter
 * the working set only by changing, so every change a device needs is newer than its cursor.
 */
export function createSyncRepository(database: Database, sources: SyncSources) {
  // PGlite runs each transaction alone, so its view cannot change midway: no snapshot to ask for.
  const inOneSnapshot = <T>(read: (tx: Tx) => Promise<T>) =>
    database.db.transaction(read, database.kind === 'postgres' ? oneSnapshot : undefined);

  return {
    log: (cursor: number, limit: number, feed: FeedWindow) => inOneSnapshot((tx) => readLog(tx, cursor, limit, feed)),

    snapshot: (request: SnapshotRequest, limit: number, feed: FeedWindow) =>
      inOneSnapshot((tx) => readSnapshot(tx, request, limit, feed)),

    /**
     * The records outside this user's working set (closed and unchanged within the window) that match
     * a list's filters, newest first: what a device finds only online.
     */
    async olderTickets(query: TicketListQuery, window: Window): Promise<TicketPage> {
      const { records, ...page } = await older('ticket', query, window, sources.ticket);
      return { tickets: records, ...page };
    },

    async olderIncidents(query: IncidentListQuery, window: Window): Promise<IncidentPage> {
      const { records, ...page } = await older('incident', query, window, sources.incident);
      return { incidents: records, ...page };
    },
  };

  function older<T extends { _id: string }>(
    entity: NumberedEntity,
    query: PageRequest & Record<string, unknown>,
    window: Window,
    source: Source<T>,
  ) {
    const table = numberedTables[entity];
    const columns: Record<string, PgColumn> = listFilters[entity];
    const chosen = Object.entries(columns).flatMap(([name, column]) => {
      const value = query[name];
      return typeof value === 'string' ? [eq(column, value)] : [];
    });
    const outside = [not(isOpen[entity]), lt(table.updatedAt, windowStart(window.now, window.windowDays))];
    return listPage(database.db, entity, [...chosen, ...outside], query, (ids) => source.getMany(ids, database.db));
  }

  async function readLog(tx: Tx, cursor: number, limit: number, feed: FeedWindow): Promise<SyncPage> {
    const filters = workingSet(feed, true);
    const selects = (bound: SQL, rows: number | null) =>
      Object.entries(filters).map(([entity, filter]) => {
        const limited = rows === null ? sql`` : sql`order by change_seq limit ${rows}`;
        return sql`(select ${entity}::text as entity, ${keyOf(entity as FeedEntity)} as id, change_seq
          from ${feedTables[entity as FeedEntity]} where ${bound} and ${filter} ${limited})`;
      });
    const read = async (bound: SQL, rows: number | null) =>
      rowsOf<Change & { seq: string }>(
        await tx.execute(sql`select entity, id, change_seq::text as seq
          from (${sql.join(selects(bound, rows), sql` union all `)}) changes
          order by change_seq ${rows === null ? sql`` : sql`limit ${rows}`}`),
      );
    const changes = await read(sql`change_seq > ${cursor}`, limit + 1);
    const hasMore = changes.length > limit;
    let page = changes.slice(0, limit);
    // One write stamps every record it changed with one number: a page never ends inside it.
    const last = page.at(-1)?.seq;
    if (hasMore && changes[limit]!.seq === last) {
      const whole = await read(sql`change_seq = ${last}`, null);
      page = [...page.filter((change) => change.seq !== last), ...whole];
    }
    if (page.length === 0) await refuseBeyondThisDatabase(tx, cursor);
    const records = await recordsOf(tx, page, feed.userId);
    return { ...records, cursor: hasMore ? page.at(-1)!.seq : await lastSeq(tx, cursor), hasMore };
  }

  async function readSnapshot(tx: Tx, request: SnapshotRequest, limit: number, feed: FeedWindow): Promise<SyncPage> {
    if (request.mark !== undefined) await refuseBeyondThisDatabase(tx, request.mark);
    const mark = request.mark ?? Number(await lastSeq(tx, 0));
    const { ticket, incident, ...small } = scopeFilters(request.scope, feed);
    const position = request.after ? snapshotPosition.exec(request.after) : null;
    const numbered = Object.entries({ ticket, incident }).flatMap(([name, filter]) => {
      if (!filter) return [];
      const entity = name as NumberedEntity;
      const after = position ? afterPosition(entity, position) : sql`true`;
      return [
        sql`(select ${entity}::text as entity, id::text as id, created_at,
          (extract(epoch from created_at) * 1000000)::bigint::text as micros from ${feedTables[entity]}
          where change_seq <= ${mark} and ${after} and ${filter}
          order by created_at desc, id desc limit ${limit + 1})`,
      ];
    });
    const rows = rowsOf<{ entity: NumberedEntity; id: string; micros: string }>(
      await tx.execute(sql`select entity, id, micros from (${sql.join(numbered, sql` union all `)}) records
        order by created_at desc, entity collate "C" desc, id collate "C" desc limit ${limit + 1}`),
    );
    const hasMore = rows.length > limit;
    const page = rows.slice(0, limit);
    const end = page.at(-1);
    // The scope's first page brings its machines, schedules and inbox whole: a few thousand at most.
    const smallRecords = position ? [] : await smallEntities(tx, small, mark);
    const records = await recordsOf(tx, [...smallRecords, ...page], feed.userId);
    const isFirstPage = request.mark === undefined;
    return {
      ...records,
      cursor: String(mark),
      hasMore,
      ...(end && { after: `${end.micros}:${end.entity}:${end.id}` }),
      ...(isFirstPage && { total: await countWorkingSet(tx, mark, feed) }),
    };
  }

  async function smallEntities(tx: Tx, filters: Filters, mark: number) {
    const selects = Object.entries(filters).map(
      ([entity, filter]) => sql`select ${entity}::text as entity, ${keyOf(entity as FeedEntity)} as id
        from ${feedTables[entity as FeedEntity]} where change_seq <= ${mark} and ${filter}`,
    );
    if (selects.length === 0) return [];
    return rowsOf<{ entity: FeedEntity; id: string }>(await tx.execute(sql.join(selects, sql` union all `)));
  }

  /** The records of a page's changes, in its order; machines deleted are listed apart. */
  async function recordsOf(tx: Tx, page: Change[], userId: string) {
    const idsOf = (entity: FeedEntity) => page.filter((change) => change.entity === entity).map((change) => change.id);
    const order = new Map(page.map((change, index) => [`${change.entity}:${change.id}`, index]));
    const inPageOrder = <T extends { _id: string }>(entity: FeedEntity, records: T[]) =>
      records.sort((a, b) => order.get(`${entity}:${a._id}`)! - order.get(`${entity}:${b._id}`)!);
    const machines = await sources.machine.getMany(idsOf('machine'), tx);
    const tickets = await sources.ticket.getMany(idsOf('ticket'), tx);
    const incidents = await sources.incident.getMany(idsOf('incident'), tx);
    const schedules = await sources.schedule.getMany(idsOf('schedule'), tx);
    const inbox = await sources.inbox.getMany(userId, idsOf('inbox'), tx);
    return {
      machines: inPageOrder(
        'machine',
        machines.filter((machine) => !machine.isDeleted),
      ).map(({ isDeleted: _, ...machine }) => machine),
      tickets: inPageOrder('ticket', tickets),
      incidents: inPageOrder('incident', incidents),
      schedules: inPageOrder('schedule', schedules),
      inbox,
      deleted: machines
        .filter((machine) => machine.isDeleted)
        .map((machine) => ({ entity: 'machine' as const, _id: machine._id })),
    };
  }

  /** The records of the user's working set under the mark, in both scopes: what a first sync brings. */
  async function countWorkingSet(tx: Tx, mark: number, feed: FeedWindow): Promise<number> {
    const { inbox: _, ...records } = workingSet(feed);
    const counts = Object.entries(records).map(
      ([entity, filter]) =>
        sql`(select count(*) from ${feedTables[entity as FeedEntity]} where change_seq <= ${mark} and ${filter})`,
    );
    const result = await tx.execute(sql`select (${sql.join(counts, sql` + `)})::int as total`);
    return rowsOf<{ total: number }>(result)[0]!.total;
  }
}

/**
 * The records of one table after a snapshot position in its order (created_at, entity, id, all
 * descending): a table before the position's entity goes on at its time, the same table after its id.
 */
function afterPosition(entity: NumberedEntity, [, micros, after, id]: RegExpExecArray): SQL {
  const at = sql`(timestamptz 'epoch' + ${micros}::bigint * interval '1 microsecond')`;
  if (entity < after!) return sql`created_at <= ${at}`;
  if (entity > after!) return sql`created_at < ${at}`;
  return sql`(created_at < ${at} or (created_at = ${at} and id::text collate "C" < ${id}))`;
}

/**
 * A device's position past every change this database ever numbered: the database was restored from
 * a backup older than what the device holds. The numbers after the backup are drawn again for other
 * changes, which the device would never ask for: it brings its working set again instead (410).
 */
async function refuseBeyondThisDatabase(tx: Tx, position: number) {
  const result = await tx.execute(sql`select last_value::text as seq from change_seq`);
  if (position > Number(rowsOf<{ seq: string }>(result)[0]!.seq)) {
    throw gone('The server was restored from a backup older than this device: it brings its records again');
  }
}

/**
 * The newest change this snapshot holds (or the cursor): at the end of the feed the cursor moves past
 * the changes outside the working set too, so the next pull does not read through them again.
 */
async function lastSeq(tx: Tx, cursor: number): Promise<string> {
  const maxima = Object.values(feedTables).map((table) => sql`(select max(change_seq) from ${table})`);
  const result = await tx.execute(sql`select greatest(${cursor}::bigint, ${sql.join(maxima, sql`, `)})::text as seq`);
  return rowsOf<{ seq: string }>(result)[0]!.seq;
}
