import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { historyEntry } from '#shared/schemas/common.ts';
import { type Account, addMachine, machineInput, registerUser, useTeamApp } from './helpers/app.ts';
import { repairFound } from './helpers/repair.ts';

const t = useTeamApp();
let machineId: string;

beforeAll(async () => {
  machineId = await addMachine(t);
});

function send(
  account: Account,
  method: 'POST' | 'PUT' | 'PATCH',
  url: string,
  payload: object,
  headers: Record<string, string> = {},
) {
  return t.app.inject({ method, url, payload, headers: { ...account.headers, ...headers } });
}

/** The fields of the answered records (ticket, machine, incident, schedule) these tests read. */
interface ReplayedRecord {
  version: number;
  overwritten: unknown[];
  status?: string;
  title?: string;
  checklist?: { completed: boolean }[];
}

async function created(url: string, payload: object) {
  const response = await send(t.team.admin, 'POST', url, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ _id: string; version: number; checklist?: { _id: string }[] }>();
}

/** The number of history rows of a record; machines have no history route (their version tells). */
async function historyLength(url: string) {
  const response = await t.app.inject({ url: `${url}/history`, headers: t.team.admin.headers });
  return response.statusCode === 404 ? null : z.array(historyEntry).parse(response.json()).length;
}

/**
 * The engineer's change reaches the server but its answer is lost; the admin then changes the same
 * value; the engineer's device sends the change again with the same id.
 */
async function lostAnswerThenReplay(options: {
  recordUrl: string;
  changeUrl: string;
  method: 'PUT' | 'PATCH';
  engineerChange: object;
  adminChange: object;
  by?: Account;
}) {
  const by = options.by ?? t.team.engineer;
  const changeId = randomUUID();
  const headers = { 'x-change-id': changeId, 'if-match': '"1"' };
  const first = await send(by, options.method, options.changeUrl, options.engineerChange, headers);
  expect(first.statusCode, first.body).toBe(200);
  const later = await send(t.team.admin, options.method, options.changeUrl, options.adminChange);
  expect(later.statusCode, later.body).toBe(200);
  const historyBefore = await historyLength(options.recordUrl);

  const replay = await send(by, options.method, options.changeUrl, options.engineerChange, headers);
  expect(replay.statusCode, replay.body).toBe(200);
  const current = await t.app.inject({ url: options.recordUrl, headers: t.team.admin.headers });
  const { overwritten, ...record } = replay.json<ReplayedRecord>();
  expect(overwritten).toEqual([]);
  expect(record).toEqual(current.json());
  expect(record.version).toBe(later.json<ReplayedRecord>().version);
  expect(await historyLength(options.recordUrl)).toBe(historyBefore);
  return record;
}

