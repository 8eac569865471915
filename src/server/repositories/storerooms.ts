import { and, asc, eq } from 'drizzle-orm';
import type { BinCreate, Storeroom, StoreroomCreate } from '#shared/schemas/part.ts';
import type { Database, Db, Tx } from '../db/client.ts';
import { bins, storerooms } from '../db/schema.ts';
import { conflict, notFound } from '../lib/errors.ts';
import { createOnce } from './create-once.ts';
import { iso } from './sql-helpers.ts';

async function loadStorerooms(executor: Db | Tx, id?: string): Promise<Storeroom[]> {
  const rooms = await executor
    .select()
    .from(storerooms)
    .where(id ? eq(storerooms.id, id) : undefined)
    .orderBy(asc(storerooms.name));
  const binRows = await executor
    .select()
    .from(bins)
    .where(id ? eq(bins.storeroomId, id) : undefined)
    .orderBy(asc(bins.code));
  const binsOf = Map.groupBy(binRows, (row) => row.storeroomId);
  return rooms.map((room) => ({
    _id: room.id,
    name: room.name,
    location: room.location,
    bins: (binsOf.get(room.id) ?? []).map((row) => ({
      _id: row.id,
      storeroom: row.storeroomId,
      code: row.code,
      description: row.description,
    })),
    createdAt: iso(room.createdAt),
  }));
}

async function loadStoreroom(executor: Db | Tx, id: string): Promise<Storeroom> {
  const [room] = await loadStorerooms(executor, id);
  if (!room) throw notFound('Storeroom not found');
  return room;
}

/** Storerooms and their bins (src/docs/parts.md): each created once per client `_id`. */
export function createStoreroomRepository(database: Database) {
  return {
    list: () => loadStorerooms(database.db),

    create(input: StoreroomCreate, context: { userId: string }) {
      return database.write(async (tx) => {
        const { id, created } = await createOnce({
          id: input._id,
          userId: context.userId,
          label: 'storeroom',
          findCreator: async (candidate) => {
            const [row] = await tx
              .select({ creator: storerooms.createdBy })
              .from(storerooms)
              .where(eq(storerooms.id, candidate));
            return row;
          },
          insert: async (candidate) => {
            const [taken] = await tx.select().from(storerooms).where(eq(storerooms.name, input.name));
            if (taken) throw conflict(`A storeroom named ${input.name} already exists`);
            const [row] = await tx
              .insert(storerooms)
              .values({
                ...(candidate ? { id: candidate } : {}),
                name: input.name,
                location: input.location,
                createdBy: context.userId,
              })
              .returning({ id: storerooms.id });
            return row!.id;
          },
        });
        return { record: await loadStoreroom(tx, id), created };
      });
    },

    addBin(storeroomId: string, input: BinCreate, context: { userId: string }) {
      return database.write(async (tx) => {
        const room = await loadStoreroom(tx, storeroomId);
        const { created } = await createOnce({
          id: input._id,
          userId: context.userId,
          label: 'bin',
          findCreator: async (candidate) => {
            const [row] = await tx
              .select({ creator: bins.createdBy, parent: bins.storeroomId })
              .from(bins)
              .where(eq(bins.id, candidate));
            return row;
          },
          parent: { id: storeroomId, clash: () => 'This bin _id was already used for a bin of another storeroom' },
          insert: async (candidate) => {
            const [taken] = await tx
              .select({ id: bins.id })
              .from(bins)
              .where(and(eq(bins.storeroomId, storeroomId), eq(bins.code, input.code)));
            if (taken) throw conflict(`${room.name} already has a bin ${input.code}`);
            const [row] = await tx
              .insert(bins)
              .values({
                ...(candidate ? { id: candidate } : {}),
                storeroomId,
                code: input.code,
                description: input.description,
                createdBy: context.userId,
              })
              .returning({ id: bins.id });
            return row!.id;
          },
        });
        return { record: await loadStoreroom(tx, storeroomId), created };
      });
    },
  };
}
