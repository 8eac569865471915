import { eq } from 'drizzle-orm';
import type { Part } from '#shared/schemas/part.ts';
import type { Db, Tx } from '../db/client.ts';
import { parts } from '../db/schema.ts';
import { notFound } from '../lib/errors.ts';
import { binRefs, byPlace, machineRefs } from './part-refs.ts';
import { stockOf } from './part-stock.ts';
import { iso } from './sql-helpers.ts';

type PartRow = typeof parts.$inferSelect;

/** Parts as the API hands them: with the machines they fit and their stock per bin and in total. */
export async function withStock(executor: Db | Tx, rows: PartRow[]): Promise<Part[]> {
  const ids = rows.map((row) => row.id);
  const stock = await stockOf(executor, ids);
  const binsOf = await binRefs(
    executor,
    [...stock.values()].flatMap((figures) => figures.bins.map((item) => item.bin)),
  );
  const machinesOf = await machineRefs(
    executor,
    rows.flatMap((row) => row.machineIds),
  );
  return rows.map((row) => {
    const { bins, ...total } = stock.get(row.id)!;
    return {
      _id: row.id,
      partNumber: row.partNumber,
      name: row.name,
      description: row.description,
      unit: row.unit,
      unitCost: row.unitCost,
      minStock: row.minStock,
      maxStock: row.maxStock,
      machines: row.machineIds.flatMap((id) => machinesOf.get(id) ?? []),
      photo: row.photoId,
      bins: bins
        .map(({ bin, ...figures }) => ({ bin: binsOf.get(bin)!, ...figures }))
        .sort((a, b) => byPlace(a.bin, b.bin)),
      ...total,
      belowMinimum: total.onHand < row.minStock,
      version: row.version,
      createdAt: iso(row.createdAt),
      updatedAt: iso(row.updatedAt),
    };
  });
}

export async function loadPart(executor: Db | Tx, id: string): Promise<Part> {
  const [row] = await executor.select().from(parts).where(eq(parts.id, id));
  if (!row) throw notFound('Part not found');
  return (await withStock(executor, [row]))[0]!;
}
