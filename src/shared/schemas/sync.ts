import { z } from 'zod';
import { idSchema } from './common.ts';
import { inboxEntry } from './inbox.ts';
import { incident, incidentListQuery } from './incident.ts';
import { machine } from './machine.ts';
import { schedule } from './schedule.ts';
import { ticket, ticketListQuery } from './ticket.ts';
import {
  defaultWindowDays,
  maxWindowDays,
  minWindowDays,
  syncEntities,
  syncScopes,
  type SyncEntity,
} from '../working-set.ts';

export { syncEntities, type SyncEntity } from '../working-set.ts';

/** How far back the history scope reaches, in days of `updatedAt`. */
const windowDays = z.coerce.number().int().min(minWindowDays).max(maxWindowDays).default(defaultWindowDays);

const changeSeq = (name: string) =>
  z
    .string()
    .regex(/^\d{0,18}$/, `${name} must be a cursor returned by /api/sync`)
    .optional();

/** What the feed delivers: the records, and the user's inbox entries. */
export type FeedEntity = SyncEntity | 'inbox';

/** Where a snapshot page ends, in its order (created_at, entity, id, all descending): `micros:entity:id`. */
export const snapshotPosition = /^(\d{1,18}):(incident|ticket):([0-9a-f-]{36})$/;

/**
 * The log (`cursor`: the changes after it, oldest first) or a first sync's snapshot (`snapshot`:
 * one scope of the working set, newest first, under the high-water mark `mark`, after `after`).
 */
export const syncQuery = z.object({
  cursor: changeSeq('cursor'),
  snapshot: z.enum(syncScopes).optional(),
  mark: changeSeq('mark'),
  after: z.string().regex(snapshotPosition, 'after must be a position returned by /api/sync').optional(),
  limit: z.coerce.number().int().min(1).max(5000).default(500),
  windowDays,
});
export type SyncQuery = z.infer<typeof syncQuery>;

export const syncPage = z.object({
  machines: z.array(machine),
  tickets: z.array(ticket),
  incidents: z.array(incident),
  schedules: z.array(schedule),
  /** The requesting user's inbox entries that are new or were read (the log and the core snapshot). */
  inbox: z.array(inboxEntry),
  deleted: z.array(z.object({ entity: z.enum(syncEntities), _id: idSchema })),
  /** The log: where the next pull starts. A snapshot: its high-water mark, where the log goes on once it ends. */
  cursor: z.string(),
  hasMore: z.boolean(),
  /** A snapshot page: the position of its last record, where the next page starts. */
  after: z.string().optional(),
  /** A snapshot's first page: the records of the user's working set under the mark, in both scopes. */
  total: z.number().int().optional(),
});
export type SyncPage = z.infer<typeof syncPage>;

/** A list's filters, for the records outside the requesting user's working set of `windowDays`. */
export const olderTicketsQuery = ticketListQuery.extend({ windowDays });
export const olderIncidentsQuery = incidentListQuery.extend({ windowDays });
