import type { EntryOf, LocalDatabase, OutboxEntry, OutboxKind } from '#client/data/store/db.ts';
import { statusAfterLocks } from '#shared/permit-checks.ts';
import type { Part } from '#shared/schemas/part.ts';
import type { Permit } from '#shared/schemas/permit.ts';
import { partAfterMove, partAfterReserved } from '#client/data/store/part-stock.ts';
import { requestAfterDecision, requestAfterReceipt } from '#client/data/store/purchase-preview.ts';
import { createFallback, updateFallback } from './failure-messages.ts';

type AnyRecord = Record<string, unknown> & { _id: string };

/** Everything that differs between kinds of outbox entry; `outboxKinds` must say it for every kind. */
interface KindRules<E extends OutboxEntry> {
  /** The change on top of the record as the screens show it (null: not on the server yet). */
  apply(record: AnyRecord | null, entry: E): AnyRecord | null;
  /** The request body: JSON text, or a form with the stored file (null: the file is gone). */
  encode(entry: E, db: LocalDatabase): Promise<string | FormData | null>;
  /** Sends `If-Match` with the version it was made from, so the server reports what it overwrote. */
  sendsIfMatch: boolean;
  /** The values it replaces, as the server's history names them (for stacked edits on one field). */
  fields(entry: E): string[];
  /** The spec's error text when the server refused it without a message of its own. */
  fallback(entry: E): string;
  /**
   * Where the confirmed record is read when the server's answer is not the record itself (a stock
   * move answers the move): the replayer reads it there before it drops the entry, so the part's
   * figures never show the move neither pending nor confirmed. Unset: the answer is the record.
   */
  recordAt?(entry: E): string;
}

type ListEntry = EntryOf<'comment' | 'attachment' | 'action' | 'lock'>;
type ItemEntry = EntryOf<'checklist' | 'actionPatch' | 'lockPatch'>;

const itemsOf = (list: unknown) => (Array.isArray(list) ? (list as { _id?: string }[]) : []);

/** Adds the new item to the record's list once, however often the pull and the outbox meet. */
const appendTo = (list: string) => (record: AnyRecord | null, entry: ListEntry) => {
  const items = itemsOf(record?.[list]);
  const added = items.some((existing) => existing._id === entry.preview._id) ? items : [...items, entry.preview];
  return record && { ...record, [list]: added };
};

/**
 * A change to one item of a list (a checklist item, an action) touches that item only, so a pull's
 * changes to other items stay; its fields are named as the server's history names them.
 */
function itemPatch<E extends ItemEntry>(list: string, fallback: string): KindRules<E> {
  return {
    apply: (record, entry) =>
      record && {
        ...record,
        [list]: itemsOf(record[list]).map((item) =>
          item._id === entry.preview._id ? { ...item, ...entry.preview } : item,
        ),
      },
    encode: asJson,
    sendsIfMatch: true,
    fields: (entry) => Object.keys(entry.body).map((field) => `${list}.${entry.preview._id}.${field}`),
    fallback: () => fallback,
  };
}

const replacesNothing = () => [];

/** A lock change moves the permit as the server will: to Isolated with the last verified lock, back when one comes off. */
const followingLocks =
  <E extends OutboxEntry>(apply: (record: AnyRecord | null, entry: E) => AnyRecord | null) =>
  (record: AnyRecord | null, entry: E) => {
    const changed = apply(record, entry);
    return changed && { ...changed, status: statusAfterLocks(changed as unknown as Permit) };
  };

/** A part planned for work, or released: the part's reserved figures change until the server's copy is read. */
const plannedPart = <E extends EntryOf<'reservation' | 'reservationRelease'>>(fallback: string): KindRules<E> => ({
  apply: (record, entry) => record && partAfterReserved(record as unknown as Part, entry.preview.reservedChange),
  encode: asJson,
  sendsIfMatch: false,
  fields: replacesNothing,
  fallback: () => fallback,
  recordAt: (entry) => `/parts/${entry.recordId}`,
});

const asJson = (entry: OutboxEntry) => Promise.resolve(JSON.stringify(entry.body));

const lockPatch = itemPatch<EntryOf<'lockPatch'>>('locks', 'Failed to update lock');

async function asForm(entry: EntryOf<'attachment'>, db: LocalDatabase): Promise<FormData | null> {
  const file = await db.files.get(entry.fileId);
  if (!file) return null;
  const form = new FormData();
  form.append('_id', entry.id);
  form.append('file', file.blob, file.name);
  return form;
}

