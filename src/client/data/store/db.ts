import { Dexie, type EntityTable, type Table } from 'dexie';
import type { z } from 'zod';
import {
  emptyInvestigation,
  type ActionPatch,
  type actionCreate,
  type IncidentAction,
} from '#shared/schemas/incident-action.ts';
import type { UserRef } from '#shared/schemas/common.ts';
import type { Handover } from '#shared/schemas/handover.ts';
import type { InboxEntry } from '#shared/schemas/inbox.ts';
import type { Incident } from '#shared/schemas/incident.ts';
import type { LabourEntryCreate } from '#shared/schemas/labour.ts';
import type { Machine } from '#shared/schemas/machine.ts';
import type { BinRef, Part, ReservationCreate, StockMoveCreate } from '#shared/schemas/part.ts';
import type { LockCreate, LockUpdate, Permit, PermitLock } from '#shared/schemas/permit.ts';
import type { PurchaseDecisionInput, PurchaseReceipt, PurchaseRequest } from '#shared/schemas/purchase-request.ts';
import type { ReadingInput } from '#shared/schemas/reading.ts';
import type { ChecklistPatch, Schedule } from '#shared/schemas/schedule.ts';
import type { SyncEntity } from '#shared/schemas/sync.ts';
import type { Ticket } from '#shared/schemas/ticket.ts';
import { actionOwners, awaitingVerification } from './action-owners.ts';
import { blockStore } from './blocks.ts';
import { postingsMiddleware, type PostingKey } from './postings.ts';
import { recordBlocksMiddleware, storeInBlocks } from './record-blocks.ts';
import { rebuildLists } from './rebuild-lists.ts';
import { withServerCopy } from './stored-row.ts';

/**
 * A record as the screens show it: the server's last confirmed copy (`_server`, null while a record
 * created here has not reached the server) with the pending outbox entries applied on top. A record
 * with nothing pending is stored without its copy (stored-row.ts).
 */
export type Local<T> = T & { _server: T | null; _pending: number };

export type OutboxState = 'pending' | 'sending' | 'failed';

type AnyRecord = Record<string, unknown> & { _id: string };

/**
 * What an outbox entry changes: a synced record, a department's shift handover
 * (src/docs/shift-handover.md), a permit to work (src/docs/permits.md) or a part's stock (src/docs/parts.md).
 */
export type OutboxEntity = SyncEntity | 'handover' | 'permit' | 'part' | 'purchaseRequest';

/** A stock move as the screens show it until the server confirms it: the bins and work by name. */
export interface PendingMove {
  _id: string;
  kind: StockMoveCreate['kind'];
  quantity: number;
  bin: BinRef;
  toBin: BinRef | null;
  ticket: { _id: string; ticketNumber: string; title: string } | null;
  schedule?: { _id: string; title: string } | null;
  reason: string | null;
  movedAt: string;
  /** What the move takes from (or gives back to) its work's plan: the reserved figures it changes. */
  reservedChange?: ReservedChange[];
}

/** A change of a part's reserved stock in one bin (null: planned without a bin), as the server will count it. */
export interface ReservedChange {
  bin: BinRef | null;
  delta: number;
}

/** A part planned for a ticket or a schedule on this device, or the release of one, until the server confirms it. */
export interface PendingReservation {
  /** The reservation's `_id`. */
  _id: string;
  part: Pick<Part, '_id' | 'partNumber' | 'name' | 'unit'>;
  quantity: number;
  bin: BinRef | null;
  ticket: { _id: string; ticketNumber: string; title: string } | null;
  schedule: { _id: string; title: string } | null;
  reservedChange: ReservedChange[];
}

/** Hours recorded on this device and not confirmed yet: the person by name. */
export interface PendingLabour {
  _id: string;
  person: UserRef;
  hours: number;
  workedOn: string;
  note: string;
}

/** What every outbox entry carries, whatever its kind. */
interface EntryBase {
  /** Queue order. */
  seq?: number;
  /**
   * Client id of the entry, sent as `X-Change-Id` (an update is applied once per id); for creates,
   * comments and attachments also the `_id` sent to the server.
   */
  id: string;
  userId: string;
  entity: OutboxEntity;
  recordId: string;
  url: string;
  /** What the user did, for the Sync panel ("Status -> Resolved on TKT-000042"). */
  label: string;
  clientTime: string;
  /**
   * The version of the record this change was made from (If-Match): the server's copy when it was
   * queued, or the confirmed version of the change it was stacked on (same fields).
   */
  baseVersion: number | null;
  state: OutboxState;
  attempts: number;
  nextAttemptAt: number;
  /** The last try could not reach the server (it did not refuse): reconnecting sends it at once. */
  waitsForNetwork?: boolean;
  error: string | null;
}

/**
 * One kind of change each. `preview` is the change as the screens show it, applied on top of the
 * server's copy until the server confirms; what each kind sends is in outbox-kinds.ts.
 */
