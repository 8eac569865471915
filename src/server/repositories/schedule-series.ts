import { and, eq, gt, isNotNull, lte, ne } from 'drizzle-orm';
import { freshChecklist, successorOf, type Occurrence } from '#shared/recurrence.ts';
import type { Database, Tx } from '../db/client.ts';
import { machines, schedules } from '../db/schema.ts';
import { lockRecord, type ChangeContext, type FieldChange } from './record-changes.ts';
import { recordChange } from './change-effects.ts';
import { iso, isoOrNull } from './sql-helpers.ts';

type ScheduleRow = typeof schedules.$inferSelect;

export const asOccurrence = (row: ScheduleRow): Occurrence => ({
  _id: row.id,
  scheduledDate: iso(row.scheduledDate),
  recurrence: row.recurrence,
  seriesId: row.seriesId,
  seriesStart: isoOrNull(row.seriesStart),
  dueHours: row.dueHours,
});

export async function machineHours(tx: Tx, machineId: string | null): Promise<number> {
  if (!machineId) return 0;
  const [row] = await tx.select({ hours: machines.operatingHours }).from(machines).where(eq(machines.id, machineId));
  return row?.hours ?? 0;
}

/**
 * What a schedule that starts repeating also gets: a series of its own starting at its date, and for
 * a meter-based one a due point `every` hours past its machine's hours when no due point is given.
 */
export async function seriesChanges(
  tx: Tx,
  row: ScheduleRow,
  next: Pick<ScheduleRow, 'recurrence' | 'dueHours' | 'scheduledDate' | 'machineId'>,
): Promise<FieldChange[]> {
  const recurrence = next.recurrence;
  if (!recurrence) return [];
  const changes: FieldChange[] = [];
  if (!row.seriesId) {
    changes.push({ field: 'seriesId', column: 'seriesId', oldValue: null, newValue: row.id });
    changes.push({ field: 'seriesStart', column: 'seriesStart', oldValue: null, newValue: next.scheduledDate });
  }
  if (recurrence.unit === 'hours' && next.dueHours === null) {
    const dueHours = (await machineHours(tx, next.machineId)) + recurrence.every;
    changes.push({ field: 'dueHours', column: 'dueHours', oldValue: row.dueHours, newValue: dueHours });
  }
  return changes;
}

/**
 * The occurrence after a completed one. Its id is derived from the series and its due point, so the
 * devices that completed it offline and queued the same next occurrence find it made, not a second one.
 */
export async function createSuccessor(tx: Tx, changeSeq: number, completed: ScheduleRow, context: ChangeContext) {
  const next = successorOf(asOccurrence(completed), await machineHours(tx, completed.machineId), new Date());
  if (!next) return;
  const inserted = await tx
    .insert(schedules)
    .values({
      id: next._id,
      title: completed.title,
      description: completed.description,
      status: 'Scheduled',
      priority: completed.priority,
      scheduledDate: new Date(next.scheduledDate),
      estimatedDuration: completed.estimatedDuration,
      machineId: completed.machineId,
      assignedTo: completed.assignedTo,
      checklist: freshChecklist(next._id, completed.checklist),
      recurrence: completed.recurrence,
      seriesId: completed.seriesId ?? completed.id,
      seriesStart: completed.seriesStart,
      dueHours: next.dueHours,
      createdBy: context.userId,
      changeSeq,
    })
    .onConflictDoNothing({ target: schedules.id })
    .returning({ id: schedules.id });
  if (inserted.length === 0) return;
  await recordChange(tx, 'schedule', next._id, 1, [{ field: 'created', oldValue: null, newValue: true }], context);
}

/**
 * Meter-based occurrences of a machine whose due hours a new reading reached: they turn due on the
 * reading's date, which puts them on the calendar.
 */
export async function dueByReading(
  database: Database,
  tx: Tx,
  changeSeq: number,
  reading: { machineId: string; before: number; hours: number; readAt: Date },
  context: ChangeContext,
) {
  const reached = await tx
    .select({ id: schedules.id })
    .from(schedules)
    .where(
      and(
        eq(schedules.machineId, reading.machineId),
        isNotNull(schedules.dueHours),
        gt(schedules.dueHours, reading.before),
        lte(schedules.dueHours, reading.hours),
        ne(schedules.status, 'Completed'),
      ),
    );
  for (const { id } of reached) {
    await lockRecord(database, tx, 'schedule', id);
    const [row] = await tx.select().from(schedules).where(eq(schedules.id, id));
    const version = row!.version + 1;
    await tx
      .update(schedules)
      .set({ scheduledDate: reading.readAt, version, updatedAt: new Date(), changeSeq })
      .where(eq(schedules.id, id));
    const change = { field: 'scheduledDate', oldValue: row!.scheduledDate, newValue: reading.readAt };
    await recordChange(tx, 'schedule', id, version, [change], context);
  }
}