/**
 * The one table of what each kind of change sends and how it shows: every header, body and preview
 * decision reads it, so a new kind cannot be added in some places and forgotten in others.
 * Every kind also sends `X-Change-Id` (its id) and `X-Client-Time`.
 */
export const outboxKinds: { [K in OutboxKind]: KindRules<EntryOf<K>> } = {
  create: {
    apply: (record, entry) => record ?? entry.preview,
    encode: asJson,
    sendsIfMatch: false,
    fields: replacesNothing,
    fallback: (entry) => createFallback[entry.entity],
  },
  update: {
    apply: (record, entry) => record && { ...record, ...entry.preview },
    encode: asJson,
    sendsIfMatch: true,
    fields: (entry) => Object.keys(entry.body),
    fallback: ({ entity, url }) =>
      entity === 'machine' && url.endsWith('/status') ? 'Failed to update machine status' : updateFallback[entity],
  },
  comment: {
    apply: appendTo('comments'),
    encode: asJson,
    sendsIfMatch: false,
    fields: replacesNothing,
    fallback: () => 'Failed to add comment',
  },
  attachment: {
    apply: appendTo('attachments'),
    encode: asForm,
    sendsIfMatch: false,
    fields: replacesNothing,
    fallback: () => 'Failed to upload file',
  },
  reading: {
    // Meters count up: the machine shows the highest reading, whatever order they are sent in.
    apply: (record, entry) =>
      record && {
        ...record,
        operatingHours: Math.max(Number(record.operatingHours ?? 0), entry.preview.operatingHours),
      },
    encode: asJson,
    sendsIfMatch: false,
    fields: replacesNothing,
    fallback: () => 'Failed to record reading',
  },
  checklist: itemPatch('checklist', 'Failed to update checklist'),
  action: {
    apply: appendTo('actions'),
    encode: asJson,
    sendsIfMatch: false,
    fields: replacesNothing,
    fallback: () => 'Failed to add action',
  },
  actionPatch: itemPatch('actions', 'Failed to update action'),
  // The first acknowledgment stands: one the server already holds is not replaced by a pending one.
  acknowledge: {
    apply: (record, entry) => record && (record.acknowledgedAt ? record : { ...record, ...entry.preview }),
    encode: asJson,
    sendsIfMatch: false,
    fields: replacesNothing,
    fallback: () => 'Failed to acknowledge handover',
  },
  lock: {
    apply: followingLocks<EntryOf<'lock'>>(appendTo('locks')),
    encode: asJson,
    sendsIfMatch: false,
    fields: replacesNothing,
    fallback: () => 'Failed to apply lock',
  },
  lockPatch: { ...lockPatch, apply: followingLocks((record, entry) => lockPatch.apply(record, entry)) },
  stockMove: {
    apply: (record, entry) => record && partAfterMove(record as unknown as Part, entry.preview),
    encode: asJson,
    sendsIfMatch: false,
    fields: replacesNothing,
    fallback: (entry) =>
      entry.preview.kind === 'adjustment' ? 'Failed to record count' : 'Failed to record stock move',
    recordAt: (entry) => `/parts/${entry.recordId}`,
  },
  reservation: plannedPart('Failed to plan part'),
  reservationRelease: plannedPart('Failed to release planned part'),
  // Hours change what the ticket cost, not the ticket: it shows them from the outbox (features/costs).
  labour: {
    apply: (record) => record,
    encode: asJson,
    sendsIfMatch: false,
    fields: replacesNothing,
    fallback: () => 'Failed to record hours',
    recordAt: (entry) => `/tickets/${entry.recordId}`,
  },
  purchaseDecision: {
    apply: (record, entry) => record && requestAfterDecision(record, entry.preview),
    encode: asJson,
    sendsIfMatch: false,
    fields: replacesNothing,
    fallback: () => 'Failed to update purchase request',
  },
  purchaseReceipt: {
    apply: (record, entry) => record && requestAfterReceipt(record, entry.preview.quantity),
    encode: asJson,
    sendsIfMatch: false,
    fields: replacesNothing,
    fallback: () => 'Failed to receive purchase',
  },
};

/** The rules of this entry's kind. */
export function rulesOf<E extends OutboxEntry>(entry: E): KindRules<E> {
  return outboxKinds[entry.kind] as unknown as KindRules<E>;
}
