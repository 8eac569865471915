import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { historyEntry } from '#shared/schemas/common.ts';
import { ticket, ticketPage, ticketUpdated, type Ticket } from '#shared/schemas/ticket.ts';
import { type Account, machineInput, useTeamApp } from './helpers/app.ts';
import { errorMessage, idOf } from './helpers/json.ts';
import { repairFound } from './helpers/repair.ts';

const t = useTeamApp();
let machineId: string;
const roles = () => [t.team.admin, t.team.engineer, t.team.safety, t.team.operator];

beforeAll(async () => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/machines',
    headers: t.team.admin.headers,
    payload: machineInput({ name: 'Cold Mill Stand 1', department: 'Rolling Mill', location: 'Hall 2' }),
  });
  machineId = idOf(response);
});

const ticketInput = (overrides: Record<string, unknown> = {}) => ({
  title: 'Hydraulic leak on the coiler',
  description: 'Oil under the mandrel, about a litre an hour',
  machine: machineId,
  ...overrides,
});

async function createTicket(overrides: Record<string, unknown> = {}, by: Account = t.team.operator): Promise<Ticket> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/tickets',
    headers: by.headers,
    payload: ticketInput(overrides),
  });
  expect(response.statusCode, response.body).toBe(201);
  return ticket.parse(response.json());
}

function put(id: string, payload: object, by: Account, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'PUT', url: `/api/tickets/${id}`, headers: { ...by.headers, ...headers }, payload });
}

async function list(query: string, by: Account = t.team.operator) {
  const response = await t.app.inject({ url: `/api/tickets?${query}`, headers: by.headers });
  expect(response.statusCode, response.body).toBe(200);
  return ticketPage.parse(response.json());
}

const numberOf = (record: Ticket) => Number(record.ticketNumber.slice(4));

