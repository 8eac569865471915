import { sql, type SQL } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  ActionKind,
  ActionStatus,
  IncidentStatus,
  IncidentType,
  MachineDepartment,
  MachineStatus,
  Priority,
  Role,
  ScheduleStatus,
  TicketCategory,
  TicketStatus,
} from '#shared/enums.ts';
import type { CheckResult } from '#shared/checklist.ts';
import type { FailureCodes } from '#shared/failure-codes.ts';
import type { RequestKind, RequestStatus, Urgency } from '#shared/requests.ts';
import type { PurchaseStatus } from '#shared/purchasing.ts';
import type { Recurrence } from '#shared/recurrence.ts';
import { emptyInvestigation, type Investigation } from '#shared/schemas/incident-action.ts';
import type { MachineStop } from '#shared/schemas/downtime.ts';
import type { IsolationPoint } from '#shared/isolation.ts';
import type { HandoverContents } from '#shared/schemas/handover.ts';
import type { PermitStatus, PermitType } from '#shared/permits.ts';
import type { MoveKind, Unit } from '#shared/parts.ts';
import type { InboxEntity, InboxKind } from '#shared/schemas/inbox.ts';
import type { SyncEntity } from '#shared/schemas/sync.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => timestamptz('created_at').notNull().defaultNow();
const updatedAt = () => timestamptz('updated_at').notNull().defaultNow();
const version = () => integer('version').notNull().default(1);
/** Position in the global change feed read by /api/sync; see repositories/sync.ts. */
const changeSeq = () => bigint('change_seq', { mode: 'number' }).notNull();

export const changeSeqSequence = pgSequence('change_seq');
export const ticketNumberSequence = pgSequence('ticket_number_seq');
export const incidentNumberSequence = pgSequence('incident_number_seq');
export const permitNumberSequence = pgSequence('permit_number_seq');

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  role: text('role').$type<Role>().notNull(),
  department: text('department').notNull(),
  phone: text('phone').notNull().default(''),
  lastLogin: timestamptz('last_login'),
  /** A deactivated account cannot sign in, and its tokens get 401 (src/docs/permissions.md). */
  active: boolean('active').notNull().default(true),
  /** The role asked for at registration, waiting for an admin; the account acts as its `role` meanwhile. */
  requestedRole: text('requested_role').$type<Role>(),
  /** A password reset code an admin issued: only its hash is kept, and it works once until it expires. */
  resetCodeHash: text('reset_code_hash'),
  resetCodeExpiresAt: timestamptz('reset_code_expires_at'),
  /** What an hour of this person's work costs; null: the plant's default (src/docs/costs.md). */
  hourlyRate: numeric('hourly_rate', { precision: 10, scale: 2, mode: 'number' }),
  /** Counts the changes recorded in the record history under entity 'user'. */
  version: version(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const machines = pgTable(
  'machines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    machineCode: text('machine_code').notNull(),
    department: text('department').$type<MachineDepartment>().notNull(),
    location: text('location').notNull(),
    model: text('model').notNull(),
    manufacturer: text('manufacturer').notNull(),
    installationDate: date('installation_date', { mode: 'string' }).notNull(),
    specifications: jsonb('specifications')
      .$type<{ capacity: string; power: string; dimensions: string; weight: string }>()
      .notNull(),
    status: text('status').$type<MachineStatus>().notNull(),
    operatingHours: doublePrecision('operating_hours').notNull().default(0),
    /** The open stop, kept with the downtime events (repositories/downtime.ts). */
    currentStop: jsonb('current_stop').$type<MachineStop>(),
    isolationPoints: jsonb('isolation_points').$type<IsolationPoint[]>().notNull().default([]),
    createdBy: uuid('created_by').references(() => users.id),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamptz('deleted_at'),
    changeSeq: changeSeq(),
  },
  (t) => [
    uniqueIndex('machines_code_live_idx')
      .on(t.machineCode)
      .where(sql`${t.deletedAt} is null`),
    index('machines_change_seq_idx').on(t.changeSeq),
    index('machines_status_idx').on(t.status),
  ],
);

/**
 * ' <number words> <text words> ' (src/shared/search-words.ts), so a query word matches with LIKE '% word%'.
 * The app writes search_words with the shared tokenizer; rows written by SQL alone get an approximation
 * (0003_search_words.sql) that splits on ASCII and common Unicode punctuation and symbols and lower-cases
 * as the database's collation does.
 */
