import ky, { isHTTPError } from 'ky';
import { readToken } from './token.ts';

/** A failed call: the server's `message` when it sent one, and the status (0 when no response arrived). */
export class ApiError extends Error {
  readonly status: number;
  readonly serverMessage: string | null;

  constructor(status: number, serverMessage: string | null, fallback: string) {
    super(serverMessage ?? fallback);
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = serverMessage;
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

/** The API client: paths are relative to `/api`, the token is read at send time, no time-out (spec section 9). */
export const api = ky.create({
  prefix: '/api',
  timeout: false,
  retry: 0,
  hooks: {
    beforeRequest: [
      ({ request }) => {
        const token = readToken();
        if (token) request.headers.set('Authorization', `Bearer ${token}`);
      },
    ],
    beforeError: [
      ({ error }) =>
        isHTTPError(error)
          ? new ApiError(error.response.status, messageIn(error.data), error.message)
          : new ApiError(0, null, error.message),
    ],
  },
});
