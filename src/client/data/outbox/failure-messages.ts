import type { SyncEntity } from '#shared/schemas/sync.ts';

/**
 * The spec's error catalogue (section 8) for a change the server refused without a message of its
 * own: the same words the screen would have shown had it called the server directly.
 */
export const updateFallback = {
  machine: 'Failed to update machine',
  ticket: 'Failed to update ticket',
  incident: 'Failed to update incident',
  schedule: 'Failed to update maintenance schedule',
} as const satisfies Record<SyncEntity, string>;

export const createFallback = {
  machine: 'Failed to create machine',
  ticket: 'Failed to create ticket',
  incident: 'Failed to report incident',
  schedule: 'Failed to schedule maintenance',
} as const satisfies Record<SyncEntity, string>;
