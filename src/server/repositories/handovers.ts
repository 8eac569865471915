import { alias } from 'drizzle-orm/pg-core';
import { and, desc, eq, sql } from 'drizzle-orm';
import { excerpt } from '#shared/inbox.ts';
import { shiftName, type Handover, type HandoverDraft, type HandoverListQuery } from '#shared/schemas/handover.ts';
import { currentShift, nextShift, shiftStartingAt, type Shift, type ShiftPlan } from '#shared/shifts.ts';
import type { Database, Db, Tx } from '../db/client.ts';
import { handovers, users } from '../db/schema.ts';
import { badRequest, conflict, notFound } from '../lib/errors.ts';
import { recordChange } from './change-effects.ts';
import { createOnce } from './create-once.ts';
import { handoverContents } from './handover-contents.ts';
import { noticeHandover, settleHandoverNotices } from './handover-notices.ts';
import { readHistory } from './history.ts';
import { writeChange, type ChangeContext } from './record-changes.ts';

type Row = typeof handovers.$inferSelect;

const writer = alias(users, 'writer');
const acknowledger = alias(users, 'acknowledger');

const userRef = (id: string | null, name: string | null) => (id ? { _id: id, name: name ?? '' } : null);

interface Selected {
  row: Row;
  writerName: string | null;
  acknowledgerName: string | null;
}

function toHandover({ row, writerName, acknowledgerName }: Selected): Handover {
  return {
    _id: row.id,
    department: row.department,
    shiftStart: row.shiftStart.toISOString(),
    shiftEnd: row.shiftEnd.toISOString(),
    shiftLabel: row.shiftLabel,
    shiftDay: row.shiftDay,
    notes: row.notes,
    contents: row.contents,
    writtenBy: userRef(row.writtenBy, writerName),
    writtenAt: row.writtenAt.toISOString(),
    acknowledgedBy: userRef(row.acknowledgedBy, acknowledgerName),
    acknowledgedAt: row.acknowledgedAt?.toISOString() ?? null,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  };
}

function selectHandovers(executor: Db | Tx) {
  return executor
    .select({ row: handovers, writerName: writer.name, acknowledgerName: acknowledger.name })
    .from(handovers)
    .leftJoin(writer, eq(writer.id, handovers.writtenBy))
    .leftJoin(acknowledger, eq(acknowledger.id, handovers.acknowledgedBy));
}

async function load(executor: Db | Tx, id: string): Promise<Handover> {
  const [found] = await selectHandovers(executor).where(eq(handovers.id, id));
  if (!found) throw notFound('Handover not found');
  return toHandover(found);
}

const shiftInfo = (shift: Shift) => ({
  start: shift.start.toISOString(),
  end: shift.end.toISOString(),
  label: shift.label,
  day: shift.day,
});

export interface HandoverInput {
  _id?: string;
  department: string;
  shiftStart: string;
  notes: string;
}

/**
 * Shift handovers (src/docs/shift-handover.md). The server lists the shift's contents when the
 * handover is written, so what was handed over is what the database held then, whoever wrote it.
 */