function searchTextOf(prefix: 'tkt' | 'inc', texts: SQL) {
  const approximation = sql`lower(regexp_replace(${texts}, '[^0-9A-Za-z\\u00AA\\u00B2\\u00B3\\u00B5\\u00B9\\u00BA\\u00BC-\\u00BE\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u1FFF\\u2070-\\u218F\\u2460-\\u24FF\\u2C00-\\u2DFF\\u2E80-\\u2FFF\\u3040-\\uFFEF\\U00010000-\\U0010FFFF]+', ' ', 'g'))`;
  return sql`' ${sql.raw(prefix)} ' || lpad(number::text, 6, '0') || ' ' || number::text || ' ' || coalesce(search_words, ${approximation}) || ' '`;
}

export const tickets = pgTable(
  'tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: bigint('number', { mode: 'number' })
      .notNull()
      .unique()
      .default(sql`nextval('ticket_number_seq')`),
    ticketNumber: text('ticket_number')
      .notNull()
      .generatedAlwaysAs(sql`'TKT-' || lpad(number::text, 6, '0')`),
    title: text('title').notNull(),
    description: text('description').notNull(),
    machineId: uuid('machine_id').references(() => machines.id),
    priority: text('priority').$type<Priority>().notNull(),
    category: text('category').$type<TicketCategory>().notNull(),
    status: text('status').$type<TicketStatus>().notNull().default('Pending'),
    estimatedHours: doublePrecision('estimated_hours'),
    reportedBy: uuid('reported_by').references(() => users.id),
    assignedTo: uuid('assigned_to').references(() => users.id),
    resolvedAt: timestamptz('resolved_at'),
    closedAt: timestamptz('closed_at'),
    /** A ticket raised by a failed checklist item (its schedule and item) or by an incident's action. */
    sourceScheduleId: uuid('source_schedule_id').references((): AnyPgColumn => schedules.id),
    sourceIncidentId: uuid('source_incident_id').references((): AnyPgColumn => incidents.id),
    sourceItemId: uuid('source_item_id'),
    /** What a corrective repair found (src/shared/failure-codes.ts). */
    failure: jsonb('failure').$type<FailureCodes>(),
    /** The work request it was opened from. */
    requestId: uuid('request_id').references((): AnyPgColumn => workRequests.id),
    searchWords: text('search_words'),
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(searchTextOf('tkt', sql`title || ' ' || description`)),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    changeSeq: changeSeq(),
  },
  (t) => [
    index('tickets_created_idx').on(t.createdAt.desc(), t.id),
    index('tickets_status_created_idx').on(t.status, t.createdAt.desc()),
    index('tickets_priority_created_idx').on(t.priority, t.createdAt.desc()),
    index('tickets_resolved_idx')
      .on(t.resolvedAt)
      .where(sql`${t.resolvedAt} is not null`),
    index('tickets_machine_idx').on(t.machineId),
    index('tickets_change_seq_idx').on(t.changeSeq),
    index('tickets_updated_idx').on(t.updatedAt),
    index('tickets_search_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('tickets_source_idx')
      .on(t.sourceScheduleId, t.sourceItemId)
      .where(sql`${t.sourceScheduleId} is not null`),
    index('tickets_source_incident_idx')
      .on(t.sourceIncidentId, t.sourceItemId)
      .where(sql`${t.sourceIncidentId} is not null`),
  ],
);

export const ticketComments = pgTable(
  'ticket_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id),
    userId: uuid('user_id').references(() => users.id),
    comment: text('comment').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('ticket_comments_ticket_idx').on(t.ticketId, t.createdAt)],
);

/** An incident's action as stored: people and the ticket by id, names and numbers read with it. */
export interface StoredAction {
  _id: string;
  title: string;
  kind: ActionKind;
  ownerId: string | null;
  dueDate: string;
  status: ActionStatus;
  doneAt: string | null;
  verifiedById: string | null;
  verifiedAt: string | null;
  /** Absent on actions stored before Done carried evidence. */
  doneNote?: string;
  evidence?: string[];
  ticketId: string | null;
  createdAt: string;
}

