import { describe, expect, it } from 'vitest';
import { historyEntry } from '#shared/schemas/common.ts';
import { permit, type Permit } from '#shared/schemas/permit.ts';
import { type Account, useTeamApp } from './helpers/app.ts';
import { errorMessage } from './helpers/json.ts';
import { permitHelpers, type Plant } from './helpers/permits.ts';

const t = useTeamApp();

const { plant, send, request, step, lock, lockAll } = permitHelpers(t);

const machineName = 'Potline 3 Crane';
const reason = 'Molten metal leak: the crane must move the ladle now';
const needsPermit = `cannot go In Progress without an Active permit to work: ${machineName} has isolation points`;

/** A permit for the plant's ticket (or what `covers` names instead) taken to Active. */
async function activePermit(where: Plant, covers: object = {}): Promise<Permit> {
  const created = await request(t.team.operator, where, covers);
  await step(t.team.safety, created._id, { status: 'Approved' });
  if (where.points.length > 0) await lockAll(t.team.operator, created._id, where);
  else await step(t.team.operator, created._id, { status: 'Isolated' });
  await step(t.team.operator, created._id, { status: 'Active' });
  return created;
}

function addSchedule(where: Plant, extra: object = {}) {
  return send(t.team.admin, 'POST', '/api/maintenance', {
    title: 'Gearbox oil',
    machine: where.machineId,
    scheduledDate: new Date(Date.now() + 86_400_000).toISOString(),
    ...extra,
  });
}

/** Work on the plant's machine: how the messages name it, the permit fields that cover it, its URL. */
interface Work {
  name: string;
  covers: object;
  url: string;
}

async function ticketOn(where: Plant): Promise<Work> {
  const url = `/api/tickets/${where.ticketId}`;
  const response = await t.app.inject({ url, headers: t.team.admin.headers });
  return { name: response.json<{ ticketNumber: string }>().ticketNumber, covers: {}, url };
}

async function maintenanceOn(where: Plant): Promise<Work> {
  const response = await addSchedule(where);
  expect(response.statusCode, response.body).toBe(201);
  const id = response.json<{ _id: string }>()._id;
  return {
    name: 'Maintenance "Gearbox oil"',
    covers: { ticket: undefined, schedule: id },
    url: `/api/maintenance/${id}`,
  };
}

const kinds = [
  { label: 'a ticket', on: ticketOn },
  { label: 'maintenance', on: maintenanceOn },
];

const put = (by: Account, work: Work, payload: object) => send(by, 'PUT', work.url, payload);

async function history(work: Work) {
  const response = await t.app.inject({ url: `${work.url}/history`, headers: t.team.admin.headers });
  expect(response.statusCode, response.body).toBe(200);
  return historyEntry.array().parse(response.json());
}

