import { countChange, figures, moveEffects, roundQuantity } from '#shared/parts.ts';
import type { Part, PartBin } from '#shared/schemas/part.ts';
import type { PendingMove, ReservedChange } from './db.ts';

/** The part's totals and flags from its bins' figures. */
function withTotals(part: Part, bins: PartBin[], onHand: number, reserved: number): Part {
  const totals = figures(onHand, reserved);
  return {
    ...part,
    bins,
    ...totals,
    discrepancy: totals.discrepancy || bins.some((row) => row.discrepancy),
    belowMinimum: onHand < part.minStock,
  };
}

function rowFinder(bins: PartBin[]) {
  return (ref: PendingMove['bin']) => {
    let row = bins.find((candidate) => candidate.bin._id === ref._id);
    if (!row) {
      row = { bin: ref, ...figures(0, 0) };
      bins.push(row);
    }
    return row;
  };
}

/**
 * A part's figures with a change of what is planned for work on top: a reservation made or released
 * here, or an issue that consumes a plan. A change without a bin counts in the total only, as the
 * server counts a plan made without one.
 */
export function partAfterReserved(part: Part, changes: readonly ReservedChange[] = []): Part {
  if (changes.length === 0) return part;
  const bins: PartBin[] = part.bins.map((row) => ({ ...row }));
  const rowOf = rowFinder(bins);
  let reserved = part.reserved;
  for (const { bin, delta } of changes) {
    if (bin) {
      const row = rowOf(bin);
      Object.assign(row, figures(row.onHand, roundQuantity(row.reserved + delta)));
    }
    reserved = roundQuantity(reserved + delta);
  }
  return withTotals(part, bins, part.onHand, reserved);
}

/**
 * A part's figures with one move of this device on top, by the ledger arithmetic the server uses
 * (`moveEffects`, `countChange`, `figures` in src/shared/parts.ts). A count changes the bin by what
 * was counted less what the device shows in it now; the server takes the difference again from its
 * own ledger when the count arrives. An issue to (or return from) work changes what its plan holds.
 */
export function partAfterMove(part: Part, move: PendingMove): Part {
  const bins: PartBin[] = part.bins.map((row) => ({ ...row }));
  const rowOf = rowFinder(bins);
  const from = rowOf(move.bin);
  if (move.toBin) rowOf(move.toBin);
  const change = move.kind === 'adjustment' ? countChange(move.quantity, from.onHand) : null;
  let total = part.onHand;
  for (const { bin, delta } of moveEffects({ ...move, bin: move.bin._id, toBin: move.toBin?._id ?? null, change })) {
    const row = bins.find((candidate) => candidate.bin._id === bin)!;
    Object.assign(row, figures(roundQuantity(row.onHand + delta), row.reserved));
    total = roundQuantity(total + delta);
  }
  return partAfterReserved(withTotals(part, bins, total, part.reserved), move.reservedChange);
}
