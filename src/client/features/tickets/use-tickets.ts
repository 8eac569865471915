import { useLiveQuery } from '#client/data/store/use-live-query.ts';
import { localDb } from '#client/data/store/db.ts';
import type { LocalTicket } from './ticket-list.ts';

/** One ticket as this device shows it; null once it is gone (a discarded create), undefined while loading. */
export function useTicket(id: string | null): LocalTicket | null | undefined {
  return useLiveQuery(async () => (id ? ((await localDb.tickets.get(id)) ?? null) : null), [id]);
}