describe('creating tickets', () => {
  it('creates a ticket with defaults, its machine and reporter, and reads it back', async () => {
    const created = await createTicket();
    expect(created).toMatchObject({
      status: 'Pending',
      priority: 'Medium',
      category: 'Mechanical',
      estimatedHours: null,
      machine: { _id: machineId, name: 'Cold Mill Stand 1', department: 'Rolling Mill', location: 'Hall 2' },
      reportedBy: { _id: t.team.operator._id, name: t.team.operator.name },
      assignedTo: null,
      resolvedAt: null,
      closedAt: null,
      comments: [],
      attachments: [],
      version: 1,
    });
    expect(created.ticketNumber).toMatch(/^TKT-\d{6}$/);
    const read = await t.app.inject({ url: `/api/tickets/${created._id}`, headers: t.team.safety.headers });
    expect(ticket.parse(read.json())).toEqual(created);
  });

  it('lets every role create a ticket', async () => {
    for (const account of roles()) {
      const created = await createTicket({ priority: 'High', category: 'Electrical', estimatedHours: 2.5 }, account);
      expect(created).toMatchObject({ priority: 'High', category: 'Electrical', estimatedHours: 2.5 });
      expect(created.reportedBy?._id).toBe(account._id);
    }
  });

  it('names the field and the rule when input is invalid', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ title: '  ' }, /title: Title is required/],
      [{ description: undefined }, /description: Description is required/],
      [{ machine: 'press-7' }, /machine: must be a UUID/],
      [{ priority: 'Urgent' }, /priority: Priority must be one of/],
      [{ estimatedHours: 1.2 }, /estimatedHours: Estimated hours must be a multiple of 0.5/],
      [{ estimatedHours: -1 }, /estimatedHours: Estimated hours must be at least 0/],
    ];
    for (const [overrides, message] of cases) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/tickets',
        headers: t.team.operator.headers,
        payload: ticketInput(overrides),
      });
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(errorMessage(response)).toMatch(message);
    }
  });

  it('refuses text the database cannot store with 400, not 500', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/tickets',
      headers: t.team.operator.headers,
      payload: ticketInput({ title: 'Leak\u0000' }),
    });
    expect(created.statusCode).toBe(400);
    expect(errorMessage(created)).toBe('Text may not contain NUL characters');
    // In a search, NUL is one more character between words.
    const searched = await t.app.inject({ url: '/api/tickets?search=%00leak', headers: t.team.operator.headers });
    expect(searched.statusCode).toBe(200);
  });

  it('needs a live machine, and keeps showing a machine deleted later on its old tickets', async () => {
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/tickets',
      headers: t.team.operator.headers,
      payload: ticketInput({ machine: randomUUID() }),
    });
    expect(unknown.statusCode).toBe(400);
    expect(errorMessage(unknown)).toBe('Machine not found');

    const machine = await t.app.inject({
      method: 'POST',
      url: '/api/machines',
      headers: t.team.admin.headers,
      payload: machineInput({ name: 'Old Caster' }),
    });
    const old = await createTicket({ machine: idOf(machine) });
    await t.app.inject({ method: 'DELETE', url: `/api/machines/${idOf(machine)}`, headers: t.team.admin.headers });
    const read = ticket.parse(
      (await t.app.inject({ url: `/api/tickets/${old._id}`, headers: t.team.operator.headers })).json(),
    );
    expect(read.machine?.name).toBe('Old Caster');
    const onDeleted = await t.app.inject({
      method: 'POST',
      url: '/api/tickets',
      headers: t.team.operator.headers,
      payload: ticketInput({ machine: idOf(machine) }),
    });
    expect(onDeleted.statusCode).toBe(400);
    expect(errorMessage(onDeleted)).toBe('Machine not found');
  });

  it('replays a create without a duplicate or a used number; another user gets 409', async () => {
    const payload = ticketInput({ _id: randomUUID(), title: `Replay ${randomUUID()}` });
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/tickets',
      headers: t.team.operator.headers,
      payload,
    });
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/tickets',
      headers: t.team.operator.headers,
      payload,
    });
    expect([first.statusCode, second.statusCode]).toEqual([201, 200]);
    expect(ticket.parse(second.json())).toEqual(ticket.parse(first.json()));
    const stranger = await t.app.inject({
      method: 'POST',
      url: '/api/tickets',
      headers: t.team.engineer.headers,
      payload,
    });
    expect(stranger.statusCode).toBe(409);
    expect(errorMessage(stranger)).toMatch(/already created by another user/);
    expect((await list(`search=${encodeURIComponent(payload.title)}`)).total).toBe(1);
    const next = await createTicket();
    expect(numberOf(next)).toBe(numberOf(ticket.parse(first.json())) + 1);
  });

  it('gives concurrent creates distinct numbers', async () => {
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        t.app.inject({
          method: 'POST',
          url: '/api/tickets',
          headers: t.team.operator.headers,
          payload: ticketInput({ title: `Parallel ${index}` }),
        }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(20).fill(201));
    const numbers = responses.map((response) => numberOf(ticket.parse(response.json()))).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(20);
    expect(numbers.at(-1)! - numbers[0]!).toBe(19);
  });
});

