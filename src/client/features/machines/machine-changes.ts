import type { z } from 'zod';
import type { MachineStatus } from '../../../shared/enums.ts';
import type { UserRef } from '../../../shared/schemas/common.ts';
import { reasonLabel } from '../../../shared/downtime-reasons.ts';
import type { Machine, machineCreate, MachineStatusChange, MachineUpdate } from '../../../shared/schemas/machine.ts';
import type { QueuedChange } from '../../data/writes.ts';
import { createChange, newRecord, recordUrl, updateChange } from '../../data/change-builders.ts';
import { newId } from '../../../shared/ids.ts';

type MachineRef = Pick<Machine, '_id' | 'name' | 'machineId'>;

const named = (machine: Pick<Machine, 'name' | 'machineId'>) => `${machine.name} (${machine.machineId})`;

/** A new machine, shown at once as the server will store it. */
export function createMachineChange(user: UserRef, input: z.output<typeof machineCreate>): QueuedChange {
  const record = newRecord(input._id);
  const body = { ...input, _id: record._id };
  const preview: Machine = { ...body, ...record };
  return createChange(user, 'machine', body, preview, `New machine: ${named(input)}`);
}

/** Changed fields only (PUT), shown at once; works offline like every write. */
export function machineEditChange(user: UserRef, machine: MachineRef, body: MachineUpdate): QueuedChange {
  return updateChange(user, 'machine', machine._id, { body, preview: body, label: `Edit on ${named(machine)}` });
}

/** A status change, with why the machine stopped and the ticket that deals with it when given. */
export function machineStatusChange(
  user: UserRef,
  machine: MachineRef,
  status: MachineStatus,
  stop: Omit<MachineStatusChange, 'status'> = {},
): QueuedChange {
  const reason = stop.reason ? ` (${reasonLabel(stop.reason)})` : '';
  const what = stop.ticket && !stop.reason ? `Ticket linked to the stop of` : `Status -> ${status}${reason} on`;
  return updateChange(
    user,
    'machine',
    machine._id,
    { body: { status, ...stop }, preview: { status }, label: `${what} ${named(machine)}` },
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
