/** An error whose message is safe to show to the user, answered as `{ message }` with its status. */
export class HttpError extends Error {
  readonly statusCode: number;
  /** Seconds the client should wait before trying again, sent as `Retry-After`. */
  readonly retryAfter: number | undefined;
  constructor(statusCode: number, message: string, retryAfter?: number) {
    super(message);
    this.statusCode = statusCode;
    this.retryAfter = retryAfter;
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message: string) => new HttpError(401, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const gone = (message: string) => new HttpError(410, message);
export const tooManyRequests = (message: string, retryAfter: number) => new HttpError(429, message, retryAfter);

export const deactivatedMessage = 'This account has been deactivated. Ask an admin to reactivate it.';
