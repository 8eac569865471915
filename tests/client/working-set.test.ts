import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { fetchOlder, keepOpened, openRecord } from '#client/data/sync/older-records.ts';
import { pullChanges } from '#client/data/sync/pull.ts';
import { queueChange } from '#client/data/outbox/writes.ts';
import { startOver, startingPosition } from '#client/data/sync/sync-position.ts';
import {
  isPruneDue,
  pinRecord,
  pruneWorkingSet,
  readWindowDays,
  setWindowDays,
} from '#client/data/sync/working-set.ts';
import { ticketStatus } from './helpers/changes.ts';
import { useLiveDevice } from './helpers/device.ts';
import { withRepairFound } from '../server/helpers/repair.ts';

const device = useLiveDevice('maintenance_engineer');
let machineId: string;

beforeAll(async () => {
  machineId = (await device.server.createMachine(device.admin))._id;
});

async function asAdmin(method: 'POST' | 'PUT', url: string, payload: object) {
  const response = await device.server.t.app.inject({ method, url, payload, headers: device.admin.headers });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json<{ _id: string; version: number }>();
}

async function ticket(status: 'Pending' | 'Closed', by: 'admin' | 'me' = 'admin') {
  const headers = (by === 'admin' ? device.admin : device.account).headers;
  const created = await device.server.t.app.inject({
    method: 'POST',
    url: '/api/tickets',
    headers,
    payload: { title: 'Coiler mandrel', description: 'Leak', machine: machineId },
  });
  const id = created.json<{ _id: string }>()._id;
  if (status === 'Closed') await asAdmin('PUT', `/api/tickets/${id}`, withRepairFound({ status }));
  return id;
}

const pull = (limit?: number) => pullChanges(device.db, device.network.transport, device.status, { limit });
const syncRequests = () =>
  device.network.sent
    .filter((request) => request.url.includes('/api/sync?'))
    .map((request) => Object.fromEntries(new URL(request.url).searchParams));
const has = async (id: string) => (await device.db.tickets.get(id)) !== undefined;
/** Where the next pull for the device's window starts. */
const position = async () => startingPosition(device.db, await readWindowDays(device.db));
const daysLater = (days: number) => new Date(Date.now() + days * 86_400_000);
const ageOnServer = (id: string, days: number) =>
  device.server.t.database.db.execute(
    sql`update tickets set updated_at = now() - make_interval(days => ${days}) where id = ${id}`,
  );

/** Records the ids of the records each answer of the feed carried. */
function recordAnswers() {
  const answers: { tickets: string[]; all: string[] }[] = [];
  const transport = device.network.transport;
  const send = transport.fetch.bind(transport);
  transport.fetch = async (input, init) => {
    const response = await send(input, init);
    if (String(input instanceof Request ? input.url : input).includes('/api/sync?')) {
      const page = (await response.clone().json()) as Record<string, { _id: string }[]>;
      const idsOf = (key: string) => page[key]!.map((record) => record._id);
      answers.push({
        tickets: idsOf('tickets'),
        all: ['machines', 'tickets', 'incidents', 'schedules'].flatMap(idsOf),
      });
    }
    return response;
  };
  return answers;
}

