import ky, { isHTTPError, type KyInstance } from 'ky';
import { learnServerClock } from './server-clock.ts';
import { readToken } from './token.ts';

/**
 * A failed call: the status (0 when no response arrived), the server's `message` when it sent one,
 * and its Retry-After.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly serverMessage: string | null;
  readonly retryAfter: string | null;

  constructor(status: number, serverMessage: string | null, fallback: string, retryAfter: string | null = null) {
    super(serverMessage ?? fallback);
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = serverMessage;
    this.retryAfter = retryAfter;
  }

  /** The server could not be reached (offline, server down, blocked): a failed fetch counts as offline. */
  get isNetworkFailure(): boolean {
    return this.status === 0;
  }
}

function messageIn(data: unknown): string | null {
  if (typeof data === 'object' && data !== null && 'message' in data && typeof data.message === 'string') {
    return data.message;
  }
  return null;
}

/** Where the client sends: the browser's `/api` with the stored token; tests a real server behind a faked network. */
export interface Transport {
  baseUrl: string;
  fetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response>;
  /** Read at send time, so a sign-in while entries wait is picked up. */
  getToken(): string | null;
}

/** The one HTTP client: paths are relative to `baseUrl`, no retries of its own and no time-out (spec section 9). */
export function createApi(transport: Transport): KyInstance {
  return ky.create({
    prefix: transport.baseUrl,
    fetch: (input, init) => transport.fetch(input, init),
    timeout: false,
    retry: 0,
    hooks: {
      beforeRequest: [
        ({ request }) => {
          const token = transport.getToken();
          if (token) request.headers.set('Authorization', `Bearer ${token}`);
        },
      ],
      afterResponse: [({ response }) => learnServerClock(response)],
      beforeError: [
        ({ error }) =>
          isHTTPError(error)
            ? new ApiError(
                error.response.status,
                messageIn(error.data),
                error.message,
                error.response.headers.get('retry-after'),
              )
            : new ApiError(0, null, error.message),
      ],
    },
  });
}

export const browserTransport: Transport = {
  baseUrl: '/api',
  fetch: (input, init) => fetch(input, init),
  getToken: readToken,
};

export const api = createApi(browserTransport);
