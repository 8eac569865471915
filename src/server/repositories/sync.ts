import { and, eq, gte, inArray, lt, not, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { openIncidentStatuses, openTicketStatuses } from '../../shared/open-records.ts';
import type { IncidentListQuery, IncidentPage } from '../../shared/schemas/incident.ts';
import type { TicketListQuery, TicketPage } from '../../shared/schemas/ticket.ts';
import { syncEntities, type SyncEntity, type SyncPage } from '../../shared/schemas/sync.ts';
import { scheduleStart, windowStart, type SyncScope } from '../../shared/working-set.ts';
import { rowsOf, type Database, type Db, type Tx } from '../db/client.ts';
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

/** Which part of the feed a device asks for (no scope: every change), for which user and at which time. */
export interface FeedScope {
  scope?: SyncScope;
  userId: string;
  windowDays: number;
  now: Date;
}

const oneSnapshot = { isolationLevel: 'repeatable read', accessMode: 'read only' } as const;

const sequenced = { machine: machines, ticket: tickets, incident: incidents, schedule: schedules };
/** Every table the feed reads: the records and the users' inboxes. */
const feedTables = [...Object.values(sequenced), inboxEntries];
type FeedEntity = SyncEntity | 'inbox';

/** Tickets and incidents in the core scope for this user (src/shared/working-set.ts), never null. */
const coreOf: Record<NumberedEntity, (userId: string) => SQL> = {
  ticket: (userId) =>
    sql`coalesce(${or(
      inArray(tickets.status, [...openTicketStatuses]),
      eq(tickets.reportedBy, userId),
      eq(tickets.assignedTo, userId),
    )}, false)`,
  incident: (userId) =>
    sql`coalesce(${or(inArray(incidents.status, openIncidentStatuses), eq(incidents.reportedBy, userId))}, false)`,
};

/** The rows of each table a scope delivers; a table left out delivers nothing. */
function scopeFilters(feed: FeedScope | undefined): Partial<Record<SyncEntity, SQL>> {
  if (!feed?.scope) return { machine: sql`true`, ticket: sql`true`, incident: sql`true`, schedule: sql`true` };
  const { userId, windowDays, now } = feed;
  const since = windowStart(now, windowDays);
  return feed.scope === 'core'
    ? {
        machine: sql`true`,
        ticket: coreOf.ticket(userId),
        incident: coreOf.incident(userId),
        schedule: gte(schedules.scheduledDate, scheduleStart(now)),
      }
    : {
        ticket: and(not(coreOf.ticket(userId)), gte(tickets.updatedAt, since)),
        incident: and(not(coreOf.incident(userId)), gte(incidents.updatedAt, since)),
      };
}

/** The list filters of each entity (as its list call takes them), each matching one column. */
const listFilters = {
  ticket: { status: tickets.status, priority: tickets.priority },
  incident: { type: incidents.type, severity: incidents.severity, status: incidents.status },
} as const;

type WindowOf = Omit<FeedScope, 'scope'>;

/**
 * The change feed behind /api/sync. Every write takes the next `change_seq` at commit under one lock
 * (db/database.ts), so sequence order is commit order and a reader that has seen N has seen
 * everything below N: no change is skipped. The feed and the records are read in one snapshot, so a
 * record is delivered in the state its sequence number describes and never again for the same change.
 *
 * A scope delivers the changes of the records that belong to it in that snapshot. A change that moves
 * a record to the other scope gets a sequence number above both scopes' cursors, so the other feed
 * delivers it: across the two feeds every change arrives once.
 */
export function createSyncRepository(database: Database, sources: SyncSources) {
  return {
    page(cursor: number, limit: number, scope?: FeedScope): Promise<SyncPage> {
      // PGlite runs each transaction alone, so its view cannot change midway: no snapshot to ask for.
      const snapshot = database.kind === 'postgres' ? oneSnapshot : undefined;
      return database.db.transaction((tx) => readPage(tx, cursor, limit, scope), snapshot);
    },

    /**
     * The records outside this user's working set (neither core nor changed within the window) that
     * match a list's filters, newest first: what a device finds only online.
     */
    async olderTickets(query: TicketListQuery, scope: WindowOf): Promise<TicketPage> {
      const { records, ...page } = await older('ticket', query, scope, sources.ticket);
      return { tickets: records, ...page };
    },

    async olderIncidents(query: IncidentListQuery, scope: WindowOf): Promise<IncidentPage> {
      const { records, ...page } = await older('incident', query, scope, sources.incident);
      return { incidents: records, ...page };
    },
  };

  function older<T extends { _id: string }>(
    entity: NumberedEntity,
    query: PageRequest & Record<string, unknown>,
    { userId, windowDays, now }: WindowOf,
    source: Source<T>,
  ) {
    const table = numberedTables[entity];
    const columns: Record<string, PgColumn> = listFilters[entity];
    const chosen = Object.entries(columns).flatMap(([name, column]) => {
      const value = query[name];
      return typeof value === 'string' ? [eq(column, value)] : [];
    });
    const outside = [not(coreOf[entity](userId)), lt(table.updatedAt, windowStart(now, windowDays))];
    return listPage(database.db, entity, [...chosen, ...outside], query, (ids) => source.getMany(ids, database.db));
  }

  async function readPage(tx: Tx, cursor: number, limit: number, scope?: FeedScope): Promise<SyncPage> {
    const filters = scopeFilters(scope);
    const selects = syncEntities.flatMap((entity) => {
      const filter = filters[entity];
      const table = sequenced[entity];
      return filter
        ? [
            sql`(select ${entity}::text as entity, id::text as id, change_seq from ${table}
              where change_seq > ${cursor} and ${filter} order by change_seq limit ${limit + 1})`,
          ]
        : [];
    });
    // The user's inbox travels with the core scope (and the full feed).
    if (scope && scope.scope !== 'history') {
      selects.push(sql`(select 'inbox' as entity, key as id, change_seq from ${inboxEntries}
        where change_seq > ${cursor} and user_id = ${scope.userId} order by change_seq limit ${limit + 1})`);
    }
    const result = await tx.execute(sql`
      select entity, id, change_seq::text as seq from (${sql.join(selects, sql` union all `)}) changes
      order by change_seq
      limit ${limit + 1}`);
    const changes = rowsOf<{ entity: FeedEntity; id: string; seq: string }>(result);
    const hasMore = changes.length > limit;
    const page = changes.slice(0, limit);
    const idsOf = (entity: FeedEntity) => page.filter((change) => change.entity === entity).map((change) => change.id);
    const order = new Map(page.map((change, index) => [change.id, index]));
    const inFeedOrder = <T extends { _id: string }>(records: T[]) =>
      records.sort((a, b) => order.get(a._id)! - order.get(b._id)!);

    const machines = await sources.machine.getMany(idsOf('machine'), tx);
    const tickets = await sources.ticket.getMany(idsOf('ticket'), tx);
    const incidents = await sources.incident.getMany(idsOf('incident'), tx);
    const schedules = await sources.schedule.getMany(idsOf('schedule'), tx);
    const inbox = scope ? await sources.inbox.getMany(scope.userId, idsOf('inbox'), tx) : [];
    return {
      machines: inFeedOrder(machines.filter((machine) => !machine.isDeleted)).map(
        ({ isDeleted: _, ...machine }) => machine,
      ),
      tickets: inFeedOrder(tickets),
      incidents: inFeedOrder(incidents),
      schedules: inFeedOrder(schedules),
      inbox,
      deleted: machines
        .filter((machine) => machine.isDeleted)
        .map((machine) => ({ entity: 'machine' as const, _id: machine._id })),
      cursor: hasMore ? page[page.length - 1]!.seq : await lastSeq(tx, cursor),
      hasMore,
    };
  }
}

/**
 * The newest change this snapshot holds (or the cursor): at the end of a scope's feed the cursor moves
 * past the changes outside the scope too, so the next pull does not read through them again.
 */
async function lastSeq(tx: Tx, cursor: number): Promise<string> {
  const maxima = feedTables.map((table) => sql`(select max(change_seq) from ${table})`);
  const result = await tx.execute(sql`select greatest(${cursor}::bigint, ${sql.join(maxima, sql`, `)})::text as seq`);
  return rowsOf<{ seq: string }>(result)[0]!.seq;
}
