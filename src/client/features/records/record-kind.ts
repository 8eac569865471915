import type { LucideIcon } from 'lucide-react';
import type { ComponentType, ReactNode } from 'react';
import type { CsvColumn } from '#shared/csv.ts';
import type { Action } from '#shared/permissions.ts';
import type { FileRef, HistoryEntry } from '#shared/schemas/common.ts';
import type { User } from '#shared/schemas/user.ts';
import type { SelectOption } from '#client/components/ui/Field.tsx';
import type { LocalDatabase } from '#client/data/store/db.ts';
import type { QueuedChange } from '#client/data/outbox/writes.ts';
import type { useFormState } from '#client/components/ui/use-form-state.ts';
import type { HistoryEntity, HistoryRecord } from '#client/data/sync/older-records.ts';
import type { ListPage } from '#client/data/store/read-page.ts';

/**
 * A numbered record (a ticket, an incident) as the list and detail scaffolds take it: everything that
 * differs between two kinds of record is declared here, so a third kind is a page of declarations.
 */
export interface NumberedRecord {
  _id: string;
  createdAt: string;
  version: number;
  attachments: FileRef[];
  _pending: number;
  _server: HistoryRecord<HistoryEntity> | null;
}

/** A list's filters: the search box's text and one text value per option filter ('' for none). */
export type ListFilters = { search: string };

/** The option filters of a filter bar, each a select of the filters' field. */
export interface OptionFilter<F> {
  field: Exclude<keyof F & string, 'search'>;
  label: string;
  /** The first option, which filters nothing ('All Status'). */
  all: string;
  options: readonly SelectOption[];
}

/** One column of a table list; on a narrow screen the same cells make a card. */
export interface RecordColumn<R> {
  header: string;
  /** `keep` stores a record shown from the server on this device before a change made in the cell. */
  cell: (record: R, keep: ((record: R) => Promise<void>) | undefined) => ReactNode;
  /** The table column's width (a Tailwind class); the title column takes what is left. */
  width?: string;
  /** Shown in the table only when the list is wide (about 900 px); a card shows it always. */
  wideOnly?: boolean;
}

/** How the list shows its records: a table that becomes cards when narrow, or cards of the kind's own. */
export type RecordLayout<R> =
  | {
      /** The first column's head ('Ticket'). */
      titleHeader: string;
      /** The first cell of a row and the head of a card: number and title. */
      title: (record: R) => ReactNode;
      /** The accessible name of a record ('TKT-000042'). */
      name: (record: R) => string;
      columns: readonly RecordColumn<R>[];
    }
  | { card: ComponentType<{ record: R; onView: () => void; keep?: ((record: R) => Promise<void>) | undefined }> };

export interface RecordListKind<R extends NumberedRecord, F extends ListFilters> {
  entity: HistoryEntity;
  /** The URL search key of an open record (`ticket` in `?ticket=<id>`). */
  searchKey: string;
  /** Plural, lower case: 'tickets', also the export's `/api/tickets/export`. */
  noun: string;
  title: string;
  subtitle?: string;
  emptyIcon: LucideIcon;
  noFilters: F;
  searchLabel: string;
  optionFilters: readonly OptionFilter<F>[];
  /** Shown above the filter bar (the incidents' counters). */
  counters?: ComponentType<{ filters: F }>;
  readPage: (db: LocalDatabase, filters: F, page: number) => Promise<ListPage<R>>;
  readAll: (db: LocalDatabase, filters: F) => Promise<R[]>;
  exportColumns: readonly CsvColumn<R>[];
  create: {
    action: Action;
    label: string;
    icon: LucideIcon;
    /** The form; `search` is the screen's URL search (a new ticket's `machine`). */
    modal: ComponentType<{ onClose: () => void; search: Record<string, unknown> }>;
  };
  layout: RecordLayout<R>;
  /** The details modal, always mounted: closed while no record is open. */
  detail: ComponentType<{ recordId: string | null; onClose: () => void }>;
}

type FormState<Form extends object> = ReturnType<typeof useFormState<Form>>;

export type RecordFieldsProps<Form extends object> = Pick<FormState<Form>, 'form' | 'set' | 'setValue' | 'errors'> & {
  /** Whether this user may change the field. */
  may: (field: keyof Form) => boolean;
};

/** The fields and permissions of a record's edit form (`RecordEditForm`). */
export interface RecordEditKind<R, Form extends object, Valid extends object> {
  /** 'ticket': the form's name ('Edit ticket') and its toasts. */
  noun: string;
  formFrom: (record: R) => Form;
  /** The form as the record's schema takes it. */
  input: (form: Form) => object;
  /** The schema's answer on the form's input: its values, or the inline errors. */
  validate: (input: object, form: Form) => { data: Valid } | { errors: Record<string, string> };
  change: (user: User, record: R, changes: Partial<Valid>, baseVersion: number | null) => QueuedChange;
  fields: (props: RecordFieldsProps<Form>) => ReactNode;
}

/** The detail scaffold's parts (`RecordDetailModal`). */
export interface RecordDetailKind<R extends NumberedRecord> {
  entity: HistoryEntity;
  /** 'ticket': 'New ticket', 'This ticket is not on this device.' */
  noun: string;
  number: (record: R) => string;
  useRecord: (id: string | null) => R | null | undefined;
  /** The fields this user may edit, as `src/shared/permissions.ts` says. */
  editable: (user: User, record: R) => readonly string[] | 'all';
  /** Whether this user sees the status control in the details (everyone when left out). */
  showsStatus?: (user: User) => boolean;
  /** Top left: the badges (and the incidents' title). */
  head: ComponentType<{ record: R }>;
  status: ComponentType<{ record: R }>;
  /** The status control's width: wide enough for its longest status. */
  statusWidth: string;
  /** The edit form (`RecordEditForm` with the kind's fields). */
  edit: ComponentType<{ record: R; editable: readonly string[] | 'all'; onDone: () => void }>;
  /** The fields the edit form holds, when the user may edit fields it does not (a ticket's assignee). */
  editFields?: readonly string[];
  /** The record's own text, replaced by `edit` while editing. */
  view: ComponentType<{ record: R }>;
  /** Between the text and the files (the tickets' facts, the incidents' investigation and actions). */
  sections: ComponentType<{ record: R }>;
  /** After the files (the tickets' comments). */
  after?: ComponentType<{ record: R }>;
  attachmentChange: (user: User, record: R, file: File) => QueuedChange;
  describeHistory?: (record: R) => (entry: HistoryEntry, text: (value: unknown) => string) => string | undefined;
  signers: string[];
}