describe('listing tickets', () => {
  const token = `zq${randomUUID().slice(0, 8)}`;
  let created: Ticket[] = [];

  beforeAll(async () => {
    created = [];
    for (let index = 0; index < 12; index += 1) {
      created.push(
        await createTicket({
          title: `Roll chatter ${token} ${index}`,
          priority: index % 2 === 0 ? 'Critical' : 'Low',
          description: index === 5 ? `Bearing noise 100%_sure` : 'Vibration on the work roll',
        }),
      );
    }
    await put(created[0]!._id, { status: 'In Progress' }, t.team.engineer);
  });

  it('pages newest first with currentPage, totalPages and total', async () => {
    const first = await list(`search=${token}&limit=5`);
    expect(first).toMatchObject({ currentPage: 1, totalPages: 3, total: 12 });
    expect(first.tickets.map((record) => record._id)).toEqual(
      created
        .slice(-5)
        .reverse()
        .map((record) => record._id),
    );
    const last = await list(`search=${token}&limit=5&page=3`);
    expect(last).toMatchObject({ currentPage: 3, totalPages: 3, total: 12 });
    expect(last.tickets.map((record) => record._id)).toEqual([created[1]!._id, created[0]!._id]);
    const beyond = await list(`search=${token}&limit=5&page=9`);
    expect(beyond).toMatchObject({ tickets: [], currentPage: 9, total: 12 });
  });

  it('defaults to 10 per page and refuses more than 100', async () => {
    expect((await list(`search=${token}`)).tickets).toHaveLength(10);
    const tooMany = await t.app.inject({ url: '/api/tickets?limit=101', headers: t.team.operator.headers });
    expect(tooMany.statusCode).toBe(400);
    expect(errorMessage(tooMany)).toMatch(/^querystring limit/);
  });

  it('filters by status and priority; empty filters mean any', async () => {
    const critical = await list(`search=${token}&priority=Critical&status=`);
    expect(critical.total).toBe(6);
    expect(critical.tickets.every((record) => record.priority === 'Critical')).toBe(true);
    const inProgress = await list(`search=${token}&status=In%20Progress`);
    expect(inProgress.tickets.map((record) => record._id)).toEqual([created[0]!._id]);
    const bad = await t.app.inject({ url: '/api/tickets?status=Open', headers: t.team.operator.headers });
    expect(bad.statusCode).toBe(400);
    expect(errorMessage(bad)).toMatch(/status/);
  });

  it('searches number, title and description by word, ignoring case and punctuation (wildcards too)', async () => {
    const byNumber = await list(`search=${created[3]!.ticketNumber.toLowerCase()}`);
    expect(byNumber.tickets.map((record) => record._id)).toEqual([created[3]!._id]);
    expect((await list(`search=${token.toUpperCase()}`)).total).toBe(12);
    const byDescription = await list(`search=${encodeURIComponent('100%_SURE')}`);
    expect(byDescription.tickets.map((record) => record._id)).toEqual([created[5]!._id]);
    expect((await list(`search=${encodeURIComponent(`${token}%`)}`)).total).toBe(12);
    expect((await list(`search=${encodeURIComponent('%')}`)).total).toBe((await list('')).total);
  });

  it('shows a change at once (the cached list is retired by the write)', async () => {
    await put(created[2]!._id, { priority: 'Medium' }, t.team.engineer);
    expect((await list(`search=${token}&priority=Critical`)).total).toBe(5);
  });
});

