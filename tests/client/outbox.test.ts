import { beforeAll, describe, expect, it } from 'vitest';
import { LocalDatabase } from '#client/data/store/db.ts';
import { pullChanges } from '#client/data/sync/pull.ts';
import { createReplayer } from '#client/data/outbox/replayer.ts';
import { discardEntry, queueChange } from '#client/data/outbox/writes.ts';
import { describeOverwrites } from '#client/data/outbox/describe-overwrites.ts';
import { machineStatus, newTicket, ticketComment, ticketStatus } from './helpers/changes.ts';
import { useLiveDevice } from './helpers/device.ts';
import { idOf } from '../server/helpers/json.ts';

const device = useLiveDevice('maintenance_engineer');
const { user, replayer } = device;
let machine: Awaited<ReturnType<(typeof device.server)['createMachine']>>;

beforeAll(async () => {
  machine = await device.server.createMachine(device.admin);
});

async function serverTicket(id: string) {
  const response = await device.adminGet(`/api/tickets/${id}`);
  return response.statusCode === 200 ? response.json<Record<string, unknown>>() : null;
}

async function serverTicketsTitled(title: string) {
  const response = await device.adminGet(`/api/tickets?search=${encodeURIComponent(title)}`);
  return response.json<{ tickets: { _id: string }[] }>().tickets;
}

describe('outbox and replayer', () => {
  it('saves locally at once and replays create, comment and status in order, exactly once', async () => {
    device.network.isDown = true;
    const create = newTicket(user(), machine, `Coiler leak ${crypto.randomUUID().slice(0, 6)}`);
    await queueChange(device.db, create);
    await queueChange(device.db, ticketComment(user(), create.recordId, 'Isolated the pump'));
    await queueChange(device.db, ticketStatus(user(), create.recordId, 'In Progress'));

    const local = await device.db.tickets.get(create.recordId);
    expect(local).toMatchObject({ status: 'In Progress', _pending: 3, _server: null });
    expect(local!.comments).toHaveLength(1);

    await replayer().run();
    expect(await device.db.outbox.count()).toBe(3);
    expect(device.status.get().isOnline).toBe(false);

    device.network.isDown = false;
    await replayer().retryNow();
    expect(await device.db.outbox.count()).toBe(0);
    const stored = await serverTicket(create.recordId);
    expect(stored).toMatchObject({
      status: 'In Progress',
      comments: [expect.objectContaining({ comment: 'Isolated the pump' })],
    });
    expect(await serverTicketsTitled(create.body.title as string)).toHaveLength(1);
    const confirmed = await device.db.tickets.get(create.recordId);
    expect(confirmed).toMatchObject({ _pending: 0, status: 'In Progress' });
    expect(confirmed!.ticketNumber).toMatch(/^TKT-\d{6}$/);
    expect(device.network.sent.map((call) => call.method)).toEqual(['POST', 'POST', 'PUT']);
  });

  it('sends a create again with the same _id after a lost response, without a duplicate', async () => {
    const create = newTicket(user(), machine, `Lost response ${crypto.randomUUID().slice(0, 6)}`);
    await queueChange(device.db, create);
    device.network.loseNextResponses = 1;
    const replay = replayer();
    await replay.run();
    expect(await device.db.outbox.count()).toBe(1);
    expect(await serverTicket(create.recordId)).not.toBeNull();

    await replay.retryNow();
    expect(await device.db.outbox.count()).toBe(0);
    expect(await serverTicketsTitled(create.body.title as string)).toHaveLength(1);
    expect(device.network.sent.filter((call) => call.method === 'POST')).toHaveLength(2);
  });

  it('backs off after a network failure and does not resend before the delay', async () => {
    let clock = 1_000_000;
    await queueChange(device.db, machineStatus(user(), machine._id, 'Down'));
    device.network.isDown = true;
    const replay = replayer({ now: () => clock, random: () => 1 });
    await replay.run();
    const [entry] = await device.db.outbox.toArray();
    expect(entry).toMatchObject({ state: 'pending', attempts: 1 });
    expect(entry!.nextAttemptAt).toBe(clock + 1000);

    device.network.isDown = false;
    await replay.run();
    expect(device.network.sent).toHaveLength(0);
    clock += 1000;
    await replay.run();
    expect(await device.db.outbox.count()).toBe(0);
    replay.stop();
  });

  it('pauses on 401, keeps the queue, and goes on after a new sign-in', async () => {
    const create = newTicket(user(), machine);
    await queueChange(device.db, create);
    device.token = 'expired.token.value';
    let asked = 0;
    const replay = replayer({ onAuthRequired: () => (asked += 1) });
    await replay.run();
    expect(asked).toBe(1);
    expect(device.status.get().needsSignIn).toBe(true);
    expect(await device.db.outbox.count()).toBe(1);
    await replay.run();
    expect(device.network.sent).toHaveLength(1);

    device.token = device.account.token;
    await replay.resume();
    expect(await device.db.outbox.count()).toBe(0);
    expect(await serverTicket(create.recordId)).not.toBeNull();
  });

  it('moves a refused change to Needs attention and holds later changes to the same record', async () => {
    const broken = newTicket(user(), { _id: crypto.randomUUID() });
    await queueChange(device.db, broken);
    await queueChange(device.db, ticketComment(user(), broken.recordId, 'Waiting behind the create'));
    const other = machineStatus(user(), machine._id, 'Maintenance');
    await queueChange(device.db, other);
    const failures: string[] = [];
    await replayer({ onFailed: (_, message) => failures.push(message) }).run();

    expect(failures).toEqual(['Machine not found']);
    const left = await device.db.outbox.orderBy('seq').toArray();
    expect(left.map((entry) => [entry.kind, entry.state])).toEqual([
      ['create', 'failed'],
      ['comment', 'pending'],
    ]);
    expect(left[0]!.error).toBe('Machine not found');
    expect(await device.db.machines.get(machine._id)).toMatchObject({ status: 'Maintenance', _pending: 0 });
    expect(device.network.sent.map((call) => call.url)).toEqual([
      `${device.server.baseUrl}/tickets`,
      `${device.server.baseUrl}/machines/${machine._id}/status`,
    ]);
  });

  it('lets only one tab replay at a time', async () => {
    for (let index = 0; index < 5; index += 1)
      await queueChange(device.db, newTicket(user(), machine, `Two tabs ${index}`));
    const tabA = replayer();
    const tabB = createReplayer({
      db: new LocalDatabase(device.db.name),
      transport: device.network.transport,
      status: device.status,
      getUserId: () => device.account._id,
      lockName: device.lockName(),
    });
    await Promise.all([tabA.run(), tabB.run(), tabA.run()]);
    await tabB.run();
    expect(await device.db.outbox.count()).toBe(0);
    expect(device.network.sent).toHaveLength(5);
  });

  it('never replays another user’s entries', async () => {
    await queueChange(device.db, newTicket({ _id: device.admin._id, name: device.admin.name }, machine));
    await replayer().run();
    expect(device.network.sent).toHaveLength(0);
    expect(await device.db.outbox.count()).toBe(1);
  });

  it('rolls a record back when its change is discarded', async () => {
    const fresh = await device.server.createMachine(device.admin);
    await pullChanges(device.db, device.network.transport, device.status);
    expect((await device.db.machines.get(fresh._id))?.status).toBe('Running');
    const entry = await queueChange(device.db, machineStatus(user(), fresh._id, 'Down'));
    expect(await device.db.machines.get(fresh._id)).toMatchObject({ status: 'Down', _pending: 1 });
    await discardEntry(device.db, entry);
    expect(await device.db.machines.get(fresh._id)).toMatchObject({ status: 'Running', _pending: 0 });

    const create = await queueChange(device.db, newTicket(user(), machine));
    await discardEntry(device.db, create);
    expect(await device.db.tickets.get(create.recordId)).toBeUndefined();
  });
});

