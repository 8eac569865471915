import { useLiveQuery } from 'dexie-react-hooks';
import { localDb } from '../../data/db.ts';
import type { LocalMachine } from './machine-list.ts';

/** Every machine on this device by name, live, for the machine list and the forms and filters that pick one. */
export function useMachineChoices(): LocalMachine[] | undefined {
  return useLiveQuery(() => localDb.machines.orderBy('name').toArray(), []);
}
