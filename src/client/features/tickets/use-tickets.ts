import { queryOptions, useQuery } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { z } from 'zod';
import type { Machine } from '../../../shared/schemas/machine.ts';
import { userSummary } from '../../../shared/schemas/user.ts';
import { localDb } from '../../data/db.ts';
import { api } from '../../lib/api.ts';
import { readTicketPage, type LocalTicket, type TicketFilters, type TicketPage } from './ticket-list.ts';

/** The page of tickets on this device for these filters, live: local changes and pulls re-render it. */
export function useTicketPage(filters: TicketFilters, page: number): TicketPage | undefined {
  return useLiveQuery(
    () => readTicketPage(localDb, filters, page),
    [filters.search, filters.status, filters.priority, page],
  );
}

/** One ticket as this device shows it; null once it is gone (a discarded create), undefined while loading. */
export function useTicket(id: string | null): LocalTicket | null | undefined {
  return useLiveQuery(async () => (id ? ((await localDb.tickets.get(id)) ?? null) : null), [id]);
}

/** Machines to raise a ticket on, by name. */
export function useMachineChoices(): Machine[] | undefined {
  return useLiveQuery(() => localDb.machines.orderBy('name').toArray(), []);
}

/** GET /api/users (spec: requested on the tickets screen), cached and persisted so assigning works offline. */
export const usersQuery = queryOptions({
  queryKey: ['users'],
  queryFn: () => api.get('users').json(z.array(userSummary)),
  staleTime: 5 * 60_000,
});

export function useUsers() {
  return useQuery(usersQuery).data;
}
