import { eq, inArray } from 'drizzle-orm';
import type { BinRef } from '#shared/schemas/part.ts';
import type { Db, Tx } from '../db/client.ts';
import { bins, machines, storerooms } from '../db/schema.ts';

/** The names behind the ids parts, moves and reservations carry: bins with their storeroom, machines. */

const present = (ids: readonly (string | null | undefined)[]) => [
  ...new Set(ids.filter((id): id is string => typeof id === 'string')),
];

export async function binRefs(executor: Db | Tx, ids: readonly (string | null | undefined)[]) {
  const wanted = present(ids);
  const byId = new Map<string, BinRef>();
  if (wanted.length === 0) return byId;
  const rows = await executor
    .select({ id: bins.id, code: bins.code, storeroomId: storerooms.id, storeroomName: storerooms.name })
    .from(bins)
    .innerJoin(storerooms, eq(storerooms.id, bins.storeroomId))
    .where(inArray(bins.id, wanted));
  for (const row of rows) {
    byId.set(row.id, { _id: row.id, code: row.code, storeroom: { _id: row.storeroomId, name: row.storeroomName } });
  }
  return byId;
}

export async function machineRefs(executor: Db | Tx, ids: readonly string[]) {
  const wanted = present(ids);
  if (wanted.length === 0) return new Map<string, { _id: string; name: string; machineId: string }>();
  const rows = await executor
    .select({ _id: machines.id, name: machines.name, machineId: machines.machineCode })
    .from(machines)
    .where(inArray(machines.id, wanted));
  return new Map(rows.map((row) => [row._id, row]));
}

/** Bins and storerooms ordered as people read them: storeroom, then bin code. */
export const byPlace = (a: BinRef, b: BinRef) =>
  a.storeroom.name.localeCompare(b.storeroom.name) || a.code.localeCompare(b.code, 'en', { numeric: true });