describe('updating tickets', () => {
  it('lets admin and engineers change every field; others get 403 with a clear message', async () => {
    const record = await createTicket({}, t.team.engineer);
    for (const account of [t.team.admin, t.team.engineer]) {
      const response = await put(
        record._id,
        { status: 'In Progress', priority: 'Critical', category: 'Hydraulic', estimatedHours: 4 },
        account,
      );
      expect(response.statusCode, response.body).toBe(200);
    }
    for (const account of [t.team.safety, t.team.operator]) {
      const response = await put(record._id, { status: 'Resolved' }, account);
      expect(response.statusCode).toBe(403);
      expect(errorMessage(response)).toMatch(/role may not change status of this ticket/);
    }
  });

  it('lets the reporter edit title and description while Pending, nothing else', async () => {
    const record = await createTicket({}, t.team.operator);
    const own = await put(record._id, { title: 'Leak is worse', description: 'Two litres an hour' }, t.team.operator);
    expect(own.statusCode, own.body).toBe(200);
    expect(ticketUpdated.parse(own.json())).toMatchObject({ title: 'Leak is worse', version: 2, overwritten: [] });

    const statusChange = await put(record._id, { status: 'Closed' }, t.team.operator);
    expect(statusChange.statusCode).toBe(403);
    expect(errorMessage(statusChange)).toBe(
      'The Operator role may not change status of this ticket: Administrators and Maintenance Engineers may edit every field, its reporter may edit title and description while it is Pending.',
    );
    const stranger = await put(record._id, { title: 'Not mine' }, t.team.safety);
    expect(stranger.statusCode).toBe(403);
    // Sending unchanged values is not a change.
    expect((await put(record._id, { title: 'Leak is worse', status: 'Pending' }, t.team.safety)).statusCode).toBe(200);

    await put(record._id, { status: 'In Progress' }, t.team.engineer);
    const late = await put(record._id, { title: 'Too late' }, t.team.operator);
    expect(late.statusCode).toBe(403);
    expect(errorMessage(late)).toMatch(/only while it is Pending/);
  });

  it('refuses a bad edit from the details with the field and the rule, changing nothing', async () => {
    const record = await createTicket({ estimatedHours: 2 });
    const cases: [object, RegExp][] = [
      [{ title: '   ' }, /^title: Title is required/],
      [{ estimatedHours: 1.25 }, /Estimated hours must be a multiple of 0.5/],
      [{ estimatedHours: -1 }, /Estimated hours must be at least 0/],
      [{ priority: 'Urgent' }, /^priority: Priority must be one of/],
      [{ status: 'Done' }, /^status: Status must be one of/],
    ];
    for (const [patch, message] of cases) {
      const response = await put(record._id, patch, t.team.engineer);
      expect(response.statusCode, JSON.stringify(patch)).toBe(400);
      expect(errorMessage(response)).toMatch(message);
    }
    const cleared = await put(record._id, { estimatedHours: null }, t.team.engineer);
    expect(ticketUpdated.parse(cleared.json())).toMatchObject({ estimatedHours: null, version: 2 });
  });

  it('sets resolvedAt and closedAt with the status and clears them when reopened', async () => {
    const record = await createTicket();
    const resolve = { status: 'Resolved', failure: repairFound };
    const resolved = ticketUpdated.parse((await put(record._id, resolve, t.team.engineer)).json());
    expect(resolved.resolvedAt).not.toBeNull();
    expect(resolved.closedAt).toBeNull();
    const closed = ticketUpdated.parse((await put(record._id, { status: 'Closed' }, t.team.engineer)).json());
    expect(closed.resolvedAt).toBe(resolved.resolvedAt);
    expect(closed.closedAt).not.toBeNull();
    const reopened = ticketUpdated.parse((await put(record._id, { status: 'In Progress' }, t.team.engineer)).json());
    expect(reopened).toMatchObject({ resolvedAt: null, closedAt: null });
    const closedUnresolved = ticketUpdated.parse((await put(record._id, { status: 'Closed' }, t.team.admin)).json());
    expect(closedUnresolved.resolvedAt).toBeNull();
    expect(closedUnresolved.closedAt).not.toBeNull();
  });

  it('ends a corrective repair only with failure codes of its machine type, kept in the history and the export', async () => {
    const record = await createTicket({ category: 'Hydraulic' });
    const refused = await put(record._id, { status: 'Resolved' }, t.team.engineer);
    expect(refused.statusCode).toBe(400);
    expect(errorMessage(refused)).toBe('Record the problem, cause and remedy to resolve a Hydraulic ticket');
    const closing = await put(record._id, { status: 'Closed' }, t.team.admin);
    expect(errorMessage(closing)).toBe('Record the problem, cause and remedy to resolve a Hydraulic ticket');
    // The machine is a rolling mill's: a potline's problem does not fit it, a cause must be its problem's.
    const cases: [object, string][] = [
      [
        { problem: 'Anode effect', cause: 'Wear', remedy: 'Replaced', note: '' },
        '"Anode effect" is not a problem of Rolling mill machines',
      ],
      [
        { problem: 'Bearing failure', cause: 'Spalling', remedy: 'Replaced', note: '' },
        '"Spalling" is not a cause of Bearing failure',
      ],
      [{ problem: 'Bearing failure', cause: 'Wear', remedy: 'Prayed', note: '' }, '"Prayed" is not a remedy'],
      [
        { problem: 'Other', cause: 'Other', remedy: 'Replaced', note: ' ' },
        'Describe the failure in the note when you choose Other',
      ],
    ];
    for (const [failure, message] of cases) {
      const response = await put(record._id, { status: 'Resolved', failure }, t.team.engineer);
      expect(response.statusCode, JSON.stringify(failure)).toBe(400);
      expect(errorMessage(response)).toBe(message);
    }
    expect(
      ticket.parse((await t.app.inject({ url: `/api/tickets/${record._id}`, headers: t.team.admin.headers })).json()),
    ).toMatchObject({ status: 'Pending', failure: null, version: 1 });

    const failure = { problem: 'Bearing failure', cause: 'Lubrication missed', remedy: 'Replaced', note: 'Drive side' };
    const resolved = await put(record._id, { status: 'Resolved', failure }, t.team.engineer);
    expect(ticketUpdated.parse(resolved.json())).toMatchObject({ status: 'Resolved', failure, version: 2 });
    // Work that is not corrective, and a ticket already coded, end without asking.
    const software = await createTicket({ category: 'Software' });
    expect((await put(software._id, { status: 'Resolved' }, t.team.engineer)).statusCode).toBe(200);
    expect((await put(record._id, { status: 'Closed' }, t.team.engineer)).statusCode).toBe(200);

    const history = z
      .array(historyEntry)
      .parse((await t.app.inject({ url: `/api/tickets/${record._id}/history`, headers: t.team.admin.headers })).json());
    expect(history.find((entry) => entry.field === 'failure')).toMatchObject({ oldValue: null, newValue: failure });
    const csv = (await t.app.inject({ url: '/api/tickets/export?status=Closed', headers: t.team.admin.headers })).body;
    expect(csv.split('\n')[0]).toContain('Problem,Cause,Remedy,Failure Note');
    expect(csv).toContain('Bearing failure,Lubrication missed,Replaced,Drive side');
  });

  it('assigns an existing user or nobody', async () => {
    const record = await createTicket();
    const assigned = await put(record._id, { assignedTo: t.team.engineer._id }, t.team.admin);
    expect(ticketUpdated.parse(assigned.json()).assignedTo).toEqual({
      _id: t.team.engineer._id,
      name: t.team.engineer.name,
    });
    const unknown = await put(record._id, { assignedTo: randomUUID() }, t.team.admin);
    expect(unknown.statusCode).toBe(400);
    expect(errorMessage(unknown)).toMatch(/^assignedTo/);
    const moved = await put(record._id, { machine: randomUUID() }, t.team.admin);
    expect(moved.statusCode).toBe(400);
    expect(errorMessage(moved)).toBe('Machine not found');
    const cleared = await put(record._id, { assignedTo: null }, t.team.admin);
    expect(ticketUpdated.parse(cleared.json()).assignedTo).toBeNull();
  });

  it('changes only the fields sent and reports a value it overwrote', async () => {
    const record = await createTicket({ priority: 'Low', estimatedHours: 1 });
    await put(record._id, { priority: 'High' }, t.team.admin, { 'if-match': '"1"' });
    const response = await put(record._id, { priority: 'Critical', category: 'Software' }, t.team.engineer, {
      'if-match': '"1"',
      'x-client-time': '2026-03-02T06:30:00.000Z',
    });
    expect(response.statusCode).toBe(200);
    const body = ticketUpdated.parse(response.json());
    expect(body).toMatchObject({
      priority: 'Critical',
      category: 'Software',
      estimatedHours: 1,
      title: record.title,
      version: 3,
    });
    expect(body.overwritten).toEqual([
      expect.objectContaining({
        field: 'priority',
        value: 'High',
        changedBy: { _id: t.team.admin._id, name: t.team.admin.name },
      }),
    ]);

    const history = z
      .array(historyEntry)
      .parse(
        (await t.app.inject({ url: `/api/tickets/${record._id}/history`, headers: t.team.operator.headers })).json(),
      );
    expect(history.map((entry) => [entry.version, entry.field, entry.oldValue, entry.newValue])).toEqual([
      [1, 'created', null, true],
      [2, 'priority', 'Low', 'High'],
      [3, 'priority', 'High', 'Critical'],
      [3, 'category', 'Mechanical', 'Software'],
    ]);
    expect(history[2]).toMatchObject({
      changedBy: { _id: t.team.engineer._id },
      clientTime: '2026-03-02T06:30:00.000Z',
    });
  });
});

