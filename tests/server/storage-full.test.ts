import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '#server/app.ts';
import { openDatabase, type Database } from '#server/db/client.ts';
import { storageFullMessage } from '#server/lib/database-unavailable.ts';
import { addMachine, buildTestApp, createScratchDatabase, registerTeam, type Team } from './helpers/app.ts';

/**
 * A write that finds the database's disk full. The database raises what PostgreSQL and PGlite raise
 * when a table file cannot grow (SQLSTATE 53100, disk_full); tests/server/disk-full.test.ts fills a
 * real disk where it can.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const dataDir = mkdtempSync(path.join(tmpdir(), 'imsp-storage-'));
const logged: { level: number; msg: string }[] = [];
let database: Database;
let dropDatabase = async () => {};
let app: App;
let team: Team;
let machine: string;
/** What the log must name: the embedded database's directory, or the PostgreSQL server and database. */
let where: RegExp;

beforeAll(async () => {
  if (serverUrl) {
    const scratch = await createScratchDatabase(serverUrl);
    dropDatabase = scratch.drop;
    database = await openDatabase({ url: scratch.url });
    where = new RegExp(`PostgreSQL server .*database ${new URL(scratch.url).pathname.slice(1)}`);
  } else {
    database = await openDatabase({ dataDir });
    where = new RegExp(RegExp.escape(path.join(dataDir, 'pgdata')));
  }
  const logStream = new Writable({
    write(line: Buffer, _encoding, done) {
      logged.push(JSON.parse(line.toString()) as { level: number; msg: string });
      done();
    },
  });
  app = await buildTestApp(database, { LOG_LEVEL: 'error' }, logStream);
  team = await registerTeam(app);
  machine = await addMachine({ app, team });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  await dropDatabase();
  rmSync(dataDir, { recursive: true, force: true });
});

const newTicket = () =>
  app.inject({
    method: 'POST',
    url: '/api/tickets',
    headers: team.engineer.headers,
    payload: { title: 'Hydraulic leak', description: 'Under the press', machine },
  });

it("answers 503 with Retry-After and says the server's storage is full; the log names where", async () => {
  await database.db.execute(
    sql.raw(`create function pretend_disk_full() returns trigger language plpgsql as $$ begin
      raise exception 'could not extend file "base/5/16400": No space left on device'
        using errcode = 'disk_full', hint = 'Check free disk space.';
    end $$`),
  );
  await database.db.execute(
    sql`create trigger disk_full before insert on tickets for each row execute function pretend_disk_full()`,
  );
  const refused = await newTicket();
  expect(refused.statusCode).toBe(503);
  expect(refused.headers['retry-after']).toBe('60');
  expect(refused.json()).toEqual({ message: storageFullMessage });
  expect(logged).toContainEqual(expect.objectContaining({ level: 50, msg: expect.stringMatching(where) as string }));

  await database.db.execute(sql`drop trigger disk_full on tickets`);
  expect((await newTicket()).statusCode).toBe(201);
});
