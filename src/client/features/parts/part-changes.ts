import type { UserRef } from '#shared/schemas/common.ts';
import type { BinRef, Part, PartCreate, PartUpdate } from '#shared/schemas/part.ts';
import { figures, type MoveKind } from '#shared/parts.ts';
import type { PendingMove, PendingReservation, ReservedChange } from '#client/data/store/db.ts';
import type { QueuedChange, QueuedOf } from '#client/data/outbox/writes.ts';
import { createChange, newRecord, updateChange } from '#client/data/outbox/change-builders.ts';
import { newId } from '#shared/ids.ts';

export interface MoveInput {
  kind: MoveKind;
  quantity: number;
  bin: BinRef;
  toBin?: BinRef;
  ticket?: { _id: string; ticketNumber: string; title: string };
  schedule?: { _id: string; title: string };
  reason?: string;
  /** What an issue or return to work changes in its plan (work-plan.ts). */
  reservedChange?: ReservedChange[];
}

const workOf = (move: { ticket?: { ticketNumber: string } | null; schedule?: { title: string } | null }) =>
  move.ticket?.ticketNumber ?? move.schedule?.title ?? 'work';

const labels: Record<MoveKind, (part: Part, move: MoveInput) => string> = {
  receipt: (part, move) => `Received ${move.quantity} ${part.unit} of ${part.partNumber} in ${move.bin.code}`,
  issue: (part, move) => `Issued ${move.quantity} ${part.unit} of ${part.partNumber} to ${workOf(move)}`,
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
    schedule: move.schedule ?? null,
    reason: move.reason ?? null,
    movedAt: new Date().toISOString(),
    reservedChange: move.reservedChange ?? [],
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
      ...(move.schedule ? { schedule: move.schedule._id } : {}),
      ...(move.reason ? { reason: move.reason } : {}),
    },
    preview,
    label: labels[move.kind](part, move),
  };
}

/** A part planned for work (a reservation), saved on this device at once; its `_id` is the entry's. */
export function reservationChange(
  user: UserRef,
  part: Part,
  plan: Omit<PendingReservation, '_id' | 'part'>,
): QueuedOf<'reservation'> {
  const _id = newId();
  return {
    id: _id,
    userId: user._id,
    entity: 'part',
    recordId: part._id,
    kind: 'reservation',
    method: 'POST',
    url: '/parts/reservations',
    body: {
      _id,
      part: part._id,
      quantity: plan.quantity,
      ...(plan.bin ? { bin: plan.bin._id } : {}),
      ...(plan.ticket ? { ticket: plan.ticket._id } : { schedule: plan.schedule!._id }),
    },
    preview: { ...plan, _id, part: { _id: part._id, partNumber: part.partNumber, name: part.name, unit: part.unit } },
    label: `Planned ${plan.quantity} ${part.unit} of ${part.partNumber} for ${workOf(plan)}`,
  };
}

/** Releases a planned part: it no longer holds stock for its work. */
export function releaseChange(user: UserRef, planned: PendingReservation): QueuedOf<'reservationRelease'> {
  return {
    userId: user._id,
    entity: 'part',
    recordId: planned.part._id,
    kind: 'reservationRelease',
    method: 'DELETE',
    url: `/parts/reservations/${planned._id}`,
    body: {},
    preview: planned,
    label: `Released ${planned.quantity} ${planned.part.unit} of ${planned.part.partNumber} planned for ${workOf(planned)}`,
  };
}

/** The bin to take from by default: the one with most free stock. */
export function fullestBin(part: Part): BinRef | null {
  const best = [...part.bins].sort((a, b) => b.free - a.free)[0];
  return best?.bin ?? null;
}

type MachineRef = Part['machines'][number];

/** A new part, listed at once with no stock; the server's answer replaces it (src/docs/parts.md). */
export function createPartChange(user: UserRef, input: PartCreate, machines: MachineRef[]): QueuedChange {
  const record = newRecord(input._id);
  const body = { ...input, _id: record._id };
  const preview: Part = { ...body, ...record, machines, bins: [], ...figures(0, 0), belowMinimum: input.minStock > 0 };
  return createChange(user, 'part', body, preview, `New part: ${input.partNumber}`);
}

/** The changed fields (PATCH, If-Match), shown at once; the machines by name on the device. */
export function partEditChange(user: UserRef, part: Part, body: PartUpdate, machines: MachineRef[]): QueuedChange {
  const preview = { ...body, ...(body.machines ? { machines } : {}) };
  return updateChange(
    user,
    'part',
    part._id,
    { body, preview, label: `Edit on ${part.partNumber}` },
    { method: 'PATCH' },
  );
}
