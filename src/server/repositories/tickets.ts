import { eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ticketReporterFields, ticketEditableFields } from '#shared/permissions.ts';
import type { Comment, Ticket, TicketCreate, TicketFilterQuery, TicketUpdate } from '#shared/schemas/ticket.ts';
import { endsRepair, failureCodesError, machineTypeOf, needsFailureCodes } from '#shared/failure-codes.ts';
import type { Database, Db, Tx } from '../db/client.ts';
import { badRequest } from '../lib/errors.ts';
import { machines, ticketComments, tickets, users, workRequests } from '../db/schema.ts';
import { createOnce } from './create-once.ts';
import { assertPermitToStart } from './permit-guards.ts';
import { assertReferences } from './references.ts';
import { assertItemExists, linkToSource, sourceOf, sourceValues, ticketFromItem } from './ticket-source.ts';
import { attachmentsOf, toFileRefs } from './files.ts';
import { assertExists, bumpRecord, recordColumns, searchWordsOf, type EditRule } from './numbered-records.ts';
import { loadOne, numberedRepository, type NumberedKind } from './numbered-repository.ts';
import type { ChangeContext } from './record-changes.ts';
import { recordChange } from './change-effects.ts';
import { iso, isoOrNull } from './sql-helpers.ts';
import { idIn } from '../db/id-in.ts';

type TicketRow = typeof tickets.$inferSelect;

const columns: Record<Exclude<keyof TicketUpdate, 'permitOverride'>, keyof TicketRow> = {
  title: 'title',
  description: 'description',
  machine: 'machineId',
  priority: 'priority',
  category: 'category',
  estimatedHours: 'estimatedHours',
  status: 'status',
  assignedTo: 'assignedTo',
  failure: 'failure',
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
      requestCode: workRequests.code,
    })
    .from(tickets)
    // Soft-deleted machines still show on the tickets raised against them.
    .leftJoin(machines, eq(machines.id, tickets.machineId))
    .leftJoin(reporter, eq(reporter.id, tickets.reportedBy))
    .leftJoin(assignee, eq(assignee.id, tickets.assignedTo))
    .leftJoin(workRequests, eq(workRequests.id, tickets.requestId))
    .where(idIn(tickets.id, ids));
  return rows.map(({ ticket: row, machine, reporterName, assigneeName, comments, attachments, requestCode }) => ({
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
    failure: row.failure,
    request: row.requestId && requestCode ? { _id: row.requestId, code: requestCode } : null,
    version: row.version,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  }));
}

function filtersOf(query: TicketFilterQuery): SQL[] {
  const filters: SQL[] = [];
  if (query.status) filters.push(eq(tickets.status, query.status));
  if (query.priority) filters.push(eq(tickets.priority, query.priority));
  return filters;
}

const ticketKind: NumberedKind<'ticket', 'tickets', Ticket, TicketFilterQuery, TicketCreate, TicketUpdate> = {
  entity: 'ticket',
  listKey: 'tickets',
  load: loadTickets,
  filters: filtersOf,
  columns,
  editRule,

  // A ticket raised from an incident's action or a schedule's run is raised once: a second create answers with it.
  existing: async (database, tx, input) => (input.source ? ticketFromItem(database, tx, input.source) : undefined),

  async insert(tx, input, id, changeSeq, context) {
    await assertReferences(tx, { machine: input.machine });
    if (input.source) await assertItemExists(tx, input.source);
    const [row] = await tx
      .insert(tickets)
      .values({
        ...(id ? { id } : {}),
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
  },

  async created(tx, changeSeq, input, id, context) {
    if (input.source) await linkToSource(tx, changeSeq, input.source, id, context);
  },

  async checkUpdate(tx, row, patch, changed, actor) {
    await assertReferences(tx, {
      machine: changed.has('machine') ? patch.machine : undefined,
      assignedTo: changed.has('assignedTo') ? patch.assignedTo : undefined,
    });
    await assertFailureCodes(tx, row, patch, changed);
    const starts = changed.has('status') && patch.status === 'In Progress';
    const notes = starts
      ? await assertPermitToStart(
          tx,
          {
            ticketNumber: row.ticketNumber,
            id: row.id,
            machineId: changed.has('machine') ? (patch.machine ?? null) : row.machineId,
          },
          { reason: patch.permitOverride, actor },
        )
      : [];
    return { derived: patch.status && changed.has('status') ? statusTimes(row, patch.status) : {}, notes };
  },
};

/**
 * A corrective ticket records its failure codes when the repair ends: when it becomes Resolved, or
 * Closed straight from open work (src/docs/failure-codes.md). Codes sent must fit the tree of the
 * machine's type.
 */
async function assertFailureCodes(tx: Tx, row: TicketRow, patch: TicketUpdate, changed: Set<string>) {
  const value = <K extends keyof TicketUpdate & keyof TicketRow>(key: K) =>
    changed.has(key) ? (patch[key] as TicketRow[K]) : row[key];
  const category = value('category');
  const status = value('status');
  const failure = changed.has('failure') ? (patch.failure ?? null) : row.failure;
  if (changed.has('status') && endsRepair(row.status, status) && needsFailureCodes(category) && !failure) {
    throw badRequest(`Record the problem, cause and remedy to resolve a ${category} ticket`);
  }
  if (!changed.has('failure') || !failure) return;
  const machineId = changed.has('machine') ? patch.machine : row.machineId;
  const [machine] = machineId
    ? await tx.select({ department: machines.department }).from(machines).where(eq(machines.id, machineId))
    : [];
  const error = failureCodesError(machineTypeOf(machine?.department), failure);
  if (error) throw badRequest(error);
}

const loadTicket = loadOne(ticketKind);

export function createTicketRepository(database: Database) {
  return {
    ...numberedRepository(database, ticketKind),

    addComment(id: string, input: CommentInput, context: ChangeContext) {
      return database.write(async (tx, changeSeq) => {
        const { created } = await commentIn(tx, changeSeq, id, input, context);
        return { record: await loadTicket(tx, id), created };
      });
    },

    /** A comment inside a write that does more (a work request merged into the ticket). */
    commentIn,
  };
}

type CommentInput = { _id?: string | undefined; comment: string };

async function commentIn(tx: Tx, changeSeq: number, id: string, input: CommentInput, context: ChangeContext) {
  await assertExists(tx, 'ticket', id);
  return createOnce({
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
}

export type TicketRepository = ReturnType<typeof createTicketRepository>;
