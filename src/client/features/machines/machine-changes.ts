import type { z } from 'zod';
import type { MachineStatus } from '../../../shared/enums.ts';
import type { UserRef } from '../../../shared/schemas/common.ts';
import type { Machine, machineCreate } from '../../../shared/schemas/machine.ts';
import type { QueuedChange } from '../../data/writes.ts';
import { createChange, updateChange } from '../sync/record-changes.ts';

type MachineRef = Pick<Machine, '_id' | 'name' | 'machineId'>;

/** A new machine, shown at once as the server will store it. */
export function createMachineChange(user: UserRef, input: z.output<typeof machineCreate>): QueuedChange {
  const _id = input._id ?? crypto.randomUUID();
  const now = new Date().toISOString();
  const body = { ...input, _id };
  const preview: Machine = { ...body, version: 0, createdAt: now, updatedAt: now };
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
