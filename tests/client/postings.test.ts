import { expect, it } from 'vitest';
import { LocalDatabase } from '#client/data/store/db.ts';
import { ListChanges, noteRecord } from '#client/data/store/postings.ts';

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

// A write of many records touching most of the table's lists reads them whole; a small one, a list at a time.
it.each([
  ['few words, ten at a time', fewWords, 10],
  ['many words, ten at a time', manyWords, 10],
  ['many words, all at once', manyWords, 150],
])(
  'keeps every list sorted and equal to the lists built anew, through new, changed and deleted records (%s)',
  async (_, words, perWrite) => {
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

    for (let id = 0; id < 150; id += perWrite) await put(Array.from({ length: perWrite }, (_, at) => ticket(id + at)));
    const changed = [...stored.values()]
      .slice(0, 60)
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
    const actual = new Map(keys.map((key, index) => [JSON.stringify(key), Array.from(lists[index]!)]));
    for (const list of actual.values()) expect(list).toEqual([...list].sort((a, b) => a - b));
    expect(actual).toEqual(wanted);
    db.close();
  },
);
