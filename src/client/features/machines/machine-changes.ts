import type { z } from 'zod';
import type { MachineStatus } from '#shared/enums.ts';
import type { UserRef } from '#shared/schemas/common.ts';
import { isStopped, reasonLabel } from '#shared/downtime-reasons.ts';
import type { MachineStop } from '#shared/schemas/downtime.ts';
import type { IsolationPoint } from '#shared/isolation.ts';
import type { Machine, machineCreate, MachineStatusChange, MachineUpdate } from '#shared/schemas/machine.ts';
import type { QueuedChange } from '#client/data/outbox/writes.ts';
import { createChange, newRecord, recordUrl, updateChange } from '#client/data/outbox/change-builders.ts';
import { newId } from '#shared/ids.ts';

type MachineRef = Pick<Machine, '_id' | 'name' | 'machineId'>;
type StopRef = MachineRef & Pick<Machine, 'status' | 'stop'>;

const named = (machine: Pick<Machine, 'name' | 'machineId'>) => `${machine.name} (${machine.machineId})`;

/** A new machine, shown at once as the server will store it. */
export function createMachineChange(user: UserRef, input: z.output<typeof machineCreate>): QueuedChange {
  const record = newRecord(input._id);
  const body = { ...input, _id: record._id };
  const stop = isStopped(body.status) ? { since: record.createdAt, reason: null, ticket: null } : null;
  const preview: Machine = { ...body, ...record, stop };
  return createChange(user, 'machine', body, preview, `New machine: ${named(input)}`);
}

/** Changed fields only (PUT), shown at once; works offline like every write. */
export function machineEditChange(user: UserRef, machine: MachineRef, body: MachineUpdate): QueuedChange {
  return updateChange(user, 'machine', machine._id, { body, preview: body, label: `Edit on ${named(machine)}` });
}

/**
 * The stop the machine is in after this change, as the server will derive it (src/docs/downtime.md):
 * none once it is up; a stop going on keeps its start and takes the reason and ticket given.
 */
function stopAfter(
  machine: StopRef,
  status: MachineStatus,
  given: Omit<MachineStatusChange, 'status'>,
): MachineStop | null {
  if (!isStopped(status)) return null;
  const going = isStopped(machine.status) ? machine.stop : null;
  return {
    since: going?.since ?? new Date().toISOString(),
    reason: given.reason ?? going?.reason ?? null,
    ticket: given.ticket ?? going?.ticket ?? null,
  };
}

/** A status change, with why the machine stopped and the ticket that deals with it when given. */
export function machineStatusChange(
  user: UserRef,
  machine: StopRef,
  status: MachineStatus,
  given: Omit<MachineStatusChange, 'status'> = {},
): QueuedChange {
  const reason = given.reason ? ` (${reasonLabel(given.reason)})` : '';
  const what = given.ticket && !given.reason ? `Ticket linked to the stop of` : `Status -> ${status}${reason} on`;
  const preview = { status, stop: stopAfter(machine, status, given) };
  return updateChange(
    user,
    'machine',
    machine._id,
    { body: { status, ...given }, preview, label: `${what} ${named(machine)}` },
    { method: 'PATCH', path: '/status' },
  );
}

/** An hour-meter reading taken now; its `_id` is the entry id, so a replay is stored once. */
export function readingChange(user: UserRef, machine: MachineRef, hours: number): QueuedChange {
  const _id = newId();
  return {
    id: _id,
    userId: user._id,
    entity: 'machine',
    recordId: machine._id,
    kind: 'reading',
    method: 'POST',
    url: `${recordUrl.machine}/${machine._id}/readings`,
    body: { _id, hours, readAt: new Date().toISOString() },
    preview: { operatingHours: hours },
    label: `Reading ${hours.toLocaleString('en-US')} h on ${named(machine)}`,
  };
}

/**
 * The machine's whole list of isolation points after one point was added, edited or removed (PUT): a
 * second edit made before the first reached the server starts from the list as it shows it.
 */
export function isolationPointsChange(
  user: UserRef,
  machine: MachineRef,
  isolationPoints: IsolationPoint[],
  what: string,
): QueuedChange {
  const body = { isolationPoints };
  return updateChange(user, 'machine', machine._id, { body, preview: body, label: `${what} on ${named(machine)}` });
}
