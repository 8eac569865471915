import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import { QueryClient } from '@tanstack/react-query';
import type { PersistQueryClientProviderProps } from '@tanstack/react-query-persist-client';
import { ApiError } from './api.ts';

const week = 7 * 24 * 60 * 60 * 1000;

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // Kept at least as long as the persisted copy, so a week-old offline start still has its data.
      gcTime: week,
      retry: (failureCount, error) => {
        const refused = error instanceof ApiError && error.status >= 400 && error.status < 500;
        return !refused && failureCount < 2;
      },
    },
  },
});

/**
 * The query cache (current user, analytics) is saved in localStorage so the app opens offline with the
 * last known values. Any query holding data is kept, also one whose last refetch failed offline.
 * Mutations are never saved: record writes go through the outbox, and sign-in variables hold a password.
 */
export const persistOptions: PersistQueryClientProviderProps['persistOptions'] = {
  persister: createSyncStoragePersister({ storage: window.localStorage, key: 'imsp.query-cache' }),
  maxAge: week,
  buster: 'imsp-1',
  dehydrateOptions: {
    shouldDehydrateQuery: (query) => query.state.data !== undefined,
    shouldDehydrateMutation: () => false,
  },
};
