import { apiToken, type DemoRole } from './browser.ts';

/** A JSON call to the server's API as a demo account: what reached the server, or test data set up there. */
export function apiAs(baseUrl: () => string, role: DemoRole = 'admin') {
  return async function api<T>(path: string, method = 'GET', body?: unknown): Promise<T> {
    const token = await apiToken(baseUrl(), role);
    const response = await fetch(`${baseUrl()}/api/${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return (await response.json()) as T;
  };
}
