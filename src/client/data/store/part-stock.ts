import { countChange, figures, moveEffects, roundQuantity } from '#shared/parts.ts';
import type { Part, PartBin } from '#shared/schemas/part.ts';
import type { PendingMove } from './db.ts';

/**
 * A part's figures with one move of this device on top, by the ledger arithmetic the server uses
 * (`moveEffects`, `countChange`, `figures` in src/shared/parts.ts). A count changes the bin by what
 * was counted less what the device shows in it now; the server takes the difference again from its
 * own ledger when the count arrives. Reservations are left as the server last said.
 */
export function partAfterMove(part: Part, move: PendingMove): Part {
  const bins: PartBin[] = part.bins.map((row) => ({ ...row }));
  const rowOf = (ref: PendingMove['bin']) => {
    let row = bins.find((candidate) => candidate.bin._id === ref._id);
    if (!row) {
      row = { bin: ref, ...figures(0, 0) };
      bins.push(row);
    }
    return row;
  };
  const from = rowOf(move.bin);
  if (move.toBin) rowOf(move.toBin);
  const change = move.kind === 'adjustment' ? countChange(move.quantity, from.onHand) : null;
  let total = part.onHand;
  for (const { bin, delta } of moveEffects({ ...move, bin: move.bin._id, toBin: move.toBin?._id ?? null, change })) {
    const row = bins.find((candidate) => candidate.bin._id === bin)!;
    Object.assign(row, figures(roundQuantity(row.onHand + delta), row.reserved));
    total = roundQuantity(total + delta);
  }
  const totals = figures(total, part.reserved);
  return {
    ...part,
    bins,
    ...totals,
    discrepancy: totals.discrepancy || bins.some((row) => row.discrepancy),
    belowMinimum: total < part.minStock,
  };
}
