import { Dexie, type EntityTable } from 'dexie';
import type { Incident } from '../../shared/schemas/incident.ts';
import type { Machine } from '../../shared/schemas/machine.ts';
import type { Schedule } from '../../shared/schemas/schedule.ts';
import type { SyncEntity } from '../../shared/schemas/sync.ts';
import type { Ticket } from '../../shared/schemas/ticket.ts';

/**
 * A record as the screens show it: the server's last confirmed copy (`_server`, null while a record
 * created here has not reached the server) with the pending outbox entries applied on top.
 */
export type Local<T> = T & { _server: T | null; _pending: number };

export interface RecordTypes {
  machine: Machine;
  ticket: Ticket;
  incident: Incident;
  schedule: Schedule;
}

export type OutboxState = 'pending' | 'sending' | 'failed';
export type OutboxKind = 'create' | 'update' | 'comment' | 'attachment' | 'checklist';

export interface OutboxEntry {
  /** Queue order. */
  seq?: number;
  /** Client id of the entry; for creates, comments and attachments also the `_id` sent to the server. */
  id: string;
  userId: string;
  entity: SyncEntity;
  recordId: string;
  kind: OutboxKind;
  method: 'POST' | 'PUT' | 'PATCH';
  url: string;
  /** JSON body; for attachments, the form fields besides the file. */
  body: Record<string, unknown>;
  /** For attachments: the blob in `files`. */
  fileId?: string;
  /**
   * The change as the screens show it, applied on top of the server's copy until the server confirms:
   * the whole record for a create, the changed fields (record-shaped) for an update, the comment or
   * file reference for a comment or attachment, `{ _id, ...fields }` of one checklist item.
   */
  preview: Record<string, unknown>;
  /** What the user did, for the Sync panel ("Status -> Resolved on TKT-000042"). */
  label: string;
  clientTime: string;
  baseVersion: number | null;
  state: OutboxState;
  attempts: number;
  nextAttemptAt: number;
  error: string | null;
}

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

export class LocalDatabase extends Dexie {
  machines!: EntityTable<Local<Machine>, '_id'>;
  tickets!: EntityTable<Local<Ticket>, '_id'>;
  incidents!: EntityTable<Local<Incident>, '_id'>;
  schedules!: EntityTable<Local<Schedule>, '_id'>;
  outbox!: EntityTable<OutboxEntry, 'seq'>;
  files!: EntityTable<StoredFile, 'id'>;
  meta!: EntityTable<MetaRow, 'key'>;

  constructor(name = 'imsp') {
    super(name);
    this.version(1).stores({
      machines: '_id, name, machineId, department, status',
      tickets: '_id, createdAt, status, priority, ticketNumber',
      incidents: '_id, createdAt, status, type, severity',
      schedules: '_id, scheduledDate, status',
      outbox: '++seq, &id, userId, recordId, state',
      files: 'id',
      meta: 'key',
    });
  }
}

export const tableOf = {
  machine: 'machines',
  ticket: 'tickets',
  incident: 'incidents',
  schedule: 'schedules',
} as const satisfies Record<SyncEntity, string>;

export const localDb = new LocalDatabase();
