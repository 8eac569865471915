import { z } from 'zod';
import { idSchema } from './common.ts';
import { incident } from './incident.ts';
import { machine } from './machine.ts';
import { schedule } from './schedule.ts';
import { ticket } from './ticket.ts';

export const syncEntities = ['machine', 'ticket', 'incident', 'schedule'] as const;
export type SyncEntity = (typeof syncEntities)[number];

export const syncQuery = z.object({
  cursor: z
    .string()
    .regex(/^\d{0,18}$/, 'cursor must be a cursor returned by /api/sync')
    .optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(500),
});

export const syncPage = z.object({
  machines: z.array(machine),
  tickets: z.array(ticket),
  incidents: z.array(incident),
  schedules: z.array(schedule),
  deleted: z.array(z.object({ entity: z.enum(syncEntities), _id: idSchema })),
  cursor: z.string(),
  hasMore: z.boolean(),
});
export type SyncPage = z.infer<typeof syncPage>;
