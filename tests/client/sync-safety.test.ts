import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { pullChanges } from '#client/data/sync/pull.ts';
import { createSyncEngine } from '#client/data/sync/sync-engine.ts';
import { queueChange } from '#client/data/outbox/writes.ts';
import { describeOverwrites } from '#client/data/outbox/describe-overwrites.ts';
import { checklistChange } from '#client/features/maintenance/schedule-changes.ts';
import { ticketStatus } from './helpers/changes.ts';
import { useLiveDevice } from './helpers/device.ts';
import { withRepairFound } from '../server/helpers/repair.ts';

const device = useLiveDevice('maintenance_engineer');
const { user, replayer } = device;
let machineId: string;

beforeAll(async () => {
  machineId = (await device.server.createMachine(device.admin))._id;
});

async function asAdmin(method: 'POST' | 'PUT' | 'PATCH', url: string, payload: object) {
  const response = await device.server.t.app.inject({ method, url, payload, headers: device.admin.headers });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json<{ _id: string; version: number; checklist?: { _id: string; task: string }[] }>();
}

/** A ticket the admin raised, already on this device. */
async function pulledTicket() {
  const ticket = await asAdmin('POST', '/api/tickets', { title: 'Coiler', description: 'Leak', machine: machineId });
  await pullChanges(device.db, device.network.transport, device.status);
  return ticket._id;
}

const serverTicket = async (id: string) =>
  (await device.adminGet(`/api/tickets/${id}`)).json<Record<string, unknown>>();

describe('a change whose answer was lost', () => {
  it('is not applied again over a later change of someone else', async () => {
    const ticketId = await pulledTicket();
    await queueChange(device.db, ticketStatus(user(), ticketId, 'In Progress'));
    device.network.loseNextResponses = 1;
    const reports: string[] = [];
    const replay = replayer({
      onOverwritten: (entry, overwritten) => reports.push(describeOverwrites(entry, overwritten)),
    });
    await replay.run();
    expect(await device.db.outbox.count()).toBe(1);

    await asAdmin('PUT', `/api/tickets/${ticketId}`, withRepairFound({ status: 'Resolved' }));
    await replay.retryNow();
    expect(await device.db.outbox.count()).toBe(0);
    expect(await serverTicket(ticketId)).toMatchObject({ status: 'Resolved', version: 3 });
    expect(await device.db.tickets.get(ticketId)).toMatchObject({ status: 'Resolved', _pending: 0 });
    expect(reports).toEqual([]);
    const [first, again] = device.network.sent.filter((call) => call.method === 'PUT');
    expect(again!.headers.get('x-change-id')).toBe(first!.headers.get('x-change-id'));
    replay.stop();
  });
});

describe('the sync engine', () => {
  let clock = 1_000_000;
  let engine: ReturnType<typeof createSyncEngine>;
  let stop: () => void;
  let signInsAsked = 0;

  beforeEach(async () => {
    signInsAsked = 0;
    vi.stubGlobal('window', new EventTarget());
    engine = createSyncEngine(device.db, device.network.transport, {
      now: () => clock,
      random: () => 1,
      lockName: device.lockName(),
    });
    const ignore = () => {};
    stop = engine.start(
      device.account._id,
      { onOverwritten: ignore, onFailed: ignore, onAuthRequired: () => (signInsAsked += 1) },
      () => ignore,
    );
    await engine.syncNow();
  });
  afterEach(() => {
    stop();
    vi.unstubAllGlobals();
  });

  it('sends what waits as soon as the server answers again, whatever the backoff of an offline device', async () => {
    const ticketId = await pulledTicket();
    device.network.isDown = true;
    await queueChange(device.db, ticketStatus(user(), ticketId, 'In Progress'));
    for (let attempt = 0; attempt < 6; attempt += 1) {
      if (attempt > 0) clock += 1000 * 2 ** (attempt - 1);
      await engine.syncNow();
    }
    const [waiting] = await device.db.outbox.toArray();
    expect(waiting!.nextAttemptAt - clock).toBeGreaterThan(30_000);

    device.network.isDown = false;
    await engine.syncNow();
    expect(await device.db.outbox.count()).toBe(0);
    expect(await serverTicket(ticketId)).toMatchObject({ status: 'In Progress' });
  });

  it('asks for a sign-in as soon as a pull is refused for the session, whatever the backoff of what waits', async () => {
    const ticketId = await pulledTicket();
    device.network.isDown = true;
    await queueChange(device.db, ticketStatus(user(), ticketId, 'In Progress'));
    for (let attempt = 0; attempt < 4; attempt += 1) await engine.syncNow();

    device.network.isDown = false;
    device.token = 'expired.token.value';
    await engine.syncNow();
    expect(signInsAsked).toBe(1);
    expect(engine.status.get().needsSignIn).toBe(true);
    expect(await device.db.outbox.count()).toBe(1);
  });

  it('pulls again after a confirm instead of reusing a pull that was already under way', async () => {
    const ticketId = await pulledTicket();
    await asAdmin('PUT', `/api/tickets/${ticketId}`, { title: 'Coiler (west)' });
    const slow = device.network.holdNext('/sync');
    const first = engine.syncNow();
    await slow.answered;
    // After the first sync each pull asks the log, once when nothing more waits.
    const pullsBefore = device.network.sent.filter((call) => call.url.includes('cursor=')).length;

    await queueChange(device.db, ticketStatus(user(), ticketId, 'In Progress'));
    const second = engine.syncNow();
    await vi.waitFor(async () => expect(await device.db.outbox.count()).toBe(0));
    slow.release();
    await Promise.all([first, second]);

    expect(device.network.sent.filter((call) => call.url.includes('cursor=')).length).toBe(pullsBefore + 1);
    expect(await device.db.tickets.get(ticketId)).toMatchObject({
      title: 'Coiler (west)',
      status: 'In Progress',
      _server: expect.objectContaining({ version: 3 }) as unknown,
    });
  });
});

