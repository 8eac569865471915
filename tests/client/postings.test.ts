import { Dexie } from 'dexie';
import { expect, it } from 'vitest';
import { blockOf, blockStore } from '#client/data/store/blocks.ts';
import { LocalDatabase } from '#client/data/store/db.ts';
import { bulkRecords, joinRuns, ListChanges, noteRecord } from '#client/data/store/postings.ts';
import { slotsIn } from '#client/data/store/read-postings.ts';
import { allToken, filterToken } from '#client/data/store/record-tokens.ts';

const fewWords = ['coiler', 'mandrel', 'gearbox', 'leak', 'pump', 'seal', 'furnace', 'crane', 'hoist', 'bearing'];
const manyWords = Array.from({ length: 2000 }, (_, at) => `part${at}`);
const statuses = ['Open', 'In Progress', 'Resolved', 'Closed'];

/** A fixed sequence of numbers in [0, 1), so a failure can be run again as it was. */
function sequence(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

// A write of many records appends runs, and reads whole the lists it changes when it touches most of
// them; a small one merges a token's runs into one, a token at a time.
it.each([
  ['few words, ten at a time', fewWords, 10, 60],
  ['many words, ten at a time', manyWords, 10, 60],
  ['many words, all at once', manyWords, 150, 60],
  ['many words, all at once, changed in bulk', manyWords, 150, 120],
])(
  'keeps every list sorted and equal to the lists built anew, through new, changed and deleted records (%s)',
  async (_, words, perWrite, changedCount) => {
    const random = sequence(7);
    const pick = <T>(items: T[]) => items[Math.floor(random() * items.length)]!;
    const start = Date.parse('2026-01-01T00:00:00Z');
    // Few distinct times, so records share a slot and a list holds an offset more than once.
    const ticket = (id: number, createdAt = new Date(start + Math.floor(random() * 40) * 3_600_000).toISOString()) => ({
      _id: `t${id}`,
      ticketNumber: `TKT-${String(id).padStart(6, '0')}`,
      title: `${pick(words)} ${pick(words)}`,
      description: pick(words),
      status: pick(statuses),
      priority: 'High',
      machine: { _id: `m${id % 3}` },
      createdAt,
    });
    const db = new LocalDatabase(`postings-${crypto.randomUUID()}`);
    const stored = new Map<string, ReturnType<typeof ticket>>();
    const put = async (records: ReturnType<typeof ticket>[]) => {
      await db.tickets.bulkPut(records as never[]);
      for (const record of records) stored.set(record._id, record);
    };

    for (let id = 0; id < 300; id += perWrite) await put(Array.from({ length: perWrite }, (_, at) => ticket(id + at)));
    // Writes of `bulkRecords` or more append a run per token: some token then has more than one.
    const written = (await db.postings.toCollection().primaryKeys()).filter(([table]) => table !== '');
    const tokens = new Set(written.map(([table, token]) => `${table} ${token}`));
    expect(written.length > tokens.size).toBe(perWrite >= bulkRecords);
    const changed = [...stored.values()]
      .slice(0, changedCount)
      .map((record) => ({ ...ticket(0, record.createdAt), _id: record._id }));
    await put(changed);
    const gone = [...stored.keys()].filter((_, index) => index % 7 === 0);
    await db.tickets.bulkDelete(gone);
    for (const id of gone) stored.delete(id);
    await put(Array.from({ length: 40 }, (_, at) => ticket(1000 + at)));

    const expected = new ListChanges();
    for (const record of stored.values()) noteRecord(expected, 'tickets', undefined, record);
    const wanted = new Map(
      [...expected.values()].map(({ key, add }) => [JSON.stringify(key), [...add].sort((a, b) => a - b)]),
    );
    const keys = await db.postings.toCollection().primaryKeys();
    const lists = await db.postings.toArray();
    const runs = new Map<string, Float64Array[]>();
    keys.forEach(([table, token], index) => {
      if (table === '') return; // the next run's number
      const list = lists[index]!;
      expect(Array.from(list)).toEqual(Array.from(list).sort((a, b) => a - b));
      const id = JSON.stringify([table, token]);
      runs.set(id, [...(runs.get(id) ?? []), list]);
    });
    const actual = new Map([...runs].map(([id, each]) => [id, Array.from(joinRuns(each))]));
    expect(actual).toEqual(wanted);
    db.close();
  },
);

it('lists again, as runs, the records of a device whose lists were kept by shard of time when it upgrades', async () => {
  const name = `postings-upgrade-${crypto.randomUUID()}`;
  const records = [1, 2, 3].map((number) => ({
    _id: `t${number}`,
    ticketNumber: `TKT-00000${number}`,
    title: `Pump ${number}`,
    description: 'Leaking seal',
    status: 'Open',
    priority: 'High',
    machine: null,
    createdAt: new Date(Date.UTC(2026, 10, number)).toISOString(),
    _pending: 0,
  }));
  // Version 16 kept a list per table, token and shard of 2^32 ms, its offsets in a Uint32Array.
  const old = new Dexie(name);
  old.version(16).stores({
    tickets: blockStore('tickets'),
    incidents: blockStore('incidents'),
    postings: '',
    outbox: '++seq, &id, userId, recordId, state',
    meta: 'key',
  });
  await old.table('tickets').add(blockOf('tickets', records));
  await old.table('postings').put(Uint32Array.of(1, 2, 3), ['tickets', allToken, 411]);
  old.close();

  const db = new LocalDatabase(name);
  const slots = records.map((record) => Date.parse(record.createdAt));
  expect(Array.from(await slotsIn(db.postings, 'tickets', { token: allToken }))).toEqual(slots);
  expect(Array.from(await slotsIn(db.postings, 'tickets', { token: filterToken('status', 'Open') }))).toEqual(slots);
  expect(
    await db.postings
      .where(':id')
      .anyOf([['tickets', allToken, 411]])
      .count(),
  ).toBe(0);
  db.close();
});