describe('pull', () => {
  it('keeps pending local changes on top of what it brings', async () => {
    const created = await device.server.t.app.inject({
      method: 'POST',
      url: '/api/tickets',
      headers: device.admin.headers,
      payload: { title: 'Casting pit sensor', description: 'Reads zero', machine: machine._id },
    });
    const ticketId = idOf(created);
    expect(await pullChanges(device.db, device.network.transport, device.status)).toBeGreaterThan(0);
    await queueChange(device.db, ticketStatus(user(), ticketId, 'Resolved'));

    await device.server.t.app.inject({
      method: 'PUT',
      url: `/api/tickets/${ticketId}`,
      headers: device.admin.headers,
      payload: { title: 'Casting pit level sensor' },
    });
    await pullChanges(device.db, device.network.transport, device.status);
    expect(await device.db.tickets.get(ticketId)).toMatchObject({
      title: 'Casting pit level sensor',
      status: 'Resolved',
      _pending: 1,
      _server: expect.objectContaining({ status: 'Pending', version: 2 }) as unknown,
    });

    await replayer().run();
    expect(await device.db.tickets.get(ticketId)).toMatchObject({ status: 'Resolved', _pending: 0 });
    expect(device.status.get().lastPulledAt).not.toBeNull();
  });

  it('reports the server as unreachable without losing the cursor', async () => {
    await pullChanges(device.db, device.network.transport, device.status);
    const cursor = await device.db.meta.get('cursor');
    device.network.isDown = true;
    expect(await pullChanges(device.db, device.network.transport, device.status)).toBeNull();
    expect(device.status.get()).toMatchObject({ isOnline: false, isPulling: false });
    expect(await device.db.meta.get('cursor')).toEqual(cursor);
  });
});

describe('recovery and conflicts', () => {
  it('sends again an entry that a closed tab left in the sending state', async () => {
    const create = newTicket(user(), machine, `Left sending ${crypto.randomUUID().slice(0, 6)}`);
    const entry = await queueChange(device.db, create);
    await device.db.outbox.update(entry.seq, { state: 'sending' });
    await replayer().run();
    expect(await device.db.outbox.count()).toBe(0);
    expect(await serverTicketsTitled(create.body.title as string)).toHaveLength(1);
  });

  it('tells whose value an offline update replaced', async () => {
    const created = await device.server.t.app.inject({
      method: 'POST',
      url: '/api/tickets',
      headers: device.admin.headers,
      payload: { title: 'Stand 2 vibration', description: 'Above limit', machine: machine._id },
    });
    const ticketId = idOf(created);
    await pullChanges(device.db, device.network.transport, device.status);
    await queueChange(device.db, ticketStatus(user(), ticketId, 'Resolved'));
    await device.server.t.app.inject({
      method: 'PUT',
      url: `/api/tickets/${ticketId}`,
      headers: device.admin.headers,
      payload: { status: 'In Progress' },
    });

    const reports: string[] = [];
    await replayer({
      onOverwritten: (entry, overwritten) => reports.push(describeOverwrites(entry, overwritten)),
    }).run();
    expect(reports).toHaveLength(1);
    expect(reports[0]).toContain("status 'In Progress' set by " + device.admin.name);
    expect(await device.db.tickets.get(ticketId)).toMatchObject({ status: 'Resolved', _pending: 0 });
  });
});
