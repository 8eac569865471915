import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LocalDatabase } from '../../src/client/data/db.ts';
import { pullChanges } from '../../src/client/data/pull.ts';
import { createReplayer } from '../../src/client/data/replayer.ts';
import { createSyncStatus } from '../../src/client/data/sync-status.ts';
import { discardEntry, queueChange } from '../../src/client/data/writes.ts';
import { describeOverwrites } from '../../src/client/features/sync/describe-overwrites.ts';
import type { Account } from '../server/helpers/app.ts';
import { machineStatus, newTicket, ticketComment, ticketStatus } from './helpers/changes.ts';
import { createNetwork, startLiveServer } from './helpers/live-server.ts';

let server: Awaited<ReturnType<typeof startLiveServer>>;
let engineer: Account;
let admin: Account;
let machine: Awaited<ReturnType<(typeof server)['createMachine']>>;

beforeAll(async () => {
  server = await startLiveServer();
  [engineer, admin] = await Promise.all([server.register('maintenance_engineer'), server.register('admin')]);
  machine = await server.createMachine(admin);
});
afterAll(() => server.close());

let db: LocalDatabase;
let token: string | null;
let network: ReturnType<typeof createNetwork>;
let status: ReturnType<typeof createSyncStatus>;
const user = () => ({ _id: engineer._id, name: engineer.name });

function replayer(overrides: Partial<Parameters<typeof createReplayer>[0]> = {}) {
  return createReplayer({ db, transport: network.transport, status, getUserId: () => engineer._id, random: () => 0, ...overrides });
}

async function serverTicket(id: string) {
  const response = await server.t.app.inject({ url: `/api/tickets/${id}`, headers: admin.headers });
  return response.statusCode === 200 ? response.json() : null;
}

async function serverTicketsTitled(title: string) {
  const response = await server.t.app.inject({ url: `/api/tickets?search=${encodeURIComponent(title)}`, headers: admin.headers });
  return response.json().tickets as { _id: string }[];
}

beforeEach(() => {
  db = new LocalDatabase(`test-${crypto.randomUUID()}`);
  token = engineer.token;
  network = createNetwork(server.baseUrl, () => token);
  status = createSyncStatus();
});

describe('outbox and replayer', () => {
  it('saves locally at once and replays create, comment and status in order, exactly once', async () => {
    network.isDown = true;
    const create = newTicket(user(), machine, `Coiler leak ${crypto.randomUUID().slice(0, 6)}`);
    await queueChange(db, create);
    await queueChange(db, ticketComment(user(), create.recordId, 'Isolated the pump'));
    await queueChange(db, ticketStatus(user(), create.recordId, 'In Progress'));

    const local = await db.tickets.get(create.recordId);
    expect(local).toMatchObject({ status: 'In Progress', _pending: 3, _server: null });
    expect(local!.comments).toHaveLength(1);

    await replayer().run();
    expect(await db.outbox.count()).toBe(3);
    expect(status.get().isOnline).toBe(false);

    network.isDown = false;
    await replayer().retryNow();
    expect(await db.outbox.count()).toBe(0);
    const stored = await serverTicket(create.recordId);
    expect(stored).toMatchObject({ status: 'In Progress', comments: [expect.objectContaining({ comment: 'Isolated the pump' })] });
    expect(await serverTicketsTitled(create.body.title as string)).toHaveLength(1);
    const confirmed = await db.tickets.get(create.recordId);
    expect(confirmed).toMatchObject({ _pending: 0, status: 'In Progress' });
    expect(confirmed!.ticketNumber).toMatch(/^TKT-\d{6}$/);
    expect(network.sent.map((call) => call.method)).toEqual(['POST', 'POST', 'PUT']);
  });

  it('sends a create again with the same _id after a lost response, without a duplicate', async () => {
    const create = newTicket(user(), machine, `Lost response ${crypto.randomUUID().slice(0, 6)}`);
    await queueChange(db, create);
    network.loseNextResponses = 1;
    const replay = replayer();
    await replay.run();
    expect(await db.outbox.count()).toBe(1);
    expect(await serverTicket(create.recordId)).not.toBeNull();

    await replay.retryNow();
    expect(await db.outbox.count()).toBe(0);
    expect(await serverTicketsTitled(create.body.title as string)).toHaveLength(1);
    expect(network.sent.filter((call) => call.method === 'POST')).toHaveLength(2);
  });

  it('backs off after a network failure and does not resend before the delay', async () => {
    let clock = 1_000_000;
    await queueChange(db, machineStatus(user(), machine._id, 'Down'));
    network.isDown = true;
    const replay = replayer({ now: () => clock, random: () => 1 });
    await replay.run();
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ state: 'pending', attempts: 1 });
    expect(entry!.nextAttemptAt).toBe(clock + 1000);

    network.isDown = false;
    await replay.run();
    expect(network.sent).toHaveLength(0);
    clock += 1000;
    await replay.run();
    expect(await db.outbox.count()).toBe(0);
    replay.stop();
  });

  it('pauses on 401, keeps the queue, and goes on after a new sign-in', async () => {
    const create = newTicket(user(), machine);
    await queueChange(db, create);
    token = 'expired.token.value';
    let asked = 0;
    const replay = replayer({ onAuthRequired: () => (asked += 1) });
    await replay.run();
    expect(asked).toBe(1);
    expect(status.get().needsSignIn).toBe(true);
    expect(await db.outbox.count()).toBe(1);
    await replay.run();
    expect(network.sent).toHaveLength(1);

    token = engineer.token;
    await replay.resume();
    expect(await db.outbox.count()).toBe(0);
    expect(await serverTicket(create.recordId)).not.toBeNull();
  });

  it('moves a refused change to Needs attention and holds later changes to the same record', async () => {
    const broken = newTicket(user(), { _id: crypto.randomUUID() });
    await queueChange(db, broken);
    await queueChange(db, ticketComment(user(), broken.recordId, 'Waiting behind the create'));
    const other = machineStatus(user(), machine._id, 'Maintenance');
    await queueChange(db, other);
    const failures: string[] = [];
    await replayer({ onFailed: (_, message) => failures.push(message) }).run();

    expect(failures).toEqual(['Machine not found']);
    const left = await db.outbox.orderBy('seq').toArray();
    expect(left.map((entry) => [entry.kind, entry.state])).toEqual([
      ['create', 'failed'],
      ['comment', 'pending'],
    ]);
    expect(left[0]!.error).toBe('Machine not found');
    expect(await db.machines.get(machine._id)).toMatchObject({ status: 'Maintenance', _pending: 0 });
    expect(network.sent.map((call) => call.url)).toEqual([`${server.baseUrl}/tickets`, `${server.baseUrl}/machines/${machine._id}/status`]);
  });

  it('lets only one tab replay at a time', async () => {
    for (let index = 0; index < 5; index += 1) await queueChange(db, newTicket(user(), machine, `Two tabs ${index}`));
    const tabA = replayer();
    const tabB = createReplayer({ db: new LocalDatabase(db.name), transport: network.transport, status, getUserId: () => engineer._id });
    await Promise.all([tabA.run(), tabB.run(), tabA.run()]);
    await tabB.run();
    expect(await db.outbox.count()).toBe(0);
    expect(network.sent).toHaveLength(5);
  });

  it('never replays another user’s entries', async () => {
    await queueChange(db, newTicket({ _id: admin._id, name: admin.name }, machine));
    await replayer().run();
    expect(network.sent).toHaveLength(0);
    expect(await db.outbox.count()).toBe(1);
  });

  it('rolls a record back when its change is discarded', async () => {
    const fresh = await server.createMachine(admin);
    await pullChanges(db, network.transport, status);
    expect((await db.machines.get(fresh._id))?.status).toBe('Running');
    const entry = await queueChange(db, machineStatus(user(), fresh._id, 'Down'));
    expect(await db.machines.get(fresh._id)).toMatchObject({ status: 'Down', _pending: 1 });
    await discardEntry(db, entry);
    expect(await db.machines.get(fresh._id)).toMatchObject({ status: 'Running', _pending: 0 });

    const create = await queueChange(db, newTicket(user(), machine));
    await discardEntry(db, create);
    expect(await db.tickets.get(create.recordId)).toBeUndefined();
  });
});