export function createHandoverRepository(database: Database) {
  /** The shift a handover is written for: one of the plan that has begun. */
  function shiftToHandOver(start: string, plan: ShiftPlan, now: Date): Shift {
    const shift = shiftStartingAt(new Date(start), plan);
    const shifts = plan.shifts.map((item) => `${item.start}–${item.end}`).join(', ');
    if (!shift) throw badRequest(`shiftStart must be the start of one of the plant's shifts (${shifts})`);
    if (shift.start > now) throw badRequest('This shift has not begun: the shift that is ending writes its handover');
    return shift;
  }

  async function assertShiftFree(tx: Tx, department: string, shift: Shift) {
    const [taken] = await selectHandovers(tx).where(
      and(eq(handovers.department, department), eq(handovers.shiftStart, shift.start)),
    );
    if (taken) {
      const by = taken.writerName ? ` by ${taken.writerName}` : '';
      throw conflict(`The ${shift.label} shift of ${shift.day} in ${department} was already handed over${by}`);
    }
  }

  return {
    get: (id: string) => load(database.db, id),

    async list(query: HandoverListQuery): Promise<Handover[]> {
      const rows = await selectHandovers(database.db)
        .where(query.department ? eq(handovers.department, query.department) : undefined)
        .orderBy(desc(handovers.shiftStart), handovers.department)
        .limit(query.limit);
      return rows.map(toHandover);
    },

    /** Every handover, newest shift first, in batches of 500 read by key range (the CSV export). */
    async *exportAll(department: string | undefined): AsyncGenerator<Handover[]> {
      const batch = 500;
      let after: { shiftStart: Date; id: string } | undefined;
      for (;;) {
        const rows = await selectHandovers(database.db)
          .where(
            and(
              department ? eq(handovers.department, department) : undefined,
              after &&
                sql`(${handovers.shiftStart}, ${handovers.id}) < (${after.shiftStart.toISOString()}::timestamptz, ${after.id}::uuid)`,
            ),
          )
          .orderBy(desc(handovers.shiftStart), desc(handovers.id))
          .limit(batch);
        if (rows.length > 0 || !after) yield rows.map(toHandover);
        if (rows.length < batch) return;
        after = { shiftStart: rows.at(-1)!.row.shiftStart, id: rows.at(-1)!.row.id };
      }
    },

    /** What a handover of the shift running now (or of `shiftStart`) would list. */
    async draft(department: string, plan: ShiftPlan, shiftStart?: string): Promise<HandoverDraft> {
      const now = new Date();
      const shift = shiftStart ? shiftToHandOver(shiftStart, plan, now) : currentShift(now, plan);
      const next = nextShift(shift, plan);
      const contents = await handoverContents(database.db, { department, shift, next, now, timeZone: plan.timeZone });
      return { shift: shiftInfo(shift), nextShift: shiftInfo(next), contents };
    },

    async create(input: HandoverInput, plan: ShiftPlan, context: ChangeContext) {
      const now = new Date();
      const shift = shiftToHandOver(input.shiftStart, plan, now);
      return database.write(async (tx, changeSeq) => {
        const { id, created } = await createOnce({
          id: input._id,
          userId: context.userId,
          label: 'handover',
          findCreator: async (candidate) => {
            const [row] = await tx
              .select({ creator: handovers.writtenBy })
              .from(handovers)
              .where(eq(handovers.id, candidate));
            return row;
          },
          insert: async (candidate) => {
            await assertShiftFree(tx, input.department, shift);
            const next = nextShift(shift, plan);
            const window = { department: input.department, shift, next, now, timeZone: plan.timeZone };
            const contents = await handoverContents(tx, window);
            const [row] = await tx
              .insert(handovers)
              .values({
                ...(candidate ? { id: candidate } : {}),
                department: input.department,
                shiftStart: shift.start,
                shiftEnd: shift.end,
                shiftLabel: shift.label,
                shiftDay: shift.day,
                notes: input.notes,
                contents,
                writtenBy: context.userId,
                writtenAt: now,
              })
              .returning({ id: handovers.id });
            const changes = [
              { field: 'created', oldValue: null, newValue: true },
              { field: 'notes', oldValue: null, newValue: input.notes },
            ];
            await recordChange(tx, 'handover', row!.id, 1, changes, context);
            const title = shiftName({ department: input.department, shiftDay: shift.day, shiftLabel: shift.label });
            const written = { id: row!.id, department: input.department, title, writerId: context.userId };
            await noticeHandover(tx, changeSeq, written, excerpt(input.notes));
            return row!.id;
          },
        });
        return { record: await load(tx, id), created };
      });
    },

    /**
     * The incoming shift has read it: who and when, once. Acknowledging an acknowledged handover
     * changes nothing; its writer cannot acknowledge it.
     */
    acknowledge(id: string, context: ChangeContext) {
      return writeChange(database, 'handover', id, context, load, async (tx, changeSeq) => {
        const record = await load(tx, id);
        if (record.writtenBy?._id === context.userId) {
          throw badRequest('You wrote this handover: someone of the incoming shift acknowledges it');
        }
        if (record.acknowledgedAt) return { record, overwritten: [] };
        const at = new Date();
        const version = record.version + 1;
        await tx
          .update(handovers)
          .set({ acknowledgedBy: context.userId, acknowledgedAt: at, version, updatedAt: at })
          .where(eq(handovers.id, id));
        const changes = [
          { field: 'acknowledgedBy', oldValue: null, newValue: context.userId },
          { field: 'acknowledgedAt', oldValue: null, newValue: at.toISOString() },
        ];
        await recordChange(tx, 'handover', id, version, changes, context);
        await settleHandoverNotices(tx, changeSeq, id);
        return { record: await load(tx, id), overwritten: [] };
      });
    },

    async history(id: string) {
      await load(database.db, id);
      return readHistory(database.db, 'handover', id);
    },
  };
}
