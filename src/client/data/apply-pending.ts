import type { OutboxEntry } from './db.ts';

type AnyRecord = Record<string, unknown> & { _id: string };

function appendOnce(list: unknown, item: Record<string, unknown>): unknown[] {
  const items = Array.isArray(list) ? (list as { _id?: string }[]) : [];
  return items.some((existing) => existing._id === item._id) ? items : [...items, item];
}

/** A checklist item change touches that item only, so a pull's changes to other items stay. */
function mergeItem(list: unknown, change: Record<string, unknown>): unknown[] {
  const items = Array.isArray(list) ? (list as { _id?: string }[]) : [];
  return items.map((item) => (item._id === change._id ? { ...item, ...change } : item));
}

/** One pending change on top of a record (null: not on the server yet). */
export function applyEntry(record: AnyRecord | null, entry: OutboxEntry): AnyRecord | null {
  switch (entry.kind) {
    case 'create':
      return record ?? (entry.preview as AnyRecord);
    case 'update':
      return record && { ...record, ...entry.preview };
    case 'comment':
      return record && { ...record, comments: appendOnce(record.comments, entry.preview) };
    case 'attachment':
      return record && { ...record, attachments: appendOnce(record.attachments, entry.preview) };
    case 'checklist':
      return record && { ...record, checklist: mergeItem(record.checklist, entry.preview) };
  }
}

/** The record as the screens show it: the server's copy with every pending change applied in order. */
export function applyPending(server: AnyRecord | null, entries: OutboxEntry[]): AnyRecord | null {
  return entries.reduce<AnyRecord | null>(applyEntry, server);
}
