import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { can } from '#shared/permissions.ts';
import { workCost } from '#shared/schemas/costs.ts';
import { labourEntry } from '#shared/schemas/labour.ts';
import { localDb, type EntryOf } from '#client/data/store/db.ts';
import { useSignedInUser } from '#client/data/session/session.ts';
import { useLiveQuery } from '#client/data/store/use-live-query.ts';
import { api } from '#client/lib/api.ts';

/** A ticket's hours as the server last said (the last copy offline). */
export function useTicketLabour(ticketId: string) {
  return useQuery({
    queryKey: ['labour', ticketId],
    queryFn: () => api.get('labour', { searchParams: { ticket: ticketId } }).json(z.array(labourEntry)),
  });
}

/** What a ticket cost, for those who may see costs (the last copy offline). */
export function useTicketCost(ticketId: string) {
  const user = useSignedInUser();
  return useQuery({
    queryKey: ['cost', ticketId],
    queryFn: () => api.get(`tickets/${ticketId}/cost`).json(workCost),
    enabled: can(user.role, 'cost:view'),
    // Parts issued and hours recorded on other devices leave the ticket as it was: read again on opening.
    staleTime: 0,
  });
}

/** This device's hours on a ticket not confirmed yet, oldest first. */
export function usePendingLabour(ticketId: string): EntryOf<'labour'>[] {
  return (
    useLiveQuery(async () => {
      const entries = await localDb.outbox.where('recordId').equals(ticketId).toArray();
      return entries.filter((entry): entry is EntryOf<'labour'> => entry.kind === 'labour');
    }, [ticketId]) ?? []
  );
}
