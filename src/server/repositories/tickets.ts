import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ticketReporterFields, ticketEditableFields } from '../../shared/permissions.ts';
import type {
  Comment,
  Ticket,
  TicketCreate,
  TicketFilterQuery,
  TicketListQuery,
  TicketPage,
  TicketUpdate,
} from '../../shared/schemas/ticket.ts';
import type { Database, Db, Tx } from '../db/client.ts';
import { machines, ticketComments, tickets, users } from '../db/schema.ts';
import type { Upload } from '../lib/read-uploads.ts';
import { createOnce } from './create-once.ts';
import { assertReferences } from './references.ts';
import { assertItemExists, linkToSource, sourceOf, sourceValues, ticketFromItem } from './ticket-source.ts';
import { attachFile, attachmentsOf, toFileRefs } from './files.ts';
import {
  assertExists,
  assertMayEdit,
  bumpRecord,
  createNumbered,
  listPage,
  matchingRecords,
  numberedHistory,
  recordColumns,
  recordNotFound,
  saveChanges,
  searchWordsOf,
  type Actor,
  type EditRule,
} from './numbered-records.ts';
import { diffPatch, writeChange, type ChangeContext } from './record-changes.ts';
import { recordChange } from './change-effects.ts';
import { iso, isoOrNull } from './sql-helpers.ts';

type TicketRow = typeof tickets.$inferSelect;

const columns: Record<keyof TicketUpdate, keyof TicketRow> = {
  title: 'title',
  description: 'description',
  machine: 'machineId',
  priority: 'priority',
  category: 'category',
  estimatedHours: 'estimatedHours',
  status: 'status',
  assignedTo: 'assignedTo',
};

const editRule: EditRule = {
  entity: 'ticket',
  manage: 'ticket:manage',
  openStatus: 'Pending',
  reporterFields: ticketReporterFields,
  editableFields: ticketEditableFields,
};

const reporter = alias(users, 'reporter');
const assignee = alias(users, 'assignee');

/**
 * resolvedAt is set when the ticket becomes Resolved and kept when it is then Closed; closedAt is
 * set when it becomes Closed. Reopening (Pending, In Progress) clears both.
 */
function statusTimes(row: TicketRow, status: Ticket['status']): Partial<TicketRow> {
  const now = new Date();
  switch (status) {
    case 'Resolved':
      return { resolvedAt: row.resolvedAt ?? now, closedAt: null };
    case 'Closed':
      return { closedAt: now };
    default:
      return { resolvedAt: null, closedAt: null };
  }
}

/** A comment as `commentsOf` hands it over: json has no dates, so its time is text. */
interface CommentJson {
  _id: string;
  comment: string;
  createdAt: string;
  userId: string | null;
  userName: string | null;
}

/** The ticket's comments, oldest first, as one json column of the query that selects the ticket. */
const commentsOf = sql<CommentJson[]>`coalesce((select json_agg(json_build_object('_id', ${ticketComments.id},
  'comment', ${ticketComments.comment}, 'createdAt', ${ticketComments.createdAt}, 'userId', ${users.id},
  'userName', ${users.name}) order by ${ticketComments.createdAt}, ${ticketComments.id})
  from ${ticketComments} left join ${users} on ${users.id} = ${ticketComments.userId}
  where ${ticketComments.ticketId} = ${tickets.id}), '[]'::json)`;

const toComment = (row: CommentJson): Comment => ({
  _id: row._id,
  user: row.userId ? { _id: row.userId, name: row.userName ?? '' } : null,
  timestamp: iso(new Date(row.createdAt)),
  comment: row.comment,
});

/** Full API records with machine, people, comments and attachments, in one query however many tickets. */
async function loadTickets(executor: Db | Tx, ids: string[]): Promise<Ticket[]> {
  if (ids.length === 0) return [];
  const rows = await executor
    .select({
      ticket: recordColumns(tickets),
      machine: {
        _id: machines.id,
        name: machines.name,
        machineId: machines.machineCode,
        department: machines.department,
        location: machines.location,
      },
      reporterName: reporter.name,
      assigneeName: assignee.name,
      comments: commentsOf,
      attachments: attachmentsOf('ticket', tickets.id),
    })
    .from(tickets)
    // Soft-deleted machines still show on the tickets raised against them.
    .leftJoin(machines, eq(machines.id, tickets.machineId))
    .leftJoin(reporter, eq(reporter.id, tickets.reportedBy))
    .leftJoin(assignee, eq(assignee.id, tickets.assignedTo))
    .where(inArray(tickets.id, ids));
  return rows.map(({ ticket: row, machine, reporterName, assigneeName, comments, attachments }) => ({
    _id: row.id,
    ticketNumber: row.ticketNumber,
    title: row.title,
    description: row.description,
    machine,
    priority: row.priority,
    category: row.category,
    status: row.status,
    estimatedHours: row.estimatedHours,
    reportedBy: row.reportedBy ? { _id: row.reportedBy, name: reporterName ?? '' } : null,
    assignedTo: row.assignedTo ? { _id: row.assignedTo, name: assigneeName ?? '' } : null,
    resolvedAt: isoOrNull(row.resolvedAt),
    closedAt: isoOrNull(row.closedAt),
    comments: comments.map(toComment),
    attachments: toFileRefs(attachments),
    source: sourceOf(row),
    version: row.version,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  }));
}

