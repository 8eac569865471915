import { can, type Actor } from '#shared/permissions.ts';
import type { UserRef } from '#shared/schemas/common.ts';
import type { Part } from '#shared/schemas/part.ts';
import type { QueuedOf } from '#client/data/outbox/writes.ts';
import { fullestBin, releaseChange, stockMoveChange } from './part-changes.ts';
import { reservedChange, unissued, withUse, type PlanLine, type WorkPlan, type WorkTarget } from './work-plan.ts';

/**
 * Issues what the plan still holds, each from its planned bin or, planned without one, the bin
 * with most free stock. A part never stocked anywhere cannot be issued: it is left out (`missing`).
 */
export function issueAllChanges(
  user: UserRef,
  work: WorkTarget,
  plan: WorkPlan,
  parts: ReadonlyMap<string, Part>,
): { changes: QueuedOf<'stockMove'>[]; missing: string[] } {
  const changes: QueuedOf<'stockMove'>[] = [];
  const missing: string[] = [];
  let current = plan;
  for (const line of unissued(plan)) {
    const part = parts.get(line.part._id);
    const bin = line.bin ?? (part && fullestBin(part));
    if (!part || !bin) {
      missing.push(line.part.partNumber);
      continue;
    }
    const next = withUse(current, part._id, bin, line.quantity);
    changes.push(
      stockMoveChange(user, part, {
        kind: 'issue',
        quantity: line.quantity,
        bin,
        ...work,
        reservedChange: reservedChange(current, next, part._id),
      }),
    );
    current = next;
  }
  return { changes, missing };
}

/** Releases a planned part, with what that frees of the part's stock. */
export function releaseLine(user: UserRef, work: WorkTarget, plan: WorkPlan, line: PlanLine) {
  const without = { ...plan, planned: plan.planned.filter((other) => other._id !== line._id) };
  const change = releaseChange(user, {
    _id: line._id,
    part: line.part,
    quantity: line.quantity,
    bin: line.bin,
    ticket: work.ticket ?? null,
    schedule: work.schedule ?? null,
    reservedChange: reservedChange(plan, without, line.part._id),
  });
  return { change, plan: without };
}

/** Releases the planned lines that still hold something (per part and bin), one after the other. */
export function releaseAllChanges(user: UserRef, work: WorkTarget, plan: WorkPlan): QueuedOf<'reservationRelease'>[] {
  const key = (partId: string, bin: { _id: string } | null) => `${partId}:${bin?._id ?? ''}`;
  const open = new Set(unissued(plan).map((line) => key(line.part._id, line.bin)));
  const changes: QueuedOf<'reservationRelease'>[] = [];
  let current = plan;
  for (const line of plan.planned.filter((planned) => open.has(key(planned.part._id, planned.bin)))) {
    const released = releaseLine(user, work, current, line);
    changes.push(released.change);
    current = released.plan;
  }
  return changes;
}

/** Its author may release a planned part, and whoever manages the stores. */
export const mayRelease = (user: Actor, line: PlanLine) => line.byId === user._id || can(user.role, 'part:manage');
