import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checklistNotAssigned, deniedMessage } from '#shared/permissions.ts';
import { historyEntry, type Overwrite } from '#shared/schemas/common.ts';
import { machine } from '#shared/schemas/machine.ts';
import { schedule, scheduleUpdated, type Schedule } from '#shared/schemas/schedule.ts';
import { type Account, machineInput, useTeamApp } from './helpers/app.ts';
import { errorMessage } from './helpers/json.ts';

const t = useTeamApp();

const day = 24 * 60 * 60 * 1000;
const daysFromNow = (days: number) => new Date(Date.now() + days * day).toISOString();

async function createMachine(name = 'Casting Line 2') {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/machines',
    headers: t.team.admin.headers,
    payload: machineInput({ name }),
  });
  expect(response.statusCode, response.body).toBe(201);
  return machine.parse(response.json());
}

const scheduleInput = (machineId: string, overrides: Record<string, unknown> = {}) => ({
  title: 'Replace hydraulic filters',
  machine: machineId,
  scheduledDate: daysFromNow(7),
  ...overrides,
});

async function createSchedule(machineId: string, overrides: Record<string, unknown> = {}, account = t.team.engineer) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/maintenance',
    headers: account.headers,
    payload: scheduleInput(machineId, overrides),
  });
  expect(response.statusCode, response.body).toBe(201);
  return schedule.parse(response.json());
}

function request(
  account: Account,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
  headers = {},
) {
  return t.app.inject({ method, url, payload, headers: { ...account.headers, ...headers } });
}

// `updated()` in schemas/common.ts infers Record<string, unknown>; the cast restores the record type.
const parseUpdated = (body: unknown) => scheduleUpdated.parse(body) as Schedule & { overwritten: Overwrite[] };

