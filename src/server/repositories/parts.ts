import { and, asc, desc, eq, gt, inArray, like, ne, sql, type SQL } from 'drizzle-orm';
import type {
  Part,
  PartCreate,
  PartDetail,
  PartExportQuery,
  PartListQuery,
  PartPage,
  PartStockLine,
  PartUpdate,
} from '#shared/schemas/part.ts';
import type { Database, Tx } from '../db/client.ts';
import { bins, files, machines, partReservations, parts, stockMoves } from '../db/schema.ts';
import { badRequest, conflict } from '../lib/errors.ts';
import { recordChange } from './change-effects.ts';
import { createOnce } from './create-once.ts';
import { readHistory } from './history.ts';
import { selectMoves, selectReservations, toMoves, toReservations } from './move-rows.ts';
import { loadPart, withStock } from './part-rows.ts';
import { onHandTotal, openReservation } from './part-stock.ts';
import { diffPatch, findOverwrites, setFromChanges, writeChange, type ChangeContext } from './record-changes.ts';
import { likePattern, pageCount } from './sql-helpers.ts';

const editableColumns = {
  partNumber: 'partNumber',
  name: 'name',
  description: 'description',
  unit: 'unit',
  unitCost: 'unitCost',
  minStock: 'minStock',
  maxStock: 'maxStock',
  machines: 'machineIds',
  photo: 'photoId',
} as const;

function filters(query: PartExportQuery): SQL | undefined {
  const inStoreroom = (storeroom: string) =>
    sql`exists (select 1 from ${stockMoves} m join ${bins} b on b.id = m.bin_id or b.id = m.to_bin_id
      where m.part_id = ${parts.id} and b.storeroom_id = ${storeroom})`;
  return and(
    query.search ? like(parts.searchText, likePattern(query.search)) : undefined,
    query.storeroom ? inStoreroom(query.storeroom) : undefined,
    query.belowMinimum === undefined
      ? undefined
      : query.belowMinimum
        ? sql`${onHandTotal} < ${parts.minStock}`
        : sql`${onHandTotal} >= ${parts.minStock}`,
  );
}

/** The machines and photo a part names must exist; its part number must be its own. */
async function checkReferences(tx: Tx, input: Partial<PartCreate>, partId: string | null) {
  if (input.partNumber) {
    const [taken] = await tx
      .select({ id: parts.id })
      .from(parts)
      .where(and(eq(parts.partNumber, input.partNumber), partId ? ne(parts.id, partId) : undefined));
    if (taken) throw conflict(`partNumber ${input.partNumber} is already used by another part`);
  }
  if (input.machines && input.machines.length > 0) {
    const found = await tx.select({ id: machines.id }).from(machines).where(inArray(machines.id, input.machines));
    const missing = input.machines.filter((id) => !found.some((row) => row.id === id));
    if (missing.length > 0) throw badRequest(`machines: no machine with _id ${missing.join(', ')}`);
  }
  if (input.photo) {
    const [file] = await tx.select({ id: files.id }).from(files).where(eq(files.id, input.photo));
    if (!file) throw badRequest('photo: no uploaded file with this _id');
  }
}

