import { Dexie, liveQuery, type IntervalTreeNode, type ObservabilitySet } from 'dexie';
import { afterEach, expect, it } from 'vitest';
import { blockSize } from '#client/data/store/blocks.ts';
import { LocalDatabase } from '#client/data/store/db.ts';
import { readTicketPage, noTicketFilters } from '#client/features/tickets/ticket-list.ts';

const opened: Dexie[] = [];
afterEach(() => {
  for (const db of opened.splice(0)) db.close();
});

function database(name = `blocks-${crypto.randomUUID()}`) {
  const db = new LocalDatabase(name);
  opened.push(db);
  return db;
}

/** Ticket-shaped rows as the device stores them; `minute` sets the creation time, so ties are easy to make. */
function ticket(number: number, minute = number, fields: Record<string, unknown> = {}) {
  const createdAt = new Date(Date.UTC(2026, 10, 1, 0, minute)).toISOString();
  return {
    _id: `t-${String(number).padStart(4, '0')}`,
    ticketNumber: `TKT-${String(number).padStart(6, '0')}`,
    title: `Pump ${number}`,
    description: 'Leaking seal',
    status: number % 2 ? 'Open' : 'Resolved',
    priority: 'High',
    machine: null,
    createdAt,
    updatedAt: createdAt,
    version: 1,
    _pending: 0,
    ...fields,
  };
}

type Row = ReturnType<typeof ticket>;
/** The tickets table with these rows' type (the app's type wants every field of a ticket). */
const tickets = (db: LocalDatabase) => db.table<Row, string>('tickets');

/** The block rows as IndexedDB holds them. */
function rows(db: LocalDatabase, table = 'tickets') {
  return new Promise<{ _id: string; ids: string[]; records: { _id: string }[] }[]>((resolve, reject) => {
    const request = db.backendDB().transaction(table).objectStore(table).getAll();
    request.onsuccess = () => resolve(request.result as never);
    request.onerror = () => reject(new Error(String(request.error)));
  });
}

const idsOf = (records: { _id: string }[]) => records.map((record) => record._id);

it('stores records added together in blocks of adjacent creation time, and finds each by id', async () => {
  const db = database();
  const added = Array.from({ length: 25 }, (_, at) => ticket(at + 1));
  await tickets(db).bulkAdd(added.toReversed());
  const stored = await rows(db);
  expect(stored.map((row) => row.records.length).sort()).toEqual([10, 10, 5].sort());
  expect(stored.map((row) => row.ids).sort()).toContainEqual(idsOf(added.slice(0, 10)));

  expect(await tickets(db).get('t-0007')).toMatchObject({ title: 'Pump 7', _server: { title: 'Pump 7' } });
  expect(await tickets(db).get('t-9999')).toBeUndefined();
  expect(
    idsOf((await tickets(db).bulkGet(['t-0025', 't-9999', 't-0001'])).map((record) => record ?? { _id: '-' })),
  ).toEqual(['t-0025', '-', 't-0001']);
  expect(await tickets(db).count()).toBe(25);
  expect(await tickets(db).toCollection().primaryKeys()).toEqual(idsOf(added));
});

