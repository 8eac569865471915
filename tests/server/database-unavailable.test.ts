import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '#server/lib/database-unavailable.ts';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });
// Drizzle wraps the driver's error in its own.
const wrapped = (cause: Error) => new Error('Failed query: select 1', { cause });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a refused connection', withCode('ECONNREFUSED')],
    ['a reset connection inside a Drizzle error', wrapped(withCode('ECONNRESET'))],
    ['a lost connection', wrapped(new Error('Connection terminated unexpectedly'))],
    ['a pool that cannot connect in time', new Error('timeout exceeded when trying to connect')],
    ['a connection exception (class 08)', wrapped(withCode('08006'))],
    ['a server shutting down', wrapped(withCode('57P01'))],
    ['a server starting up', withCode('57P03')],
    ['a server out of connections for now', wrapped(withCode('53300'))],
    ['a server out of memory for now', wrapped(withCode('53200'))],
  ])('is true for %s', (_name, error) => expect(isDatabaseUnavailable(error)).toBe(true));

  it.each([
    ['a duplicate key', wrapped(withCode('23505'))],
    ['a cancelled statement', wrapped(withCode('57014'))],
    ['a full disk, which needs more than a retry (answered apart)', wrapped(withCode('53100'))],
    ['a plain error', new Error('Cannot read properties of undefined')],
    ['a value that is not an error', 'ECONNREFUSED'],
  ])('is false for %s', (_name, error) => expect(isDatabaseUnavailable(error)).toBe(false));
});
