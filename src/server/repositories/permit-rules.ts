import { can, type Actor } from '#shared/permissions.ts';
import {
  cancellableStatuses,
  finishedPermitStatuses,
  hotWorkFields,
  lockHeld,
  nextPermitStatus,
  permitTypeLabels,
  type HotWorkField,
  type PermitStatus,
} from '#shared/permits.ts';
import { activeLocks, missingHotWork, unsafePoints } from '#shared/permit-checks.ts';
import type { Permit } from '#shared/schemas/permit.ts';
import { badRequest, conflict } from '../lib/errors.ts';

/** The checks of a permit's steps and fields, each refusal naming what is missing (src/docs/permits.md). */

export const permitTitle = (permit: Pick<Permit, 'permitNumber' | 'machine'>) =>
  `${permit.permitNumber} · ${permit.machine.name}`;

/** "lock 12 on Main isolator held by Ann Lee": the locks still on. */
const locksStillOn = (permit: Permit) => activeLocks(permit).map(lockHeld);

export function assertHotWorkOnly(type: string, input: Partial<Record<HotWorkField, unknown>>) {
  if (type === 'hot_work') return;
  const given = (Object.keys(hotWorkFields) as HotWorkField[]).filter((field) => input[field] != null);
  if (given.length > 0) {
    throw badRequest(
      `${given.join(', ')} belong to hot work permits only; this is a ${permitTypeLabels[type as keyof typeof permitTypeLabels].toLowerCase()} permit`,
    );
  }
}

/** The checks a step makes besides who takes it (src/docs/permits.md). */
export function assertStep(permit: Permit, to: PermitStatus) {
  const from = permit.status;
  if ((finishedPermitStatuses as readonly PermitStatus[]).includes(from)) {
    throw conflict(`${permit.permitNumber} is ${from}: it does not change any more`);
  }
  if (to === 'Cancelled') {
    if (!cancellableStatuses.includes(from)) {
      throw conflict(`${permit.permitNumber} is ${from}: only a Requested or Approved permit can be cancelled`);
    }
  } else if (nextPermitStatus[from] !== to) {
    throw conflict(`${permit.permitNumber} is ${from}: its next step is ${nextPermitStatus[from]}, not ${to}`);
  }
  if (to === 'Isolated' || to === 'Active') {
    const unsafe = unsafePoints(permit);
    if (unsafe.length > 0) {
      throw conflict(
        `${permit.permitNumber} cannot be ${to} until every isolation point is locked and verified: ${unsafe.join(', ')}`,
      );
    }
  }
  if (to === 'Active') {
    const missing = missingHotWork(permit);
    if (missing.length > 0) throw conflict(`Hot work cannot start without the ${missing.join(', ')}`);
  }
  if (to === 'Closed' || to === 'Cancelled') {
    const on = locksStillOn(permit);
    if (on.length > 0) throw conflict(`${permit.permitNumber} cannot be ${to} while locks are on: ${on.join('; ')}`);
  }
}

/** Who may edit the permit's description and hot work fields: its requester, engineers, safety officers, admins. */
export function mayEdit(actor: Actor, permit: Permit) {
  return permit.requestedBy?._id === actor._id || can(actor.role, 'permit:manage') || can(actor.role, 'permit:approve');
}
