import { z } from 'zod';
import { idSchema, userRef } from './common.ts';

/**
 * What an inbox entry tells (src/docs/inbox.md). The server writes the first six, the two role kinds, the two request kinds, `handover` and the two permit kinds
 * with the change that causes them; the device derives the two `Due` kinds and `locksStillOn` from its own records; `mark` only records that
 * the user read a derived entry.
 */
export const inboxKinds = [
  'assigned',
  'changed',
  'comment',
  'critical',
  'action',
  'actionDone',
  'actionDue',
  'maintenanceDue',
  'roleRequest',
  'roleDecided',
  'request',
  'nearMiss',
  'handover',
  'permitRequested',
  'permitApproved',
  'locksStillOn',
  'purchaseRequested',
  'purchaseDecided',
  'mark',
] as const;
export type InboxKind = (typeof inboxKinds)[number];

/** What an entry opens: a record, a user (a role request), a work request, a department's shift log (a handover), or a permit to work. */
export const inboxEntities = [
  'ticket',
  'incident',
  'schedule',
  'user',
  'request',
  'handover',
  'permit',
  'purchaseRequest',
] as const;
export type InboxEntity = (typeof inboxEntities)[number];

export const inboxEntry = z.object({
  /** Derived from what it tells ("assigned:<ticket id>:<version>"), so it exists once per user. */
  key: z.string(),
  kind: z.enum(inboxKinds),
  entity: z.enum(inboxEntities).nullable(),
  recordId: idSchema.nullable(),
  title: z.string(),
  detail: z.string(),
  by: userRef.nullable(),
  at: z.string(),
  readAt: z.string().nullable(),
});
export type InboxEntry = z.infer<typeof inboxEntry>;

export const inboxKey = z.string().min(1).max(200, 'An inbox key has at most 200 characters');

export const inboxRead = z.object({
  keys: z
    .array(inboxKey, { error: 'keys must be a list of inbox keys' })
    .min(1, 'Say which entries were read: keys must not be empty')
    .max(500, 'At most 500 keys at once'),
});
export type InboxRead = z.infer<typeof inboxRead>;