export const incidents = pgTable(
  'incidents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: bigint('number', { mode: 'number' })
      .notNull()
      .unique()
      .default(sql`nextval('incident_number_seq')`),
    incidentNumber: text('incident_number')
      .notNull()
      .generatedAlwaysAs(sql`'INC-' || lpad(number::text, 6, '0')`),
    title: text('title').notNull(),
    description: text('description').notNull(),
    type: text('type').$type<IncidentType>().notNull(),
    severity: text('severity').$type<Priority>().notNull(),
    status: text('status').$type<IncidentStatus>().notNull().default('Open'),
    location: text('location').notNull(),
    department: text('department').notNull(),
    incidentDate: timestamptz('incident_date').notNull(),
    involvedPersons: jsonb('involved_persons')
      .$type<{ name: string; role: string; department: string }[]>()
      .notNull()
      .default([]),
    witnesses: jsonb('witnesses').$type<{ name: string; contact: string }[]>().notNull().default([]),
    immediateActions: text('immediate_actions').notNull().default(''),
    investigation: jsonb('investigation').$type<Investigation>().notNull().default(emptyInvestigation),
    /** Corrective and preventive actions, people and tickets by id (repositories/incident-actions.ts). */
    actions: jsonb('actions').$type<StoredAction[]>().notNull().default([]),
    reportedBy: uuid('reported_by').references(() => users.id),
    searchWords: text('search_words'),
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(searchTextOf('inc', sql`title || ' ' || description || ' ' || location`)),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    changeSeq: changeSeq(),
  },
  (t) => [
    index('incidents_created_idx').on(t.createdAt.desc(), t.id),
    index('incidents_status_created_idx').on(t.status, t.createdAt.desc()),
    index('incidents_type_idx').on(t.type),
    index('incidents_severity_idx').on(t.severity),
    index('incidents_date_idx').on(t.incidentDate),
    index('incidents_change_seq_idx').on(t.changeSeq),
    index('incidents_updated_idx').on(t.updatedAt),
    index('incidents_search_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

export const schedules = pgTable(
  'schedules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    status: text('status').$type<ScheduleStatus>().notNull().default('Scheduled'),
    priority: text('priority').$type<Priority>().notNull(),
    scheduledDate: timestamptz('scheduled_date').notNull(),
    estimatedDuration: doublePrecision('estimated_duration').notNull(),
    machineId: uuid('machine_id').references(() => machines.id),
    assignedTo: uuid('assigned_to').references(() => users.id),
    checklist: jsonb('checklist')
      .$type<{ _id: string; task: string; completed: boolean; notes: string; result?: CheckResult | null }[]>()
      .notNull()
      .default([]),
    createdBy: uuid('created_by').references(() => users.id),
    completedAt: timestamptz('completed_at'),
    completedBy: uuid('completed_by').references(() => users.id),
    recurrence: jsonb('recurrence').$type<Recurrence>(),
    seriesId: uuid('series_id'),
    seriesStart: timestamptz('series_start'),
    dueHours: doublePrecision('due_hours'),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    changeSeq: changeSeq(),
  },
  (t) => [
    index('schedules_date_idx').on(t.scheduledDate),
    index('schedules_status_idx').on(t.status),
    index('schedules_change_seq_idx').on(t.changeSeq),
    index('schedules_series_idx').on(t.seriesId),
    index('schedules_meter_idx')
      .on(t.machineId)
      .where(sql`${t.dueHours} is not null`),
  ],
);

/**
 * A user's notifications (src/docs/inbox.md), written with the change that causes them and carrying its
 * change_seq, so the feed brings each to the user's devices once; `read_at` is shared by those devices.
 * Rows of kind `mark` only record that an entry the devices derive themselves was read.
 */
export const inboxEntries = pgTable(
  'inbox_entries',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    kind: text('kind').$type<InboxKind>().notNull(),
    entity: text('entity').$type<InboxEntity>(),
    recordId: uuid('record_id'),
    title: text('title').notNull().default(''),
    detail: text('detail').notNull().default(''),
    byId: uuid('by_id').references(() => users.id),
    createdAt: createdAt(),
    readAt: timestamptz('read_at'),
    changeSeq: changeSeq(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('inbox_entries_change_seq_idx').on(t.changeSeq)],
);

export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    originalName: text('original_name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    /** The file's bytes: the rows of file_chunks with this blob_id, in seq order. */
    blobId: uuid('blob_id').notNull(),
    uploadedBy: uuid('uploaded_by').references(() => users.id),
    ticketId: uuid('ticket_id').references(() => tickets.id),
    incidentId: uuid('incident_id').references(() => incidents.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('files_ticket_idx').on(t.ticketId),
    index('files_incident_idx').on(t.incidentId),
    index('files_blob_idx').on(t.blobId),
  ],
);

/** Work requests from anyone on the plant network (src/docs/work-requests.md). */
export const workRequests = pgTable(
  'work_requests',
  {
    /** The requesting device's own id: the same request sent again is the same row. */
    id: uuid('id').primaryKey(),
    code: text('code').notNull().unique(),
    kind: text('kind').$type<RequestKind>().notNull(),
    status: text('status').$type<RequestStatus>().notNull(),
    machineId: uuid('machine_id').references(() => machines.id, { onDelete: 'set null' }),
    description: text('description'),
    location: text('location'),
    urgency: text('urgency').$type<Urgency>().notNull(),
    name: text('name'),
    contact: text('contact'),
    photoId: uuid('photo_id').references(() => files.id, { onDelete: 'set null' }),
    ticketId: uuid('ticket_id').references((): AnyPgColumn => tickets.id, { onDelete: 'set null' }),
    reason: text('reason'),
    triagedBy: uuid('triaged_by').references(() => users.id, { onDelete: 'set null' }),
    triagedAt: timestamptz('triaged_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('work_requests_open_idx')
      .on(t.createdAt.desc())
      .where(sql`${t.status} = 'New'`),
    index('work_requests_ticket_idx').on(t.ticketId),
  ],
);

/**
 * Uploaded bytes in pieces of at most 256 KB, each stored by a statement of its own before
 * the file row links them, so that storing a large file never holds the database for long.
 */
export const fileChunks = pgTable(
  'file_chunks',
  {
    blobId: uuid('blob_id').notNull(),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.blobId, t.seq] }), index('file_chunks_created_idx').on(t.createdAt)],
);

