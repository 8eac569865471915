import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { derivedId } from '#shared/ids.ts';
import { freshChecklist, successorOf } from '#shared/recurrence.ts';
import { machine } from '#shared/schemas/machine.ts';
import { reading } from '#shared/schemas/reading.ts';
import { schedule, type Schedule } from '#shared/schemas/schedule.ts';
import { type Account, addMachine, useTeamApp } from './helpers/app.ts';
import { errorMessage } from './helpers/json.ts';

const t = useTeamApp();

function send(account: Account, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers = {}) {
  return t.app.inject({ method, url, payload, headers: { ...account.headers, ...headers } });
}

async function createSchedule(machineId: string, overrides: Record<string, unknown>) {
  const payload = {
    title: 'Lubricate rolls',
    machine: machineId,
    scheduledDate: '2027-01-31T08:00:00.000Z',
    ...overrides,
  };
  const response = await send(t.team.engineer, 'POST', '/api/maintenance', payload);
  expect(response.statusCode, response.body).toBe(201);
  return schedule.parse(response.json());
}

async function complete(id: string, account = t.team.engineer, changeId = randomUUID()) {
  const response = await send(
    account,
    'PUT',
    `/api/maintenance/${id}`,
    { status: 'Completed' },
    { 'x-change-id': changeId },
  );
  expect(response.statusCode, response.body).toBe(200);
}

async function series(seriesId: string): Promise<Schedule[]> {
  const response = await send(t.team.operator, 'GET', '/api/maintenance');
  return schedule
    .array()
    .parse(response.json())
    .filter((item) => item.seriesId === seriesId);
}

async function recordReading(machineId: string, hours: number, readAt = new Date().toISOString(), id = randomUUID()) {
  return send(t.team.operator, 'POST', `/api/machines/${machineId}/readings`, { _id: id, hours, readAt });
}

describe('recurring maintenance', () => {
  it('starts a series at the first date and makes the next occurrence when one is completed', async () => {
    const machineId = await addMachine(t);
    const first = await createSchedule(machineId, {
      recurrence: { every: 1, unit: 'month' },
      checklist: [{ task: 'Grease bearings' }],
    });
    expect(first).toMatchObject({ seriesId: first._id, seriesStart: first.scheduledDate, dueHours: null });
    await complete(first._id);
    const [, second] = await series(first._id);
    expect(second).toMatchObject({
      _id: derivedId(first._id, '2027-02-28T08:00:00.000Z'),
      scheduledDate: '2027-02-28T08:00:00.000Z',
      status: 'Scheduled',
      recurrence: { every: 1, unit: 'month' },
      seriesStart: '2027-01-31T08:00:00.000Z',
      checklist: [{ task: 'Grease bearings', completed: false, notes: '' }],
    });
    await complete(second!._id);
    expect((await series(first._id)).map((item) => item.scheduledDate.slice(0, 10))).toEqual([
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
    ]);
  });

  it('skips weekends for a series on working days only', async () => {
    const machineId = await addMachine(t);
    // 2027-04-30 is a Friday.
    const first = await createSchedule(machineId, {
      scheduledDate: '2027-04-30T06:00:00.000Z',
      recurrence: { every: 1, unit: 'day', workingDaysOnly: true },
    });
    await complete(first._id);
    expect((await series(first._id)).map((item) => item.scheduledDate)).toEqual([
      '2027-04-30T06:00:00.000Z',
      '2027-05-03T06:00:00.000Z',
    ]);
  });

  it('makes one next occurrence when two devices complete the same occurrence offline', async () => {
    const machineId = await addMachine(t);
    const first = await createSchedule(machineId, { recurrence: { every: 2, unit: 'week' } });
    const next = successorOf(first, 0, new Date())!;
    // Each device queued the completion and the next occurrence it derived itself.
    for (const account of [t.team.engineer, t.team.admin]) {
      await complete(first._id, account);
      const created = await send(account, 'POST', '/api/maintenance', {
        _id: next._id,
        title: first.title,
        machine: machineId,
        scheduledDate: next.scheduledDate,
        recurrence: first.recurrence,
        seriesId: first._id,
        seriesStart: first.seriesStart,
        checklist: freshChecklist(next._id, first.checklist),
      });
      expect(created.statusCode, created.body).toBe(200);
    }
    expect((await series(first._id)).map((item) => item._id)).toEqual([first._id, next._id]);
  });

  it('refuses a bad repeat with a message', async () => {
    const machineId = await addMachine(t);
    const response = await send(t.team.engineer, 'POST', '/api/maintenance', {
      title: 'Bad',
      machine: machineId,
      scheduledDate: '2027-01-01T08:00:00.000Z',
      recurrence: { every: 0, unit: 'fortnight' },
    });
    expect(response.statusCode).toBe(400);
    expect(errorMessage(response)).toMatch(/Repeat every must be at least 1|Repeat unit must be one of/);
  });
});

describe('meter-based maintenance', () => {
  it('turns due on the date of the reading that reaches its hours, and repeats from the hours at completion', async () => {
    const machineId = await addMachine(t, { operatingHours: 1000 });
    const first = await createSchedule(machineId, {
      scheduledDate: '2026-11-01T08:00:00.000Z',
      recurrence: { every: 500, unit: 'hours' },
    });
    expect(first).toMatchObject({ dueHours: 1500, status: 'Scheduled' });
    const calendar = async () => {
      const response = await send(t.team.operator, 'GET', '/api/maintenance/calendar/2026/11');
      return schedule
        .array()
        .parse(response.json())
        .map((item) => item._id);
    };
    expect(await calendar()).not.toContain(first._id);

    expect((await recordReading(machineId, 1200)).statusCode).toBe(200);
    expect((await series(first._id))[0]!.status).toBe('Scheduled');
    const readAt = '2026-11-20T09:30:00.000Z';
    const reached = await recordReading(machineId, 1510, readAt);
    expect(machine.parse(reached.json()).operatingHours).toBe(1510);
    const [due] = await series(first._id);
    expect(due).toMatchObject({ scheduledDate: readAt, status: 'Overdue' });
    expect(await calendar()).toContain(first._id);

    await recordReading(machineId, 1530);
    await complete(first._id);
    const [, next] = await series(first._id);
    expect(next).toMatchObject({ dueHours: 2030, status: 'Scheduled' });
  });

  it('refuses a reading below the last one and applies a replayed reading once', async () => {
    const machineId = await addMachine(t, { operatingHours: 300 });
    const lower = await recordReading(machineId, 250);
    expect(lower.statusCode).toBe(400);
    expect(errorMessage(lower)).toBe('A reading of 250 h is lower than the last one (300 h)');
    const id = randomUUID();
    expect((await recordReading(machineId, 320, undefined, id)).statusCode).toBe(200);
    expect((await recordReading(machineId, 340)).statusCode).toBe(200);
    // The first reading's answer was lost: its replay changes nothing and is not refused.
    const replay = await recordReading(machineId, 320, undefined, id);
    expect(replay.statusCode, replay.body).toBe(200);
    expect(machine.parse(replay.json()).operatingHours).toBe(340);
    const listed = await send(t.team.operator, 'GET', `/api/machines/${machineId}/readings`);
    expect(
      reading
        .array()
        .parse(listed.json())
        .map((item) => item.hours),
    ).toEqual([340, 320]);
  });
});
