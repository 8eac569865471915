import { and, asc, eq, ilike, isNull, ne, or, type SQL } from 'drizzle-orm';
import {
  machineIdInUse,
  type Machine,
  type MachineCreate,
  type MachineListQuery,
  type MachineStatusChange,
  type MachineUpdate,
} from '#shared/schemas/machine.ts';
import type { MachineStop } from '#shared/schemas/downtime.ts';
import type { ReadingInput } from '#shared/schemas/reading.ts';
import { isStopped } from '#shared/downtime-reasons.ts';
import type { Database, Db, Tx } from '../db/client.ts';
import { machines } from '../db/schema.ts';
import { conflict, notFound } from '../lib/errors.ts';
import { createOnce } from './create-once.ts';
import { assertNoLocksOn } from './permit-guards.ts';
import { currentStop, machineDowntime, recordStatusChange } from './downtime.ts';
import { machineReadingList, recordReading } from './readings.ts';
import {
  diffPatch,
  findOverwrites,
  lockRecord,
  setFromChanges,
  writeChange,
  type ChangeContext,
} from './record-changes.ts';
import { recordChange } from './change-effects.ts';
import { iso, likePattern } from './sql-helpers.ts';
import { idIn } from '../db/id-in.ts';

type MachineRow = typeof machines.$inferSelect;

/**
 * Who changed the status and when on the floor: the device's time of the change (one ahead of the
 * server's clock cannot place it in the future), else now.
 */
function changeTime(context: ChangeContext) {
  const now = new Date();
  const at = context.clientTime && context.clientTime < now ? context.clientTime : now;
  return { at, userId: context.userId };
}

const columns: Record<keyof MachineUpdate, string> = {
  name: 'name',
  machineId: 'machineCode',
  department: 'department',
  location: 'location',
  model: 'model',
  manufacturer: 'manufacturer',
  installationDate: 'installationDate',
  specifications: 'specifications',
  status: 'status',
  operatingHours: 'operatingHours',
  isolationPoints: 'isolationPoints',
};