describe.each(kinds)('$label going In Progress', ({ on }) => {
  it('needs an Active permit for it on a machine with isolation points, naming the permit it has', async () => {
    const where = await plant(2);
    const work = await on(where);
    const refused = await put(t.team.engineer, work, { status: 'In Progress' });
    expect(refused.statusCode).toBe(409);
    expect(errorMessage(refused)).toBe(`${work.name} ${needsPermit} (no permit requested yet)`);

    const created = await request(t.team.operator, where, work.covers);
    await step(t.team.safety, created._id, { status: 'Approved' });
    const approved = await put(t.team.engineer, work, { status: 'In Progress' });
    expect(approved.statusCode).toBe(409);
    expect(errorMessage(approved)).toBe(`${work.name} ${needsPermit} (${created.permitNumber} is Approved)`);

    await lockAll(t.team.operator, created._id, where);
    await step(t.team.operator, created._id, { status: 'Active' });
    const started = await put(t.team.engineer, work, { status: 'In Progress' });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({ status: 'In Progress' });

    // Only the move into In Progress is checked: the work stays In Progress once its permit moves on.
    await step(t.team.operator, created._id, { status: 'Work Done' });
    const edited = await put(t.team.engineer, work, { status: 'In Progress', priority: 'Critical' });
    expect(edited.statusCode, edited.body).toBe(200);
  });

  it('goes In Progress freely on a machine without isolation points', async () => {
    const work = await on(await plant(0));
    const started = await put(t.team.engineer, work, { status: 'In Progress' });
    expect(started.statusCode, started.body).toBe(200);
  });

  it('starts without a permit by an admin giving a reason, kept in the history only', async () => {
    const work = await on(await plant(1));
    const byEngineer = await put(t.team.engineer, work, { status: 'In Progress', permitOverride: reason });
    expect(byEngineer.statusCode).toBe(403);
    expect(errorMessage(byEngineer)).toBe(
      'The Maintenance Engineer role may not start work without an Active permit to work, giving a reason.',
    );
    const blank = await put(t.team.admin, work, { status: 'In Progress', permitOverride: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(errorMessage(blank)).toBe('permitOverride: The reason to start without an Active permit is required');

    const started = await put(t.team.admin, work, { status: 'In Progress', permitOverride: ` ${reason} ` });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({ status: 'In Progress' });
    expect(started.json()).not.toHaveProperty('permitOverride');
    const entries = await history(work);
    const override = entries.filter((entry) => entry.field === 'permitOverride');
    expect(override).toMatchObject([{ newValue: reason, changedBy: { _id: t.team.admin._id } }]);
    expect(override[0]!.version).toBe(entries.find((entry) => entry.newValue === 'In Progress')!.version);
  });

  it('ignores a reason where nothing needs it', async () => {
    const where = await plant(1);
    const work = await on(where);
    const noStart = await put(t.team.admin, work, { priority: 'Low', permitOverride: reason });
    expect(noStart.statusCode, noStart.body).toBe(200);
    await activePermit(where, work.covers);
    const withPermit = await put(t.team.admin, work, { status: 'In Progress', permitOverride: reason });
    expect(withPermit.statusCode, withPermit.body).toBe(200);
    expect((await history(work)).map((entry) => entry.field)).not.toContain('permitOverride');
  });
});

describe('maintenance and its permit', () => {
  it('counts only a permit for the maintenance itself, not one for a ticket on its machine', async () => {
    const where = await plant(1);
    const maintenance = await maintenanceOn(where);
    await activePermit(where);
    const refused = await put(t.team.engineer, maintenance, { status: 'In Progress' });
    expect(errorMessage(refused)).toBe(`${maintenance.name} ${needsPermit} (no permit requested yet)`);
  });

  it('is not created In Progress on a machine with isolation points', async () => {
    const refused = await addSchedule(await plant(1), { status: 'In Progress' });
    expect(refused.statusCode).toBe(409);
    expect(errorMessage(refused)).toBe(`Maintenance "Gearbox oil" ${needsPermit} (no permit requested yet)`);
    expect((await addSchedule(await plant(0), { status: 'In Progress' })).statusCode).toBe(201);
  });
});

describe('a machine returning to Running', () => {
  const setStatus = (where: Plant, status: string) =>
    send(t.team.operator, 'PATCH', `/api/machines/${where.machineId}/status`, { status });

  it('waits until every lock of its permits is off; other statuses go on while locked', async () => {
    const where = await plant(2);
    const created = await request(t.team.operator, where);
    await step(t.team.safety, created._id, { status: 'Approved' });
    await lock(t.team.operator, created._id, where.points[0]!._id, '7');
    await lock(t.team.operator, created._id, where.points[1]!._id, '8', false);
    for (const status of ['Down', 'Maintenance', 'Idle', 'Down']) {
      const response = await setStatus(where, status);
      expect(response.statusCode, response.body).toBe(200);
    }

    const refused = await setStatus(where, 'Running');
    expect(refused.statusCode).toBe(409);
    const held = `held by ${t.team.operator.name} (${created.permitNumber})`;
    expect(errorMessage(refused)).toBe(
      `${machineName} cannot return to Running while locks are on: lock 7 on Main breaker MCC-3 ${held}; lock 8 on Hydraulic valve HV-2 ${held}`,
    );
    const edit = await send(t.team.engineer, 'PUT', `/api/machines/${where.machineId}`, { status: 'Running' });
    expect(edit.statusCode).toBe(409);
    expect(errorMessage(edit)).toBe(errorMessage(refused));

    const stored = permit.parse(
      (await t.app.inject({ url: `/api/permits/${created._id}`, headers: t.team.operator.headers })).json(),
    );
    for (const item of stored.locks) {
      const removed = await send(t.team.operator, 'PATCH', `/api/permits/${created._id}/locks/${item._id}`, {
        removed: true,
      });
      expect(removed.statusCode, removed.body).toBe(200);
    }
    const running = await setStatus(where, 'Running');
    expect(running.statusCode, running.body).toBe(200);
    expect(running.json()).toMatchObject({ status: 'Running', stop: null });
  });
});
