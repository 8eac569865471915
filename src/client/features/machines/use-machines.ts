import { useLiveQuery } from 'dexie-react-hooks';
import { openTicketStatuses } from '../../../shared/open-records.ts';
import type { Schedule } from '../../../shared/schemas/schedule.ts';
import type { Ticket } from '../../../shared/schemas/ticket.ts';
import { localDb } from '../../data/db.ts';
import type { LocalMachine } from './machine-list.ts';

/** One machine as this device shows it; null once it is gone, undefined while loading. */
export function useMachine(id: string | null): LocalMachine | null | undefined {
  return useLiveQuery(async () => (id ? ((await localDb.machines.get(id)) ?? null) : null), [id]);
}

export interface MachineWork {
  /** Open tickets, newest first. */
  openTickets: Ticket[];
  /** Schedules not Completed, soonest first. */
  schedules: Schedule[];
}

/** The open work on one machine, from the tickets and schedules on this device, live. */
export function useMachineWork(id: string): MachineWork | undefined {
  return useLiveQuery(async () => {
    const [openTickets, schedules] = await Promise.all([
      localDb.tickets
        .where('status')
        .anyOf(openTicketStatuses)
        .filter((ticket) => ticket.machine?._id === id)
        .toArray(),
      localDb.schedules
        .orderBy('scheduledDate')
        .filter((schedule) => schedule.machine?._id === id && schedule.status !== 'Completed')
        .toArray(),
    ]);
    openTickets.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    return { openTickets, schedules };
  }, [id]);
}
