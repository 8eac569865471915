import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { serializeError } from '#server/lib/log-errors.ts';
import { useTeamApp } from './helpers/app.ts';

const t = useTeamApp();

it('logs a failed query without its parameters', async () => {
  const secret = 'hash-of-a-password';
  const failed = t.database.db.execute(sql`select ${secret}::text from no_such_table`);
  const error = (await failed.then(
    () => undefined,
    (caught: unknown) => caught,
  )) as Error;
  expect(String(error.message)).toContain(secret);
  const logged = JSON.stringify(serializeError(error));
  expect(logged).not.toContain(secret);
  expect(logged).toContain('select $1::text from no_such_table');
});
