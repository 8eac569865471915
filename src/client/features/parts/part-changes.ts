import type { UserRef } from '#shared/schemas/common.ts';
import type { BinRef, Part } from '#shared/schemas/part.ts';
import type { MoveKind } from '#shared/parts.ts';
import type { PendingMove } from '#client/data/store/db.ts';
import type { QueuedOf } from '#client/data/outbox/writes.ts';
import { newId } from '#shared/ids.ts';

export interface MoveInput {
  kind: MoveKind;
  quantity: number;
  bin: BinRef;
  toBin?: BinRef;
  ticket?: { _id: string; ticketNumber: string; title: string };
  reason?: string;
}

const labels: Record<MoveKind, (part: Part, move: MoveInput) => string> = {
  receipt: (part, move) => `Received ${move.quantity} ${part.unit} of ${part.partNumber} in ${move.bin.code}`,
  issue: (part, move) =>
    `Issued ${move.quantity} ${part.unit} of ${part.partNumber} to ${move.ticket?.ticketNumber ?? 'work'}`,
  return: (part, move) => `Returned ${move.quantity} ${part.unit} of ${part.partNumber} to ${move.bin.code}`,
  transfer: (part, move) => `Moved ${move.quantity} ${part.unit} of ${part.partNumber} to ${move.toBin?.code}`,
  adjustment: (part, move) => `Counted ${move.quantity} ${part.unit} of ${part.partNumber} in ${move.bin.code}`,
};

/**
 * A stock move made on this device: the part's figures change at once; the move goes to the server
 * once, under its own `_id`, whatever the network does (src/docs/parts.md).
 */
export function stockMoveChange(user: UserRef, part: Part, move: MoveInput): QueuedOf<'stockMove'> {
  const _id = newId();
  const preview: PendingMove = {
    _id,
    kind: move.kind,
    quantity: move.quantity,
    bin: move.bin,
    toBin: move.toBin ?? null,
    ticket: move.ticket ?? null,
    reason: move.reason ?? null,
    movedAt: new Date().toISOString(),
  };
  return {
    id: _id,
    userId: user._id,
    entity: 'part',
    recordId: part._id,
    kind: 'stockMove',
    method: 'POST',
    url: '/stock-moves',
    body: {
      _id,
      part: part._id,
      kind: move.kind,
      quantity: move.quantity,
      bin: move.bin._id,
      ...(move.toBin ? { toBin: move.toBin._id } : {}),
      ...(move.ticket ? { ticket: move.ticket._id } : {}),
      ...(move.reason ? { reason: move.reason } : {}),
    },
    preview,
    label: labels[move.kind](part, move),
  };
}

/** The bin to take from by default: the one with most free stock. */
export function fullestBin(part: Part): BinRef | null {
  const best = [...part.bins].sort((a, b) => b.free - a.free)[0];
  return best?.bin ?? null;
}
