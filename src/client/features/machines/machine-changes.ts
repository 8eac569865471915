import type { z } from 'zod';
import type { MachineStatus } from '../../../shared/enums.ts';
import type { UserRef } from '../../../shared/schemas/common.ts';
import type { Machine, machineCreate, MachineUpdate } from '../../../shared/schemas/machine.ts';
import type { QueuedChange } from '../../data/writes.ts';
import { createChange, newRecord, updateChange } from '../../data/change-builders.ts';

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

export function machineStatusChange(user: UserRef, machine: MachineRef, status: MachineStatus): QueuedChange {
  return updateChange(
    user,
    'machine',
    machine._id,
    { body: { status }, preview: { status }, label: `Status -> ${status} on ${named(machine)}` },
    { method: 'PATCH', path: '/status' },
  );
}
