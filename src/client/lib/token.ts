/** The sign-in token lives in localStorage under this one key (spec section 9). */
const tokenKey = 'imsp.token';

export function readToken(): string | null {
  return localStorage.getItem(tokenKey);
}

export function saveToken(token: string): void {
  localStorage.setItem(tokenKey, token);
}

/**
 * The user the token belongs to, as the server last described them: the app opens offline with it.
 * Kept beside the token rather than only in the persisted query cache, whose throttled writes can
 * miss a reload that follows a navigation closely.
 */
const lastUserKey = 'imsp.last-user';

export function rememberUser(user: unknown): void {
  localStorage.setItem(lastUserKey, JSON.stringify(user));
}

export function lastKnownUser(): unknown {
  try {
    return JSON.parse(localStorage.getItem(lastUserKey) ?? 'null');
  } catch {
    return null;
  }
}

export function clearToken(): void {
  localStorage.removeItem(tokenKey);
  localStorage.removeItem(lastUserKey);
}

/**
 * Calls back when another tab signs in or out (the `storage` event fires only in the other tabs);
 * answers a function that stops listening.
 */
export function onTokenChangeInOtherTab(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === tokenKey || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
