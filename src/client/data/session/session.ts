import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import type { User } from '#shared/schemas/user.ts';
import { api, ApiError } from '#client/lib/api.ts';
import { clearToken, lastKnownUser, onTokenChangeInOtherTab, readToken, rememberUser } from '#client/lib/token.ts';

export const sessionKey = ['session'] as const;

const pageLoadedAt = Date.now();

async function fetchCurrentUser(): Promise<User | null> {
  if (!readToken()) return null;
  // Zod loads with the answer rather than with the first page (lib/url-search.ts says why).
  const { meResponse, user: userSchema } = await import('#shared/schemas/user.ts');
  try {
    const { user } = await api.get('auth/me').json(meResponse);
    rememberUser(user);
    return user;
  } catch (error) {
    // Only the server saying the token is no good signs out; no answer at all keeps the last known user.
    if (error instanceof ApiError && error.status === 401) {
      clearToken();
      return null;
    }
    const known = userSchema.safeParse(lastKnownUser());
    if (known.success && (!(error instanceof ApiError) || error.isNetworkFailure)) return known.data;
    throw error;
  }
}

/**
 * The signed-in user, or null. A user restored from an earlier visit (persisted cache) counts as stale
 * until `/auth/me` answers in this page load; after that the session is not fetched again.
 */
export const sessionQuery = queryOptions({
  queryKey: sessionKey,
  queryFn: fetchCurrentUser,
  staleTime: (query) => (query.state.dataUpdatedAt < pageLoadedAt ? 0 : Number.POSITIVE_INFINITY),
  gcTime: Number.POSITIVE_INFINITY,
  retry: false,
  // A failed fetch means offline, whatever navigator.onLine says; never wait for an 'online' event.
  networkMode: 'always',
});

/** For route guards: the last known user at once (checked with the server in the background), or null. */
export async function loadSession(queryClient: QueryClient): Promise<User | null> {
  try {
    const user = await queryClient.ensureQueryData({ ...sessionQuery, revalidateIfStale: true });
    // A null saved before a sign-in that the throttled cache persister has not written yet (a reload
    // right after signing in) is no answer while a token exists: ask the server.
    return user ?? (readToken() ? await queryClient.fetchQuery(sessionQuery) : null);
  } catch {
    return null;
  }
}

/** A sign-in or sign-out in another tab applies here too. */
export function followSessionOfOtherTabs(queryClient: QueryClient): void {
  onTokenChangeInOtherTab(() => void queryClient.invalidateQueries({ queryKey: sessionKey }));
}

export function useSession(): { user: User | null; isLoading: boolean } {
  const { data, isPending } = useQuery(sessionQuery);
  return { user: data ?? null, isLoading: isPending };
}

/**
 * The authenticated layout provides its user to the screens. Held in context rather than read from the
 * query, so a screen re-rendering during logout still sees the user until the layout unmounts it.
 */
export const SignedInUserContext = createContext<User | null>(null);

export function useSignedInUser(): User {
  const user = useContext(SignedInUserContext);
  if (!user) throw new Error('useSignedInUser is only for screens inside the authenticated layout');
  return user;
}