describe('the first sync', () => {
  it('brings the core scope, then the history, newest first, then goes on by the log from the mark', async () => {
    const open = await Promise.all([1, 2, 3].map(() => ticket('Pending')));
    const closed = await Promise.all([1, 2, 3].map(() => ticket('Closed')));
    const newest = await ticket('Pending');
    const answers = recordAnswers();

    expect(await pull(2)).toBeGreaterThanOrEqual(8);
    const asked = syncRequests();
    expect(asked[0]).toMatchObject({ snapshot: 'core', limit: '2' });
    expect(asked[0]!.mark).toBeUndefined();
    expect(answers[0]!.tickets[0]).toBe(newest);
    const historyAt = asked.findIndex((request) => request.snapshot === 'history');
    const logAt = asked.findIndex((request) => request.cursor !== undefined);
    expect(historyAt).toBeGreaterThan(1);
    expect(logAt).toBeGreaterThan(historyAt);
    expect(asked.slice(historyAt).map((request) => request.snapshot)).not.toContain('core');
    expect(asked[logAt]!.cursor).toBe(asked[1]!.mark);
    for (const id of [...open, ...closed, newest]) expect(await has(id)).toBe(true);
    const after = await position();
    expect(after.snapshot).toBeUndefined();
    expect(after.log).toBe(asked[1]!.mark);

    device.network.sent.length = 0;
    expect(await pull()).toBe(0);
    expect(syncRequests()).toEqual([expect.objectContaining({ cursor: (await position()).log })]);
  });

  it('resumes after a reload in the middle where it stopped, without fetching again what it stored', async () => {
    await Promise.all([1, 2, 3, 4, 5, 6, 7].map(() => ticket('Pending')));
    const answers = recordAnswers();
    const cut = device.status.subscribe(() => {
      if (device.status.get().pulledRecords >= 4) device.network.isDown = true;
    });
    expect(await pull(2)).toBeNull();
    cut();
    const stopped = (await position()).snapshot!;
    expect(stopped.scope).toBe('core');
    expect(stopped.after).toBeTruthy();
    expect(stopped.expected).toBeGreaterThanOrEqual(8);
    const stored = new Set([...(await device.db.tickets.toCollection().primaryKeys())]);
    expect(stored.size).toBeGreaterThanOrEqual(3);

    device.network.isDown = false;
    device.network.sent.length = 0;
    answers.length = 0;
    expect(await pull(2)).not.toBeNull();
    expect(syncRequests()[0]).toMatchObject({ snapshot: 'core', mark: stopped.mark, after: stopped.after });
    const fetchedAgain = answers.flatMap((answer) => answer.all).filter((id) => stored.has(id));
    expect(fetchedAgain).toEqual([]);
    expect(await position()).toEqual({ windowDays: 180, log: stopped.mark });
  });

  it('starts over, keeping what it stored, when the server was restored from an older backup', async () => {
    const id = await ticket('Pending');
    expect(await pull()).not.toBeNull();
    const { log: cursor } = await position();
    // The device has seen changes the restored database never numbered.
    await device.db.meta.put({ key: 'sync:log', value: String(BigInt(cursor!) + 1000n) });
    device.network.sent.length = 0;
    expect(await pull()).not.toBeNull();
    expect(syncRequests().map((query) => query.snapshot ?? 'log')).toEqual(['log', 'core', 'history', 'log']);
    expect(await has(id)).toBe(true);
    expect((await position()).log).toBe(cursor);
  });

  it('shows its progress: records stored against those the server counted', async () => {
    await Promise.all([1, 2, 3].map(() => ticket('Pending')));
    const seen: { stored: number; expected: number }[] = [];
    const stop = device.status.subscribe(() => {
      const { download } = device.status.get();
      if (download) seen.push({ stored: download.stored, expected: download.expected });
    });
    await pull(2);
    stop();
    // Before the first page the pill says a download has begun; from then on the server's count is known.
    expect(seen[0]).toEqual({ stored: 0, expected: 0 });
    const counted = seen.filter((progress) => progress.expected > 0);
    expect(counted.length).toBeGreaterThan(1);
    const { expected } = counted[0]!;
    expect(counted.map((progress) => progress.expected)).toEqual(counted.map(() => expected));
    expect(counted.map((progress) => progress.stored)).toEqual(
      counted.map((progress) => progress.stored).sort((a, b) => a - b),
    );
    const tables = [device.db.machines, device.db.tickets, device.db.incidents, device.db.schedules];
    expect((await Promise.all(tables.map((table) => table.count()))).reduce((a, b) => a + b)).toBe(expected);
    expect(device.status.get().download).toBeNull();
  });

  it('a device of an earlier version goes on from its lowest cursor; a history never finished comes by snapshot', async () => {
    const closed = await ticket('Closed');
    await pull();
    const { log } = await position();
    await device.db.meta.bulkDelete(['sync:log', 'sync:windowDays']);
    await device.db.meta.bulkPut([
      { key: 'cursor:core', value: log },
      { key: 'cursor:history:180', value: String(Number(log) - 1) },
    ]);
    device.network.sent.length = 0;
    await pull();
    expect(syncRequests()[0]).toMatchObject({ cursor: String(Number(log) - 1) });
    expect(await has(closed)).toBe(true);

    await device.db.meta.bulkDelete(['sync:log', 'sync:windowDays']);
    await device.db.meta.put({ key: 'cursor:core', value: log });
    device.network.sent.length = 0;
    await pull();
    expect(syncRequests()[0]).toMatchObject({ snapshot: 'history', mark: log });
    expect((await device.db.meta.toCollection().primaryKeys()).filter((key) => key.startsWith('cursor'))).toEqual([]);
  });
});

