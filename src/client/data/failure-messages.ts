import type { OutboxEntry } from './db.ts';

type Failable = Pick<OutboxEntry, 'entity' | 'kind' | 'url'>;

const updateFallback = {
  machine: 'Failed to update machine',
  ticket: 'Failed to update ticket',
  incident: 'Failed to update incident',
  schedule: 'Failed to update maintenance schedule',
} as const;

const createFallback = {
  machine: 'Failed to create machine',
  ticket: 'Failed to create ticket',
  incident: 'Failed to report incident',
  schedule: 'Failed to schedule maintenance',
} as const;

/**
 * The spec's error catalogue (section 8) for a change the server refused without a message of its
 * own: the same words the screen would have shown had it called the server directly.
 */
export function failureFallback({ entity, kind, url }: Failable): string {
  switch (kind) {
    case 'create':
      return createFallback[entity];
    case 'comment':
      return 'Failed to add comment';
    case 'attachment':
      return 'Failed to upload file';
    case 'checklist':
      return 'Failed to update checklist';
    case 'update':
      return entity === 'machine' && url.endsWith('/status')
        ? 'Failed to update machine status'
        : updateFallback[entity];
  }
}
