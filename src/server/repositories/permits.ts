import { and, desc, eq, isNull, notInArray, sql, type SQL } from 'drizzle-orm';
import { excerpt } from '#shared/inbox.ts';
import type { Actor } from '#shared/permissions.ts';
import { finishedPermitStatuses, permitStepDenied, permitTypeLabels, type PermitStatus } from '#shared/permits.ts';
import type { Permit, PermitCreate, PermitExportQuery, PermitListQuery, PermitUpdate } from '#shared/schemas/permit.ts';
import type { Database } from '../db/client.ts';
import { machines, permits, schedules, tickets } from '../db/schema.ts';
import { badRequest, conflict, forbidden } from '../lib/errors.ts';
import { recordChange } from './change-effects.ts';
import { createOnce } from './create-once.ts';
import { readHistory } from './history.ts';
import { noticePermitApproved, noticePermitRequested, settlePermitRequested } from './permit-notices.ts';
import { bumpPermit, createPermitLockWrites } from './permit-locks.ts';
import { load, withLocks, selectPermits } from './permit-rows.ts';
import { assertHotWorkOnly, assertStep, mayEdit, permitTitle } from './permit-rules.ts';
import { diffPatch, findOverwrites, setFromChanges, writeChange, type ChangeContext } from './record-changes.ts';

const editableColumns = {
  description: 'description',
  gasTest: 'gasTest',
  fireWatch: 'fireWatch',
  fireWatchUntil: 'fireWatchUntil',
  status: 'status',
} as const;

function filters(query: PermitExportQuery): SQL | undefined {
  const status =
    query.status === 'open'
      ? notInArray(permits.status, [...finishedPermitStatuses])
      : query.status
        ? eq(permits.status, query.status)
        : undefined;
  return and(
    status,
    query.department ? eq(machines.department, query.department as typeof machines.$inferSelect.department) : undefined,
    query.machine ? eq(permits.machineId, query.machine) : undefined,
  );
}

/**
 * Permits to work and their locks (src/docs/permits.md). Every write locks the permit first, so two
 * devices changing it take turns: the first lock on a point wins, the second is told who holds it.
 */