it('answers index reads as a table of records would: ranges, order, limits with ties, filters, keys', async () => {
  const db = database();
  // Tickets 21 to 24 share a creation minute, across two blocks (ticket 20 and 21 end and start one).
  const added = Array.from({ length: 30 }, (_, at) => ticket(at + 1, at >= 20 && at < 24 ? 21 : at + 1));
  await tickets(db).bulkAdd(added);
  const newest = await tickets(db).orderBy('createdAt').reverse().limit(8).toArray();
  expect(idsOf(newest)).toEqual(['t-0030', 't-0029', 't-0028', 't-0027', 't-0026', 't-0025', 't-0024', 't-0023']);
  const atTie = await tickets(db).orderBy('createdAt').reverse().offset(0).limit(7).toArray();
  expect(idsOf(atTie).at(-1)).toBe('t-0024');
  const tied = await tickets(db).where('createdAt').equals(added[20]!.createdAt).toArray();
  expect(idsOf(tied)).toEqual(['t-0021', 't-0022', 't-0023', 't-0024']);
  const between = await tickets(db).where('createdAt').between(added[2]!.createdAt, added[5]!.createdAt).primaryKeys();
  expect(between).toEqual(['t-0003', 't-0004', 't-0005']);
  expect(await tickets(db).where('createdAt').below(added[3]!.createdAt).count()).toBe(3);
  expect(
    idsOf(
      await tickets(db)
        .filter((record) => record.title.endsWith('7'))
        .toArray(),
    ),
  ).toEqual(['t-0007', 't-0017', 't-0027']);
  expect(await tickets(db).where('_numbers').startsWith('00001').uniqueKeys()).toHaveLength(10);
  expect(
    idsOf(await tickets(db).where('createdAt').anyOf([added[0]!.createdAt, added[29]!.createdAt]).toArray()),
  ).toEqual(['t-0001', 't-0030']);
  const titles: string[] = [];
  await tickets(db)
    .where('createdAt')
    .above(added[26]!.createdAt)
    .each((record) => void titles.push(record.title));
  expect(titles).toEqual(['Pump 28', 'Pump 29', 'Pump 30']);
});

it("keeps a block's lowest update time only, and still finds every record changed before a time", async () => {
  const db = database();
  const minute = (at: number) => new Date(Date.UTC(2026, 10, 2, 0, at)).toISOString();
  // Update times run against creation order, and every third record was changed late.
  const added = Array.from({ length: 25 }, (_, at) =>
    ticket(at + 1, at + 1, { updatedAt: minute(at % 3 === 0 ? 100 + at : 50 - at) }),
  );
  await tickets(db).bulkAdd(added);
  await tickets(db).update('t-0004', { updatedAt: minute(1) });
  const stored = (await rows(db)) as unknown as { records: Row[]; updatedAt: string[] }[];
  for (const row of stored) {
    expect(row.updatedAt).toEqual([row.records.map((record) => record.updatedAt).sort()[0]]);
  }
  const now = await tickets(db).toArray();
  for (const cutoff of [minute(0), minute(1), minute(2), minute(30), minute(40), minute(110), minute(200)]) {
    const expected = now
      .filter((record) => record.updatedAt < cutoff)
      .sort((a, b) => a.updatedAt.localeCompare(b.updatedAt) || a._id.localeCompare(b._id));
    expect(await tickets(db).where('updatedAt').below(cutoff).primaryKeys(), cutoff).toEqual(idsOf(expected));
  }
  expect(idsOf(await tickets(db).where('updatedAt').belowOrEqual(minute(1)).toArray())).toEqual(['t-0004']);

  // What a block's lowest key cannot tell is refused, not answered wrong.
  await expect(tickets(db).where('updatedAt').above(minute(40)).toArray()).rejects.toThrow(/open below/);
  await expect(tickets(db).orderBy('updatedAt').limit(3).toArray()).rejects.toThrow(/open below/);
  await expect(tickets(db).where('updatedAt').below(minute(40)).uniqueKeys()).rejects.toThrow(/open below/);
});