/** Every change to a synced record: who, when, which field, old and new value, and the client's own time. */
export const recordHistory = pgTable(
  'record_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    entity: text('entity')
      .$type<SyncEntity | 'user' | 'request' | 'handover' | 'permit' | 'part' | 'purchaseRequest'>()
      .notNull(),
    recordId: uuid('record_id').notNull(),
    version: integer('version').notNull(),
    userId: uuid('user_id').references(() => users.id),
    field: text('field').notNull(),
    oldValue: jsonb('old_value'),
    newValue: jsonb('new_value'),
    changedAt: createdAt(),
    clientTime: timestamptz('client_time'),
  },
  (t) => [index('record_history_record_idx').on(t.entity, t.recordId, t.version)],
);

/**
 * Updates already applied, by the client's change id (`X-Change-Id`): a replay of one answers the
 * current record and changes nothing. Rows are pruned after the retention period (record-changes.ts).
 */
export const appliedChanges = pgTable(
  'applied_changes',
  {
    changeId: uuid('change_id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    entity: text('entity').$type<SyncEntity | 'handover' | 'permit' | 'part'>().notNull(),
    recordId: uuid('record_id').notNull(),
    appliedAt: timestamptz('applied_at').notNull().defaultNow(),
  },
  (t) => [index('applied_changes_applied_at_idx').on(t.appliedAt)],
);

/** Status changes in device time (`changed_at`), the source of `downtime_events` (repositories/downtime.ts). */
export const machineStatusChanges = pgTable(
  'machine_status_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    machineId: uuid('machine_id')
      .notNull()
      .references(() => machines.id),
    status: text('status').$type<MachineStatus>().notNull(),
    changedAt: timestamptz('changed_at').notNull(),
    reasonCategory: text('reason_category'),
    reasonDetail: text('reason_detail'),
    reasonNote: text('reason_note'),
    ticketId: uuid('ticket_id').references(() => tickets.id),
    userId: uuid('user_id').references(() => users.id),
    recordedAt: timestamptz('recorded_at').notNull().defaultNow(),
  },
  (t) => [index('machine_status_changes_machine_idx').on(t.machineId, t.changedAt)],
);

