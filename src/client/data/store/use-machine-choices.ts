import { useLiveQuery } from './use-live-query.ts';
import type { Machine } from '#shared/schemas/machine.ts';
import { localDb, type Local } from './db.ts';

/** Every machine on this device by name, live, for the machine list and the forms and filters that pick one. */
export function useMachineChoices(): Local<Machine>[] | undefined {
  return useLiveQuery(async () => await localDb.machines.orderBy('name').toArray(), []);
}