export type OutboxEntry =
  | (EntryBase & { kind: 'create'; method: 'POST'; body: AnyRecord; preview: AnyRecord })
  | (EntryBase & {
      kind: 'update';
      method: 'PUT' | 'PATCH';
      /** The changed fields. */
      body: Record<string, unknown>;
      /** The changed fields, record-shaped (names instead of ids). */
      preview: Record<string, unknown>;
    })
  | (EntryBase & { kind: 'comment'; method: 'POST'; body: AnyRecord; preview: AnyRecord })
  | (EntryBase & {
      kind: 'attachment';
      method: 'POST';
      /** The form fields besides the file. */
      body: Record<string, unknown>;
      /** The blob in `files`. */
      fileId: string;
      /** The file reference. */
      preview: AnyRecord;
    })
  | (EntryBase & {
      kind: 'reading';
      method: 'POST';
      /** The reading; its `_id` is the entry id. */
      body: ReadingInput;
      preview: { operatingHours: number };
    })
  | (EntryBase & {
      kind: 'checklist';
      method: 'PATCH';
      body: ChecklistPatch;
      preview: ChecklistPatch & { _id: string };
    })
  | (EntryBase & { kind: 'action'; method: 'POST'; body: z.output<typeof actionCreate>; preview: IncidentAction })
  | (EntryBase & {
      kind: 'actionPatch';
      method: 'PATCH';
      body: ActionPatch;
      /** The changed fields action-shaped, with the stamps a status change brings. */
      preview: Partial<IncidentAction> & { _id: string };
    })
  | (EntryBase & {
      kind: 'acknowledge';
      method: 'POST';
      body: Record<string, never>;
      /** Who acknowledged a handover, and when (the server's own time replaces it). */
      preview: Pick<Handover, 'acknowledgedBy' | 'acknowledgedAt'>;
    })
  | (EntryBase & { kind: 'lock'; method: 'POST'; body: LockCreate; preview: PermitLock })
  | (EntryBase & {
      kind: 'lockPatch';
      method: 'PATCH';
      body: LockUpdate;
      /** The lock's changed fields, with who removed it and when. */
      preview: Partial<PermitLock> & { _id: string };
    })
  | (EntryBase & {
      kind: 'stockMove';
      method: 'POST';
      /** The move; its `_id` is the entry id, so a replay is the same move (create-once). */
      body: StockMoveCreate;
      preview: PendingMove;
    })
  | (EntryBase & {
      kind: 'reservation';
      method: 'POST';
      /** Its `_id` is the entry id, so a replay is the same reservation (create-once). */
      body: ReservationCreate;
      preview: PendingReservation;
    })
  | (EntryBase & {
      kind: 'reservationRelease';
      method: 'DELETE';
      body: Record<string, never>;
      /** The reservation released, as shown. */
      preview: PendingReservation;
    })
  | (EntryBase & {
      kind: 'labour';
      method: 'POST';
      /** Hours on a ticket (src/docs/costs.md); its `_id` is the entry id, so a replay is the same entry. */
      body: LabourEntryCreate;
      /** The entry as the ticket shows it until the server confirms it. */
      preview: PendingLabour;
    })
  | (EntryBase & {
      kind: 'purchaseDecision';
      method: 'POST';
      body: PurchaseDecisionInput;
      /** The status and who decided, as the server will set them. */
      preview: Pick<PurchaseRequest, 'status' | 'decidedBy' | 'decidedAt' | 'decisionNote'>;
    })
  | (EntryBase & {
      kind: 'purchaseReceipt';
      method: 'POST';
      /** The receipt; its `_id` (the entry id) is the receipt move's, so a replay is the same receipt. */
      body: PurchaseReceipt;
      preview: { quantity: number };
    });

export type OutboxKind = OutboxEntry['kind'];
export type EntryOf<K extends OutboxKind> = Extract<OutboxEntry, { kind: K }>;

export interface StoredFile {
  id: string;
  blob: Blob;
  name: string;
  type: string;
  size: number;
}

export interface MetaRow {
  key: string;
  value: unknown;
}

/** A record this device keeps although it is outside the synced window (its key: `${entity}:${id}`). */
export interface PinnedRow {
  key: string;
  openedAt: string;
}

/** An inbox entry (src/docs/inbox.md); `readPending` while its mark has not reached the server. */
export type StoredInboxEntry = InboxEntry & { readPending?: 1 };

export class LocalDatabase extends Dexie {
  machines!: EntityTable<Local<Machine>, '_id'>;
  tickets!: EntityTable<Local<Ticket>, '_id'>;
  incidents!: EntityTable<Local<Incident>, '_id'>;
  schedules!: EntityTable<Local<Schedule>, '_id'>;
  handovers!: EntityTable<Local<Handover>, '_id'>;
  permits!: EntityTable<Local<Permit>, '_id'>;
  parts!: EntityTable<Local<Part>, '_id'>;
  purchaseRequests!: EntityTable<Local<PurchaseRequest>, '_id'>;
  outbox!: EntityTable<OutboxEntry, 'seq'>;
  files!: EntityTable<StoredFile, 'id'>;
  meta!: EntityTable<MetaRow, 'key'>;
  pinned!: EntityTable<PinnedRow, 'key'>;
  inbox!: EntityTable<StoredInboxEntry, 'key'>;
  postings!: Table<Float64Array, PostingKey>;

