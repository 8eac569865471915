import { useLiveQuery } from '#client/data/store/use-live-query.ts';
import { openTicketStatuses } from '#shared/open-records.ts';
import type { Schedule } from '#shared/schemas/schedule.ts';
import type { Ticket } from '#shared/schemas/ticket.ts';
import { localDb } from '#client/data/store/db.ts';
import { readAll } from '#client/data/store/read-page.ts';
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
  /** The three problems its repairs on this device recorded most often (src/docs/failure-codes.md). */
  failureModes: { problem: string; repairs: number }[];
}

function mostFrequentProblems(tickets: Ticket[]) {
  const counts = new Map<string, number>();
  for (const { failure } of tickets) if (failure) counts.set(failure.problem, (counts.get(failure.problem) ?? 0) + 1);
  return [...counts]
    .map(([problem, repairs]) => ({ problem, repairs }))
    .sort((a, b) => b.repairs - a.repairs || (a.problem < b.problem ? -1 : 1))
    .slice(0, 3);
}

/** The open work and the failure modes of one machine, from the tickets and schedules on this device, live. */
export function useMachineWork(id: string): MachineWork | undefined {
  return useLiveQuery(async () => {
    const [tickets, schedules] = await Promise.all([
      readAll(localDb, localDb.tickets, { filters: [['machine', id]], search: '' }),
      localDb.schedules
        .orderBy('scheduledDate')
        .filter((schedule) => schedule.machine?._id === id && schedule.status !== 'Completed')
        .toArray(),
    ]);
    const open = new Set<string>(openTicketStatuses);
    return {
      openTickets: tickets.filter((ticket) => open.has(ticket.status)),
      schedules,
      failureModes: mostFrequentProblems(tickets),
    };
  }, [id]);
}
