import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { WorkRequest } from '#shared/schemas/request.ts';
import { api } from '#client/lib/api.ts';

export type RequestFilter = 'open' | 'all';

/** The requests to triage; the last copy is kept (query-client.ts), so the list opens offline too. */
export const useWorkRequests = (status: RequestFilter) =>
  useQuery({
    queryKey: ['requests', status],
    queryFn: () => api.get('requests', { searchParams: { status } }).json<WorkRequest[]>(),
    refetchInterval: 60_000,
  });

export type TriageAction = 'accept' | 'merge' | 'reject';

/** Sends a triage decision, then refreshes the lists; a failure reaches the caller (the dialog stays open). */
export function useTriage() {
  const queryClient = useQueryClient();
  return async (id: string, action: TriageAction, body: object): Promise<WorkRequest> => {
    const decided = await api.post(`requests/${id}/${action}`, { json: body }).json<WorkRequest>();
    await queryClient.invalidateQueries({ queryKey: ['requests'] });
    return decided;
  };
}