/** A stop of a machine, rebuilt from its status changes whenever one arrives (its id: the opening change's). */
export const downtimeEvents = pgTable(
  'downtime_events',
  {
    id: uuid('id').primaryKey(),
    machineId: uuid('machine_id')
      .notNull()
      .references(() => machines.id),
    status: text('status').$type<'Down' | 'Maintenance'>().notNull(),
    startedAt: timestamptz('started_at').notNull(),
    endedAt: timestamptz('ended_at'),
    reasonCategory: text('reason_category'),
    reasonDetail: text('reason_detail'),
    reasonNote: text('reason_note'),
    ticketId: uuid('ticket_id').references(() => tickets.id),
  },
  (t) => [
    index('downtime_events_machine_idx').on(t.machineId, t.startedAt),
    index('downtime_events_started_idx').on(t.startedAt),
    index('downtime_events_open_idx').on(t.endedAt),
  ],
);

/** Hour-meter readings as the devices sent them; the machine's operating_hours is the latest. */
export const machineReadings = pgTable(
  'machine_readings',
  {
    id: uuid('id').primaryKey(),
    machineId: uuid('machine_id')
      .notNull()
      .references(() => machines.id),
    hours: doublePrecision('hours').notNull(),
    readAt: timestamptz('read_at').notNull(),
    userId: uuid('user_id').references(() => users.id),
    recordedAt: timestamptz('recorded_at').notNull().defaultNow(),
  },
  (t) => [index('machine_readings_machine_idx').on(t.machineId, t.readAt)],
);

/**
 * A department's shift handover (src/docs/shift-handover.md): written once per department and shift by
 * the outgoing shift, with what the server listed for that shift (`contents`), acknowledged by the
 * incoming one. Not in the change feed: devices read the shift log from the list call.
 */
export const handovers = pgTable(
  'handovers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    department: text('department').notNull(),
    shiftStart: timestamptz('shift_start').notNull(),
    shiftEnd: timestamptz('shift_end').notNull(),
    shiftLabel: text('shift_label').notNull(),
    shiftDay: date('shift_day', { mode: 'string' }).notNull(),
    notes: text('notes').notNull().default(''),
    contents: jsonb('contents').$type<HandoverContents>().notNull(),
    writtenBy: uuid('written_by').references(() => users.id),
    writtenAt: timestamptz('written_at').notNull().defaultNow(),
    acknowledgedBy: uuid('acknowledged_by').references(() => users.id),
    acknowledgedAt: timestamptz('acknowledged_at'),
    version: version(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('handovers_department_shift_idx').on(t.department, t.shiftStart),
    index('handovers_shift_idx').on(t.shiftStart.desc()),
  ],
);

/**
 * A permit to work (src/docs/permits.md): for a ticket or a maintenance schedule on one machine,
 * requested by whoever does the work, approved by a safety officer or an admin. Its id is the
 * requesting device's, so the same request sent again is the same row. Not in the change feed.
 */
export const permits = pgTable(
  'permits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: bigint('number', { mode: 'number' })
      .notNull()
      .unique()
      .default(sql`nextval('permit_number_seq')`),
    permitNumber: text('permit_number')
      .notNull()
      .generatedAlwaysAs(sql`'PTW-' || lpad(number::text, 6, '0')`),
    machineId: uuid('machine_id')
      .notNull()
      .references(() => machines.id),
    ticketId: uuid('ticket_id').references(() => tickets.id),
    scheduleId: uuid('schedule_id').references(() => schedules.id),
    type: text('type').$type<PermitType>().notNull(),
    status: text('status').$type<PermitStatus>().notNull().default('Requested'),
    description: text('description').notNull().default(''),
    gasTest: text('gas_test'),
    fireWatch: text('fire_watch'),
    fireWatchUntil: timestamptz('fire_watch_until'),
    requestedBy: uuid('requested_by').references(() => users.id),
    approvedBy: uuid('approved_by').references(() => users.id),
    approvedAt: timestamptz('approved_at'),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('permits_machine_idx').on(t.machineId, t.createdAt.desc()),
    index('permits_status_idx').on(t.status, t.createdAt.desc()),
    index('permits_created_idx').on(t.createdAt.desc(), t.id),
  ],
);

/**
 * A lock applied on one isolation point of the permit's machine, with its zero-energy check.
 * One lock not removed per point and permit: the first to reach the server keeps the point.
 */
