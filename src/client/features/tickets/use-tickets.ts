import { useLiveQuery } from '../../data/use-live-query.ts';
import { localDb } from '../../data/db.ts';
import { readTicketPage, type LocalTicket, type TicketFilters, type TicketPage } from './ticket-list.ts';

/** The page of tickets on this device for these filters, live: local changes and pulls re-render it. */
export function useTicketPage(filters: TicketFilters, page: number): TicketPage | undefined {
  return useLiveQuery(
    async () => await readTicketPage(localDb, filters, page),
    [filters.search, filters.status, filters.priority, page],
  );
}

/** One ticket as this device shows it; null once it is gone (a discarded create), undefined while loading. */
export function useTicket(id: string | null): LocalTicket | null | undefined {
  return useLiveQuery(async () => (id ? ((await localDb.tickets.get(id)) ?? null) : null), [id]);
}