export function createPermitRepository(database: Database) {
  return {
    get: (id: string) => load(database.db, id),

    async list(query: PermitListQuery): Promise<Permit[]> {
      const rows = await selectPermits(database.db)
        .where(filters(query))
        .orderBy(desc(permits.createdAt), desc(permits.id))
        .limit(query.limit);
      return withLocks(database.db, rows);
    },

    /** Every permit the filters match, newest first, in batches of 500 read by key range (the CSV export). */
    async *exportAll(query: PermitExportQuery): AsyncGenerator<Permit[]> {
      const batch = 500;
      let after: { createdAt: Date; id: string } | undefined;
      for (;;) {
        const rows = await selectPermits(database.db)
          .where(
            and(
              filters(query),
              after &&
                sql`(${permits.createdAt}, ${permits.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)`,
            ),
          )
          .orderBy(desc(permits.createdAt), desc(permits.id))
          .limit(batch);
        if (rows.length > 0 || !after) yield await withLocks(database.db, rows);
        if (rows.length < batch) return;
        after = { createdAt: rows.at(-1)!.row.createdAt, id: rows.at(-1)!.row.id };
      }
    },

    async history(id: string) {
      await load(database.db, id);
      return readHistory(database.db, 'permit', id);
    },

    create(input: PermitCreate, context: ChangeContext) {
      return database.write(async (tx, changeSeq) => {
        const { id, created } = await createOnce({
          id: input._id,
          userId: context.userId,
          label: 'permit',
          findCreator: async (candidate) => {
            const [row] = await tx
              .select({ creator: permits.requestedBy })
              .from(permits)
              .where(eq(permits.id, candidate));
            return row;
          },
          insert: async (candidate) => {
            const [machine] = await tx
              .select({ id: machines.id, name: machines.name })
              .from(machines)
              .where(and(eq(machines.id, input.machine), isNull(machines.deletedAt)));
            if (!machine) throw badRequest('Machine not found');
            if ((input.ticket ? 1 : 0) + (input.schedule ? 1 : 0) !== 1) {
              throw badRequest(
                'A permit is for one ticket or one maintenance schedule: give exactly one of ticket or schedule',
              );
            }
            if (input.ticket) {
              const [ticket] = await tx
                .select({ number: tickets.ticketNumber, machineId: tickets.machineId })
                .from(tickets)
                .where(eq(tickets.id, input.ticket));
              if (!ticket) throw badRequest('Ticket not found');
              if (ticket.machineId !== machine.id) {
                throw badRequest(
                  `Ticket ${ticket.number} is not on ${machine.name}: a permit covers work on one machine`,
                );
              }
            }
            if (input.schedule) {
              const [schedule] = await tx
                .select({ title: schedules.title, machineId: schedules.machineId })
                .from(schedules)
                .where(eq(schedules.id, input.schedule));
              if (!schedule) throw badRequest('Maintenance schedule not found');
              if (schedule.machineId !== machine.id) {
                throw badRequest(
                  `Maintenance "${schedule.title}" is not on ${machine.name}: a permit covers work on one machine`,
                );
              }
            }
            assertHotWorkOnly(input.type, input);
            const [row] = await tx
              .insert(permits)
              .values({
                ...(candidate ? { id: candidate } : {}),
                machineId: machine.id,
                ticketId: input.ticket ?? null,
                scheduleId: input.schedule ?? null,
                type: input.type,
                description: input.description ?? '',
                gasTest: input.gasTest ?? null,
                fireWatch: input.fireWatch ?? null,
                fireWatchUntil: input.fireWatchUntil ? new Date(input.fireWatchUntil) : null,
                requestedBy: context.userId,
              })
              .returning({ id: permits.id, permitNumber: permits.permitNumber });
            const permitId = row!.id;
            const changes = [
              { field: 'created', oldValue: null, newValue: true },
              { field: 'status', oldValue: null, newValue: 'Requested' },
              { field: 'type', oldValue: null, newValue: input.type },
              ...(['description', 'gasTest', 'fireWatch', 'fireWatchUntil'] as const)
                .filter((field) => input[field] != null && input[field] !== '')
                .map((field) => ({ field, oldValue: null, newValue: input[field] })),
            ];
            await recordChange(tx, 'permit', permitId, 1, changes, context);
            await noticePermitRequested(tx, changeSeq, {
              permitId,
              title: `${row!.permitNumber} · ${machine.name}`,
              detail: [permitTypeLabels[input.type], excerpt(input.description ?? '')].filter(Boolean).join(': '),
              byId: context.userId,
            });
            return permitId;
          },
        });
        return { record: await load(tx, id), created };
      });
    },

    /** A step of its life and/or its description and hot work fields (If-Match tells what it overwrote). */
    update(id: string, patch: PermitUpdate, actor: Actor, context: ChangeContext) {
      return writeChange(database, 'permit', id, context, load, async (tx, changeSeq) => {
        const permit = await load(tx, id);
        const [row] = await tx.select().from(permits).where(eq(permits.id, id));
        const { status: to, ...fields } = patch;
        const fieldChanges = diffPatch(
          row as unknown as Record<string, unknown>,
          { ...fields, ...(fields.fireWatchUntil ? { fireWatchUntil: new Date(fields.fireWatchUntil) } : {}) },
          editableColumns,
        );
        if (fieldChanges.length > 0) {
          if ((finishedPermitStatuses as readonly PermitStatus[]).includes(permit.status)) {
            throw conflict(`${permit.permitNumber} is ${permit.status}: it does not change any more`);
          }
          if (!mayEdit(actor, permit)) {
            throw forbidden(
              'Only the person who requested the permit, an engineer, a safety officer or an admin may edit it',
            );
          }
          assertHotWorkOnly(
            permit.type,
            Object.fromEntries(fieldChanges.map((change) => [change.field, change.newValue])),
          );
        }
        const edited: Permit = {
          ...permit,
          ...Object.fromEntries(
            fieldChanges.map((change) => [
              change.field,
              change.newValue instanceof Date ? change.newValue.toISOString() : change.newValue,
            ]),
          ),
        };
        const changes = [...fieldChanges];
        const set: Partial<typeof permits.$inferInsert> = setFromChanges(fieldChanges);
        if (to && to !== permit.status) {
          const denied = permitStepDenied(actor, permit, to);
          if (denied) throw forbidden(denied);
          assertStep(edited, to);
          changes.push({ field: 'status', column: 'status', oldValue: permit.status, newValue: to });
          set.status = to;
          if (to === 'Approved') {
            set.approvedBy = actor._id;
            set.approvedAt = new Date();
          }
        }
        if (changes.length === 0) return { record: permit, overwritten: [] };
        const overwritten = await findOverwrites(tx, 'permit', id, changes, context);
        const version = await bumpPermit(tx, permit, set);
        await recordChange(tx, 'permit', id, version, changes, context);
        if (set.status === 'Approved' || set.status === 'Cancelled') await settlePermitRequested(tx, changeSeq, id);
        if (set.status === 'Approved') {
          await noticePermitApproved(tx, changeSeq, {
            permitId: id,
            title: permitTitle(permit),
            detail: permitTypeLabels[permit.type],
            byId: actor._id,
            requesterId: permit.requestedBy?._id ?? null,
          });
        }
        return { record: await load(tx, id), overwritten };
      });
    },

    ...createPermitLockWrites(database),
  };
}

export type PermitRepository = ReturnType<typeof createPermitRepository>;