it('keeps a number once, as written, and finds it by its digits with or without their zeros', async () => {
  const db = database();
  await tickets(db).bulkAdd(Array.from({ length: 30 }, (_, at) => ticket(at + 1, at + 1, { title: 'Pump' })));
  const numberKeys = async () =>
    ((await rows(db)) as unknown as { _numbers: string[] }[]).flatMap((row) => row._numbers);
  expect((await numberKeys()).map((key) => key.split('|')[0]).sort()).toEqual(
    Array.from({ length: 30 }, (_, at) => String(at + 1).padStart(6, '0')),
  );
  const found = async (search: string) => {
    const page = await readTicketPage(db, { ...noTicketFilters, search }, 1);
    return { total: page.total, newest: page.tickets[0]?.ticketNumber };
  };
  const expectations = async () => {
    expect(await found('2')).toEqual({ total: 11, newest: 'TKT-000029' });
    expect(await found('17')).toEqual({ total: 1, newest: 'TKT-000017' });
    expect(await found('0000')).toEqual({ total: 30, newest: 'TKT-000030' });
    expect(await found('00003')).toEqual({ total: 1, newest: 'TKT-000030' });
    expect(await found('000003')).toEqual({ total: 1, newest: 'TKT-000003' });
    expect((await found('31')).total).toBe(0);
  };
  await expectations();

  // Rows stored before kept the digits without their zeros too: each record is still found once.
  await new Promise<void>((resolve, reject) => {
    const transaction = db.backendDB().transaction('tickets', 'readwrite');
    const store = transaction.objectStore('tickets');
    const cursor = store.openCursor();
    cursor.onsuccess = () => {
      if (!cursor.result) return;
      const row = cursor.result.value as { _numbers: string[] };
      row._numbers.push(...row._numbers.map((key) => key.replace(/^0+/, '')));
      cursor.result.update(row);
      cursor.result.continue();
    };
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(new Error(String(transaction.error)));
  });
  expect(await numberKeys()).toHaveLength(60);
  await expectations();
});

it('changes and removes a record inside its block, and drops a block left empty', async () => {
  const db = database();
  await tickets(db).bulkAdd(Array.from({ length: blockSize + 2 }, (_, at) => ticket(at + 1)));
  await tickets(db).put({ ...ticket(3), title: 'Conveyor belt' });
  await tickets(db).update('t-0004', { status: 'Closed' });
  await tickets(db)
    .where('createdAt')
    .above(ticket(10).createdAt)
    .modify((record) => void (record.priority = 'Low'));
  expect(await tickets(db).get('t-0003')).toMatchObject({ title: 'Conveyor belt' });
  expect(await tickets(db).get('t-0004')).toMatchObject({ status: 'Closed' });
  expect(
    idsOf(
      await tickets(db)
        .filter((record) => record.priority === 'Low')
        .toArray(),
    ),
  ).toEqual(['t-0011', 't-0012']);
  expect((await rows(db)).flatMap((row) => row.ids)).toHaveLength(blockSize + 2);

  await tickets(db).bulkDelete(['t-0011', 't-0012', 't-0001']);
  expect(await tickets(db).count()).toBe(blockSize - 1);
  expect((await rows(db)).map((row) => row.ids.length)).toEqual([blockSize - 1]);
  // The lists follow the records: a search no longer finds the removed ones.
  const page = await readTicketPage(db, { ...noTicketFilters, search: 'pump' }, 1);
  expect(page.total).toBe(blockSize - 2);
  await tickets(db).clear();
  expect(await rows(db)).toEqual([]);
});

it('stores a record named twice in one write once, with its last value, as IndexedDB would', async () => {
  const db = database();
  await tickets(db).bulkPut([ticket(1), { ...ticket(1), title: 'Pump 1 again' }, ticket(2)]);
  await tickets(db).bulkPut([ticket(2), { ...ticket(2), title: 'Pump 2 again' }]);
  expect((await rows(db)).flatMap((row) => row.ids).sort()).toEqual(['t-0001', 't-0002']);
  expect((await tickets(db).toArray()).map((record) => record.title)).toEqual(['Pump 1 again', 'Pump 2 again']);
});

