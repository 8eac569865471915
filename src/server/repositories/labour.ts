import { and, asc, eq, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { roleLabels } from '#shared/enums.ts';
import { can, mayRecordLabourFor, type Actor } from '#shared/permissions.ts';
import type { LabourEntry, LabourEntryCreate, LabourQuery } from '#shared/schemas/labour.ts';
import type { Database, Db, Tx } from '../db/client.ts';
import { labourEntries, schedules, tickets, users } from '../db/schema.ts';
import { badRequest, forbidden, notFound } from '../lib/errors.ts';
import { createOnce } from './create-once.ts';
import { workOf, type Work } from './part-work.ts';
import { writeHistoryRows, type ChangeContext } from './record-changes.ts';
import { iso, isoOrNull } from './sql-helpers.ts';

/** Hours worked on tickets and maintenance (src/docs/costs.md), each at the rate of its day. */

const person = alias(users, 'person');
const recorder = alias(users, 'recorder');

function selectEntries(executor: Db | Tx) {
  return executor
    .select({ row: labourEntries, personName: person.name, byName: recorder.name })
    .from(labourEntries)
    .innerJoin(person, eq(person.id, labourEntries.personId))
    .leftJoin(recorder, eq(recorder.id, labourEntries.recordedBy));
}

type Selected = Awaited<ReturnType<ReturnType<typeof selectEntries>['where']>>[number];

const toEntry = ({ row, personName, byName }: Selected): LabourEntry => ({
  _id: row.id,
  ticket: row.ticketId,
  schedule: row.scheduleId,
  person: { _id: row.personId, name: personName },
  hours: row.hours,
  workedOn: row.workedOn,
  note: row.note,
  rate: row.rate,
  by: row.recordedBy ? { _id: row.recordedBy, name: byName ?? '' } : null,
  createdAt: iso(row.createdAt),
  deletedAt: isoOrNull(row.deletedAt),
});

async function loadEntry(executor: Db | Tx, id: string): Promise<LabourEntry | undefined> {
  const [selected] = await selectEntries(executor).where(eq(labourEntries.id, id));
  return selected && toEntry(selected);
}

export const workFilter = (work: { ticket?: string | undefined; schedule?: string | undefined }) =>
  work.ticket ? eq(labourEntries.ticketId, work.ticket) : eq(labourEntries.scheduleId, work.schedule!);

/** The live entries of one piece of work, by the day worked. */
export async function entriesOf(executor: Db | Tx, work: LabourQuery): Promise<LabourEntry[]> {
  const rows = await selectEntries(executor)
    .where(and(workFilter(work), isNull(labourEntries.deletedAt)))
    .orderBy(asc(labourEntries.workedOn), asc(labourEntries.createdAt));
  return rows.map(toEntry);
}

/**
 * A line in the work's history at its current version: hours change what the work cost, not the
 * ticket or job itself, so they do not make a new version that devices would have to sync.
 */
async function noteOnWork(tx: Tx, work: Work, field: string, value: unknown, context: ChangeContext) {
  const [row] = work.ticketId
    ? await tx.select({ version: tickets.version }).from(tickets).where(eq(tickets.id, work.ticketId))
    : await tx.select({ version: schedules.version }).from(schedules).where(eq(schedules.id, work.scheduleId!));
  await writeHistoryRows(tx, {
    entity: work.ticketId ? 'ticket' : 'schedule',
    recordId: (work.ticketId ?? work.scheduleId)!,
    version: row!.version,
    changes: [{ field, oldValue: null, newValue: value }],
    context,
  });
}

const historyValue = (entry: LabourEntry) => ({
  _id: entry._id,
  person: entry.person.name,
  hours: entry.hours,
  workedOn: entry.workedOn,
  note: entry.note,
});

export function createLabourRepository(database: Database) {
  return {
    list: (query: LabourQuery) => entriesOf(database.db, query),

    /** Once per client `_id`; `defaultRate` prices the hours of a person without a rate of their own. */
    create(input: LabourEntryCreate & { note: string }, actor: Actor, context: ChangeContext, defaultRate: number) {
      return database.write(async (tx) => {
        const { id, created } = await createOnce({
          id: input._id,
          userId: context.userId,
          label: 'labour entry',
          findCreator: async (candidate) => {
            const [row] = await tx
              .select({ creator: labourEntries.recordedBy })
              .from(labourEntries)
              .where(eq(labourEntries.id, candidate));
            return row;
          },
          insert: async () => {
            const work = (await workOf(tx, input))!;
            const [worker] = await tx.select({ rate: users.hourlyRate }).from(users).where(eq(users.id, input.person));
            if (!worker) throw badRequest('person: no user with this _id');
            if (!mayRecordLabourFor(actor, input.person, work.people)) {
              throw forbidden(
                `The ${roleLabels[actor.role]} role may record only their own hours, on tickets they reported or are assigned to and maintenance assigned to them: ${work.label} ${input.person === actor._id ? 'is not theirs' : 'is recorded for someone else'}`,
              );
            }
            await tx.insert(labourEntries).values({
              id: input._id,
              ticketId: work.ticketId,
              scheduleId: work.scheduleId,
              personId: input.person,
              hours: input.hours,
              workedOn: input.workedOn,
              note: input.note,
              rate: worker.rate ?? defaultRate,
              recordedBy: context.userId,
              clientTime: context.clientTime ?? null,
            });
            await noteOnWork(tx, work, 'labour', historyValue((await loadEntry(tx, input._id))!), context);
            return input._id;
          },
        });
        return { record: (await loadEntry(tx, id))!, created };
      });
    },

    /** Its author or `labour:manage`; the row stays (a replay of its create still finds it). */
    remove(id: string, actor: Actor, context: ChangeContext): Promise<LabourEntry> {
      return database.write(async (tx) => {
        const entry = await loadEntry(tx, id);
        if (!entry) throw notFound('Labour entry not found');
        if (entry.by?._id !== actor._id && !can(actor.role, 'labour:manage')) {
          throw forbidden(`The ${roleLabels[actor.role]} role may delete only the hours they recorded`);
        }
        if (entry.deletedAt) return entry;
        await tx
          .update(labourEntries)
          .set({ deletedAt: new Date(), deletedBy: actor._id })
          .where(eq(labourEntries.id, id));
        const work = (await workOf(tx, { ticket: entry.ticket ?? undefined, schedule: entry.schedule ?? undefined }))!;
        await noteOnWork(tx, work, 'labourDeleted', historyValue(entry), context);
        return (await loadEntry(tx, id))!;
      });
    },
  };
}