  constructor(name = 'imsp') {
    super(name);
    // Only versions that upgrade the records are declared (Dexie diffs the schema a device has against
    // the next one it runs); each declares, besides its own, the tables and indexes of the versions
    // before it that did not upgrade: Dexie parses every version again at each declaration.
    // Version 2 indexed every filter combination and the search words; version 6 replaced them by the lists.
    // Incidents stored before investigations existed get an empty one and no actions; `*_owners`
    // (postings.ts) lists who owns an action not verified yet, for "My actions".
    this.version(3)
      .stores({
        machines: '_id, name, machineId, department, status',
        tickets:
          '_id, createdAt, updatedAt, status, priority, ticketNumber, [status+createdAt], [priority+createdAt], [status+priority+createdAt], *_words',
        incidents:
          '_id, createdAt, updatedAt, status, type, severity, [type+createdAt], [severity+createdAt], [status+createdAt], [type+severity+createdAt], [type+status+createdAt], [severity+status+createdAt], [type+severity+status+createdAt], *_words, *_owners',
        schedules: '_id, scheduledDate, status',
        outbox: '++seq, &id, userId, recordId, state',
        files: 'id',
        meta: 'key',
        pinned: 'key',
      })
      .upgrade((tx) => tx.table('incidents').toCollection().modify(withInvestigation));
    // Lists, filters, counts and search read the postings (postings.ts): a ticket's indexes took
    // 4,500 bytes of its 5,600 (src/client/README.md). createdAt finds a page's records, updatedAt
    // is the working set's pruning order.
    this.version(6)
      .stores({
        tickets: '_id, createdAt, updatedAt',
        incidents: '_id, createdAt, updatedAt, *_owners',
        postings: '',
        inbox: 'key, at, readPending',
      })
      .upgrade(rebuildLists);
    // A record's number left the lists for the `_numbers` index (record-tokens.ts): the lists are built anew.
    this.version(7)
      .stores({
        tickets: '_id, createdAt, updatedAt, *_numbers',
        incidents: '_id, createdAt, updatedAt, *_owners, *_numbers',
      })
      .upgrade(rebuildLists);
    // `*_awaiting` (postings.ts): incidents with an action Done and not verified, for the safety officer's
    // "Awaiting verification"; the middleware derives it on every put, the upgrade for incidents stored before.
    this.version(9)
      .stores({ incidents: '_id, createdAt, updatedAt, *_owners, *_numbers, *_awaiting' })
      .upgrade((tx) =>
        tx
          .table('incidents')
          .toCollection()
          .modify((record: Record<string, unknown>) => {
            record._awaiting = awaitingVerification(record);
          }),
      );
    // An incident's month became a list ("This Month", record-tokens.ts): the lists are built anew.
    this.version(10).stores({}).upgrade(rebuildLists);
    // Machines stored, or queued as new, before isolation points existed have none. Shift handovers:
    // the departments' logs as last read, and the ones written or acknowledged here.
    this.version(12)
      .stores({ handovers: '_id, [department+shiftStart]' })
      .upgrade(async (tx) => {
        await tx.table('machines').toCollection().modify(withIsolationPoints);
        await tx
          .table('outbox')
          .filter((entry: OutboxEntry) => entry.entity === 'machine' && entry.kind === 'create')
          .modify((entry: EntryOf<'create'>) => {
            entry.preview.isolationPoints ??= [];
          });
      });
    // Tickets and incidents in blocks of a few records a row (blocks.ts): a first sync writes a tenth of
    // the rows. Permits to work, parts with their stock, purchase requests: as last read, with the
    // changes made here on top.
    this.version(16)
      .stores({
        tickets: blockStore('tickets'),
        incidents: blockStore('incidents'),
        permits: '_id, updatedAt',
        parts: '_id, partNumber',
        purchaseRequests: '_id, status',
      })
      .upgrade(storeInBlocks);
    // The lists became runs without shards of time (postings.ts): the lists are built anew.
    this.version(17).stores({}).upgrade(rebuildLists);
    this.use(recordBlocksMiddleware);
    this.use(postingsMiddleware);
    for (const name of Object.values(tableOf)) this.table(name).hook('reading', withServerCopy);
  }
}

function withInvestigation(record: Record<string, unknown>) {
  for (const copy of [record, record._server as Record<string, unknown> | null]) {
    if (!copy) continue;
    copy.investigation ??= emptyInvestigation;
    copy.actions ??= [];
  }
  record._owners = actionOwners(record);
}

function withIsolationPoints(record: Record<string, unknown>) {
  for (const copy of [record, record._server as Record<string, unknown> | null]) {
    if (copy) copy.isolationPoints ??= [];
  }
}

export const tableOf = {
  machine: 'machines',
  ticket: 'tickets',
  incident: 'incidents',
  schedule: 'schedules',
  handover: 'handovers',
  permit: 'permits',
  part: 'parts',
  purchaseRequest: 'purchaseRequests',
} as const satisfies Record<OutboxEntity, string>;

export const localDb = new LocalDatabase();
