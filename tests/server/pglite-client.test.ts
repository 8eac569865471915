import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgliteWorkerClient } from '#server/db/pglite-client.ts';

let client: PgliteWorkerClient;

beforeAll(async () => {
  client = await PgliteWorkerClient.start({});
  await client.query('create table notes (id int primary key, text text not null)');
});
afterAll(() => client.close());

const count = async () => (await client.query<{ n: number }>('select count(*)::int as n from notes')).rows[0]!.n;

describe('the PGlite worker client', () => {
  it('runs a statement right before commit, in the same transaction', async () => {
    const stamping = client.committingWith("update notes set text = text || ' (stamped)' where id = 1");
    await stamping.transaction((tx) => tx.query("insert into notes values (1, 'first')"));
    expect((await client.query<{ text: string }>('select text from notes where id = 1')).rows).toEqual([
      { text: 'first (stamped)' },
    ]);
  });

  it('rolls the transaction back and reports the error when that statement fails', async () => {
    const failing = client.committingWith('select 1 / 0');
    const before = await count();
    await expect(failing.transaction((tx) => tx.query("insert into notes values (2, 'second')"))).rejects.toThrow(
      'division by zero',
    );
    expect(await count()).toBe(before);
  });

  it('runs the queries sent right behind a begin once the transaction has started, in order', async () => {
    const running = client.transaction(async (tx) => {
      const inserts = [3, 4, 5].map((id) => tx.query('insert into notes values ($1, $2)', [id, `note ${id}`]));
      await Promise.all(inserts);
      return (await tx.query<{ id: number }>('select id from notes where id >= 3 order by id')).rows;
    });
    const [rows] = await Promise.all([running, client.query('select 1')]);
    expect(rows.map((row) => row.id)).toEqual([3, 4, 5]);
  });

  it('refuses a query on a transaction that has ended', async () => {
    let kept: Parameters<Parameters<PgliteWorkerClient['transaction']>[0]>[0] | undefined;
    await client.transaction(async (tx) => {
      kept = tx;
      await tx.query('select 1');
    });
    await expect(kept!.query('select 1')).rejects.toThrow('The transaction has already ended');
  });
});
