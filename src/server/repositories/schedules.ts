import { randomUUID } from 'node:crypto';
import { and, asc, eq, gte, lt, lte, not, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { CheckResult } from '#shared/checklist.ts';
import {
  checklistItemDenied,
  checklistNotAssigned,
  completeNotAssigned,
  mayAnswerChecklist,
  type Actor,
} from '#shared/permissions.ts';
import type { ScheduleStatus } from '#shared/enums.ts';
import { waitsForHours } from '#shared/recurrence.ts';
import { effectiveScheduleStatus } from '#shared/schedule-status.ts';
import type { HistoryEntry, Overwrite } from '#shared/schemas/common.ts';
import type {
  ChecklistItem,
  ChecklistPatch,
  Schedule,
  ScheduleCreate,
  ScheduleListQuery,
  ScheduleUpdate,
} from '#shared/schemas/schedule.ts';
import type { Database, Db, Tx } from '../db/client.ts';
import { machines, schedules, users } from '../db/schema.ts';
import { badRequest, forbidden, notFound } from '../lib/errors.ts';
import { createOnce } from './create-once.ts';
import { assertPermitToStart } from './permit-guards.ts';
import { assertReferences } from './references.ts';
import { readHistory } from './history.ts';
import { createSuccessor, machineHours, seriesChanges } from './schedule-series.ts';
import {
  diffPatch,
  findOverwrites,
  setFromChanges,
  type ChangeContext,
  writeChange,
  type FieldChange,
} from './record-changes.ts';
import { recordChange } from './change-effects.ts';
import { iso, isoOrNull } from './sql-helpers.ts';
import { idIn } from '../db/id-in.ts';

type ScheduleRow = typeof schedules.$inferSelect;
type ItemInput = { _id?: string; task: string; completed?: boolean; notes?: string; result?: CheckResult | null };
type HistoryChange = Pick<FieldChange, 'field' | 'oldValue' | 'newValue'>;
type ScheduleChange = { record: Schedule; overwritten: Overwrite[] };

const columns: Record<Exclude<keyof ScheduleUpdate, 'permitOverride'>, string> = {
  title: 'title',
  description: 'description',
  machine: 'machineId',
  scheduledDate: 'scheduledDate',
  estimatedDuration: 'estimatedDuration',
  priority: 'priority',
  status: 'status',
  assignedTo: 'assignedTo',
  checklist: 'checklist',
  recurrence: 'recurrence',
  dueHours: 'dueHours',
};

const itemFields = ['task', 'completed', 'notes', 'result'] as const;

/** jsonb hands keys back in its own order; rebuilding items keeps comparisons and responses stable. */
function toItem(item: ItemInput): ChecklistItem {
  return {
    _id: item._id ?? randomUUID(),
    task: item.task,
    completed: item.completed ?? false,
    notes: item.notes ?? '',
    result: item.result ?? null,
  };
}

function toChecklist(items: ItemInput[]): ChecklistItem[] {
  const checklist = items.map(toItem);
  if (new Set(checklist.map((item) => item._id)).size !== checklist.length) {
    throw badRequest('checklist: each item _id must be unique');
  }
  return checklist;
}

const completer = alias(users, 'completer');
const selection = {
  row: schedules,
  machineName: machines.name,
  machineHours: machines.operatingHours,
  assigneeName: users.name,
  completerName: completer.name,
};
type Selected = {
  row: ScheduleRow;
  machineName: string | null;
  machineHours: number | null;
  assigneeName: string | null;
  completerName: string | null;
};

/** A meter-based occurrence whose machine has not run to its due hours yet (shared/recurrence.ts). */
const waitingForHours = sql`(${schedules.dueHours} is not null and ${machines.operatingHours} < ${schedules.dueHours})`;

function toSchedule(
  { row, machineName, machineHours, assigneeName, completerName }: Selected,
  now = new Date(),
): Schedule {
  const waiting = waitsForHours(row, machineHours ?? undefined);
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    status: effectiveScheduleStatus(row.status, row.scheduledDate, now, waiting),
    priority: row.priority,
    scheduledDate: iso(row.scheduledDate),
    estimatedDuration: row.estimatedDuration,
    machine: row.machineId ? { _id: row.machineId, name: machineName ?? '' } : null,
    assignedTo: row.assignedTo ? { _id: row.assignedTo, name: assigneeName ?? '' } : null,
    checklist: row.checklist.map(toItem),
    completedAt: isoOrNull(row.completedAt),
    completedBy: row.completedBy ? { _id: row.completedBy, name: completerName ?? '' } : null,
    recurrence: row.recurrence,
    seriesId: row.seriesId,
    seriesStart: isoOrNull(row.seriesStart),
    dueHours: row.dueHours,
    version: row.version,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

/** The stored status as reported: a Scheduled item whose date has passed counts as Overdue. */
function statusFilter(status: ScheduleStatus, now: Date): SQL {
  if (status === 'Overdue') {
    return or(
      eq(schedules.status, 'Overdue'),
      and(eq(schedules.status, 'Scheduled'), lt(schedules.scheduledDate, now), not(waitingForHours)),
    )!;
  }
  if (status === 'Scheduled') {
    return and(eq(schedules.status, 'Scheduled'), or(gte(schedules.scheduledDate, now), waitingForHours))!;
  }
  return eq(schedules.status, status);
}

/** completedAt and completedBy follow the status: set on entering Completed, cleared on leaving it. */
function completionChanges(row: ScheduleRow, changes: FieldChange[], userId: string): FieldChange[] {
  const status = changes.find((change) => change.field === 'status');
  if (!status || (status.newValue !== 'Completed' && row.completedAt === null)) return [];
  const completed = status.newValue === 'Completed';
  return [
    { field: 'completedAt', column: 'completedAt', oldValue: row.completedAt, newValue: completed ? new Date() : null },
    { field: 'completedBy', column: 'completedBy', oldValue: row.completedBy, newValue: completed ? userId : null },
  ];
}

/**
 * Replacing the whole checklist also replaces what others wrote to single items
 * (`checklist.<itemId>.<field>`), so those count as overwrites too.
 */
function itemOverwriteProbes(before: ChecklistItem[], after: ChecklistItem[]): FieldChange[] {
  const probes: FieldChange[] = [];
  for (const old of before) {
    const next = after.find((item) => item._id === old._id);
    for (const field of itemFields) {
      if (next?.[field] === old[field]) continue;
      probes.push({
        field: `checklist.${old._id}.${field}`,
        column: 'checklist',
        oldValue: old[field],
        newValue: next?.[field] ?? null,
      });
    }
  }
  return probes;
}

export function createScheduleRepository(database: Database) {
  const { db } = database;

  const selectSchedules = (executor: Db | Tx) =>
    executor
      .select(selection)
      .from(schedules)
      .leftJoin(machines, eq(machines.id, schedules.machineId))
      .leftJoin(users, eq(users.id, schedules.assignedTo))
      .leftJoin(completer, eq(completer.id, schedules.completedBy));

  async function load(executor: Db | Tx, id: string): Promise<Schedule> {
    const [selected] = await selectSchedules(executor).where(eq(schedules.id, id));
    if (!selected) throw notFound('Schedule not found');
    return toSchedule(selected);
  }

  async function findRow(executor: Db | Tx, id: string): Promise<ScheduleRow> {
    const [row] = await executor.select().from(schedules).where(eq(schedules.id, id));
    if (!row) throw notFound('Schedule not found');
    return row;
  }

  async function save(
    tx: Tx,
    changeSeq: number,
    row: ScheduleRow,
    set: Partial<ScheduleRow>,
    history: HistoryChange[],
    context: ChangeContext,
  ): Promise<Schedule> {
    const version = row.version + 1;
    await tx
      .update(schedules)
      .set({ ...set, version, updatedAt: new Date(), changeSeq })
      .where(eq(schedules.id, row.id));
    await recordChange(tx, 'schedule', row.id, version, history, context);
    return load(tx, row.id);
  }

  /** A planner's edit (PUT) or a completion: the changed fields with their history, then the series' next occurrence. */
  async function applyUpdate(
    tx: Tx,
    changeSeq: number,
    row: ScheduleRow,
    patch: ScheduleUpdate,
    actor: Actor,
    context: ChangeContext,
  ): Promise<ScheduleChange> {
    const id = row.id;
    const stored = { ...row, checklist: row.checklist.map(toItem) };
    const checklist = patch.checklist && toChecklist(patch.checklist);
    const changes = diffPatch(stored, { ...patch, checklist }, columns);
    if (changes.length === 0) return { record: await load(tx, id), overwritten: [] };
    const changed = (field: string) => changes.some((change) => change.field === field);
    await assertReferences(tx, {
      machine: changed('machine') ? patch.machine : undefined,
      assignedTo: changed('assignedTo') ? patch.assignedTo : undefined,
    });
    const probes = checklist ? itemOverwriteProbes(stored.checklist, checklist) : [];
    const overwritten = await findOverwrites(tx, 'schedule', id, [...changes, ...probes], context);
    const next = { ...row, ...setFromChanges(changes) };
    const starts = changes.some((change) => change.field === 'status' && change.newValue === 'In Progress');
    const notes = starts
      ? await assertPermitToStart(
          tx,
          { title: next.title, id, machineId: next.machineId },
          { reason: patch.permitOverride, actor },
        )
      : [];
    const all = [
      ...changes,
      ...completionChanges(row, changes, context.userId),
      ...(await seriesChanges(tx, row, next)),
    ];
    const record = await save(tx, changeSeq, row, setFromChanges(all), [...all, ...notes], context);
    if (record.status === 'Completed' && changed('status')) {
      await createSuccessor(tx, changeSeq, await findRow(tx, id), context);
    }
    return { record, overwritten };
  }

  return {
    async list(query: ScheduleListQuery): Promise<Schedule[]> {
      const now = new Date();
      const filters: SQL[] = [];
      if (query.status) filters.push(statusFilter(query.status, now));
      if (query.priority) filters.push(eq(schedules.priority, query.priority));
      if (query.machine) filters.push(eq(schedules.machineId, query.machine));
      if (query.assignee) filters.push(eq(schedules.assignedTo, query.assignee));
      if (query.from) filters.push(gte(schedules.scheduledDate, new Date(query.from)));
      if (query.to) filters.push(lte(schedules.scheduledDate, new Date(query.to)));
      const rows = await selectSchedules(db)
        .where(and(...filters))
        .orderBy(asc(schedules.scheduledDate), asc(schedules.id));
      return rows.map((selected) => toSchedule(selected, now));
    },

    /** Every schedule dated in the month, in UTC; meter-based ones once their hours are reached. */
    async calendar(year: number, month: number): Promise<Schedule[]> {
      const now = new Date();
      const rows = await selectSchedules(db)
        .where(
          and(
            gte(schedules.scheduledDate, new Date(Date.UTC(year, month - 1, 1))),
            lt(schedules.scheduledDate, new Date(Date.UTC(year, month, 1))),
            not(waitingForHours),
          ),
        )
        .orderBy(asc(schedules.scheduledDate), asc(schedules.id));
      return rows.map((selected) => toSchedule(selected, now));
    },

    async getMany(ids: string[], executor: Db | Tx = db): Promise<Schedule[]> {
      if (ids.length === 0) return [];
      const rows = await selectSchedules(executor).where(idIn(schedules.id, ids));
      return rows.map((selected) => toSchedule(selected));
    },

    get: (id: string) => load(db, id),

    async history(id: string): Promise<HistoryEntry[]> {
      await findRow(db, id);
      return readHistory(db, 'schedule', id);
    },

    async create(input: ScheduleCreate & { _id?: string }, context: ChangeContext) {
      return database.write(async (tx, changeSeq) => {
        const result = await createOnce({
          id: input._id,
          userId: context.userId,
          label: 'schedule',
          // An occurrence of a series is one per due point, whoever made it (schedule-series.ts).
          findCreator: async (id) => {
            const [row] = await tx
              .select({ creator: schedules.createdBy, seriesId: schedules.seriesId })
              .from(schedules)
              .where(eq(schedules.id, id));
            const sameSeries = row?.seriesId != null && row.seriesId === input.seriesId;
            return row && { creator: sameSeries ? context.userId : row.creator };
          },
          insert: async (id) => {
            await assertReferences(tx, { machine: input.machine, assignedTo: input.assignedTo });
            const status = input.status ?? 'Scheduled';
            const recordId = id ?? randomUUID();
            if (status === 'In Progress') {
              await assertPermitToStart(tx, { title: input.title, id: recordId, machineId: input.machine }, null);
            }
            const recurrence = input.recurrence ?? null;
            const scheduledDate = new Date(input.scheduledDate);
            const meterDue =
              recurrence?.unit === 'hours' ? (await machineHours(tx, input.machine)) + recurrence.every : null;
            const [row] = await tx
              .insert(schedules)
              .values({
                id: recordId,
                title: input.title,
                description: input.description ?? '',
                status,
                priority: input.priority ?? 'Medium',
                scheduledDate,
                estimatedDuration: input.estimatedDuration ?? 1,
                machineId: input.machine,
                assignedTo: input.assignedTo ?? null,
                checklist: toChecklist(input.checklist ?? []),
                completedAt: status === 'Completed' ? new Date() : null,
                completedBy: status === 'Completed' ? context.userId : null,
                recurrence,
                seriesId: input.seriesId ?? (recurrence ? recordId : null),
                seriesStart: input.seriesStart ? new Date(input.seriesStart) : recurrence ? scheduledDate : null,
                dueHours: input.dueHours ?? meterDue,
                createdBy: context.userId,
                changeSeq,
              })
              .returning();
            await recordChange(
              tx,
              'schedule',
              row!.id,
              1,
              [{ field: 'created', oldValue: null, newValue: true }],
              context,
            );
            if (status === 'Completed') await createSuccessor(tx, changeSeq, row!, context);
            return row!.id;
          },
        });
        return { record: await load(tx, result.id), created: result.created };
      });
    },

    update(id: string, patch: ScheduleUpdate, actor: Actor, context: ChangeContext): Promise<ScheduleChange> {
      return writeChange(database, 'schedule', id, context, load, async (tx, changeSeq) =>
        applyUpdate(tx, changeSeq, await findRow(tx, id), patch, actor, context),
      );
    },

    /**
     * Completes a job, for whoever may answer its checklist (src/docs/checklists.md); one already
     * Completed is answered as it is.
     */
    complete(id: string, actor: Actor, context: ChangeContext): Promise<ScheduleChange> {
      return writeChange(database, 'schedule', id, context, load, async (tx, changeSeq) => {
        const row = await findRow(tx, id);
        const assignee = row.assignedTo ? { _id: row.assignedTo } : null;
        if (!mayAnswerChecklist(actor, { assignedTo: assignee })) throw forbidden(completeNotAssigned);
        return applyUpdate(tx, changeSeq, row, { status: 'Completed' }, actor, context);
      });
    },

    async patchChecklistItem(
      id: string,
      itemId: string | number,
      patch: ChecklistPatch,
      actor: Actor,
      context: ChangeContext,
    ): Promise<{ record: Schedule; overwritten: Overwrite[] }> {
      return writeChange(database, 'schedule', id, context, load, async (tx, changeSeq) => {
        const row = await findRow(tx, id);
        const assignee = row.assignedTo ? { _id: row.assignedTo } : null;
        if (!mayAnswerChecklist(actor, { assignedTo: assignee })) throw forbidden(checklistNotAssigned);
        const checklist = row.checklist.map(toItem);
        const index = typeof itemId === 'number' ? itemId : checklist.findIndex((item) => item._id === itemId);
        const item = checklist[index];
        if (!item) throw notFound('Checklist item not found');
        const changed = itemFields.filter((field) => patch[field] !== undefined && patch[field] !== item[field]);
        const denied = checklistItemDenied(actor, changed);
        if (denied) throw forbidden(denied);
        if (changed.length === 0) return { record: await load(tx, id), overwritten: [] };
        const changes: FieldChange[] = changed.map((field) => ({
          field: `checklist.${item._id}.${field}`,
          column: 'checklist',
          oldValue: item[field],
          newValue: patch[field],
        }));
        const overwritten = await findOverwrites(tx, 'schedule', id, changes, context);
        checklist[index] = toItem({
          ...item,
          ...Object.fromEntries(
            itemFields.filter((field) => patch[field] !== undefined).map((field) => [field, patch[field]]),
          ),
        });
        return { record: await save(tx, changeSeq, row, { checklist }, changes, context), overwritten };
      });
    },
  };
}

export type ScheduleRepository = ReturnType<typeof createScheduleRepository>;
