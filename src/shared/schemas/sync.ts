import { z } from 'zod';
import { idSchema } from './common.ts';
import { inboxEntry } from './inbox.ts';
import { incident, incidentListQuery } from './incident.ts';
import { machine } from './machine.ts';
import { schedule } from './schedule.ts';
import { ticket, ticketListQuery } from './ticket.ts';
import { defaultWindowDays, maxWindowDays, minWindowDays, syncScopes } from '../working-set.ts';

export const syncEntities = ['machine', 'ticket', 'incident', 'schedule'] as const;
export type SyncEntity = (typeof syncEntities)[number];

/** How far back the history scope reaches, in days of `updatedAt`. */
const windowDays = z.coerce.number().int().min(minWindowDays).max(maxWindowDays).default(defaultWindowDays);

export const syncQuery = z.object({
  cursor: z
    .string()
    .regex(/^\d{0,18}$/, 'cursor must be a cursor returned by /api/sync')
    .optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(500),
  /** Without a scope, every change (the full feed older clients use). */
  scope: z.enum(syncScopes).optional(),
  windowDays,
});
export type SyncQuery = z.infer<typeof syncQuery>;

export const syncPage = z.object({
  machines: z.array(machine),
  tickets: z.array(ticket),
  incidents: z.array(incident),
  schedules: z.array(schedule),
  /** The requesting user's inbox entries that are new or were read (core scope and the full feed). */
  inbox: z.array(inboxEntry),
  deleted: z.array(z.object({ entity: z.enum(syncEntities), _id: idSchema })),
  cursor: z.string(),
  hasMore: z.boolean(),
});
export type SyncPage = z.infer<typeof syncPage>;

/** A list's filters, for the records outside the requesting user's working set of `windowDays`. */
export const olderTicketsQuery = ticketListQuery.extend({ windowDays });
export const olderIncidentsQuery = incidentListQuery.extend({ windowDays });
