import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, rowsOf } from '#server/db/client.ts';
import { poolSizes } from '#server/db/postgres.ts';
import { isDatabaseUnavailable } from '#server/lib/database-unavailable.ts';
import { buildTestApp, createScratchDatabase, machineInput, registerUser } from './helpers/app.ts';
import { follow } from './helpers/events.ts';
import { idOf } from './helpers/json.ts';
import { exitOf, freePort, startScript, stopScript, waitForUrl } from './helpers/server-process.ts';

const serverUrl = process.env.TEST_DATABASE_URL;

// What a failover or a restart of PostgreSQL does to the app servers: every connection ends at once.
describe.skipIf(!serverUrl)('PostgreSQL connections dropped under write load', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let admin: pg.Client;

  beforeAll(async () => {
    scratch = await createScratchDatabase(serverUrl!);
    admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
  });

  afterAll(async () => {
    await admin?.end();
    await scratch?.drop();
  });

  const databaseName = () => new URL(scratch.url).pathname.slice(1);

  const dropConnections = () =>
    admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [databaseName()]);

  /** Runs `work` in `clients` loops side by side while every connection is dropped three times. */
  async function underDrops(clients: number, work: () => Promise<void>) {
    let running = true;
    const loops = Array.from({ length: clients }, async () => {
      while (running) await work();
    });
    for (let drop = 0; drop < 3; drop += 1) {
      await sleep(700);
      await dropConnections();
    }
    await sleep(700);
    running = false;
    await Promise.all(loops);
  }

  it(
    'keeps the server up: 503 with Retry-After meanwhile, every 201 stored, the event stream goes on',
    { timeout: 90_000 },
    async () => {
      const jwtSecret = randomBytes(48).toString('base64');
      const dataDir = mkdtempSync(path.join(tmpdir(), 'imsp-drop-'));
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const child = startScript(
        'src/server/main.ts',
        {
          DATABASE_URL: scratch.url,
          DATA_DIR: dataDir,
          PORT: String(port),
          HOST: '127.0.0.1',
          JWT_SECRET: jwtSecret,
          LOG_LEVEL: 'error',
        },
        { output: 'pipe' },
      );
      const exited = exitOf(child);
      await waitForUrl(`${base}/api/health`, child);
      // A second app server on the same database, whose writes reach the first one only through LISTEN.
      const otherDatabase = await openDatabase({ url: scratch.url, log: () => {} });
      const other = await buildTestApp(otherDatabase, { JWT_SECRET: jwtSecret });
      try {
        const engineer = await registerUser(other, 'maintenance_engineer');
        const newMachine = () =>
          other.inject({ method: 'POST', url: '/api/machines', headers: engineer.headers, payload: machineInput() });
        const machine = idOf(await newMachine());
        const device = await follow(base, engineer.token);
        await device.next('ready');

        const created: string[] = [];
        const unavailable: string[] = [];
        const wrong: string[] = [];
        await underDrops(24, async () => {
          const id = randomUUID();
          let response: Response;
          try {
            response = await fetch(`${base}/api/tickets`, {
              method: 'POST',
              headers: { ...engineer.headers, 'content-type': 'application/json' },
              body: JSON.stringify({ _id: id, title: 'Leak', description: 'Under the press', machine }),
            });
          } catch (error) {
            wrong.push(`no answer: ${String((error as Error).cause ?? error)}`);
            return;
          }
          const body = await response.text();
          if (response.status === 201) created.push(id);
          else if (response.status === 503 && /^\d+$/.test(response.headers.get('retry-after') ?? '')) {
            unavailable.push((JSON.parse(body) as { message: string }).message);
          } else wrong.push(`${response.status} ${body}`);
        });

        expect(child.exitCode).toBeNull();
        expect(wrong).toEqual([]);
        expect(unavailable.length).toBeGreaterThan(0);
        expect(new Set(unavailable)).toEqual(new Set(['The database is not reachable. Please try again shortly.']));
        const stored = await other.database.db.execute(
          sql`select id from tickets where id = any(${`{${created.join(',')}}`}::uuid[])`,
        );
        expect(rowsOf(stored).length).toBe(created.length);

        // Both servers listen again; a change made through the other one then reaches the open stream.
        await vi.waitFor(
          async () => {
            const listening = await admin.query<{ count: number }>(
              "select count(*)::int as count from pg_stat_activity where datname = $1 and query like 'listen %'",
              [databaseName()],
            );
            expect(listening.rows[0]!.count).toBe(2);
          },
          { timeout: 20_000, interval: 100 },
        );
        await sleep(500);
        device.clear();
        expect((await newMachine()).statusCode).toBe(201);
        await device.next('changed');
      } finally {
        await other.close();
        await otherDatabase.close();
        await stopScript(child); // which ends the event stream
        rmSync(dataDir, { recursive: true, force: true });
      }
      const { code, stderr } = await exited;
      expect(stderr).not.toMatch(/Unhandled/);
      expect(code).toBe(0);
    },
  );

  it('gives back every pooled connection a drop broke, also one broken while its transaction began', async () => {
    const database = await openDatabase({ url: scratch.url, log: () => {} });
    try {
      const errors: unknown[] = [];
      let turn = 0;
      await underDrops(poolSizes.reads + poolSizes.writes, async () => {
        const work = async () => {};
        await (turn++ % 2 ? database.db.transaction(work) : database.write(work)).catch((error: unknown) => {
          errors.push(error);
        });
      });
      expect(errors.length).toBeGreaterThan(0);
      expect(errors.filter((error) => !isDatabaseUnavailable(error))).toEqual([]);

      // Each pool still holds as many transactions open at once as it has connections.
      const allAtOnce = async (count: number, open: (work: () => Promise<void>) => Promise<unknown>) => {
        let started = 0;
        const release = Promise.withResolvers<void>();
        const transactions = Array.from({ length: count }, () =>
          open(async () => {
            started += 1;
            await release.promise;
          }),
        );
        try {
          await vi.waitFor(() => expect(started).toBe(count), { timeout: 5000 });
        } finally {
          release.resolve();
        }
        await Promise.all(transactions);
      };
      await allAtOnce(poolSizes.reads, (work) => database.db.transaction(work));
      await allAtOnce(poolSizes.writes, (work) => database.write(work));
    } finally {
      await database.close();
    }
  });
});