describe('pull', () => {
  it('keeps pending local changes on top of what it brings', async () => {
    const created = await server.t.app.inject({
      method: 'POST',
      url: '/api/tickets',
      headers: admin.headers,
      payload: { title: 'Casting pit sensor', description: 'Reads zero', machine: machine._id },
    });
    const ticketId = created.json()._id as string;
    expect(await pullChanges(db, network.transport, status)).toBeGreaterThan(0);
    await queueChange(db, ticketStatus(user(), ticketId, 'Resolved'));

    await server.t.app.inject({ method: 'PUT', url: `/api/tickets/${ticketId}`, headers: admin.headers, payload: { title: 'Casting pit level sensor' } });
    await pullChanges(db, network.transport, status);
    expect(await db.tickets.get(ticketId)).toMatchObject({
      title: 'Casting pit level sensor',
      status: 'Resolved',
      _pending: 1,
      _server: expect.objectContaining({ status: 'Pending', version: 2 }),
    });

    await replayer().run();
    expect(await db.tickets.get(ticketId)).toMatchObject({ status: 'Resolved', _pending: 0 });
    expect(status.get().lastPulledAt).not.toBeNull();
  });

  it('reports the server as unreachable without losing the cursor', async () => {
    await pullChanges(db, network.transport, status);
    const cursor = await db.meta.get('cursor');
    network.isDown = true;
    expect(await pullChanges(db, network.transport, status)).toBeNull();
    expect(status.get()).toMatchObject({ isOnline: false, isPulling: false });
    expect(await db.meta.get('cursor')).toEqual(cursor);
  });
});

describe('recovery and conflicts', () => {
  it('sends again an entry that a closed tab left in the sending state', async () => {
    const create = newTicket(user(), machine, `Left sending ${crypto.randomUUID().slice(0, 6)}`);
    const entry = await queueChange(db, create);
    await db.outbox.update(entry.seq!, { state: 'sending' });
    await replayer().run();
    expect(await db.outbox.count()).toBe(0);
    expect(await serverTicketsTitled(create.body.title as string)).toHaveLength(1);
  });

  it('tells whose value an offline update replaced', async () => {
    const created = await server.t.app.inject({
      method: 'POST',
      url: '/api/tickets',
      headers: admin.headers,
      payload: { title: 'Stand 2 vibration', description: 'Above limit', machine: machine._id },
    });
    const ticketId = created.json()._id as string;
    await pullChanges(db, network.transport, status);
    await queueChange(db, ticketStatus(user(), ticketId, 'Resolved'));
    await server.t.app.inject({ method: 'PUT', url: `/api/tickets/${ticketId}`, headers: admin.headers, payload: { status: 'In Progress' } });

    const reports: string[] = [];
    await replayer({ onOverwritten: (entry, overwritten) => reports.push(describeOverwrites(entry, overwritten)) }).run();
    expect(reports).toHaveLength(1);
    expect(reports[0]).toContain("status 'In Progress' set by " + admin.name);
    expect(await db.tickets.get(ticketId)).toMatchObject({ status: 'Resolved', _pending: 0 });
  });
});