/** Parts (src/docs/parts.md): the catalogue, with stock figures read from the ledger. */
export function createPartRepository(database: Database) {
  const db = database.db;
  return {
    async list(query: PartListQuery): Promise<PartPage> {
      const where = filters(query);
      const total = await db.$count(parts, where);
      const rows = await db
        .select()
        .from(parts)
        .where(where)
        .orderBy(asc(parts.partNumber))
        .limit(query.limit)
        .offset((query.page - 1) * query.limit);
      return {
        parts: await withStock(db, rows),
        currentPage: query.page,
        totalPages: pageCount(total, query.limit),
        total,
      };
    },

    /** A part with its latest 50 moves and the reservations that hold its stock. */
    async get(id: string): Promise<PartDetail> {
      const part = await loadPart(db, id);
      const moves = await selectMoves(db)
        .where(eq(stockMoves.partId, id))
        .orderBy(desc(stockMoves.movedAt), desc(stockMoves.id))
        .limit(50);
      const reservations = await selectReservations(db)
        .where(and(eq(partReservations.partId, id), openReservation))
        .orderBy(asc(partReservations.createdAt));
      return { ...part, moves: await toMoves(db, moves), reservations: await toReservations(db, reservations) };
    },

    /** The stock of every part the filters match, a line per part and bin, by part number (the CSV export). */
    async *exportStock(query: PartExportQuery): AsyncGenerator<PartStockLine[]> {
      for await (const batch of this.exportAll(query)) {
        yield batch.flatMap((part) => (part.bins.length > 0 ? part.bins : [null]).map((stock) => ({ part, stock })));
      }
    },

    /** Every part the filters match, by part number, in batches of 500. */
    async *exportAll(query: PartExportQuery): AsyncGenerator<Part[]> {
      let after: string | undefined;
      for (;;) {
        const rows = await db
          .select()
          .from(parts)
          .where(and(filters(query), after ? gt(parts.partNumber, after) : undefined))
          .orderBy(asc(parts.partNumber))
          .limit(500);
        if (rows.length > 0 || !after) yield await withStock(db, rows);
        if (rows.length < 500) return;
        after = rows.at(-1)!.partNumber;
      }
    },

    async history(id: string) {
      await loadPart(db, id);
      return readHistory(db, 'part', id);
    },

    create(input: PartCreate, context: ChangeContext) {
      return database.write(async (tx) => {
        const { id, created } = await createOnce({
          id: input._id,
          userId: context.userId,
          label: 'part',
          findCreator: async (candidate) => {
            const [row] = await tx.select({ creator: parts.createdBy }).from(parts).where(eq(parts.id, candidate));
            return row;
          },
          insert: async (candidate) => {
            await checkReferences(tx, input, null);
            const { _id, machines: machineIds, photo, ...fields } = input;
            const [row] = await tx
              .insert(parts)
              .values({
                ...(candidate ? { id: candidate } : {}),
                ...fields,
                machineIds,
                photoId: photo,
                createdBy: context.userId,
              })
              .returning({ id: parts.id });
            const changes = [
              { field: 'created', oldValue: null, newValue: true },
              ...Object.entries({ ...fields, machines: machineIds, photo }).map(([field, newValue]) => ({
                field,
                oldValue: null,
                newValue,
              })),
            ];
            await recordChange(tx, 'part', row!.id, 1, changes, context);
            return row!.id;
          },
        });
        return { record: await loadPart(tx, id), created };
      });
    },

    /** Edits a part's catalogue fields (X-Change-Id, If-Match as for every record). */
    update(id: string, patch: PartUpdate, context: ChangeContext) {
      return writeChange(database, 'part', id, context, loadPart, async (tx) => {
        const part = await loadPart(tx, id);
        const [row] = await tx.select().from(parts).where(eq(parts.id, id));
        const changes = diffPatch(row as unknown as Record<string, unknown>, patch, editableColumns);
        if (changes.length === 0) return { record: part, overwritten: [] };
        const minStock = patch.minStock ?? part.minStock;
        const maxStock = patch.maxStock ?? part.maxStock;
        if (minStock > maxStock) {
          throw badRequest(`minStock (${minStock}) must not be more than maxStock (${maxStock})`);
        }
        await checkReferences(tx, patch, id);
        const overwritten = await findOverwrites(tx, 'part', id, changes, context);
        const version = part.version + 1;
        await tx
          .update(parts)
          .set({ ...setFromChanges(changes), version, updatedAt: new Date() })
          .where(eq(parts.id, id));
        await recordChange(tx, 'part', id, version, changes, context);
        return { record: await loadPart(tx, id), overwritten };
      });
    },
  };
}
