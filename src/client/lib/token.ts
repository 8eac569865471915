/** The sign-in token lives in localStorage under this one key (spec section 9). */
const tokenKey = 'imsp.token';

export function readToken(): string | null {
  return localStorage.getItem(tokenKey);
}

export function saveToken(token: string): void {
  localStorage.setItem(tokenKey, token);
}

export function clearToken(): void {
  localStorage.removeItem(tokenKey);
}

/** Calls back when another tab signs in or out (the `storage` event fires only in the other tabs). */
export function onTokenChangeInOtherTab(listener: () => void): void {
  window.addEventListener('storage', (event) => {
    if (event.key === tokenKey || event.key === null) listener();
  });
}