it('keeps every change when one transaction reads and writes the same block several times', async () => {
  const db = database();
  await tickets(db).bulkAdd(Array.from({ length: blockSize }, (_, at) => ticket(at + 1)));
  await db.transaction('rw', tickets(db), async () => {
    expect(await tickets(db).where('createdAt').aboveOrEqual(ticket(1).createdAt).count()).toBe(blockSize);
    await tickets(db).put({ ...ticket(1), title: 'First' });
    await tickets(db).put({ ...ticket(2), title: 'Second' });
    await tickets(db).delete('t-0003');
    await tickets(db).update('t-0004', { title: 'Fourth' });
    await tickets(db).put({ ...ticket(3), title: 'Third again' });
  });
  const titles = (await tickets(db).toArray()).map((record) => record.title);
  expect(titles.slice(0, 5)).toEqual(['First', 'Second', 'Third again', 'Fourth', 'Pump 5']);
  expect((await rows(db)).flatMap((row) => row.ids)).toHaveLength(blockSize);
});

it('notes a write of 50 records or more for live queries as its whole table, a smaller one by key', async () => {
  const db = database();
  const changes: ObservabilitySet[] = [];
  const noteChange = (parts: ObservabilitySet) => void changes.push(parts);
  const ticketParts = () =>
    changes.splice(0).flatMap((parts) =>
      Object.entries(parts)
        .filter(([part]) => part.startsWith(`idb://${db.name}/tickets/`))
        .map(([part, range]) => [part, range as IntervalTreeNode] as const),
    );
  const isWhole = (range: IntervalTreeNode) => range.from === -Infinity && !range.l && !range.r;
  Dexie.on('storagemutated', noteChange);
  try {
    const totals: number[] = [];
    const subscription = liveQuery(() => tickets(db).count()).subscribe((total) => totals.push(total));
    await tickets(db).bulkAdd(Array.from({ length: 60 }, (_, at) => ticket(at + 1)));
    const whole = ticketParts();
    expect(whole.length).toBeGreaterThan(0);
    expect(whole.filter(([, range]) => !isWhole(range))).toEqual([]);
    await expect.poll(() => totals.at(-1)).toBe(60);
    subscription.unsubscribe();

    await tickets(db).bulkPut([ticket(1), ticket(2), ticket(3)].map((record) => ({ ...record, title: 'Checked' })));
    const byKey = ticketParts();
    expect(byKey.map(([part]) => part)).toContain(`idb://${db.name}/tickets/ids`);
    expect(byKey.every(([, range]) => !isWhole(range))).toBe(true);
  } finally {
    Dexie.on('storagemutated').unsubscribe(noteChange);
  }
});

it('tells a live query of a record when its block changes', async () => {
  const db = database();
  await tickets(db).bulkAdd([ticket(1), ticket(2)]);
  const seen: string[] = [];
  const subscription = liveQuery(() => tickets(db).get('t-0001')).subscribe((record) =>
    seen.push(record?.title ?? '-'),
  );
  await expect.poll(() => seen).toEqual(['Pump 1']);
  await tickets(db).put({ ...ticket(1), title: 'Pump 1 checked' });
  await expect.poll(() => seen.at(-1)).toBe('Pump 1 checked');
  subscription.unsubscribe();
});

it('regroups the records a device stored one a row into blocks when it upgrades', async () => {
  const name = `blocks-upgrade-${crypto.randomUUID()}`;
  // Tickets and incidents as version 15 stored them, one record a row.
  const old = new Dexie(name);
  old.version(15).stores({
    tickets: '_id, createdAt, updatedAt, *_numbers',
    incidents: '_id, createdAt, updatedAt, *_owners, *_numbers, *_awaiting',
    outbox: '++seq, &id, userId, recordId, state',
    meta: 'key',
  });
  const stored = Array.from({ length: 23 }, (_, at) => ticket(at + 1));
  await old.table('tickets').bulkAdd(stored.map((record) => ({ ...record, _numbers: ['1'] })));
  old.close();

  const db = database(name);
  await db.open();
  expect((await rows(db)).map((row) => row.records.length).sort()).toEqual([10, 10, 3].sort());
  expect(await rows(db, 'incidents')).toEqual([]);
  expect(idsOf(await tickets(db).orderBy('createdAt').toArray())).toEqual(idsOf(stored));
  expect(await tickets(db).get('t-0023')).toMatchObject({ title: 'Pump 23', _pending: 0 });
});