export function toMachine(row: MachineRow): Machine {
  return {
    _id: row.id,
    name: row.name,
    machineId: row.machineCode,
    department: row.department,
    location: row.location,
    model: row.model,
    manufacturer: row.manufacturer,
    installationDate: row.installationDate,
    specifications: row.specifications,
    status: row.status,
    operatingHours: row.operatingHours,
    stop: row.currentStop,
    isolationPoints: row.isolationPoints,
    version: row.version,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

const live = isNull(machines.deletedAt);

export function createMachineRepository(database: Database) {
  const { db } = database;

  async function findLive(executor: Db | Tx, id: string): Promise<MachineRow> {
    const [row] = await executor
      .select()
      .from(machines)
      .where(and(eq(machines.id, id), live));
    if (!row) throw notFound('Machine not found');
    return row;
  }

  const loadLive = async (executor: Db | Tx, id: string) => toMachine(await findLive(executor, id));

  async function assertCodeFree(tx: Tx, code: string, exceptId?: string) {
    const filters = [eq(machines.machineCode, code), live];
    if (exceptId) filters.push(ne(machines.id, exceptId));
    const [row] = await tx
      .select({ id: machines.id })
      .from(machines)
      .where(and(...filters));
    if (row) throw conflict(machineIdInUse(code));
  }

  /**
   * The patch applied to the row as it is, with history and the overwrite check (If-Match); `stop`, the
   * open stop after a status change, follows the downtime events and has no history of its own.
   */
  async function saveChanges(
    tx: Tx,
    changeSeq: number,
    row: MachineRow,
    patch: MachineUpdate,
    context: ChangeContext,
    stop: MachineStop | null | undefined = undefined,
  ) {
    const changes = diffPatch(row, patch, columns);
    const stopChanged = stop !== undefined && JSON.stringify(stop) !== JSON.stringify(row.currentStop);
    if (changes.length === 0 && !stopChanged) return { record: toMachine(row), overwritten: [] };
    if (patch.machineId !== undefined) await assertCodeFree(tx, patch.machineId, row.id);
    const overwritten = await findOverwrites(tx, 'machine', row.id, changes, context);
    const [updated] = await tx
      .update(machines)
      .set({
        ...setFromChanges(changes),
        ...(stopChanged ? { currentStop: stop } : {}),
        version: row.version + 1,
        updatedAt: new Date(),
        changeSeq,
      })
      .where(eq(machines.id, row.id))
      .returning();
    await recordChange(tx, 'machine', row.id, updated!.version, changes, context);
    return { record: toMachine(updated!), overwritten };
  }

  /**
   * Records a status change in device time with its reason and ticket (downtime.ts); answers the patch
   * it makes (none when a change made later on the floor is already here) and the open stop after it.
   */
  async function recordStatus(tx: Tx, row: MachineRow, change: MachineStatusChange, context: ChangeContext) {
    const { isLatest } = await recordStatusChange(tx, { machineId: row.id, ...change, ...changeTime(context) });
    // Only a change that sets the current status brings the machine back up (a late one keeps its place in the past).
    if (isLatest && change.status === 'Running' && row.status !== 'Running') await assertNoLocksOn(tx, row);
    return { patch: isLatest ? { status: change.status } : {}, stop: await currentStop(tx, row.id) };
  }

  function applyChanges(id: string, patch: MachineUpdate, context: ChangeContext) {
    return writeChange(database, 'machine', id, context, loadLive, async (tx, changeSeq) => {
      const row = await findLive(tx, id);
      const { status, ...rest } = patch;
      if (status === undefined || status === row.status) return saveChanges(tx, changeSeq, row, rest, context);
      const recorded = await recordStatus(tx, row, { status }, context);
      return saveChanges(tx, changeSeq, row, { ...rest, ...recorded.patch }, context, recorded.stop);
    });
  }

  /** The status selector's change: recorded even when the status stays, for its reason or ticket. */
  function changeStatus(id: string, change: MachineStatusChange, context: ChangeContext) {
    return writeChange(database, 'machine', id, context, loadLive, async (tx, changeSeq) => {
      const row = await findLive(tx, id);
      const recorded = await recordStatus(tx, row, change, context);
      return saveChanges(tx, changeSeq, row, recorded.patch, context, recorded.stop);
    });
  }

  return {
    async list(query: MachineListQuery): Promise<Machine[]> {
      const filters: SQL[] = [live];
      if (query.department) filters.push(eq(machines.department, query.department));
      if (query.status) filters.push(eq(machines.status, query.status));
      if (query.search) {
        const pattern = likePattern(query.search);
        filters.push(
          or(
            ilike(machines.name, pattern),
            ilike(machines.machineCode, pattern),
            ilike(machines.location, pattern),
            ilike(machines.model, pattern),
            ilike(machines.manufacturer, pattern),
          )!,
        );
      }
      const rows = await db
        .select()
        .from(machines)
        .where(and(...filters))
        .orderBy(asc(machines.name), asc(machines.id))
        .limit(query.limit ?? 1000);
      return rows.map(toMachine);
    },

    /** Full records by id, deleted ones included (the change feed reports those separately). */
    async getMany(ids: string[], executor: Db | Tx = db): Promise<(Machine & { isDeleted: boolean })[]> {
      if (ids.length === 0) return [];
      const rows = await executor.select().from(machines).where(idIn(machines.id, ids));
      return rows.map((row) => ({ ...toMachine(row), isDeleted: row.deletedAt !== null }));
    },

    async get(id: string): Promise<Machine> {
      return loadLive(db, id);
    },

    async create(input: MachineCreate & { _id?: string }, context: ChangeContext) {
      return database.write(async (tx, changeSeq) => {
        const result = await createOnce({
          id: input._id,
          userId: context.userId,
          label: 'machine',
          findCreator: async (id) => {
            const [row] = await tx.select({ creator: machines.createdBy }).from(machines).where(eq(machines.id, id));
            return row;
          },
          insert: async (id) => {
            await assertCodeFree(tx, input.machineId);
            const [row] = await tx
              .insert(machines)
              .values({
                ...(id ? { id } : {}),
                name: input.name,
                machineCode: input.machineId,
                department: input.department,
                location: input.location,
                model: input.model,
                manufacturer: input.manufacturer,
                installationDate: input.installationDate,
                specifications: {
                  capacity: '',
                  power: '',
                  dimensions: '',
                  weight: '',
                  ...input.specifications,
                },
                status: input.status ?? 'Running',
                operatingHours: input.operatingHours ?? 0,
                isolationPoints: input.isolationPoints ?? [],
                createdBy: context.userId,
                changeSeq,
              })
              .returning({ id: machines.id });
            await recordChange(
              tx,
              'machine',
              row!.id,
              1,
              [{ field: 'created', oldValue: null, newValue: true }],
              context,
            );
            const status = input.status ?? 'Running';
            if (isStopped(status)) {
              await recordStatusChange(tx, { machineId: row!.id, status, ...changeTime(context) });
              const stop = await currentStop(tx, row!.id);
              await tx.update(machines).set({ currentStop: stop }).where(eq(machines.id, row!.id));
            }
            return row!.id;
          },
        });
        const [row] = await tx.select().from(machines).where(eq(machines.id, result.id));
        return { record: toMachine(row!), created: result.created };
      });
    },

    update: applyChanges,
    changeStatus,

    /** An hour-meter reading, applied once per reading id whatever the change id says. */
    recordReading(id: string, input: ReadingInput, context: ChangeContext) {
      const once = { ...context, changeId: input._id };
      return writeChange(database, 'machine', id, once, loadLive, async (tx, changeSeq) => {
        const row = await findLive(tx, id);
        const patch = await recordReading(database, tx, changeSeq, row, input, context);
        return saveChanges(tx, changeSeq, row, patch, context);
      });
    },
    readings: (id: string) => machineReadingList(db, id),
    downtime: (id: string) => machineDowntime(db, id),

    async remove(id: string, context: ChangeContext): Promise<void> {
      await database.write(async (tx, changeSeq) => {
        await lockRecord(database, tx, 'machine', id);
        const row = await findLive(tx, id);
        await tx
          .update(machines)
          .set({ deletedAt: new Date(), version: row.version + 1, updatedAt: new Date(), changeSeq })
          .where(eq(machines.id, id));
        await recordChange(
          tx,
          'machine',
          id,
          row.version + 1,
          [{ field: 'deleted', oldValue: null, newValue: true }],
          context,
        );
      });
    },
  };
}

export type MachineRepository = ReturnType<typeof createMachineRepository>;
