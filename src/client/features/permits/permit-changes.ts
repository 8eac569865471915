import type { PermitStatus, PermitType } from '#shared/permits.ts';
import type { UserRef } from '#shared/schemas/common.ts';
import type { Machine } from '#shared/schemas/machine.ts';
import type { Permit, PermitLock } from '#shared/schemas/permit.ts';
import { author, createChange, newRecord, recordUrl, updateChange } from '#client/data/outbox/change-builders.ts';
import type { QueuedOf } from '#client/data/outbox/writes.ts';
import { newId } from '#shared/ids.ts';

/** What the permit is for: a ticket or a maintenance schedule, on its machine. */
export type PermitWork =
  | { ticket: { _id: string; ticketNumber: string; title: string }; schedule?: undefined }
  | { schedule: { _id: string; title: string }; ticket?: undefined };

export interface HotWorkValues {
  gasTest: string | null;
  fireWatch: string | null;
  fireWatchUntil: string | null;
}

export interface PermitRequest extends HotWorkValues {
  type: PermitType;
  description: string;
}

const hotWorkOnly = (type: PermitType, values: HotWorkValues): Partial<HotWorkValues> =>
  type === 'hot_work'
    ? Object.fromEntries(Object.entries(values).filter(([, value]) => value !== null && value !== ''))
    : {};

/** A permit requested on this device: Requested at once, with the machine's points to lock. */
export function requestPermitChange(
  user: UserRef,
  machine: Pick<Machine, '_id' | 'name' | 'machineId' | 'department' | 'isolationPoints'>,
  work: PermitWork,
  request: PermitRequest,
): QueuedOf<'create'> {
  const record = newRecord();
  const fields = hotWorkOnly(request.type, request);
  const body = {
    _id: record._id,
    machine: machine._id,
    ...(work.ticket ? { ticket: work.ticket._id } : { schedule: work.schedule._id }),
    type: request.type,
    description: request.description,
    ...fields,
  };
  const preview: Permit = {
    ...record,
    permitNumber: 'PTW (not sent yet)',
    machine: { _id: machine._id, name: machine.name, machineId: machine.machineId, department: machine.department },
    ticket: work.ticket
      ? { _id: work.ticket._id, ticketNumber: work.ticket.ticketNumber, title: work.ticket.title }
      : null,
    schedule: work.schedule ? { _id: work.schedule._id, title: work.schedule.title } : null,
    type: request.type,
    status: 'Requested',
    description: request.description,
    gasTest: null,
    fireWatch: null,
    fireWatchUntil: null,
    ...fields,
    requestedBy: author(user),
    approvedBy: null,
    approvedAt: null,
    points: machine.isolationPoints,
    locks: [],
  };
  const label = `Permit to work requested for ${work.ticket?.ticketNumber ?? work.schedule?.title}`;
  return createChange(user, 'permit', body, preview, label);
}

/** The next step of the permit's life (src/docs/permits.md); an approval shows who approved at once. */
export function permitStepChange(user: UserRef, permit: Permit, status: PermitStatus): QueuedOf<'update'> {
  const stamps = status === 'Approved' ? { approvedBy: author(user), approvedAt: new Date().toISOString() } : {};
  return updateChange(
    user,
    'permit',
    permit._id,
    { body: { status }, preview: { status, ...stamps }, label: `Status -> ${status} on ${permit.permitNumber}` },
    { method: 'PATCH' },
  );
}

/** The hot work fields as the permit holder fills them in. */
export function hotWorkChange(user: UserRef, permit: Permit, values: HotWorkValues): QueuedOf<'update'> {
  return updateChange(
    user,
    'permit',
    permit._id,
    { body: { ...values }, preview: { ...values }, label: `Hot work details on ${permit.permitNumber}` },
    { method: 'PATCH' },
  );
}

/** A lock on one isolation point, at the device's time; the first to reach the server keeps the point. */
export function applyLockChange(
  user: UserRef,
  permit: Permit,
  point: Permit['points'][number],
  lockNumber: string,
  verified: boolean,
): QueuedOf<'lock'> {
  const _id = newId();
  const preview: PermitLock = {
    _id,
    point: point._id,
    pointLocation: point.location,
    lockNumber,
    verified,
    appliedBy: author(user),
    appliedAt: new Date().toISOString(),
    removedBy: null,
    removedAt: null,
    removalReason: null,
  };
  return {
    id: _id,
    userId: user._id,
    entity: 'permit',
    recordId: permit._id,
    kind: 'lock',
    method: 'POST',
    url: `${recordUrl.permit}/${permit._id}/locks`,
    body: { _id, point: point._id, lockNumber, verified },
    preview,
    label: `Lock ${lockNumber} on ${point.location} (${permit.permitNumber})`,
  };
}

function lockPatch(
  user: UserRef,
  permit: Permit,
  lock: PermitLock,
  body: EntryBody,
  preview: Partial<PermitLock>,
  label: string,
): QueuedOf<'lockPatch'> {
  return {
    userId: user._id,
    entity: 'permit',
    recordId: permit._id,
    kind: 'lockPatch',
    method: 'PATCH',
    url: `${recordUrl.permit}/${permit._id}/locks/${lock._id}`,
    body,
    preview: { _id: lock._id, ...preview },
    label: `${label} (${permit.permitNumber})`,
  };
}

type EntryBody = QueuedOf<'lockPatch'>['body'];

/** The zero-energy check of a lock applied without it. */
export const verifyLockChange = (user: UserRef, permit: Permit, lock: PermitLock) =>
  lockPatch(
    user,
    permit,
    lock,
    { verified: true },
    { verified: true },
    `Zero energy verified at ${lock.pointLocation}`,
  );

/** A lock taken off: by its holder, or by a safety officer or admin with the reason kept. */
export function removeLockChange(user: UserRef, permit: Permit, lock: PermitLock, reason: string | null) {
  const stamps = { removedBy: author(user), removedAt: new Date().toISOString(), removalReason: reason };
  const body = reason ? { removed: true as const, reason } : { removed: true as const };
  return lockPatch(user, permit, lock, body, stamps, `Lock ${lock.lockNumber} removed from ${lock.pointLocation}`);
}