describe('pruning', () => {
  it('removes records that left the window by time, the user’s own among them, but keeps pending, pinned and open ones', async () => {
    const [plain, pending, pinned, open, mine] = [
      await ticket('Closed'),
      await ticket('Closed'),
      await ticket('Closed'),
      await ticket('Pending'),
      await ticket('Closed', 'me'),
    ];
    await pull();
    await queueChange(device.db, ticketStatus(device.user(), pending, 'Resolved'));
    await pinRecord(device.db, 'ticket', pinned);

    expect(await pruneWorkingSet(device.db, daysLater(100))).toBe(0);
    expect(await pruneWorkingSet(device.db, daysLater(200))).toBeGreaterThanOrEqual(2);
    for (const id of [plain, mine]) expect(await has(id), id).toBe(false);
    for (const id of [pending, pinned, open]) expect(await has(id), id).toBe(true);
    expect(await device.db.machines.get(machineId)).toBeDefined();
  });

  it('keeps a record reassigned to someone else while offline as long as it is in the window', async () => {
    const mine = await ticket('Pending', 'me');
    await pull();
    await asAdmin('PUT', `/api/tickets/${mine}`, withRepairFound({ status: 'Resolved', assignedTo: device.admin._id }));
    await pull();
    expect(await pruneWorkingSet(device.db, daysLater(100))).toBe(0);
    expect(await has(mine)).toBe(true);
    await pruneWorkingSet(device.db, daysLater(200));
    expect(await has(mine)).toBe(false);
  });

  it('is not due after a first sync on an empty device, and still is after one that started over', async () => {
    await ticket('Pending');
    expect(await isPruneDue(device.db)).toBe(true);
    await pull();
    expect(await isPruneDue(device.db)).toBe(false);
    expect(await isPruneDue(device.db, Date.now() + 3_600_000)).toBe(true);

    // A new window makes a prune due at once; a first sync that started over must leave it due.
    await setWindowDays(device.db, 90);
    await startOver(device.db, 90);
    await pull();
    expect(await isPruneDue(device.db)).toBe(true);
  });

  it('is due hourly and at once after the window changed; a longer window brings what it adds, a shorter goes on', async () => {
    const old = await ticket('Closed');
    await ageOnServer(old, 200);
    await pull();
    expect(await has(old)).toBe(false);
    await pruneWorkingSet(device.db);
    expect(await isPruneDue(device.db)).toBe(false);
    expect(await isPruneDue(device.db, Date.now() + 3_600_000)).toBe(true);
    const { log } = await position();

    await setWindowDays(device.db, 365);
    expect(await isPruneDue(device.db)).toBe(true);
    device.network.sent.length = 0;
    await pull();
    expect(syncRequests()[0]).toMatchObject({ snapshot: 'core', mark: log, windowDays: '365' });
    expect(syncRequests().at(-1)).toMatchObject({ cursor: log, windowDays: '365' });
    expect(await has(old)).toBe(true);

    await setWindowDays(device.db, 90);
    device.network.sent.length = 0;
    await pull();
    expect(syncRequests()).toEqual([expect.objectContaining({ cursor: log, windowDays: '90' })]);
    expect(await pruneWorkingSet(device.db)).toBeGreaterThanOrEqual(1);
    expect(await has(old)).toBe(false);
  });
});

describe('a longer window chosen while a pull is under way', () => {
  it('is not lost: the pull goes on as it planned, and the next one brings what the window adds', async () => {
    const old = await ticket('Closed');
    await ageOnServer(old, 200);
    await pull();
    const slow = device.network.holdNext('/sync');
    const pulling = pull();
    await slow.answered;
    await setWindowDays(device.db, 365);
    slow.release();
    expect(await pulling).not.toBeNull();
    expect(await has(old)).toBe(false);
    expect((await position()).snapshot).toMatchObject({ scope: 'core' });

    await pull();
    expect(await has(old)).toBe(true);
    expect((await position()).snapshot).toBeUndefined();
  });
});

describe('older records', () => {
  it('are found on the server, kept once opened, and refreshed when opened again online', async () => {
    const old = await ticket('Closed');
    await ageOnServer(old, 400);
    await pull();
    expect(await has(old)).toBe(false);

    const found = await fetchOlder(device.network.transport, 'ticket', { status: 'Closed' }, 1, 180);
    const record = found.records.find((candidate) => candidate._id === old)!;
    expect(record).toBeDefined();
    await keepOpened(device.db, 'ticket', record);
    expect(await has(old)).toBe(true);
    expect(await pruneWorkingSet(device.db)).toBe(0);
    expect(await has(old)).toBe(true);

    await device.server.t.database.db.execute(
      sql`update tickets set title = 'Renamed on the server' where id = ${old}`,
    );
    expect(await openRecord(device.db, device.network.transport, 'ticket', old, true)).toBe(true);
    expect((await device.db.tickets.get(old))?.title).toBe('Renamed on the server');
    expect(await openRecord(device.db, device.network.transport, 'ticket', old, false)).toBe(false);
  });
});
