import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { historyEntry } from '#shared/schemas/common.ts';
import type { InboxEntry } from '#shared/schemas/inbox.ts';
import { permit, permitUpdated } from '#shared/schemas/permit.ts';
import { syncPage } from '#shared/schemas/sync.ts';
import { type Account, registerUser, useTeamApp } from './helpers/app.ts';
import { errorMessage } from './helpers/json.ts';
import { permitHelpers, point } from './helpers/permits.ts';

const t = useTeamApp();

const { plant, send, request, step, lock, lockAll } = permitHelpers(t);

async function inboxOf(account: Account): Promise<InboxEntry[]> {
  const response = await t.app.inject({ url: '/api/sync?snapshot=core&limit=1000', headers: account.headers });
  return syncPage.parse(response.json()).inbox;
}

async function history(id: string) {
  const response = await t.app.inject({ url: `/api/permits/${id}/history`, headers: t.team.operator.headers });
  expect(response.statusCode, response.body).toBe(200);
  return historyEntry.array().parse(response.json());
}

describe('permits to work', () => {
  it('walks a permit from Requested to Closed, isolating automatically when every point is locked and verified', async () => {
    const where = await plant();
    const requested = await request(t.team.operator, where);
    expect(requested).toMatchObject({
      status: 'Requested',
      type: 'general',
      requestedBy: { _id: t.team.operator._id },
    });
    expect(requested.permitNumber).toMatch(/^PTW-\d{6}$/);
    expect(requested.points.map((item) => item._id)).toEqual(where.points.map((item) => item._id));

    const approved = permitUpdated.parse((await step(t.team.safety, requested._id, { status: 'Approved' })).json());
    expect(approved).toMatchObject({ status: 'Approved', approvedBy: { _id: t.team.safety._id }, overwritten: [] });

    const first = await lock(t.team.operator, requested._id, where.points[0]!._id, 'L-1');
    expect(permit.parse(first.json()).status).toBe('Approved');
    const isolated = permit.parse((await lock(t.team.operator, requested._id, where.points[1]!._id, 'L-2')).json());
    expect(isolated.status).toBe('Isolated');
    expect(isolated.locks.map((item) => [item.pointLocation, item.lockNumber, item.verified])).toEqual([
      ['Main breaker MCC-3', 'L-1', true],
      ['Hydraulic valve HV-2', 'L-2', true],
    ]);

    await step(t.team.operator, requested._id, { status: 'Active' });
    await step(t.team.operator, requested._id, { status: 'Work Done' });
    const closing = await step(t.team.operator, requested._id, { status: 'Closed' }, 409);
    expect(errorMessage(closing)).toContain(`lock L-1 on Main breaker MCC-3 held by ${t.team.operator.name}`);
    expect(errorMessage(closing)).toContain(`lock L-2 on Hydraulic valve HV-2 held by ${t.team.operator.name}`);
    for (const item of isolated.locks) {
      const removed = await send(t.team.operator, 'PATCH', `/api/permits/${requested._id}/locks/${item._id}`, {
        removed: true,
      });
      expect(removed.statusCode, removed.body).toBe(200);
    }
    const closed = permitUpdated.parse((await step(t.team.operator, requested._id, { status: 'Closed' })).json());
    expect(closed.status).toBe('Closed');
    expect(closed.locks.every((item) => item.removedBy?._id === t.team.operator._id)).toBe(true);
    const changed = await step(t.team.safety, requested._id, { description: 'Too late' }, 409);
    expect(errorMessage(changed)).toContain('Closed');

    const statuses = (await history(requested._id))
      .filter((entry) => entry.field === 'status')
      .map((entry) => entry.newValue);
    expect(statuses).toEqual(['Requested', 'Approved', 'Isolated', 'Active', 'Work Done', 'Closed']);
    const fields = (await history(requested._id)).map((entry) => entry.field);
    expect(fields.filter((field) => field === 'lock')).toHaveLength(2);
    expect(fields.filter((field) => field === 'lockRemoved')).toHaveLength(2);
  });

  it('refuses steps out of order, by the wrong role, and approval by the requester', async () => {
    const where = await plant(1);
    const byOperator = await request(t.team.operator, where);
    expect(errorMessage(await step(t.team.operator, byOperator._id, { status: 'Approved' }, 403))).toBe(
      'The Operator role may not approve permits to work.',
    );
    expect(errorMessage(await step(t.team.engineer, byOperator._id, { status: 'Approved' }, 403))).toBe(
      'The Maintenance Engineer role may not approve permits to work.',
    );
    expect(errorMessage(await step(t.team.operator, byOperator._id, { status: 'Active' }, 409))).toContain(
      'its next step is Approved, not Active',
    );
    const bySafety = await request(t.team.safety, where);
    expect(errorMessage(await step(t.team.safety, bySafety._id, { status: 'Approved' }, 403))).toBe(
      'You requested this permit: another safety officer or admin approves it',
    );
    await step(t.team.admin, bySafety._id, { status: 'Approved' });

    await step(t.team.safety, byOperator._id, { status: 'Approved' });
    await lockAll(t.team.operator, byOperator._id, where);
    const other = await registerUser(t.app, 'operator');
    expect(errorMessage(await step(other, byOperator._id, { status: 'Active' }, 403))).toBe(
      "The Operator role may not start and finish work on another person's permit. Only its requester, an engineer or an admin marks it Active.",
    );
    expect(errorMessage(await step(other, byOperator._id, { description: 'Mine now' }, 403))).toBe(
      'Only the person who requested the permit, an engineer, a safety officer or an admin may edit it',
    );
    await step(t.team.engineer, byOperator._id, { status: 'Active' });
    expect(errorMessage(await step(t.team.operator, byOperator._id, { status: 'Cancelled' }, 409))).toContain(
      'only a Requested or Approved permit can be cancelled',
    );
    expect(errorMessage(await step(other, byOperator._id, { status: 'Work Done' }, 403))).toContain('Work Done');
    await step(t.team.operator, byOperator._id, { status: 'Work Done' });
    expect(errorMessage(await step(other, byOperator._id, { status: 'Closed' }, 403))).toBe(
      'Only the person who requested the permit, a safety officer or an admin may mark it Closed',
    );
    expect(errorMessage(await step(t.team.operator, byOperator._id, { status: 'Requested' }, 403))).toBe(
      'A permit cannot be moved back to Requested',
    );
  });

  it('keeps a permit from Active with a point not locked or not verified, naming the points', async () => {
    const where = await plant(3);
    const created = await request(t.team.operator, where);
    await step(t.team.safety, created._id, { status: 'Approved' });
    const unverified = await lock(t.team.operator, created._id, where.points[1]!._id, '7', false);
    expect(unverified.statusCode, unverified.body).toBe(201);
    await lock(t.team.operator, created._id, where.points[2]!._id, '8');
    for (const to of ['Isolated', 'Active']) {
      const refused = await step(t.team.operator, created._id, { status: to }, 409);
      expect(errorMessage(refused)).toBe(
        to === 'Active'
          ? `${created.permitNumber} is Approved: its next step is Isolated, not Active`
          : `${created.permitNumber} cannot be Isolated until every isolation point is locked and verified: Main breaker MCC-3 (not locked), Hydraulic valve HV-2 (lock 7 not verified)`,
      );
    }
    await lock(t.team.operator, created._id, where.points[0]!._id, '6');
    const lockSeven = permit
      .parse((await t.app.inject({ url: `/api/permits/${created._id}`, headers: t.team.operator.headers })).json())
      .locks.find((item) => item.lockNumber === '7')!;
    // Someone else may not record the holder's zero-energy check.
    const notYours = await send(t.team.engineer, 'PATCH', `/api/permits/${created._id}/locks/${lockSeven._id}`, {
      verified: true,
    });
    expect(notYours.statusCode).toBe(403);
    const verified = await send(t.team.operator, 'PATCH', `/api/permits/${created._id}/locks/${lockSeven._id}`, {
      verified: true,
    });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(permit.parse(verified.json()).status).toBe('Isolated');

    // A lock removed before the work starts takes the permit back to Approved, and Active names the point.
    const lockSix = permit.parse(verified.json()).locks.find((item) => item.lockNumber === '6')!;
    const removed = await send(t.team.operator, 'PATCH', `/api/permits/${created._id}/locks/${lockSix._id}`, {
      removed: true,
    });
    expect(permit.parse(removed.json()).status).toBe('Approved');
    await lock(t.team.operator, created._id, where.points[0]!._id, '9');
    await step(t.team.operator, created._id, { status: 'Active' });
    const onDuty = permit.parse(
      (await t.app.inject({ url: `/api/permits/${created._id}`, headers: t.team.operator.headers })).json(),
    );
    const whileActive = await send(
      t.team.operator,
      'PATCH',
      `/api/permits/${created._id}/locks/${onDuty.locks.at(-1)!._id}`,
      {
        removed: true,
      },
    );
    expect(whileActive.statusCode).toBe(409);
    expect(errorMessage(whileActive)).toContain('locks stay on until the work is done');
  });

  it('names a point added to the machine after isolation when the work would start', async () => {
    const where = await plant(1);
    const created = await request(t.team.operator, where);
    await step(t.team.safety, created._id, { status: 'Approved' });
    expect((await lockAll(t.team.operator, created._id, where)).status).toBe('Isolated');
    const added = point('Steam valve SV-9', 'thermal');
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/machines/${where.machineId}`,
      headers: t.team.engineer.headers,
      payload: { isolationPoints: [...where.points, added] },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(errorMessage(await step(t.team.operator, created._id, { status: 'Active' }, 409))).toBe(
      `${created.permitNumber} cannot be Active until every isolation point is locked and verified: Steam valve SV-9 (not locked)`,
    );
    const locked = await lock(t.team.operator, created._id, added._id, 'S-9');
    expect(locked.statusCode, locked.body).toBe(201);
    await step(t.team.operator, created._id, { status: 'Active' });
  });

  it('needs approval but no locks for a machine without isolation points', async () => {
    const where = await plant(0);
    const created = await request(t.team.operator, where);
    expect(created.points).toEqual([]);
    await step(t.team.safety, created._id, { status: 'Approved' });
    await step(t.team.operator, created._id, { status: 'Isolated' });
    await step(t.team.operator, created._id, { status: 'Active' });
    await step(t.team.operator, created._id, { status: 'Work Done' });
    await step(t.team.operator, created._id, { status: 'Closed' });
  });

  it('validates hot work fields per type and keeps hot work from starting without them', async () => {
    const where = await plant(0);
    const general = await send(t.team.operator, 'POST', '/api/permits', {
      machine: where.machineId,
      ticket: where.ticketId,
      type: 'general',
      fireWatch: 'Ann',
    });
    expect(general.statusCode).toBe(400);
    expect(errorMessage(general)).toBe('fireWatch belong to hot work permits only; this is a general permit');
    const badTime = await send(t.team.operator, 'POST', '/api/permits', {
      machine: where.machineId,
      ticket: where.ticketId,
      type: 'hot_work',
      fireWatchUntil: 'tonight',
    });
    expect(badTime.statusCode).toBe(400);
    expect(errorMessage(badTime)).toContain('fireWatchUntil');

    const hot = await request(t.team.operator, where, { type: 'hot_work', gasTest: 0 });
    expect(hot.gasTest).toBe('0');
    await step(t.team.safety, hot._id, { status: 'Approved' });
    await step(t.team.operator, hot._id, { status: 'Isolated' });
    expect(errorMessage(await step(t.team.operator, hot._id, { status: 'Active' }, 409))).toBe(
      'Hot work cannot start without the fire watch name, fire watch end time',
    );
    const until = '2026-11-27T18:00:00.000Z';
    const started = permitUpdated.parse(
      (
        await step(t.team.operator, hot._id, {
          status: 'Active',
          fireWatch: 'Ben Ode',
          fireWatchUntil: until,
          gasTest: '0 % LEL',
        })
      ).json(),
    );
    expect(started).toMatchObject({
      status: 'Active',
      fireWatch: 'Ben Ode',
      fireWatchUntil: until,
      gasTest: '0 % LEL',
    });
  });

  it('insists on one ticket or schedule on the same machine', async () => {
    const where = await plant(1);
    const elsewhere = await plant(1);
    const both = await send(t.team.operator, 'POST', '/api/permits', {
      machine: where.machineId,
      ticket: where.ticketId,
      schedule: randomUUID(),
      type: 'general',
    });
    expect(both.statusCode).toBe(400);
    expect(errorMessage(both)).toContain('exactly one of ticket or schedule');
    const neither = await send(t.team.operator, 'POST', '/api/permits', { machine: where.machineId, type: 'general' });
    expect(neither.statusCode).toBe(400);
    const otherTicket = await send(t.team.operator, 'POST', '/api/permits', {
      machine: where.machineId,
      ticket: elsewhere.ticketId,
      type: 'general',
    });
    expect(otherTicket.statusCode).toBe(400);
    expect(errorMessage(otherTicket)).toMatch(/^Ticket TKT-\d{6} is not on /);
    const schedule = await send(t.team.admin, 'POST', '/api/maintenance', {
      title: 'Gearbox oil',
      machine: elsewhere.machineId,
      scheduledDate: new Date(Date.now() + 86_400_000).toISOString(),
    });
    const scheduleId = schedule.json<{ _id: string }>()._id;
    const otherSchedule = await send(t.team.operator, 'POST', '/api/permits', {
      machine: where.machineId,
      schedule: scheduleId,
      type: 'work_at_height',
    });
    expect(otherSchedule.statusCode).toBe(400);
    expect(errorMessage(otherSchedule)).toContain('Maintenance "Gearbox oil" is not on');
    const onSchedule = await send(t.team.operator, 'POST', '/api/permits', {
      machine: elsewhere.machineId,
      schedule: scheduleId,
      type: 'confined_space',
    });
    expect(onSchedule.statusCode, onSchedule.body).toBe(201);
    expect(permit.parse(onSchedule.json()).schedule).toEqual({ _id: scheduleId, title: 'Gearbox oil' });
  });

  it('cancels from Requested or Approved only, by the requester or safety, never with locks on', async () => {
    const where = await plant(1);
    const first = await request(t.team.operator, where);
    const other = await registerUser(t.app, 'operator');
    expect(errorMessage(await step(other, first._id, { status: 'Cancelled' }, 403))).toContain('Cancelled');
    expect((await step(t.team.engineer, first._id, { status: 'Cancelled' }, 403)).statusCode).toBe(403);
    await step(t.team.operator, first._id, { status: 'Cancelled' });
    expect(errorMessage(await step(t.team.safety, first._id, { status: 'Approved' }, 409))).toContain(
      'is Cancelled: it does not change any more',
    );

    const second = await request(t.team.operator, where);
    await step(t.team.safety, second._id, { status: 'Approved' });
    const locked = await lock(t.team.operator, second._id, where.points[0]!._id, 'C-1', false);
    expect(locked.statusCode).toBe(201);
    expect(errorMessage(await step(t.team.safety, second._id, { status: 'Cancelled' }, 409))).toBe(
      `${second.permitNumber} cannot be Cancelled while locks are on: lock C-1 on Main breaker MCC-3 held by ${t.team.operator.name}`,
    );
    const lockId = permit.parse(locked.json()).locks[0]!._id;
    await send(t.team.operator, 'PATCH', `/api/permits/${second._id}/locks/${lockId}`, { removed: true });
    await step(t.team.safety, second._id, { status: 'Cancelled' });
  });

  it('creates a permit and a lock once: replays answer 200 and change nothing; another user gets 409', async () => {
    const where = await plant(1);
    const body = { _id: randomUUID(), machine: where.machineId, ticket: where.ticketId, type: 'general' };
    const first = await send(t.team.operator, 'POST', '/api/permits', body);
    expect(first.statusCode).toBe(201);
    const replay = await send(t.team.operator, 'POST', '/api/permits', { ...body, description: 'changed' });
    expect(replay.statusCode).toBe(200);
    expect(permit.parse(replay.json())).toEqual(permit.parse(first.json()));
    expect((await send(t.team.engineer, 'POST', '/api/permits', body)).statusCode).toBe(409);

    await step(t.team.safety, body._id, { status: 'Approved' });
    const lockBody = { _id: randomUUID(), point: where.points[0]!._id, lockNumber: '41', verified: true };
    const applied = await send(t.team.operator, 'POST', `/api/permits/${body._id}/locks`, lockBody);
    expect(applied.statusCode).toBe(201);
    const again = await send(t.team.operator, 'POST', `/api/permits/${body._id}/locks`, lockBody);
    expect(again.statusCode).toBe(200);
    expect(permit.parse(again.json())).toEqual(permit.parse(applied.json()));
    expect((await history(body._id)).filter((entry) => entry.field === 'lock')).toHaveLength(1);
  });

  it('lets the first of two devices keep a point; the second is told who holds it', async () => {
    const where = await plant(1);
    const created = await request(t.team.operator, where);
    await step(t.team.safety, created._id, { status: 'Approved' });
    const second = await registerUser(t.app, 'maintenance_engineer', { name: 'Dana Second' });
    const deviceA = { _id: randomUUID(), point: where.points[0]!._id, lockNumber: '17', verified: true };
    const deviceB = { _id: randomUUID(), point: where.points[0]!._id, lockNumber: '23', verified: true };
    const clientTime = '2026-11-27T06:15:00.000Z';
    const [a, b] = await Promise.all([
      send(t.team.operator, 'POST', `/api/permits/${created._id}/locks`, deviceA, { 'x-client-time': clientTime }),
      send(second, 'POST', `/api/permits/${created._id}/locks`, deviceB),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const [winner, loser] = a.statusCode === 201 ? [a, b] : [b, a];
    const winnerName = winner === a ? t.team.operator.name : 'Dana Second';
    const winnerLock = winner === a ? '17' : '23';
    expect(errorMessage(loser)).toBe(`Main breaker MCC-3 is already locked by ${winnerName} with lock ${winnerLock}`);
    const stored = permit.parse(
      (await t.app.inject({ url: `/api/permits/${created._id}`, headers: t.team.operator.headers })).json(),
    );
    expect(stored.locks).toHaveLength(1);
    expect(stored.locks[0]).toMatchObject({ lockNumber: winnerLock, removedAt: null });
    if (winner === a) expect(stored.locks[0]!.appliedAt).toBe(clientTime);
    const replay = await send(
      winner === a ? t.team.operator : second,
      'POST',
      `/api/permits/${created._id}/locks`,
      winner === a ? deviceA : deviceB,
    );
    expect(replay.statusCode).toBe(200);
    expect(permit.parse(replay.json()).locks).toEqual(stored.locks);
  });

  it('stamps a lock with the device time it was applied at, and the history with the client time', async () => {
    const where = await plant(2);
    const created = await request(t.team.operator, where);
    await step(t.team.safety, created._id, { status: 'Approved' });
    const offline = '2026-11-27T05:59:30.000Z';
    const response = await lock(t.team.operator, created._id, where.points[0]!._id, 'T-1', true, {
      'x-client-time': offline,
    });
    expect(permit.parse(response.json()).locks[0]!.appliedAt).toBe(offline);
    const before = Date.now();
    const online = await lock(t.team.operator, created._id, where.points[1]!._id, 'T-2');
    const appliedAt = Date.parse(permit.parse(online.json()).locks[1]!.appliedAt);
    expect(appliedAt).toBeGreaterThanOrEqual(before - 1000);
    const entry = (await history(created._id)).find((item) => item.field === 'lock')!;
    expect(entry.clientTime).toBe(offline);
    expect(entry.newValue).toMatchObject({ lockNumber: 'T-1', location: 'Main breaker MCC-3', appliedAt: offline });
  });

  it('refuses a lock on another machine’s point or before approval', async () => {
    const where = await plant(1);
    const created = await request(t.team.operator, where);
    const early = await lock(t.team.operator, created._id, where.points[0]!._id, '1');
    expect(early.statusCode).toBe(409);
    expect(errorMessage(early)).toContain('locks are applied once it is Approved');
    await step(t.team.safety, created._id, { status: 'Approved' });
    const stranger = await lock(t.team.operator, created._id, randomUUID(), '1');
    expect(stranger.statusCode).toBe(400);
    expect(errorMessage(stranger)).toContain('This is not an isolation point of');
  });

  it('removes a lock by its holder, or by safety with a reason kept; refuses others and removes once', async () => {
    const where = await plant(2);
    const created = await request(t.team.operator, where);
    await step(t.team.safety, created._id, { status: 'Approved' });
    const locks = (await lockAll(t.team.operator, created._id, where)).locks;
    await step(t.team.operator, created._id, { status: 'Active' });
    await step(t.team.operator, created._id, { status: 'Work Done' });
    const url = (lockId: string) => `/api/permits/${created._id}/locks/${lockId}`;

    const engineer = await send(t.team.engineer, 'PATCH', url(locks[0]!._id), { removed: true, reason: 'Shift ended' });
    expect(engineer.statusCode).toBe(403);
    expect(errorMessage(engineer)).toBe(
      `The Maintenance Engineer role may not remove another person's lock with a reason. Lock L-1 on Main breaker MCC-3 belongs to ${t.team.operator.name}: only they, a safety officer or an admin may remove it.`,
    );
    const noReason = await send(t.team.safety, 'PATCH', url(locks[0]!._id), { removed: true });
    expect(noReason.statusCode).toBe(400);
    expect(errorMessage(noReason)).toContain('give the reason for removing it');
    const override = await send(t.team.safety, 'PATCH', url(locks[0]!._id), {
      removed: true,
      reason: 'Holder went home sick; area checked',
    });
    expect(override.statusCode, override.body).toBe(200);
    expect(permit.parse(override.json()).locks[0]).toMatchObject({
      removedBy: { _id: t.team.safety._id },
      removalReason: 'Holder went home sick; area checked',
    });
    const changeId = randomUUID();
    const own = await send(
      t.team.operator,
      'PATCH',
      url(locks[1]!._id),
      { removed: true },
      { 'x-change-id': changeId },
    );
    expect(own.statusCode).toBe(200);
    const replay = await send(
      t.team.operator,
      'PATCH',
      url(locks[1]!._id),
      { removed: true },
      { 'x-change-id': changeId },
    );
    expect(replay.statusCode).toBe(200);
    const twice = await send(t.team.operator, 'PATCH', url(locks[1]!._id), { removed: true });
    expect(twice.statusCode).toBe(200);
    expect(permit.parse(twice.json()).version).toBe(permit.parse(own.json()).version);
    const removals = (await history(created._id)).filter((entry) => entry.field === 'lockRemoved');
    expect(removals).toHaveLength(2);
    expect(removals[0]!.newValue).toMatchObject({ lockNumber: 'L-1', reason: 'Holder went home sick; area checked' });
    expect(removals[0]!.changedBy?._id).toBe(t.team.safety._id);
  });

  it('tells what a PATCH from an older version (If-Match) overwrote, and applies a change id once', async () => {
    const where = await plant(0);
    const created = await request(t.team.operator, where, { description: 'First' });
    await step(t.team.safety, created._id, { description: 'Safety note' });
    const late = permitUpdated.parse(
      (
        await step(t.team.operator, created._id, { description: 'Mine' }, 200, { 'if-match': `"${created.version}"` })
      ).json(),
    );
    expect(late.description).toBe('Mine');
    expect(late.overwritten.map(({ field, value, changedBy }) => ({ field, value, by: changedBy?._id }))).toEqual([
      { field: 'description', value: 'Safety note', by: t.team.safety._id },
    ]);
  });

  it('rejects a malformed If-Match', async () => {
    const where = await plant(0);
    const created = await request(t.team.operator, where);
    const response = await step(t.team.operator, created._id, { description: 'x' }, 400, { 'if-match': 'soon' });
    expect(errorMessage(response)).toContain('If-Match');
  });

  it('applies a step sent twice with one change id once', async () => {
    const where = await plant(0);
    const created = await request(t.team.operator, where);
    const changeId = randomUUID();
    const first = await step(t.team.safety, created._id, { status: 'Approved' }, 200, { 'x-change-id': changeId });
    const replay = await step(t.team.safety, created._id, { status: 'Approved' }, 200, { 'x-change-id': changeId });
    expect(permit.parse(replay.json()).version).toBe(permit.parse(first.json()).version);
    expect((await history(created._id)).filter((entry) => entry.newValue === 'Approved')).toHaveLength(1);
  });

  it('tells safety officers and admins of a permit to approve, and the requester of its approval', async () => {
    const where = await plant(0);
    const created = await request(t.team.operator, where);
    const key = `permitRequested:${created._id}`;
    for (const account of [t.team.safety, t.team.admin]) {
      const entry = (await inboxOf(account)).find((item) => item.key === key);
      expect(entry).toMatchObject({
        kind: 'permitRequested',
        entity: 'permit',
        recordId: created._id,
        title: `${created.permitNumber} · ${created.machine.name}`,
        by: { _id: t.team.operator._id },
        readAt: null,
      });
    }
    expect((await inboxOf(t.team.engineer)).some((item) => item.key === key)).toBe(false);
    expect((await inboxOf(t.team.operator)).some((item) => item.key === key)).toBe(false);
    const ownRequest = await request(t.team.safety, where);
    expect((await inboxOf(t.team.safety)).some((item) => item.key === `permitRequested:${ownRequest._id}`)).toBe(false);

    await step(t.team.safety, created._id, { status: 'Approved' });
    expect((await inboxOf(t.team.admin)).find((item) => item.key === key)?.readAt).not.toBeNull();
    const approved = (await inboxOf(t.team.operator)).find((item) => item.key === `permitApproved:${created._id}`);
    expect(approved).toMatchObject({ kind: 'permitApproved', entity: 'permit', by: { _id: t.team.safety._id } });
  });

  it('lists permits by status, department and machine, and exports them as CSV', async () => {
    const where = await plant(1);
    const other = await plant(0);
    const open = await request(t.team.operator, where, { description: 'Listed, "quoted"' });
    const cancelled = await request(t.team.operator, other);
    await step(t.team.operator, cancelled._id, { status: 'Cancelled' });
    const list = async (query: string) => {
      const response = await t.app.inject({ url: `/api/permits?${query}`, headers: t.team.operator.headers });
      expect(response.statusCode, response.body).toBe(200);
      return permit
        .array()
        .parse(response.json())
        .map((item) => item._id);
    };
    expect(await list(`machine=${where.machineId}`)).toEqual([open._id]);
    expect(await list('status=open')).toContain(open._id);
    expect(await list('status=open')).not.toContain(cancelled._id);
    expect(await list('status=Cancelled')).toContain(cancelled._id);
    expect(await list('department=Smelting')).toEqual(expect.arrayContaining([open._id, cancelled._id]));
    expect(await list('department=Casting')).not.toContain(open._id);
    const bad = await t.app.inject({ url: '/api/permits?status=Lost', headers: t.team.operator.headers });
    expect(bad.statusCode).toBe(400);

    const csv = await t.app.inject({
      url: `/api/permits/export?machine=${where.machineId}`,
      headers: t.team.operator.headers,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="permits.*\.csv"/);
    const lines = csv.body.trim().split(/\r?\n/);
    expect(lines[0]).toContain('Permit,Status,Type,Machine');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(open.permitNumber);
    expect(lines[1]).toContain('"Listed, ""quoted"""');
    expect(lines[1]).toContain(open._id);
  });

  it('answers 404 for an unknown permit or lock', async () => {
    const missing = randomUUID();
    expect((await t.app.inject({ url: `/api/permits/${missing}`, headers: t.team.operator.headers })).statusCode).toBe(
      404,
    );
    expect((await step(t.team.safety, missing, { status: 'Approved' }, 404)).statusCode).toBe(404);
    const where = await plant(0);
    const created = await request(t.team.operator, where);
    const response = await send(t.team.operator, 'PATCH', `/api/permits/${created._id}/locks/${missing}`, {
      removed: true,
    });
    expect(response.statusCode).toBe(404);
  });
});
