import type { OutboxEntry } from './db.ts';
import { rulesOf } from '#client/data/outbox/outbox-kinds.ts';

type AnyRecord = Record<string, unknown> & { _id: string };

/** The record as the screens show it: the server's copy with every pending change applied in order. */
export function applyPending(server: AnyRecord | null, entries: OutboxEntry[]): AnyRecord | null {
  return entries.reduce<AnyRecord | null>((record, entry) => rulesOf(entry).apply(record, entry), server);
}