describe('a slow pull', () => {
  it('never puts an older copy over a confirmed change', async () => {
    const ticketId = await pulledTicket();
    await asAdmin('PUT', `/api/tickets/${ticketId}`, { title: 'Coiler (east)' });
    const slow = device.network.holdNext('/sync');
    const pulling = pullChanges(device.db, device.network.transport, device.status);
    await slow.answered;

    await queueChange(device.db, ticketStatus(user(), ticketId, 'In Progress'));
    await replayer().run();
    slow.release();
    await pulling;
    expect(await device.db.tickets.get(ticketId)).toMatchObject({
      title: 'Coiler (east)',
      status: 'In Progress',
      _pending: 0,
      _server: expect.objectContaining({ version: 3, status: 'In Progress' }) as unknown,
    });
  });
});

describe('who is named in an overwrite', () => {
  it('stacks offline edits of one field on their predecessor and names only who set the replaced value', async () => {
    const ticketId = await pulledTicket();
    device.network.isDown = true;
    await queueChange(device.db, ticketStatus(user(), ticketId, 'In Progress'));
    await queueChange(device.db, ticketStatus(user(), ticketId, 'Pending'));
    await asAdmin('PUT', `/api/tickets/${ticketId}`, withRepairFound({ status: 'Closed' }));

    device.network.isDown = false;
    const reports: string[] = [];
    await replayer({
      onOverwritten: (entry, overwritten) => reports.push(describeOverwrites(entry, overwritten)),
    }).run();
    expect(reports).toEqual([expect.stringContaining(`status 'Closed' set by ${device.admin.name}`)]);
    const puts = device.network.sent.filter((call) => call.method === 'PUT');
    expect(puts.map((call) => call.headers.get('if-match'))).toEqual(['"1"', '"3"']);
    expect(await serverTicket(ticketId)).toMatchObject({ status: 'Pending', version: 4 });
  });

  it('reports a checklist value an offline note replaced, sending If-Match', async () => {
    const schedule = await asAdmin('POST', '/api/maintenance', {
      title: 'Pump overhaul',
      machine: machineId,
      scheduledDate: new Date(Date.now() + 86_400_000).toISOString(),
      checklist: [{ task: 'Drain the sump' }],
    });
    await pullChanges(device.db, device.network.transport, device.status);
    const item = schedule.checklist![0]!;
    await queueChange(
      device.db,
      checklistChange(user(), { _id: schedule._id, title: 'Pump overhaul' }, item, { notes: 'Seal kit fitted' }),
    );
    await asAdmin('PATCH', `/api/maintenance/${schedule._id}/checklist/${item._id}`, { notes: 'Use seal kit 4411' });

    const reports: string[] = [];
    await replayer({
      onOverwritten: (entry, overwritten) => reports.push(describeOverwrites(entry, overwritten)),
    }).run();
    const [patch] = device.network.sent.filter((call) => call.method === 'PATCH');
    expect(patch!.headers.get('if-match')).toBe('"1"');
    expect(reports).toEqual([expect.stringContaining(`'Use seal kit 4411' set by ${device.admin.name}`)]);
  });
});
