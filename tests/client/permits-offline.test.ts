import { beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '#shared/enums.ts';
import type { Machine } from '#shared/schemas/machine.ts';
import { permit, type Permit } from '#shared/schemas/permit.ts';
import { defaultPlan } from '#shared/shifts.ts';
import { queueChange } from '#client/data/outbox/writes.ts';
import { pullOpenPermits, storeOpenPermits } from '#client/data/sync/permits-store.ts';
import { lastShiftEnd, locksStillOnEntries } from '#client/features/inbox/locks-still-on.ts';
import {
  applyLockChange,
  permitStepChange,
  removeLockChange,
  requestPermitChange,
  verifyLockChange,
} from '#client/features/permits/permit-changes.ts';
import type { Account } from '../server/helpers/app.ts';
import { machineInput } from '../server/helpers/app.ts';
import { useLiveDevice } from './helpers/device.ts';

const device = useLiveDevice('maintenance_engineer');
const { user, replayer } = device;
let safety: Account;
let operator: Account;

const point = (location: string) => ({
  _id: crypto.randomUUID(),
  kind: 'electrical' as const,
  location,
  isolate: 'Lock the breaker open, apply padlock and tag',
  verify: 'Press start: nothing moves',
});

interface Work {
  machine: Machine;
  ticket: { _id: string; ticketNumber: string; title: string };
}

/** A machine with two isolation points and a ticket on it, made on the server by the admin. */
async function work(): Promise<Work> {
  const inject = (url: string, payload: object) =>
    device.server.t.app.inject({ method: 'POST', url, headers: device.admin.headers, payload });
  const machine = (
    await inject('/api/machines', machineInput({ isolationPoints: [point('Main breaker'), point('Hydraulic unit')] }))
  ).json<Machine>();
  const ticket = (
    await inject('/api/tickets', { title: 'Replace roller', description: 'Worn', machine: machine._id })
  ).json<Work['ticket']>();
  return { machine, ticket };
}

const send = (by: Account, method: 'POST' | 'PATCH', url: string, payload: object) =>
  device.server.t.app.inject({ method, url, payload, headers: by.headers });

async function onServer(id: string): Promise<Permit> {
  return permit.parse((await device.adminGet(`/api/permits/${id}`)).json());
}

async function requestedHere({ machine, ticket }: Work) {
  const change = requestPermitChange(
    user(),
    machine,
    { ticket },
    {
      type: 'general',
      description: 'Change the roller',
      gasTest: null,
      fireWatch: null,
      fireWatchUntil: null,
    },
  );
  await queueChange(device.db, change);
  await replayer().run();
  return change.recordId;
}

/** Back online, the first answer lost on the way: the outbox sends again, and empties. */
async function sendThroughALostAnswer() {
  device.network.isDown = false;
  device.network.loseNextResponses = 1;
  const replay = replayer();
  await replay.run();
  await replay.retryNow();
  expect(await device.db.outbox.count()).toBe(0);
}

async function approved(id: string) {
  expect((await send(safety, 'PATCH', `/api/permits/${id}`, { status: 'Approved' })).statusCode).toBe(200);
  await pullOpenPermits(device.db, device.network.transport);
  return (await device.db.permits.get(id))!;
}

beforeAll(async () => {
  const register = (role: Role) => device.server.register(role);
  [safety, operator] = await Promise.all([register('safety_officer'), register('operator')]);
});

describe('permits to work on a device', () => {
  it('requests a permit offline and sends it once through a lost answer', async () => {
    const { machine, ticket } = await work();
    device.network.isDown = true;
    const change = requestPermitChange(
      user(),
      machine,
      { ticket },
      {
        type: 'hot_work',
        description: 'Weld the guard',
        gasTest: '0 % LEL',
        fireWatch: null,
        fireWatchUntil: null,
      },
    );
    await queueChange(device.db, change);
    expect(await device.db.permits.get(change.recordId)).toMatchObject({
      _pending: 1,
      status: 'Requested',
      gasTest: '0 % LEL',
      ticket: { _id: ticket._id, ticketNumber: ticket.ticketNumber },
      points: machine.isolationPoints,
    });

    await sendThroughALostAnswer();
    const list: Permit[] = await (await device.adminGet(`/api/permits?machine=${machine._id}`)).json();
    expect(list.map((row) => row._id)).toEqual([change.recordId]);
    expect(await device.db.permits.get(change.recordId)).toMatchObject({ _pending: 0, status: 'Requested' });
  });

  it('locks and verifies every point offline: Isolated at once on the device, each lock once on the server', async () => {
    const plant = await work();
    const shown = await approved(await requestedHere(plant));
    expect(shown.status).toBe('Approved');
    const [breaker, hydraulic] = shown.points;

    device.network.isDown = true;
    await queueChange(device.db, applyLockChange(user(), shown, breaker!, '17', true));
    const second = applyLockChange(user(), shown, hydraulic!, '18', false);
    await queueChange(device.db, second);
    expect((await device.db.permits.get(shown._id))!.status).toBe('Approved');
    const withLocks = (await device.db.permits.get(shown._id))!;
    await queueChange(device.db, verifyLockChange(user(), withLocks, withLocks.locks[1]!));
    expect(await device.db.permits.get(shown._id)).toMatchObject({ status: 'Isolated', _pending: 3 });
    const { clientTime } = (await device.db.outbox.get({ id: second.id }))!;

    await sendThroughALostAnswer();
    const server = await onServer(shown._id);
    expect(server.status).toBe('Isolated');
    expect(server.locks.map((lock) => [lock.lockNumber, lock.verified])).toEqual([
      ['17', true],
      ['18', true],
    ]);
    expect(server.locks[1]!.appliedAt).toBe(clientTime);

    device.network.isDown = true;
    for (const status of ['Active', 'Work Done'] as const) {
      await queueChange(device.db, permitStepChange(user(), (await device.db.permits.get(shown._id))!, status));
    }
    const done = (await device.db.permits.get(shown._id))!;
    for (const lock of done.locks) await queueChange(device.db, removeLockChange(user(), done, lock, null));
    await queueChange(device.db, permitStepChange(user(), (await device.db.permits.get(shown._id))!, 'Closed'));
    expect(await device.db.permits.get(shown._id)).toMatchObject({ status: 'Closed', _pending: 5 });
    device.network.isDown = false;
    await replayer().run();
    expect(await device.db.outbox.count()).toBe(0);
    const closed = await onServer(shown._id);
    expect(closed.status).toBe('Closed');
    expect(closed.locks.every((lock) => lock.removedBy?._id === device.account._id)).toBe(true);
  });

  it('keeps a lock refused because another device locked the point first, naming who holds it', async () => {
    const plant = await work();
    const shown = await approved(await requestedHere(plant));
    const breaker = shown.points[0]!;
    device.network.isDown = true;
    const mine = applyLockChange(user(), shown, breaker, '21', true);
    await queueChange(device.db, mine);

    const first = await send(operator, 'POST', `/api/permits/${shown._id}/locks`, {
      _id: crypto.randomUUID(),
      point: breaker._id,
      lockNumber: '9',
      verified: true,
    });
    expect(first.statusCode).toBe(201);

    device.network.isDown = false;
    await replayer().run();
    const [refused] = await device.db.outbox.toArray();
    expect(refused).toMatchObject({ state: 'failed', kind: 'lock' });
    expect(refused!.error).toBe(`Main breaker is already locked by ${operator.name} with lock 9`);
    const server = await onServer(shown._id);
    expect(server.locks.map((lock) => lock.lockNumber)).toEqual(['9']);
    // Nothing is lost: the device still shows its own lock, marked, until it is discarded.
    expect((await device.db.permits.get(shown._id))!.locks.map((lock) => lock.lockNumber)).toContain('21');
  });

  it('forgets permits closed elsewhere, and keeps one with a change still to send', async () => {
    const plant = await work();
    const id = await requestedHere(plant);
    const kept = await requestedHere(await work());
    await approved(id);
    expect(await device.db.permits.count()).toBeGreaterThanOrEqual(2);
    device.network.isDown = true;
    await queueChange(device.db, permitStepChange(user(), (await device.db.permits.get(kept))!, 'Cancelled'));
    await storeOpenPermits(device.db, []);
    expect(await device.db.permits.get(id)).toBeUndefined();
    expect(await device.db.permits.get(kept)).toMatchObject({ _pending: 1, status: 'Cancelled' });
  });
});

describe('locks still on after a shift', () => {
  const base = {
    _id: crypto.randomUUID(),
    permitNumber: 'PTW-000007',
    machine: { _id: crypto.randomUUID(), name: 'Hot Mill', machineId: 'RM-1', department: 'Rolling Mill' },
  };
  const lockAt = (appliedAt: string, by: string, removedAt: string | null = null) => ({
    _id: crypto.randomUUID(),
    point: crypto.randomUUID(),
    pointLocation: 'Main breaker',
    lockNumber: '7',
    verified: true,
    appliedBy: { _id: by, name: 'Ann Lee' },
    appliedAt,
    removedBy: null,
    removedAt,
    removalReason: null,
  });
  const permitWith = (locks: ReturnType<typeof lockAt>[]) => ({ ...base, locks }) as unknown as Permit;

  it('recalls the holder once the shift in which the lock went on has ended, once per shift end', () => {
    const now = new Date('2026-11-27T15:00:00Z');
    expect(lastShiftEnd(now, defaultPlan).toISOString()).toBe('2026-11-27T14:00:00.000Z');
    const during = permitWith([lockAt('2026-11-27T14:30:00Z', 'me')]);
    expect(locksStillOnEntries('me', [during], defaultPlan, now)).toEqual([]);

    const before = permitWith([lockAt('2026-11-27T13:00:00Z', 'me')]);
    const [entry] = locksStillOnEntries('me', [before], defaultPlan, now);
    expect(entry).toMatchObject({
      kind: 'locksStillOn',
      entity: 'permit',
      recordId: base._id,
      title: 'PTW-000007 · Hot Mill',
      detail: 'lock 7 on Main breaker: still on after the shift ended at 14:00',
      key: `locksStillOn:${base._id}:2026-11-27T14:00:00.000Z`,
    });
    const nextShift = locksStillOnEntries('me', [before], defaultPlan, new Date('2026-11-27T22:30:00Z'));
    expect(nextShift[0]!.key).toBe(`locksStillOn:${base._id}:2026-11-27T22:00:00.000Z`);
  });

  it("says nothing of removed locks or of other people's locks", () => {
    const now = new Date('2026-11-27T15:00:00Z');
    const removed = permitWith([lockAt('2026-11-27T13:00:00Z', 'me', '2026-11-27T13:30:00Z')]);
    const others = permitWith([lockAt('2026-11-27T13:00:00Z', 'someone else')]);
    expect(locksStillOnEntries('me', [removed, others], defaultPlan, now)).toEqual([]);
  });
});
