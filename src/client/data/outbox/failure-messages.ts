import type { OutboxEntity } from '#client/data/store/db.ts';

/**
 * The spec's error catalogue (section 8) for a change the server refused without a message of its
 * own: the same words the screen would have shown had it called the server directly.
 */
export const updateFallback = {
  machine: 'Failed to update machine',
  ticket: 'Failed to update ticket',
  incident: 'Failed to update incident',
  schedule: 'Failed to update maintenance schedule',
  handover: 'Failed to update handover',
  permit: 'Failed to update permit to work',
  part: 'Failed to update part',
  purchaseRequest: 'Failed to update purchase request',
} as const satisfies Record<OutboxEntity, string>;

export const createFallback = {
  machine: 'Failed to create machine',
  ticket: 'Failed to create ticket',
  incident: 'Failed to report incident',
  schedule: 'Failed to schedule maintenance',
  handover: 'Failed to hand over the shift',
  permit: 'Failed to request permit to work',
  part: 'Failed to create part',
  purchaseRequest: 'Failed to request purchase',
} as const satisfies Record<OutboxEntity, string>;
