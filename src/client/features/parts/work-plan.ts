import { outstanding, roundQuantity } from '#shared/parts.ts';
import type { BinRef, PartsForWork } from '#shared/schemas/part.ts';
import type { OutboxEntry, PendingReservation, ReservedChange } from '#client/data/store/db.ts';

/** The work parts are planned for and issued to: a ticket or a maintenance item. */
export type WorkTarget =
  | { ticket: { _id: string; ticketNumber: string; title: string }; schedule?: undefined }
  | { schedule: { _id: string; title: string }; ticket?: undefined };

export const workId = (work: WorkTarget) => (work.ticket ? work.ticket._id : work.schedule._id);
export const workName = (work: WorkTarget) =>
  work.ticket ? work.ticket.ticketNumber || work.ticket.title : work.schedule.title;
/** `{ ticket: id }` or `{ schedule: id }`, as the API takes it. */
export const workQuery = (work: WorkTarget) =>
  work.ticket ? { ticket: work.ticket._id } : { schedule: work.schedule._id };

type PartRef = PendingReservation['part'];

/** A reservation of the work as this device knows it: the server's, or one made here not sent yet. */
export interface PlanLine {
  _id: string;
  part: PartRef;
  quantity: number;
  bin: BinRef | null;
  byId: string | null;
  pending: boolean;
}

/** Issued less returned of one part from one bin; `part` only when the server named it. */
interface UsedLine {
  partId: string;
  bin: BinRef;
  quantity: number;
}

/**
 * The work's plan and use as the server last said, with this device's reservations, releases,
 * issues and returns for it on top: what the server will hold once they arrive. A finished work
 * holds nothing (src/docs/parts.md).
 */
export interface WorkPlan {
  planned: PlanLine[];
  used: UsedLine[];
  finished: boolean;
}

const forWork = (work: WorkTarget, entry: OutboxEntry) => {
  if (entry.kind !== 'stockMove' && entry.kind !== 'reservation' && entry.kind !== 'reservationRelease') return false;
  const preview = entry.preview;
  return work.ticket ? preview.ticket?._id === work.ticket._id : preview.schedule?._id === work.schedule._id;
};

/** The outbox entries that change this work's parts, oldest first. */
export const workEntries = (work: WorkTarget, entries: readonly OutboxEntry[]) =>
  entries.filter((entry) => forWork(work, entry));

export function workPlan(
  server: PartsForWork | undefined,
  entries: readonly OutboxEntry[],
  finished: boolean,
): WorkPlan {
  const released = new Set(
    entries.flatMap((entry) => (entry.kind === 'reservationRelease' ? [entry.preview._id] : [])),
  );
  const planned: PlanLine[] = [
    ...(server?.planned ?? []).map((line) => ({ ...line, byId: line.by?._id ?? null, pending: false })),
    ...entries.flatMap((entry) =>
      entry.kind === 'reservation' ? [{ ...entry.preview, byId: entry.userId, pending: true }] : [],
    ),
  ].filter((line) => !released.has(line._id));
  const used: UsedLine[] = [
    ...(server?.used ?? []).map((line) => ({ partId: line.part._id, bin: line.bin, quantity: line.quantity })),
    ...entries.flatMap((entry) =>
      entry.kind === 'stockMove' && (entry.preview.kind === 'issue' || entry.preview.kind === 'return')
        ? [
            {
              partId: entry.recordId,
              bin: entry.preview.bin,
              quantity: entry.preview.kind === 'issue' ? entry.preview.quantity : -entry.preview.quantity,
            },
          ]
        : [],
    ),
  ];
  return { planned, used, finished };
}

/** What the plan still holds of one part, per bin (null: anywhere), with the bins by name. */
function held(plan: WorkPlan, partId: string): Map<string | null, { bin: BinRef | null; quantity: number }> {
  if (plan.finished) return new Map();
  const planned = plan.planned.filter((line) => line.part._id === partId);
  const used = plan.used.filter((line) => line.partId === partId);
  const refs = new Map<string, BinRef>(
    [...planned, ...used].flatMap((line) => (line.bin ? [[line.bin._id, line.bin]] : [])),
  );
  const left = outstanding(
    planned.map((line) => ({ bin: line.bin?._id ?? null, quantity: line.quantity })),
    used.map((line) => ({ bin: line.bin._id, quantity: line.quantity })),
  );
  return new Map([...left].map(([bin, quantity]) => [bin, { bin: bin === null ? null : refs.get(bin)!, quantity }]));
}

/** How the part's reserved figures change from one plan of the work to the next. */
export function reservedChange(before: WorkPlan, after: WorkPlan, partId: string): ReservedChange[] {
  const was = held(before, partId);
  const now = held(after, partId);
  const changes: ReservedChange[] = [];
  for (const key of new Set([...was.keys(), ...now.keys()])) {
    const delta = roundQuantity((now.get(key)?.quantity ?? 0) - (was.get(key)?.quantity ?? 0));
    if (delta !== 0) changes.push({ bin: (now.get(key) ?? was.get(key))!.bin, delta });
  }
  return changes;
}

/** The plan with one more issue (or, negative, return) of a part from a bin. */
export const withUse = (plan: WorkPlan, partId: string, bin: BinRef, quantity: number): WorkPlan => ({
  ...plan,
  used: [...plan.used, { partId, bin, quantity }],
});

/** What is planned and not issued yet: per part and bin (null: any bin), the quantity still held. */
export function unissued(plan: WorkPlan): { part: PartRef; bin: BinRef | null; quantity: number }[] {
  const parts = new Map(plan.planned.map((line) => [line.part._id, line.part]));
  return [...parts.values()].flatMap((part) =>
    [...held({ ...plan, finished: false }, part._id).values()]
      .filter((line) => line.quantity > 0)
      .map((line) => ({ part, ...line })),
  );
}
