/** How the offline core reaches the server; the browser uses `/api` and the stored token, tests a real server's URL. */
export interface Transport {
  baseUrl: string;
  fetch(url: string, init: RequestInit): Promise<Response>;
  /** Read at send time, so a sign-in while entries wait is picked up. */
  getToken(): string | null;
}

export function request(transport: Transport, path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  const token = transport.getToken();
  if (token) headers.set('authorization', `Bearer ${token}`);
  return transport.fetch(`${transport.baseUrl}${path}`, { ...init, headers });
}

/** The server's `{ message }`, or the fallback when the body has none. */
export async function errorMessage(response: Response, fallback: string): Promise<string> {
  try {
    const body = (await response.json()) as { message?: unknown };
    return typeof body.message === 'string' ? body.message : fallback;
  } catch {
    return fallback;
  }
}