describe('change ids (X-Change-Id)', () => {
  it('answers a replayed ticket update with the current ticket and changes nothing', async () => {
    const ticket = await created('/api/tickets', { title: 'Coiler leak', description: 'Oil', machine: machineId });
    const url = `/api/tickets/${ticket._id}`;
    const record = await lostAnswerThenReplay({
      recordUrl: url,
      changeUrl: url,
      method: 'PUT',
      engineerChange: { status: 'In Progress' },
      adminChange: { status: 'Resolved', failure: repairFound },
    });
    expect(record.status).toBe('Resolved');
  });

  it('answers a replayed machine status patch with the current machine and changes nothing', async () => {
    const machine = await created('/api/machines', machineInput());
    const record = await lostAnswerThenReplay({
      recordUrl: `/api/machines/${machine._id}`,
      changeUrl: `/api/machines/${machine._id}/status`,
      method: 'PATCH',
      engineerChange: { status: 'Down' },
      adminChange: { status: 'Running' },
    });
    expect(record.status).toBe('Running');
  });

  it('answers a replayed incident update with the current incident and changes nothing', async () => {
    const incident = await created('/api/incidents', {
      title: 'Slip near the potline',
      description: 'Wet floor',
      type: 'Near Miss',
      severity: 'Low',
      location: 'Potroom B',
      department: 'Smelting',
      incidentDate: new Date().toISOString(),
    });
    const url = `/api/incidents/${incident._id}`;
    const record = await lostAnswerThenReplay({
      recordUrl: url,
      changeUrl: url,
      method: 'PUT',
      engineerChange: { status: 'Under Investigation' },
      adminChange: { status: 'Closed' },
      by: t.team.safety,
    });
    expect(record.status).toBe('Closed');
  });

  it('answers a replayed checklist patch and schedule update with the current schedule and changes nothing', async () => {
    const schedule = await created('/api/maintenance', {
      title: 'Filters',
      machine: machineId,
      scheduledDate: new Date(Date.now() + 86_400_000).toISOString(),
      checklist: [{ task: 'Drain oil' }],
    });
    const url = `/api/maintenance/${schedule._id}`;
    const item = schedule.checklist![0]!._id;
    const ticked = await lostAnswerThenReplay({
      recordUrl: url,
      changeUrl: `${url}/checklist/${item}`,
      method: 'PATCH',
      engineerChange: { completed: true },
      adminChange: { completed: false },
    });
    expect(ticked.checklist?.[0]?.completed).toBe(false);
    const edited = await lostAnswerThenReplay({
      recordUrl: url,
      changeUrl: url,
      method: 'PUT',
      engineerChange: { title: 'Engineer title' },
      adminChange: { title: 'Admin title' },
    });
    expect(edited.title).toBe('Admin title');
  });

  it('refuses a change id used by another user or for another record, and a malformed one', async () => {
    const ticket = await created('/api/tickets', { title: 'Stand 2', description: 'Noise', machine: machineId });
    const other = await created('/api/tickets', { title: 'Stand 3', description: 'Noise', machine: machineId });
    const headers = { 'x-change-id': randomUUID() };
    const first = await send(t.team.engineer, 'PUT', `/api/tickets/${ticket._id}`, { status: 'In Progress' }, headers);
    expect(first.statusCode).toBe(200);
    const stolen = await send(t.team.admin, 'PUT', `/api/tickets/${ticket._id}`, { status: 'Closed' }, headers);
    expect(stolen.statusCode).toBe(409);
    expect(stolen.json()).toEqual({ message: expect.any(String) as string });
    const elsewhere = await send(t.team.engineer, 'PUT', `/api/tickets/${other._id}`, { status: 'Closed' }, headers);
    expect(elsewhere.statusCode).toBe(409);

    const malformed = await send(
      t.team.engineer,
      'PUT',
      `/api/tickets/${ticket._id}`,
      { status: 'Closed' },
      {
        'x-change-id': 'not-a-uuid',
      },
    );
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ message: 'X-Change-Id must be a UUID' });
  });

  it('applies an update sent again without a change id, as integrations expect', async () => {
    const ticket = await created('/api/tickets', { title: 'Crane', description: 'Brake', machine: machineId });
    const url = `/api/tickets/${ticket._id}`;
    await send(t.team.engineer, 'PUT', url, { status: 'In Progress' });
    await send(t.team.admin, 'PUT', url, { status: 'Resolved', failure: repairFound });
    const again = await send(t.team.engineer, 'PUT', url, { status: 'In Progress' });
    expect(again.json()).toMatchObject({ status: 'In Progress', version: 4 });
  });
});

describe('who is named in an overwrite', () => {
  it('names the author of the replaced value, and never the user themselves', async () => {
    const ticket = await created('/api/tickets', { title: 'Pump', description: 'Seal', machine: machineId });
    const url = `/api/tickets/${ticket._id}`;
    // Two edits the engineer made offline from version 1; the admin changed the status in between.
    await send(t.team.admin, 'PUT', url, { status: 'In Progress' });
    const first = await send(
      t.team.engineer,
      'PUT',
      url,
      { status: 'Resolved', failure: repairFound },
      { 'if-match': '"1"' },
    );
    expect(first.json<ReplayedRecord>().overwritten).toEqual([
      expect.objectContaining({
        field: 'status',
        value: 'In Progress',
        changedBy: expect.objectContaining({ _id: t.team.admin._id }) as unknown,
      }),
    ]);
    const second = await send(t.team.engineer, 'PUT', url, { status: 'Closed' }, { 'if-match': '"1"' });
    expect(second.json<ReplayedRecord>().overwritten).toEqual([]);

    await send(await registerUser(t.app, 'maintenance_engineer'), 'PUT', url, { priority: 'High' });
    await send(t.team.admin, 'PUT', url, { priority: 'Critical' });
    const third = await send(t.team.engineer, 'PUT', url, { priority: 'Low' }, { 'if-match': '"1"' });
    expect(third.json<ReplayedRecord>().overwritten).toEqual([
      expect.objectContaining({
        field: 'priority',
        value: 'Critical',
        changedBy: expect.objectContaining({ _id: t.team.admin._id }) as unknown,
      }),
    ]);
  });
});
