import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { fetchOlder, keepOpened, openRecord } from '../../src/client/data/older-records.ts';
import { pullChanges } from '../../src/client/data/pull.ts';
import { queueChange } from '../../src/client/data/writes.ts';
import { cursorKey, isPruneDue, pinRecord, pruneWorkingSet, setWindowDays } from '../../src/client/data/working-set.ts';
import { ticketStatus } from './helpers/changes.ts';
import { useLiveDevice } from './helpers/device.ts';

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
  if (status === 'Closed') await asAdmin('PUT', `/api/tickets/${id}`, { status });
  return id;
}

const pull = (limit?: number) => pullChanges(device.db, device.network.transport, device.status, limit);
const scopesAsked = () =>
  device.network.sent
    .filter((request) => request.url.includes('/api/sync?'))
    .map((request) => new URL(request.url).searchParams.get('scope'));
const has = async (id: string) => (await device.db.tickets.get(id)) !== undefined;
const daysLater = (days: number) => new Date(Date.now() + days * 86_400_000);

describe('the first sync', () => {
  it('pulls the core scope to its end before the history, with a cursor for each', async () => {
    const open = await Promise.all([1, 2, 3].map(() => ticket('Pending')));
    const closed = await Promise.all([1, 2, 3].map(() => ticket('Closed')));
    const seenWhileHistory: boolean[] = [];
    device.status.subscribe(() => {
      if (device.status.get().pullScope === 'history') seenWhileHistory.push(true);
    });

    expect(await pull(2)).toBeGreaterThanOrEqual(7);
    const asked = scopesAsked();
    expect(asked.indexOf('history')).toBeGreaterThan(1);
    expect(asked.slice(asked.indexOf('history'))).not.toContain('core');
    expect(seenWhileHistory.length).toBeGreaterThan(0);
    for (const id of [...open, ...closed]) expect(await has(id)).toBe(true);
    expect(await device.db.meta.get(cursorKey('core', 180))).toBeDefined();
    expect(await device.db.meta.get(cursorKey('history', 180))).toBeDefined();
    expect(await device.db.meta.get('cursor')).toBeUndefined();
  });

  it('a record that moves from core to history arrives through the history feed', async () => {
    await pull();
    const id = await ticket('Pending');
    await pull();
    device.network.sent.length = 0;
    await asAdmin('PUT', `/api/tickets/${id}`, { status: 'Closed' });
    expect(await pull()).toBe(1);
    expect((await device.db.tickets.get(id))?.status).toBe('Closed');
    const historyCursor = (await device.db.meta.get(cursorKey('history', 180)))?.value;
    expect(await pull()).toBe(0);
    expect((await device.db.meta.get(cursorKey('history', 180)))?.value).toBe(historyCursor);
  });

  it('a device that pulled the whole feed keeps its data and goes on from its old cursor in both scopes', async () => {
    const closed = await ticket('Closed');
    await pull();
    const old = (await device.db.meta.get(cursorKey('core', 180)))!.value;
    await device.db.meta.bulkDelete([cursorKey('core', 180), cursorKey('history', 180)]);
    await device.db.meta.put({ key: 'cursor', value: old });
    device.network.sent.length = 0;

    expect(await pull()).toBe(0);
    expect(await has(closed)).toBe(true);
    expect(await device.db.meta.get('cursor')).toBeUndefined();
    expect(device.network.sent.map((request) => new URL(request.url).searchParams.get('cursor'))).toEqual([old, old]);
  });
});

describe('pruning', () => {
  it('removes records that left the window by time, but keeps pending, pinned, open and own records', async () => {
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

    expect(await pruneWorkingSet(device.db, device.account._id, daysLater(100))).toBe(0);
    expect(await pruneWorkingSet(device.db, device.account._id, daysLater(200))).toBeGreaterThanOrEqual(1);
    expect(await has(plain)).toBe(false);
    for (const id of [pending, pinned, open, mine]) expect(await has(id), id).toBe(true);
    expect(await device.db.machines.get(machineId)).toBeDefined();
  });

  it('is due hourly and at once after the window changed; a longer window starts its history afresh, a shorter goes on', async () => {
    await pull();
    await pruneWorkingSet(device.db, device.account._id);
    expect(await isPruneDue(device.db)).toBe(false);
    expect(await isPruneDue(device.db, Date.now() + 3_600_000)).toBe(true);
    const historyAsked = () => {
      const asked = device.network.sent.find((request) => request.url.includes('scope=history'))!;
      return Object.fromEntries(new URL(asked.url).searchParams);
    };

    await setWindowDays(device.db, 365);
    expect(await isPruneDue(device.db)).toBe(true);
    expect(await device.db.meta.get(cursorKey('history', 180))).toBeUndefined();
    device.network.sent.length = 0;
    await pull();
    expect(historyAsked()).toMatchObject({ windowDays: '365', cursor: '' });
    const cursor = (await device.db.meta.get(cursorKey('history', 365)))!.value;

    await setWindowDays(device.db, 90);
    device.network.sent.length = 0;
    await pull();
    expect(historyAsked()).toMatchObject({ windowDays: '90', cursor });
    expect(await device.db.meta.get(cursorKey('history', 365))).toBeUndefined();
  });
});

describe('older records', () => {
  it('are found on the server, kept once opened, and refreshed when opened again online', async () => {
    const old = await ticket('Closed');
    await device.server.t.database.db.execute(
      sql`update tickets set updated_at = now() - interval '400 days' where id = ${old}`,
    );
    await pull();
    expect(await has(old)).toBe(false);

    const found = await fetchOlder(device.network.transport, 'ticket', { status: 'Closed' }, 1, 180);
    const record = found.records.find((candidate) => candidate._id === old)!;
    expect(record).toBeDefined();
    await keepOpened(device.db, 'ticket', record);
    expect(await has(old)).toBe(true);
    expect(await pruneWorkingSet(device.db, device.account._id)).toBe(0);
    expect(await has(old)).toBe(true);

    await device.server.t.database.db.execute(
      sql`update tickets set title = 'Renamed on the server' where id = ${old}`,
    );
    expect(await openRecord(device.db, device.network.transport, 'ticket', old, device.account._id, true)).toBe(true);
    expect((await device.db.tickets.get(old))?.title).toBe('Renamed on the server');
    expect(await openRecord(device.db, device.network.transport, 'ticket', old, device.account._id, false)).toBe(false);
  });
});