export const permitLocks = pgTable(
  'permit_locks',
  {
    id: uuid('id').primaryKey(),
    permitId: uuid('permit_id')
      .notNull()
      .references(() => permits.id),
    pointId: uuid('point_id').notNull(),
    lockNumber: text('lock_number').notNull(),
    verified: boolean('verified').notNull(),
    appliedBy: uuid('applied_by').references(() => users.id),
    /** Device time (X-Client-Time) when the lock was applied, else the server's. */
    appliedAt: timestamptz('applied_at').notNull(),
    removedBy: uuid('removed_by').references(() => users.id),
    removedAt: timestamptz('removed_at'),
    removalReason: text('removal_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    index('permit_locks_permit_idx').on(t.permitId, t.createdAt),
    uniqueIndex('permit_locks_point_on_idx')
      .on(t.permitId, t.pointId)
      .where(sql`${t.removedAt} is null`),
  ],
);

/** Quantities of stock: at most three decimals (metres of hose, kilograms of grease). */
const quantity = (name: string) => numeric(name, { precision: 14, scale: 3, mode: 'number' });

/** Parts and stores (src/docs/parts.md): a storeroom holds bins, each with a code unique in its storeroom. */
export const storerooms = pgTable('storerooms', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  location: text('location').notNull().default(''),
  createdBy: uuid('created_by').references(() => users.id),
  createdAt: createdAt(),
});

export const bins = pgTable(
  'bins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeroomId: uuid('storeroom_id')
      .notNull()
      .references(() => storerooms.id),
    code: text('code').notNull(),
    description: text('description').notNull().default(''),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('bins_storeroom_code_idx').on(t.storeroomId, t.code)],
);

/** A stocked part. Its stock is not a column: it is the sum of its moves (stock_moves). Not in the change feed. */
export const parts = pgTable(
  'parts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partNumber: text('part_number').notNull().unique(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    unit: text('unit').$type<Unit>().notNull(),
    unitCost: numeric('unit_cost', { precision: 12, scale: 2, mode: 'number' }).notNull().default(0),
    minStock: quantity('min_stock').notNull().default(0),
    maxStock: quantity('max_stock').notNull().default(0),
    /** The machines it fits. */
    machineIds: uuid('machine_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    photoId: uuid('photo_id').references(() => files.id, { onDelete: 'set null' }),
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql`lower(part_number || ' ' || name || ' ' || description)`),
    createdBy: uuid('created_by').references(() => users.id),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('parts_search_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('parts_machines_idx').using('gin', t.machineIds),
  ],
);

/**
 * The stock ledger: every receipt, issue, return, transfer and count, once per client id. On hand per
 * bin is the sum of the moves' effects (shared/parts.ts moveEffects); an adjustment stores the
 * difference its count made (`change`) when it reached the server.
 */
export const stockMoves = pgTable(
  'stock_moves',
  {
    id: uuid('id').primaryKey(),
    partId: uuid('part_id')
      .notNull()
      .references(() => parts.id),
    kind: text('kind').$type<MoveKind>().notNull(),
    quantity: quantity('quantity').notNull(),
    change: quantity('change'),
    binId: uuid('bin_id')
      .notNull()
      .references(() => bins.id),
    toBinId: uuid('to_bin_id').references(() => bins.id),
    ticketId: uuid('ticket_id').references(() => tickets.id),
    scheduleId: uuid('schedule_id').references(() => schedules.id),
    reason: text('reason'),
    /** The part's unit cost when the move was stored: a trigger fills it from the part when left out. */
    unitCost: numeric('unit_cost', { precision: 12, scale: 2, mode: 'number' })
      .notNull()
      .default(sql`null`),
    movedBy: uuid('moved_by').references(() => users.id),
    /** A receipt against a purchase request. */
    purchaseRequestId: uuid('purchase_request_id').references((): AnyPgColumn => purchaseRequests.id),
    /** The device's time (X-Client-Time), when it sent one. */
    clientTime: timestamptz('client_time'),
    createdAt: createdAt(),
    movedAt: timestamptz('moved_at')
      .notNull()
      .generatedAlwaysAs(sql`coalesce(client_time, created_at)`),
  },
  (t) => [
    index('stock_moves_part_bin_idx').on(t.partId, t.binId),
    index('stock_moves_part_to_bin_idx')
      .on(t.partId, t.toBinId)
      .where(sql`${t.toBinId} is not null`),
    index('stock_moves_part_moved_idx').on(t.partId, t.movedAt.desc()),
    index('stock_moves_moved_idx').on(t.movedAt.desc(), t.id),
    index('stock_moves_ticket_idx')
      .on(t.ticketId)
      .where(sql`${t.ticketId} is not null`),
    index('stock_moves_schedule_idx')
      .on(t.scheduleId)
      .where(sql`${t.scheduleId} is not null`),
    index('stock_moves_purchase_request_idx')
      .on(t.purchaseRequestId)
      .where(sql`${t.purchaseRequestId} is not null`),
  ],
);

