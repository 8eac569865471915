import { z } from 'zod';
import { permitStatuses, permitTypes } from '../permits.ts';
import { idSchema, isoInstant, oneOf, optionalFilter, optionalText, requiredText, updated, userRef } from './common.ts';

/** A permit's lock on one isolation point of its machine (src/docs/permits.md). */
export const permitLock = z.object({
  _id: idSchema,
  /** The machine's isolation point `_id`. */
  point: idSchema,
  /** The point's location as the machine names it (empty when the point was taken off the machine). */
  pointLocation: z.string(),
  lockNumber: z.string(),
  verified: z.boolean(),
  appliedBy: userRef.nullable(),
  /** Device time when it was applied (X-Client-Time), else the server's. */
  appliedAt: z.string(),
  removedBy: userRef.nullable(),
  removedAt: z.string().nullable(),
  removalReason: z.string().nullable(),
});
export type PermitLock = z.infer<typeof permitLock>;

const pointOfPermit = z.object({
  _id: idSchema,
  kind: z.string(),
  location: z.string(),
  isolate: z.string(),
  verify: z.string(),
});

export const permit = z.object({
  _id: idSchema,
  permitNumber: z.string(),
  machine: z.object({ _id: idSchema, name: z.string(), machineId: z.string(), department: z.string() }),
  ticket: z.object({ _id: idSchema, ticketNumber: z.string(), title: z.string() }).nullable(),
  schedule: z.object({ _id: idSchema, title: z.string() }).nullable(),
  type: z.enum(permitTypes),
  status: z.enum(permitStatuses),
  description: z.string(),
  gasTest: z.string().nullable(),
  fireWatch: z.string().nullable(),
  fireWatchUntil: z.string().nullable(),
  requestedBy: userRef.nullable(),
  approvedBy: userRef.nullable(),
  approvedAt: z.string().nullable(),
  /** The machine's isolation points now: each needs a verified lock before the work starts. */
  points: z.array(pointOfPermit),
  /** Every lock applied under this permit, removed ones too, oldest first. */
  locks: z.array(permitLock),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Permit = z.infer<typeof permit>;

export const permitUpdated = updated(permit);

/** A gas test reading as the meter shows it: text ("0 % LEL") or a number. */
const gasTest = z
  .union(
    [
      z.string().trim().min(1, 'gasTest must not be empty').max(100, 'gasTest must be at most 100 characters'),
      z.number(),
    ],
    {
      error: 'gasTest must be the reading as text or a number',
    },
  )
  .transform(String);
const fireWatch = z
  .string({ error: 'fireWatch must be the name of the fire watch' })
  .trim()
  .min(1, 'fireWatch must name the fire watch')
  .max(200, 'fireWatch must be at most 200 characters');

const typeFields = {
  gasTest: gasTest.nullable().optional(),
  fireWatch: fireWatch.nullable().optional(),
  fireWatchUntil: isoInstant('fireWatchUntil').nullable().optional(),
};

export const permitCreate = z.object({
  _id: idSchema.optional(),
  machine: idSchema,
  ticket: idSchema.optional(),
  schedule: idSchema.optional(),
  type: oneOf('type', permitTypes),
  description: optionalText('description', 2000).default(''),
  ...typeFields,
});
export type PermitCreate = z.infer<typeof permitCreate>;

export const permitUpdate = z
  .object({
    status: oneOf('status', permitStatuses).optional(),
    description: optionalText('description', 2000).optional(),
    ...typeFields,
  })
  .strict();
export type PermitUpdate = z.infer<typeof permitUpdate>;

export const permitListQuery = z.object({
  /** `open`: neither Closed nor Cancelled. */
  status: optionalFilter(
    z.enum(['open', ...permitStatuses], { error: `status must be open or one of: ${permitStatuses.join(', ')}` }),
  ),
  department: optionalFilter(z.string().trim().max(100)),
  machine: optionalFilter(idSchema),
  limit: z.coerce.number().int().min(1, 'limit must be 1 to 500').max(500, 'limit must be 1 to 500').default(100),
});
export type PermitListQuery = z.infer<typeof permitListQuery>;

export const permitExportQuery = permitListQuery.omit({ limit: true });
export type PermitExportQuery = z.infer<typeof permitExportQuery>;

export const lockCreate = z.object({
  _id: idSchema,
  point: idSchema,
  lockNumber: z
    .string({ error: 'lockNumber is required' })
    .trim()
    .min(1, 'lockNumber is required')
    .max(50, 'lockNumber must be at most 50 characters'),
  /** The zero-energy check was done and passed. */
  verified: z.boolean({ error: 'verified must be true or false' }),
});
export type LockCreate = z.infer<typeof lockCreate>;

/** Removing a lock (`removed: true`, with a reason when it is not your own), or recording its zero-energy check. */
export const lockUpdate = z
  .object({
    removed: z
      .literal(true, { error: 'removed can only be true: a removed lock is applied again as a new lock' })
      .optional(),
    reason: optionalText('reason', 1000).optional(),
    verified: z.literal(true, { error: 'verified can only be set to true' }).optional(),
  })
  .strict()
  .refine(
    (value) => value.removed !== undefined || value.verified !== undefined,
    'Say removed: true or verified: true',
  );
export type LockUpdate = z.infer<typeof lockUpdate>;

/**
 * An admin's reason to move a ticket or maintenance on a machine with isolation points In Progress
 * without an Active permit to work: kept in its history, never a field of the record.
 */
export const permitOverride = requiredText('The reason to start without an Active permit', 1000);

export const lockParams = z.object({ id: idSchema, lockId: idSchema });
