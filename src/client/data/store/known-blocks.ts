import type { DBCoreTransaction } from 'dexie';
import type { Block } from './blocks.ts';

/**
 * The blocks a write transaction has read or written, by table and record id, so that a write finds
 * its records' blocks without asking IndexedDB again (storePage reads a page's span of creation times,
 * then puts the page; the lists' middleware reads the records a write replaces, then writes them).
 * A transaction sees only its own writes and every write of a blocked table passes record-blocks.ts,
 * which keeps this up to date, so what it holds stays true until the transaction ends.
 */
const known = new WeakMap<DBCoreTransaction, Map<string, Map<string, Block>>>();

function blocksOf(trans: DBCoreTransaction, table: string): Map<string, Block> | null {
  if ((trans as IDBTransaction).mode !== 'readwrite') return null;
  let tables = known.get(trans);
  if (!tables) known.set(trans, (tables = new Map<string, Map<string, Block>>()));
  let blocks = tables.get(table);
  if (!blocks) tables.set(table, (blocks = new Map<string, Block>()));
  return blocks;
}

export function knownBlock(trans: DBCoreTransaction, table: string, id: string): Block | undefined {
  return known.get(trans)?.get(table)?.get(id);
}

/** Blocks as stored now (read, or just written), and the records no longer in any block. */
export function noteBlocks(trans: DBCoreTransaction, table: string, blocks: Block[], gone: string[] = []): void {
  const byId = blocksOf(trans, table);
  if (!byId) return;
  for (const block of blocks) for (const id of block.ids) byId.set(id, block);
  for (const id of gone) byId.delete(id);
}

/** A write the layer did not look into (a whole table cleared). */
export function forgetBlocks(trans: DBCoreTransaction, table: string): void {
  known.get(trans)?.delete(table);
}