describe('comments', () => {
  it('lets every role comment, oldest first, and bumps the ticket', async () => {
    const record = await createTicket();
    for (const [index, account] of roles().entries()) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/tickets/${record._id}/comments`,
        headers: account.headers,
        payload: { comment: `  Note ${index}  ` },
      });
      expect(response.statusCode, response.body).toBe(201);
    }
    const read = ticket.parse(
      (await t.app.inject({ url: `/api/tickets/${record._id}`, headers: t.team.operator.headers })).json(),
    );
    expect(read.version).toBe(5);
    expect(read.comments.map((comment) => [comment.comment, comment.user?._id])).toEqual(
      roles().map((account, index) => [`Note ${index}`, account._id]),
    );
  });

  it('replays a comment by its _id; another user gets 409; blank is refused', async () => {
    const record = await createTicket();
    const payload = { _id: randomUUID(), comment: 'Replaced the seal' };
    const url = `/api/tickets/${record._id}/comments`;
    const first = await t.app.inject({ method: 'POST', url, headers: t.team.engineer.headers, payload });
    const second = await t.app.inject({ method: 'POST', url, headers: t.team.engineer.headers, payload });
    expect([first.statusCode, second.statusCode]).toEqual([201, 200]);
    const replayed = ticket.parse(second.json());
    expect(replayed.comments).toEqual([expect.objectContaining({ _id: payload._id, comment: 'Replaced the seal' })]);
    expect(replayed.version).toBe(2);
    expect((await t.app.inject({ method: 'POST', url, headers: t.team.admin.headers, payload })).statusCode).toBe(409);
    const blank = await t.app.inject({
      method: 'POST',
      url,
      headers: t.team.engineer.headers,
      payload: { comment: '   ' },
    });
    expect(blank.statusCode).toBe(400);
    expect(errorMessage(blank)).toBe('comment: Comment is required');
    const history = z
      .array(historyEntry)
      .parse(
        (await t.app.inject({ url: `/api/tickets/${record._id}/history`, headers: t.team.operator.headers })).json(),
      );
    expect(history.at(-1)).toMatchObject({
      field: 'comment',
      newValue: { _id: payload._id, comment: 'Replaced the seal' },
    });
  });
});

describe('unknown and malformed ids', () => {
  it('answers 404 for an unknown ticket and 400 for a malformed id', async () => {
    const id = randomUUID();
    const calls = [
      t.app.inject({ url: `/api/tickets/${id}`, headers: t.team.admin.headers }),
      t.app.inject({ url: `/api/tickets/${id}/history`, headers: t.team.admin.headers }),
      t.app.inject({
        method: 'PUT',
        url: `/api/tickets/${id}`,
        headers: t.team.admin.headers,
        payload: { status: 'Closed' },
      }),
      t.app.inject({
        method: 'POST',
        url: `/api/tickets/${id}/comments`,
        headers: t.team.admin.headers,
        payload: { comment: 'x' },
      }),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Ticket not found' });
    }
    const malformed = await t.app.inject({ url: '/api/tickets/TKT-000001', headers: t.team.admin.headers });
    expect(malformed.statusCode).toBe(400);
    expect(errorMessage(malformed)).toBe('params id: must be a UUID');
  });

  it('requires sign-in', async () => {
    expect((await t.app.inject({ url: '/api/tickets' })).statusCode).toBe(401);
  });
});
