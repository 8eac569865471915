import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '#server/db/client.ts';
import { connectionTimeoutMillis } from '#server/db/postgres-listener.ts';
import { machines } from '#server/db/schema.ts';
import { syncPage } from '#shared/schemas/sync.ts';
import { addMachine, useTeamApp } from './helpers/app.ts';

const t = useTeamApp();

async function feedAfter(cursor: string) {
  const response = await t.app.inject({ url: `/api/sync?cursor=${cursor}`, headers: t.team.operator.headers });
  return syncPage.parse(response.json());
}

// Only a PostgreSQL server runs writes side by side; PGlite has one connection and runs them one after another.
describe.skipIf(!process.env.TEST_DATABASE_URL)('writes side by side', () => {
  it('never lets the change feed skip a write that committed after a later one started', async () => {
    const [slow, fast] = [await addMachine(t), await addMachine(t)];
    const cursor = (await feedAfter('')).cursor;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const slowWrite = t.database.write(async (tx, changeSeq) => {
      await tx.update(machines).set({ name: 'Slow write', changeSeq }).where(eq(machines.id, slow));
      await held;
    });
    await t.database.write((tx, changeSeq) =>
      tx.update(machines).set({ name: 'Fast write', changeSeq }).where(eq(machines.id, fast)),
    );

    const first = await feedAfter(cursor);
    expect(first.machines.map((machine) => machine.name)).toEqual(['Fast write']);
    release();
    await slowWrite;
    const second = await feedAfter(first.cursor);
    expect(second.machines.map((machine) => machine.name)).toEqual(['Slow write']);
  });

  it('retries a write that lost a deadlock, so both writes land', async () => {
    const [a, b] = [await addMachine(t), await addMachine(t)];
    let bothLocked!: () => void;
    const meeting = new Promise<void>((resolve) => (bothLocked = resolve));
    let arrived = 0;
    const crossing = (first: string, second: string) =>
      t.database.write(async (tx, changeSeq) => {
        await tx.update(machines).set({ changeSeq }).where(eq(machines.id, first));
        if (++arrived === 2) bothLocked();
        await meeting;
        await tx
          .update(machines)
          .set({ location: `after ${first}`, changeSeq })
          .where(eq(machines.id, second));
      });
    await Promise.all([crossing(a, b), crossing(b, a)]);
    const rows = await t.database.db.select({ id: machines.id, location: machines.location }).from(machines);
    const locations = new Map(rows.map((row) => [row.id, row.location]));
    expect([locations.get(a), locations.get(b)].sort()).toEqual([`after ${a}`, `after ${b}`].sort());
    const unstamped = await t.database.db.execute(
      sql`select count(*)::int as count from machines where change_seq < 0`,
    );
    expect(rowsOf(unstamped)).toEqual([{ count: 0 }]);
  });

  it(
    'serves a request that waited longer than the connect timeout for a free connection',
    { timeout: 20_000 },
    async () => {
      const machine = await addMachine(t);
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const holders = Array.from({ length: 10 }, () => t.database.db.transaction(() => held));
      const waiting = t.app.inject({ url: `/api/machines/${machine}`, headers: t.team.operator.headers });
      setTimeout(release, connectionTimeoutMillis + 1000);
      expect((await waiting).statusCode).toBe(200);
      await Promise.all(holders);
    },
  );
});

it('stamps every record a write touched with one change_seq above those before it', async () => {
  const [a, b] = [await addMachine(t), await addMachine(t)];
  const cursor = (await feedAfter('')).cursor;
  await t.database.write(async (tx, changeSeq) => {
    await tx.update(machines).set({ name: 'Pair A', changeSeq }).where(eq(machines.id, a));
    await tx.update(machines).set({ name: 'Pair B', changeSeq }).where(eq(machines.id, b));
  });
  const page = await feedAfter(cursor);
  expect(page.machines.map((machine) => machine.name).sort()).toEqual(['Pair A', 'Pair B']);
  const seqs = await t.database.db
    .select({ seq: machines.changeSeq })
    .from(machines)
    .where(sql`${machines.id} in (${a}, ${b})`);
  expect(new Set(seqs.map((row) => row.seq)).size).toBe(1);
  expect(seqs[0]!.seq).toBeGreaterThan(Number(cursor));
});
