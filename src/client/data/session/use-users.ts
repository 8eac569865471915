import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { userSummary } from '#shared/schemas/user.ts';
import { api } from '#client/lib/api.ts';

/** GET /api/users (spec: requested on the tickets screen), cached and persisted so assigning works offline. */
export const usersQuery = queryOptions({
  queryKey: ['users'],
  queryFn: () => api.get('users').json(z.array(userSummary)),
  staleTime: 5 * 60_000,
});

export function useUsers() {
  return useQuery(usersQuery).data;
}
