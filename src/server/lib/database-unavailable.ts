/** Seconds a client is asked to wait before retrying while the database is unreachable. */
export const databaseRetryAfterSeconds = 5;
export const databaseUnavailableMessage = 'The database is not reachable. Please try again shortly.';

/** PostgreSQL's (and PGlite's) disk_full: a write found no space left where the database keeps its data. */
export const storageFullState = '53100';
// Someone has to free space first, so clients are asked to wait longer.
export const storageFullRetryAfterSeconds = 60;
export const storageFullMessage =
  "The server's storage is full, so changes cannot be saved. Ask an administrator to free disk space, then try again.";

const networkCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
// 08: connection exception; 57P01-57P03: the server is shutting down, crashed or not yet accepting connections;
// 53000, 53200, 53300: it is out of resources, of memory or of connections for the moment.
const sqlStates = /^(08...|57P0[123]|53[023]00)$/;
// node-postgres and its pool report a lost or timed-out connection by message only.
const driverMessages =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

/** Whether the error (or one it wraps, as Drizzle does) says the database cannot be reached, not that a query is wrong. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let cause = error;
  for (let depth = 0; depth < 5 && cause instanceof Error; depth += 1, cause = cause.cause) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && (networkCodes.has(code) || sqlStates.test(code))) return true;
    if (driverMessages.test(cause.message)) return true;
  }
  return false;
}
