import { useLiveQuery } from 'dexie-react-hooks';
import type { Machine } from '../../../shared/schemas/machine.ts';
import { localDb } from '../../data/db.ts';

/** Every machine on this device by name, for the forms and filters that pick one. */
export function useMachineChoices(): Machine[] | undefined {
  return useLiveQuery(() => localDb.machines.orderBy('name').toArray(), []);
}