async function list(query: string, account = t.team.operator): Promise<Schedule[]> {
  const response = await request(account, 'GET', `/api/maintenance?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return z.array(schedule).parse(response.json());
}

describe('maintenance schedules', () => {
  it('creates a schedule and reads it back with machine, assignee and checklist ids', async () => {
    const press = await createMachine('Extrusion Press 1');
    const clientItemId = randomUUID();
    const created = await createSchedule(press._id, {
      description: 'Quarterly service',
      priority: 'High',
      estimatedDuration: 4,
      assignedTo: t.team.engineer._id,
      checklist: [
        { _id: clientItemId, task: 'Drain oil' },
        { task: 'Fit new filters', notes: 'Part HF-22' },
      ],
    });
    expect(created).toMatchObject({
      title: 'Replace hydraulic filters',
      description: 'Quarterly service',
      status: 'Scheduled',
      priority: 'High',
      estimatedDuration: 4,
      machine: { _id: press._id, name: 'Extrusion Press 1' },
      assignedTo: { _id: t.team.engineer._id, name: t.team.engineer.name },
      completedAt: null,
      version: 1,
    });
    expect(created.checklist).toEqual([
      { _id: clientItemId, task: 'Drain oil', completed: false, notes: '', result: null },
      {
        _id: expect.any(String) as string,
        task: 'Fit new filters',
        completed: false,
        notes: 'Part HF-22',
        result: null,
      },
    ]);

    const read = await request(t.team.operator, 'GET', `/api/maintenance/${created._id}`);
    expect(read.statusCode).toBe(200);
    expect(schedule.parse(read.json())).toEqual(created);
    expect(await t.app.repos.schedules.getMany([created._id])).toEqual([created]);
  });

  it('applies the defaults and leaves assignedTo null', async () => {
    const created = await createSchedule((await createMachine())._id);
    expect(created).toMatchObject({
      priority: 'Medium',
      estimatedDuration: 1,
      assignedTo: null,
      checklist: [],
      description: '',
    });
  });

  it.each([
    ['admin', 201],
    ['engineer', 201],
    ['safety', 403],
    ['operator', 403],
  ] as const)('lets %s create, update and patch the checklist: %i', async (who, status) => {
    const account = t.team[who];
    const target = await createMachine();
    const existing = await createSchedule(target._id, { checklist: [{ task: 'Inspect rollers' }] });
    const itemId = existing.checklist[0]!._id;
    const allowed = status === 201;
    const denied = deniedMessage(account.role, 'schedule:manage');

    const created = await request(account, 'POST', '/api/maintenance', scheduleInput(target._id));
    expect(created.statusCode).toBe(status);
    const updated = await request(account, 'PUT', `/api/maintenance/${existing._id}`, { priority: 'Critical' });
    expect(updated.statusCode).toBe(allowed ? 200 : 403);
    // The schedule is not assigned to them: only engineers and admins answer its checklist (checklists.test.ts).
    const patched = await request(account, 'PATCH', `/api/maintenance/${existing._id}/checklist/${itemId}`, {
      completed: true,
    });
    expect(patched.statusCode).toBe(allowed ? 200 : 403);
    if (!allowed) {
      for (const response of [created, updated]) expect(response.json()).toEqual({ message: denied });
      expect(patched.json()).toEqual({ message: checklistNotAssigned });
    }

    // Reading stays open to every role.
    const read = await request(account, 'GET', `/api/maintenance/${existing._id}`);
    expect(read.statusCode).toBe(200);
    expect(schedule.parse(read.json())).toMatchObject({
      priority: allowed ? 'Critical' : 'Medium',
      checklist: [expect.objectContaining({ completed: allowed })],
    });
  });

  it('names the field when input is invalid', async () => {
    const target = await createMachine();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ title: '  ' }, /^title: Title is required$/],
      [{ scheduledDate: 'next tuesday' }, /^scheduledDate: /],
      [{ priority: 'Urgent' }, /^priority: Priority must be one of: Low, Medium, High, Critical$/],
      [{ estimatedDuration: -1 }, /^estimatedDuration: Estimated duration must be at least 0$/],
      [{ machine: 'not-a-uuid' }, /^machine: must be a UUID$/],
      [{ checklist: [{ task: '' }] }, /^checklist\.0\.task: Task is required$/],
    ];
    for (const [overrides, message] of cases) {
      const response = await request(t.team.admin, 'POST', '/api/maintenance', scheduleInput(target._id, overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(errorMessage(response)).toMatch(message);
    }
    const itemId = randomUUID();
    const twice = await request(
      t.team.admin,
      'POST',
      '/api/maintenance',
      scheduleInput(target._id, {
        checklist: [
          { _id: itemId, task: 'a' },
          { _id: itemId, task: 'b' },
        ],
      }),
    );
    expect(twice.statusCode).toBe(400);
    expect(errorMessage(twice)).toBe('checklist: each item _id must be unique');
  });

  it('needs a live machine and an existing assignee', async () => {
    const unknownMachine = await request(t.team.admin, 'POST', '/api/maintenance', scheduleInput(randomUUID()));
    expect(unknownMachine.statusCode).toBe(400);
    expect(errorMessage(unknownMachine)).toBe('Machine not found');

    const retired = await createMachine();
    const kept = await createSchedule(retired._id);
    await request(t.team.admin, 'DELETE', `/api/machines/${retired._id}`);
    const onDeleted = await request(t.team.admin, 'POST', '/api/maintenance', scheduleInput(retired._id));
    expect(onDeleted.statusCode).toBe(400);
    expect(errorMessage(onDeleted)).toBe('Machine not found');
    // An existing schedule keeps showing its soft-deleted machine.
    const read = await request(t.team.operator, 'GET', `/api/maintenance/${kept._id}`);
    expect(schedule.parse(read.json()).machine).toEqual({ _id: retired._id, name: retired.name });

    const target = await createMachine();
    const nobody = await request(
      t.team.admin,
      'POST',
      '/api/maintenance',
      scheduleInput(target._id, { assignedTo: randomUUID() }),
    );
    expect(nobody.statusCode).toBe(400);
    expect(errorMessage(nobody)).toBe('assignedTo: no user has this id');
    const moved = await request(t.team.admin, 'PUT', `/api/maintenance/${kept._id}`, { machine: randomUUID() });
    expect(moved.statusCode).toBe(400);
    expect(errorMessage(moved)).toBe('Machine not found');
  });

  it('answers 404 for unknown schedules and 400 for malformed ids', async () => {
    const unknown = randomUUID();
    for (const [method, url, payload] of [
      ['GET', `/api/maintenance/${unknown}`, undefined],
      ['GET', `/api/maintenance/${unknown}/history`, undefined],
      ['PUT', `/api/maintenance/${unknown}`, { title: 'x' }],
      ['PATCH', `/api/maintenance/${unknown}/checklist/${randomUUID()}`, { completed: true }],
    ] as const) {
      const response = await request(t.team.admin, method, url, payload);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ message: 'Schedule not found' });
    }
    const bad = await request(t.team.admin, 'GET', '/api/maintenance/123');
    expect(bad.statusCode).toBe(400);
    expect(errorMessage(bad)).toBe('params id: must be a UUID');
  });

  it('replays a create with the same _id without a duplicate; another user gets 409', async () => {
    const target = await createMachine();
    const payload = scheduleInput(target._id, { _id: randomUUID(), checklist: [{ task: 'Grease bearings' }] });
    const first = await request(t.team.engineer, 'POST', '/api/maintenance', payload);
    const second = await request(t.team.engineer, 'POST', '/api/maintenance', {
      ...payload,
      title: 'Changed on replay',
    });
    expect([first.statusCode, second.statusCode]).toEqual([201, 200]);
    expect(schedule.parse(second.json())).toEqual(schedule.parse(first.json()));
    expect(await list(`machine=${target._id}`)).toHaveLength(1);
    const stranger = await request(t.team.admin, 'POST', '/api/maintenance', payload);
    expect(stranger.statusCode).toBe(409);
    expect(errorMessage(stranger)).toBe('A schedule with this _id was already created by another user');
  });
});

describe('status: Overdue reporting and filters', () => {
  it('reports a past Scheduled item as Overdue and filters on the reported status', async () => {
    const target = await createMachine();
    const late = await createSchedule(target._id, { title: 'late', scheduledDate: daysFromNow(-2) });
    const ahead = await createSchedule(target._id, { title: 'ahead', scheduledDate: daysFromNow(2) });
    await createSchedule(target._id, {
      title: 'marked',
      scheduledDate: daysFromNow(3),
      status: 'Overdue',
    });
    const running = await createSchedule(target._id, {
      title: 'running',
      scheduledDate: daysFromNow(-1),
      status: 'In Progress',
    });
    expect(late.status).toBe('Overdue');
    expect(ahead.status).toBe('Scheduled');

    const titles = async (status: string) => (await list(`machine=${target._id}&status=${status}`)).map((s) => s.title);
    expect(await titles('Overdue')).toEqual(['late', 'marked']);
    expect(await titles('Scheduled')).toEqual(['ahead']);
    expect(await titles('In%20Progress')).toEqual(['running']);
    expect(await titles('')).toEqual(['late', 'running', 'ahead', 'marked']);

    const read = await request(t.team.operator, 'GET', `/api/maintenance/${late._id}`);
    expect(schedule.parse(read.json()).status).toBe('Overdue');
    // Moving it into the future makes it Scheduled again: the stored status never changed.
    const moved = await request(t.team.engineer, 'PUT', `/api/maintenance/${late._id}`, {
      scheduledDate: daysFromNow(5),
    });
    expect(parseUpdated(moved.json()).status).toBe('Scheduled');
    expect(running.status).toBe('In Progress');
  });

  it('filters by machine, assignee and date range, earliest first', async () => {
    const target = await createMachine();
    const other = await createMachine();
    await createSchedule(target._id, {
      title: 'b',
      scheduledDate: '2030-05-20T08:00:00Z',
      assignedTo: t.team.engineer._id,
    });
    await createSchedule(target._id, {
      title: 'a',
      scheduledDate: '2030-05-10T08:00:00Z',
      assignedTo: t.team.engineer._id,
    });
    await createSchedule(target._id, {
      title: 'c',
      scheduledDate: '2030-06-10T08:00:00Z',
      assignedTo: t.team.admin._id,
    });
    await createSchedule(other._id, {
      title: 'elsewhere',
      scheduledDate: '2030-05-15T08:00:00Z',
      assignedTo: t.team.engineer._id,
    });

    const titles = async (query: string) => (await list(query)).map((s) => s.title);
    expect(await titles(`machine=${target._id}`)).toEqual(['a', 'b', 'c']);
    expect(await titles(`machine=${target._id}&assignee=${t.team.engineer._id}`)).toEqual(['a', 'b']);
    expect(await titles(`assignee=${t.team.engineer._id}&from=2030-05-10T08:00:00Z&to=2030-05-15T08:00:00Z`)).toEqual([
      'a',
      'elsewhere',
    ]);
    const bad = await request(t.team.operator, 'GET', '/api/maintenance?from=soon');
    expect(bad.statusCode).toBe(400);
    expect(errorMessage(bad)).toMatch(/^querystring from: /);
  });
});

describe('calendar', () => {
  it('returns every schedule dated in the UTC month, boundaries included', async () => {
    const target = await createMachine();
    const at = (title: string, scheduledDate: string) => createSchedule(target._id, { title, scheduledDate });
    await at('before', '2031-02-28T23:59:59.999Z');
    await at('first', '2031-03-01T00:00:00.000Z');
    await at('last', '2031-03-31T23:59:59.999Z');
    await at('offset', '2031-04-01T01:30:00+02:00'); // 2031-03-31T23:30Z
    await at('after', '2031-04-01T00:00:00.000Z');

    const response = await request(t.team.operator, 'GET', '/api/maintenance/calendar/2031/3');
    expect(response.statusCode).toBe(200);
    const month = z.array(schedule).parse(response.json());
    expect(month.map((s) => s.title)).toEqual(['first', 'offset', 'last']);

    const december = await request(t.team.operator, 'GET', '/api/maintenance/calendar/2031/12');
    expect(december.json()).toEqual([]);
  });

  it('rejects a month outside 1 to 12', async () => {
    for (const month of ['13', '0', 'march']) {
      const response = await request(t.team.operator, 'GET', `/api/maintenance/calendar/2031/${month}`);
      expect(response.statusCode, month).toBe(400);
      expect(errorMessage(response)).toMatch(/^params month: /);
    }
    const thirteen = await request(t.team.operator, 'GET', '/api/maintenance/calendar/2031/13');
    expect(errorMessage(thirteen)).toBe('params month: month must be 1 to 12');
  });
});

describe('updates', () => {
  it('changes only the fields sent and reports what it overwrote', async () => {
    const target = await createMachine();
    const created = await createSchedule(target._id, { description: 'Original', priority: 'Low' });
    const first = await request(
      t.team.admin,
      'PUT',
      `/api/maintenance/${created._id}`,
      { title: 'Admin title' },
      { 'if-match': '"1"' },
    );
    expect(parseUpdated(first.json())).toMatchObject({ title: 'Admin title', version: 2, overwritten: [] });

    const second = await request(
      t.team.engineer,
      'PUT',
      `/api/maintenance/${created._id}`,
      { title: 'Engineer title', priority: 'High' },
      { 'if-match': '"1"', 'x-client-time': '2030-01-01T06:00:00Z' },
    );
    expect(second.statusCode).toBe(200);
    const body = parseUpdated(second.json());
    expect(body).toMatchObject({ title: 'Engineer title', priority: 'High', description: 'Original', version: 3 });
    expect(body.overwritten).toEqual([
      expect.objectContaining({
        field: 'title',
        value: 'Admin title',
        changedBy: { _id: t.team.admin._id, name: t.team.admin.name },
      }),
    ]);

    const unchanged = await request(t.team.engineer, 'PUT', `/api/maintenance/${created._id}`, { priority: 'High' });
    expect(parseUpdated(unchanged.json())).toMatchObject({ version: 3, overwritten: [] });

    const history = z
      .array(historyEntry)
      .parse((await request(t.team.operator, 'GET', `/api/maintenance/${created._id}/history`)).json());
    expect(history.map((entry) => [entry.version, entry.field])).toEqual([
      [1, 'created'],
      [2, 'title'],
      [3, 'title'],
      [3, 'priority'],
    ]);
    expect(history[2]).toMatchObject({
      oldValue: 'Admin title',
      newValue: 'Engineer title',
      clientTime: '2030-01-01T06:00:00.000Z',
    });
  });

  it('sets completedAt on entering Completed and clears it on leaving', async () => {
    const created = await createSchedule((await createMachine())._id);
    const put = (status: string) => request(t.team.engineer, 'PUT', `/api/maintenance/${created._id}`, { status });

    const started = parseUpdated((await put('In Progress')).json());
    expect(started.completedAt).toBeNull();
    const done = parseUpdated((await put('Completed')).json());
    expect(done.status).toBe('Completed');
    expect(Date.now() - Date.parse(done.completedAt!)).toBeLessThan(60_000);
    const reopened = parseUpdated((await put('In Progress')).json());
    expect(reopened.completedAt).toBeNull();

    const history = z
      .array(historyEntry)
      .parse((await request(t.team.admin, 'GET', `/api/maintenance/${created._id}/history`)).json());
    expect(history.filter((entry) => entry.field === 'completedAt').map((entry) => entry.newValue)).toEqual([
      done.completedAt,
      null,
    ]);

    const completedAtCreate = await createSchedule((await createMachine())._id, { status: 'Completed' });
    expect(completedAtCreate.completedAt).not.toBeNull();
  });

  it('replaces the checklist keeping the _ids sent, and reports item changes it overwrote', async () => {
    const created = await createSchedule((await createMachine())._id, {
      checklist: [{ task: 'Check seals' }, { task: 'Torque bolts' }],
    });
    const [seals, bolts] = created.checklist;
    const ticked = await request(t.team.admin, 'PATCH', `/api/maintenance/${created._id}/checklist/${seals!._id}`, {
      completed: true,
    });
    expect(ticked.statusCode).toBe(200);

    const replaced = await request(
      t.team.engineer,
      'PUT',
      `/api/maintenance/${created._id}`,
      { checklist: [{ ...seals, notes: 'Replaced both' }, { task: 'Test run' }] },
      { 'if-match': '"1"' },
    );
    expect(replaced.statusCode, replaced.body).toBe(200);
    const body = parseUpdated(replaced.json());
    expect(body.checklist).toEqual([
      { _id: seals!._id, task: 'Check seals', completed: false, notes: 'Replaced both', result: null },
      { _id: expect.any(String) as string, task: 'Test run', completed: false, notes: '', result: null },
    ]);
    expect(body.checklist[1]!._id).not.toBe(bolts!._id);
    expect(body.overwritten).toEqual([
      expect.objectContaining({
        field: `checklist.${seals!._id}.completed`,
        value: true,
        changedBy: { _id: t.team.admin._id, name: t.team.admin.name },
      }),
    ]);
  });
});

describe('checklist items', () => {
  it('patches one item, records history per field, and reports overwrites', async () => {
    const created = await createSchedule((await createMachine())._id, {
      checklist: [{ task: 'Check oil level' }, { task: 'Clean sensors' }],
    });
    const itemId = created.checklist[0]!._id;
    const url = `/api/maintenance/${created._id}/checklist/${itemId}`;

    const first = await request(
      t.team.engineer,
      'PATCH',
      url,
      { completed: true, notes: 'Topped up 2 l' },
      { 'if-match': '"1"' },
    );
    expect(first.statusCode).toBe(200);
    const body = parseUpdated(first.json());
    expect(body).toMatchObject({ version: 2, overwritten: [] });
    expect(body.checklist).toEqual([
      { _id: itemId, task: 'Check oil level', completed: true, notes: 'Topped up 2 l', result: null },
      created.checklist[1],
    ]);

    const second = await request(
      t.team.admin,
      'PATCH',
      url,
      { notes: 'Level fine', task: 'Check oil level' },
      { 'if-match': '"1"' },
    );
    const overwritten = parseUpdated(second.json()).overwritten;
    expect(overwritten).toEqual([
      expect.objectContaining({
        field: `checklist.${itemId}.notes`,
        value: 'Topped up 2 l',
        changedBy: { _id: t.team.engineer._id, name: t.team.engineer.name },
      }),
    ]);

    const history = z
      .array(historyEntry)
      .parse((await request(t.team.operator, 'GET', `/api/maintenance/${created._id}/history`)).json());
    expect(history.slice(1).map((entry) => [entry.version, entry.field, entry.newValue])).toEqual([
      [2, `checklist.${itemId}.completed`, true],
      [2, `checklist.${itemId}.notes`, 'Topped up 2 l'],
      [3, `checklist.${itemId}.notes`, 'Level fine'],
    ]);
  });

  it('answers 404 for an unknown item and 400 for bad input', async () => {
    const created = await createSchedule((await createMachine())._id, { checklist: [{ task: 'Inspect' }] });
    const unknown = await request(t.team.admin, 'PATCH', `/api/maintenance/${created._id}/checklist/${randomUUID()}`, {
      completed: true,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Checklist item not found' });

    const itemUrl = `/api/maintenance/${created._id}/checklist/${created.checklist[0]!._id}`;
    const blank = await request(t.team.admin, 'PATCH', itemUrl, { task: ' ' });
    expect(blank.statusCode).toBe(400);
    expect(errorMessage(blank)).toBe('task: Task is required');
    const wrongType = await request(t.team.admin, 'PATCH', itemUrl, { completed: 'yes' });
    expect(wrongType.statusCode).toBe(400);
    expect(errorMessage(wrongType)).toMatch(/^completed: /);
    const badItem = await request(t.team.admin, 'PATCH', `/api/maintenance/${created._id}/checklist/item-1`, {
      completed: true,
    });
    expect(badItem.statusCode).toBe(400);
    expect(errorMessage(badItem)).toBe("params itemId: must be a UUID or the item's position (0, 1, …)");
  });

  it("also finds the item by its position, as the original API did, recording it under the item's _id", async () => {
    const created = await createSchedule((await createMachine())._id, {
      checklist: [{ task: 'Inspect' }, { task: 'Lubricate' }],
    });
    const [inspect, lubricate] = created.checklist;
    const byPosition = await request(t.team.admin, 'PATCH', `/api/maintenance/${created._id}/checklist/1`, {
      completed: true,
    });
    expect(byPosition.statusCode, byPosition.body).toBe(200);
    expect(parseUpdated(byPosition.json()).checklist).toEqual([inspect, { ...lubricate, completed: true }]);
    const history = z
      .array(historyEntry)
      .parse((await request(t.team.admin, 'GET', `/api/maintenance/${created._id}/history`)).json());
    expect(history.at(-1)).toMatchObject({ field: `checklist.${lubricate!._id}.completed`, newValue: true });

    for (const position of ['2', '999999']) {
      const outside = await request(t.team.admin, 'PATCH', `/api/maintenance/${created._id}/checklist/${position}`, {
        completed: true,
      });
      expect(outside.statusCode).toBe(404);
      expect(outside.json()).toEqual({ message: 'Checklist item not found' });
    }
    const negative = await request(t.team.admin, 'PATCH', `/api/maintenance/${created._id}/checklist/-1`, {
      completed: true,
    });
    expect(negative.statusCode).toBe(400);
  });
});
