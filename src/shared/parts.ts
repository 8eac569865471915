/**
 * Parts and stores (src/docs/parts.md): the move kinds, units and the ledger arithmetic both sides
 * use. On-hand is never stored: it is the sum of the moves' effects per bin.
 */

export const moveKinds = ['receipt', 'issue', 'return', 'transfer', 'adjustment'] as const;
export type MoveKind = (typeof moveKinds)[number];

export const moveKindLabels: Record<MoveKind, string> = {
  receipt: 'Receipt',
  issue: 'Issue',
  return: 'Return',
  transfer: 'Transfer',
  adjustment: 'Count adjustment',
};

export const units = ['each', 'pair', 'set', 'box', 'roll', 'm', 'kg', 'l'] as const;
export type Unit = (typeof units)[number];

export const unitLabels: Record<Unit, string> = {
  each: 'Each',
  pair: 'Pair',
  set: 'Set',
  box: 'Box',
  roll: 'Roll',
  m: 'Metre',
  kg: 'Kilogram',
  l: 'Litre',
};

/** Quantities carry at most three decimals (numeric(14,3) in the database). */
export const quantityDecimals = 3;

/** A sum of quantities without binary floating-point dust (0.1 + 0.2 is 0.3 here). */
export function roundQuantity(value: number): number {
  const rounded = Math.round(value * 10 ** quantityDecimals) / 10 ** quantityDecimals;
  return rounded === 0 ? 0 : rounded;
}

export function hasAtMostThreeDecimals(value: number): boolean {
  const scaled = value * 10 ** quantityDecimals;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
}

/** What the ledger needs of a move. `change` is an adjustment's stored difference (counted − on hand before). */
export interface LedgerMove {
  kind: MoveKind;
  quantity: number;
  bin: string;
  toBin?: string | null;
  change?: number | null;
}

/** How a move changes the on-hand of each bin it touches. */
export function moveEffects(move: LedgerMove): { bin: string; delta: number }[] {
  switch (move.kind) {
    case 'receipt':
    case 'return':
      return [{ bin: move.bin, delta: move.quantity }];
    case 'issue':
      return [{ bin: move.bin, delta: -move.quantity }];
    case 'transfer':
      return [
        { bin: move.bin, delta: -move.quantity },
        { bin: move.toBin!, delta: move.quantity },
      ];
    case 'adjustment':
      return [{ bin: move.bin, delta: move.change ?? 0 }];
  }
}

/** On hand per bin after these moves, in the order given. */
export function onHandByBin(moves: readonly LedgerMove[]): Map<string, number> {
  const balances = new Map<string, number>();
  for (const move of moves) {
    for (const { bin, delta } of moveEffects(move)) balances.set(bin, roundQuantity((balances.get(bin) ?? 0) + delta));
  }
  return balances;
}

/** A count says what is in the bin: the move changes on hand by the difference (src/docs/parts.md). */
export const countChange = (counted: number, onHandBefore: number) => roundQuantity(counted - onHandBefore);

/** Work that consumes parts, by its status: a finished ticket or job holds no reservation any more. */
export const finishedTicketStatuses = ['Resolved', 'Closed'] as const;
export const finishedScheduleStatuses = ['Completed'] as const;

/** A planned quantity of one part for one piece of work, held in a bin or (bin null) anywhere. */
export interface Planned {
  bin: string | null;
  quantity: number;
}

/** What was issued to that work from a bin, less what came back to it (may be negative). */
export interface Used {
  bin: string;
  quantity: number;
}

/**
 * What is still reserved of one part for one piece of work, per bin (`null`: anywhere). Issues consume
 * the plan of their own bin first; what they take beyond it, and issues from bins the plan does not
 * name, consume the plan held anywhere. Nothing is ever reserved below zero.
 */
export function outstanding(planned: readonly Planned[], used: readonly Used[]): Map<string | null, number> {
  const plan = new Map<string | null, number>();
  for (const item of planned) plan.set(item.bin, roundQuantity((plan.get(item.bin) ?? 0) + item.quantity));
  const taken = new Map<string, number>();
  for (const item of used) taken.set(item.bin, roundQuantity((taken.get(item.bin) ?? 0) + item.quantity));
  const result = new Map<string | null, number>();
  let beyond = 0;
  for (const [bin, quantity] of taken) {
    beyond += Math.max(0, quantity - (plan.get(bin) ?? 0));
  }
  for (const [bin, quantity] of plan) {
    if (bin === null) continue;
    result.set(bin, roundQuantity(Math.max(0, quantity - Math.max(0, taken.get(bin) ?? 0))));
  }
  const anywhere = plan.get(null);
  if (anywhere !== undefined) result.set(null, roundQuantity(Math.max(0, anywhere - beyond)));
  return result;
}

export interface BinFigures {
  onHand: number;
  reserved: number;
  free: number;
  /** On hand below zero: moves recorded offline took more than the ledger held; a count resolves it. */
  discrepancy: boolean;
}

export function figures(onHand: number, reserved: number): BinFigures {
  return { onHand, reserved, free: roundQuantity(onHand - reserved), discrepancy: onHand < 0 };
}