/**
 * A part planned for a ticket or a schedule. It holds stock until issued to that work, until the work
 * is finished, or until it is released (`released_at`): all three are read, never written on the row.
 */
export const partReservations = pgTable(
  'part_reservations',
  {
    id: uuid('id').primaryKey(),
    partId: uuid('part_id')
      .notNull()
      .references(() => parts.id),
    quantity: quantity('quantity').notNull(),
    binId: uuid('bin_id').references(() => bins.id),
    ticketId: uuid('ticket_id').references(() => tickets.id),
    scheduleId: uuid('schedule_id').references(() => schedules.id),
    reservedBy: uuid('reserved_by').references(() => users.id),
    createdAt: createdAt(),
    releasedBy: uuid('released_by').references(() => users.id),
    releasedAt: timestamptz('released_at'),
  },
  (t) => [
    index('part_reservations_part_idx')
      .on(t.partId)
      .where(sql`${t.releasedAt} is null`),
    index('part_reservations_ticket_idx')
      .on(t.ticketId)
      .where(sql`${t.ticketId} is not null`),
    index('part_reservations_schedule_idx')
      .on(t.scheduleId)
      .where(sql`${t.scheduleId} is not null`),
  ],
);

/**
 * Hours a person worked on a ticket or a maintenance job, once per client id, with the hourly rate
 * they had when recorded (a later rate change leaves past costs as they were). Deleting keeps the row.
 */
export const labourEntries = pgTable(
  'labour_entries',
  {
    id: uuid('id').primaryKey(),
    ticketId: uuid('ticket_id').references(() => tickets.id),
    scheduleId: uuid('schedule_id').references(() => schedules.id),
    personId: uuid('person_id')
      .notNull()
      .references(() => users.id),
    hours: numeric('hours', { precision: 4, scale: 2, mode: 'number' }).notNull(),
    workedOn: date('worked_on', { mode: 'string' }).notNull(),
    note: text('note').notNull().default(''),
    rate: numeric('rate', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    recordedBy: uuid('recorded_by').references(() => users.id),
    clientTime: timestamptz('client_time'),
    createdAt: createdAt(),
    deletedBy: uuid('deleted_by').references(() => users.id),
    deletedAt: timestamptz('deleted_at'),
  },
  (t) => [
    index('labour_entries_ticket_idx')
      .on(t.ticketId)
      .where(sql`${t.ticketId} is not null`),
    index('labour_entries_schedule_idx')
      .on(t.scheduleId)
      .where(sql`${t.scheduleId} is not null`),
    index('labour_entries_worked_on_idx').on(t.workedOn),
  ],
);

/**
 * A part to buy (src/docs/parts.md): requested, decided by an admin, received as receipt moves that
 * name it (stock_moves.purchase_request_id); what was received is summed from those moves.
 */
export const purchaseRequests = pgTable(
  'purchase_requests',
  {
    id: uuid('id').primaryKey(),
    partId: uuid('part_id')
      .notNull()
      .references(() => parts.id),
    quantity: quantity('quantity').notNull(),
    supplier: text('supplier').notNull(),
    neededBy: date('needed_by', { mode: 'string' }).notNull(),
    note: text('note').notNull().default(''),
    status: text('status').$type<PurchaseStatus>().notNull().default('Requested'),
    requestedBy: uuid('requested_by').references(() => users.id),
    decidedBy: uuid('decided_by').references(() => users.id),
    decidedAt: timestamptz('decided_at'),
    decisionNote: text('decision_note'),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('purchase_requests_part_idx').on(t.partId),
    index('purchase_requests_status_idx').on(t.status, t.createdAt.desc()),
  ],
);
