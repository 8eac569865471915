import type { z } from 'zod';
import type { MachineStatus } from '../../../shared/enums.ts';
import type { UserRef } from '../../../shared/schemas/common.ts';
import type { Machine, machineCreate } from '../../../shared/schemas/machine.ts';
import type { QueuedChange } from '../../data/writes.ts';
import { createChange, newRecord, updateChange } from '../sync/record-changes.ts';

type MachineRef = Pick<Machine, '_id' | 'name' | 'machineId'>;

/** A new machine, shown at once as the server will store it. */
export function createMachineChange(user: UserRef, input: z.output<typeof machineCreate>): QueuedChange {
  const record = newRecord(input._id);
  const body = { ...input, _id: record._id };
  const preview: Machine = { ...body, ...record };
  return createChange(user, 'machine', body, preview, `New machine: ${input.name} (${input.machineId})`);
}

export function machineStatusChange(user: UserRef, machine: MachineRef, status: MachineStatus): QueuedChange {
  return updateChange(
    user,
    'machine',
    machine._id,
    { body: { status }, preview: { status }, label: `Status -> ${status} on ${machine.name} (${machine.machineId})` },
    { method: 'PATCH', path: '/status' },
  );
}