async function loadTicket(executor: Db | Tx, id: string): Promise<Ticket> {
  const [ticket] = await loadTickets(executor, [id]);
  if (!ticket) throw recordNotFound('ticket');
  return ticket;
}

function filtersOf(query: TicketFilterQuery): SQL[] {
  const filters: SQL[] = [];
  if (query.status) filters.push(eq(tickets.status, query.status));
  if (query.priority) filters.push(eq(tickets.priority, query.priority));
  return filters;
}

export function createTicketRepository(database: Database) {
  const { db } = database;

  return {
    async list(query: TicketListQuery): Promise<TicketPage> {
      const { records, ...page } = await listPage(db, 'ticket', filtersOf(query), query, (ids) => loadTickets(db, ids));
      return { tickets: records, ...page };
    },

    /** Every ticket the list's filters and search find, newest first, in batches (the CSV export). */
    exportAll: (query: TicketFilterQuery) =>
      matchingRecords(db, 'ticket', filtersOf(query), query.search, (ids) => loadTickets(db, ids)),

    getMany: (ids: string[], executor: Db | Tx = db) => loadTickets(executor, ids),

    get: (id: string) => loadTicket(db, id),

    async create(input: TicketCreate, context: ChangeContext): Promise<{ record: Ticket; created: boolean }> {
      return database.write(async (tx, changeSeq) => {
        const raised = input.source && (await ticketFromItem(database, tx, input.source));
        if (raised) return { record: await loadTicket(tx, raised), created: false };
        const { id, created } = await createNumbered(tx, 'ticket', input._id, context, async (newId) => {
          await assertReferences(tx, { machine: input.machine });
          if (input.source) await assertItemExists(tx, input.source);
          const [row] = await tx
            .insert(tickets)
            .values({
              ...(newId ? { id: newId } : {}),
              title: input.title,
              description: input.description,
              searchWords: searchWordsOf('ticket', input),
              machineId: input.machine,
              priority: input.priority ?? 'Medium',
              category: input.category ?? 'Mechanical',
              estimatedHours: input.estimatedHours ?? null,
              reportedBy: context.userId,
              ...sourceValues(input.source),
              changeSeq,
            })
            .returning({ id: tickets.id });
          return row!.id;
        });
        if (created && input.source) await linkToSource(tx, changeSeq, input.source, id, context);
        return { record: await loadTicket(tx, id), created };
      });
    },

    async update(id: string, patch: TicketUpdate, actor: Actor, context: ChangeContext) {
      return writeChange(database, 'ticket', id, context, loadTicket, async (tx, changeSeq) => {
        const [row] = await tx.select().from(tickets).where(eq(tickets.id, id));
        if (!row) throw recordNotFound('ticket');
        const changes = diffPatch(row, patch, columns);
        const changed = new Set(changes.map((change) => change.field));
        assertMayEdit(editRule, actor, row, [...changed]);
        await assertReferences(tx, {
          machine: changed.has('machine') ? patch.machine : undefined,
          assignedTo: changed.has('assignedTo') ? patch.assignedTo : undefined,
        });
        const derived = patch.status && changed.has('status') ? statusTimes(row, patch.status) : {};
        const overwritten = await saveChanges(tx, changeSeq, 'ticket', row, changes, derived, context);
        return { record: await loadTicket(tx, id), overwritten };
      });
    },

    async addComment(id: string, input: { _id?: string | undefined; comment: string }, context: ChangeContext) {
      return database.write(async (tx, changeSeq) => {
        await assertExists(tx, 'ticket', id);
        const { created } = await createOnce({
          id: input._id,
          userId: context.userId,
          label: 'comment',
          parent: { id, clash: () => 'A comment with this _id belongs to another ticket' },
          findCreator: async (commentId) => {
            const [row] = await tx
              .select({ creator: ticketComments.userId, parent: ticketComments.ticketId })
              .from(ticketComments)
              .where(eq(ticketComments.id, commentId));
            return row;
          },
          insert: async (commentId) => {
            const [row] = await tx
              .insert(ticketComments)
              .values({
                ...(commentId ? { id: commentId } : {}),
                ticketId: id,
                userId: context.userId,
                comment: input.comment,
              })
              .returning({ id: ticketComments.id });
            const version = await bumpRecord(tx, 'ticket', id, changeSeq);
            const change = { field: 'comment', oldValue: null, newValue: { _id: row!.id, comment: input.comment } };
            await recordChange(tx, 'ticket', id, version, [change], context);
            return row!.id;
          },
        });
        return { record: await loadTicket(tx, id), created };
      });
    },

    assertExists: (id: string) => assertExists(db, 'ticket', id),

    attach: (id: string, upload: Upload, context: ChangeContext) =>
      attachFile(database, 'ticket', id, upload, context, loadTicket),

    history: (id: string) => numberedHistory(db, 'ticket', id),
  };
}

export type TicketRepository = ReturnType<typeof createTicketRepository>;
