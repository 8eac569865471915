import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeAlphabet } from '#shared/requests.ts';
import { ticket as ticketSchema } from '#shared/schemas/ticket.ts';
import type { WorkRequest } from '#shared/schemas/request.ts';
import { addMachine, createTestApp, registerTeam, useTeamApp, type Team, type TestApp } from './helpers/app.ts';
import { multipart } from './helpers/multipart.ts';

const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10, 0, 0, 0, 13]);

const repair = (overrides: Record<string, unknown> = {}) => ({
  _id: randomUUID(),
  kind: 'repair',
  description: 'Oil under the gearbox of the coiler',
  location: 'Cold mill exit',
  urgency: 'this shift',
  name: 'Piet (contractor)',
  contact: 'radio 14',
  ...overrides,
});

type Inject = TestApp['app']['inject'];
const post = (inject: Inject, payload: object, headers: Record<string, string> = {}) =>
  inject({ method: 'POST', url: '/api/requests', payload, headers });

async function uploadPhoto(t: TestApp, data = png) {
  const { payload, contentType } = multipart([{ name: 'file', filename: 'leak.png', type: 'image/png', data }]);
  return t.app.inject({
    method: 'POST',
    url: '/api/requests/photos',
    headers: { 'content-type': contentType },
    payload,
  });
}

describe('the request page without an account', () => {
  const t = useTeamApp();

  it('answers a six-character code without look-alikes, and the same code to the same request sent again', async () => {
    const request = repair();
    const first = await post(t.app.inject.bind(t.app), request);
    expect(first.statusCode, first.body).toBe(201);
    const { code, status } = first.json<{ code: string; status: string }>();
    expect(status).toBe('New');
    expect(code).toMatch(new RegExp(`^[${codeAlphabet}]{6}$`));
    expect(code).not.toMatch(/[01258OILZSB]/);
    const again = await post(t.app.inject.bind(t.app), request);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ code, status: 'New' });

    // The status page: typed in lower case with a dash, it shows where the request stands and no names.
    const lookup = await t.app.inject({
      url: `/api/requests/status/${code.slice(0, 3).toLowerCase()}-${code.slice(3)}`,
    });
    expect(lookup.statusCode).toBe(200);
    expect(lookup.json()).toEqual({ code, status: 'New' });
    expect(lookup.body).not.toContain('Piet');
  });

  it('refuses bad input with a message: missing urgency, long text, unknown fields, a hazard without a place', async () => {
    const inject = t.app.inject.bind(t.app);
    const cases: [object, RegExp][] = [
      [{ ...repair(), urgency: undefined }, /Urgency must be one of: can wait, this shift, now, unsafe/],
      [repair({ description: 'x'.repeat(2001) }), /Description must be at most 2000 characters/],
      [repair({ name: 'x'.repeat(101) }), /Name must be at most 100 characters/],
      [repair({ reportedBy: t.team.admin._id }), /reportedBy/],
      [repair({ kind: 'hazard', location: '' }), /Say where it happened/],
      [repair({ machine: randomUUID() }), /The machine was not found/],
      [repair({ photo: randomUUID() }), /The photo was not found/],
    ];
    for (const [payload, message] of cases) {
      const response = await post(inject, payload);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(message);
    }
    const unknown = await t.app.inject({ url: '/api/requests/status/AAAAAA' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<{ message: string }>().message).toBe('No request has this tracking code');
  });

  it('reaches nothing else: the triage list and every record stay behind the sign-in', async () => {
    for (const url of ['/api/requests', '/api/tickets', '/api/incidents', '/api/machines', '/api/sync']) {
      expect((await t.app.inject({ url })).statusCode, url).toBe(401);
    }
    const machines = await t.app.inject({ url: '/api/requests/machines' });
    expect(machines.statusCode).toBe(200);
    for (const machine of machines.json<object[]>()) {
      expect(Object.keys(machine).sort()).toEqual(['_id', 'department', 'location', 'machineId', 'name']);
    }
  });

  it('takes one photo of at most 10 MB', async () => {
    const tooLarge = await uploadPhoto(t, Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024)]));
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json<{ message: string }>().message).toMatch(/10 MB/);
    const photo = await uploadPhoto(t);
    expect(photo.statusCode, photo.body).toBe(201);
    expect(photo.json()).toMatchObject({ uploadedBy: null });
  });
});

describe('triage', () => {
  const t = useTeamApp();
  let machine: string;
  beforeAll(async () => {
    machine = await addMachine(t, { name: 'Coiler 2' });
  });

  const send = async (overrides: Record<string, unknown> = {}) => {
    const request = repair({ machine, ...overrides });
    const response = await post(t.app.inject.bind(t.app), request);
    expect(response.statusCode, response.body).toBe(201);
    return { id: request._id, code: response.json<{ code: string }>().code };
  };
  const triage = (id: string, action: string, payload: object, headers = t.team.engineer.headers) =>
    t.app.inject({ method: 'POST', url: `/api/requests/${id}/${action}`, headers, payload });
  const status = async (code: string) => (await t.app.inject({ url: `/api/requests/status/${code}` })).json<unknown>();

  it('tells the engineers of a new request, and the safety officers too when it is unsafe', async () => {
    const quiet = await send();
    const unsafe = await send({ urgency: 'now, unsafe' });
    const inbox = async (headers: { authorization: string }) =>
      (await t.app.inject({ url: '/api/sync?snapshot=core', headers }))
        .json<{ inbox: { recordId: string; kind: string; title: string; detail: string }[] }>()
        .inbox.filter((entry) => entry.kind === 'request');
    const engineer = await inbox(t.team.engineer.headers);
    expect(engineer.map((entry) => entry.recordId)).toEqual(expect.arrayContaining([quiet.id, unsafe.id]));
    expect(engineer.find((entry) => entry.recordId === unsafe.id)).toMatchObject({
      title: `Request ${unsafe.code} · Coiler 2`,
      detail: 'Unsafe: Oil under the gearbox of the coiler',
    });
    expect((await inbox(t.team.safety.headers)).map((entry) => entry.recordId)).toEqual([unsafe.id]);
    expect(await inbox(t.team.operator.headers)).toEqual([]);
  });

  it('lists new requests first for engineers and admins only', async () => {
    const { id } = await send();
    expect((await t.app.inject({ url: '/api/requests', headers: t.team.operator.headers })).statusCode).toBe(403);
    const list = await t.app.inject({ url: '/api/requests', headers: t.team.admin.headers });
    expect(list.statusCode).toBe(200);
    const requests = list.json<WorkRequest[]>();
    expect(requests[0]).toMatchObject({
      _id: id,
      status: 'New',
      name: 'Piet (contractor)',
      machine: { name: 'Coiler 2' },
    });
  });

  it('accepts a request into a ticket linked both ways, with its text and photo, and the status page follows', async () => {
    const photo = (await uploadPhoto(t)).json<{ _id: string }>()._id;
    const { id, code } = await send({ photo });
    const accept = { title: 'Gearbox oil leak, coiler 2', priority: 'High', category: 'Mechanical' };
    const accepted = await triage(id, 'accept', accept);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const request = accepted.json<WorkRequest>();
    expect(request).toMatchObject({ status: 'Accepted', triagedBy: { _id: t.team.engineer._id } });
    const ticketResponse = await t.app.inject({
      url: `/api/tickets/${request.ticket!._id}`,
      headers: t.team.operator.headers,
    });
    const ticket = ticketSchema.parse(ticketResponse.json());
    expect(ticket).toMatchObject({
      title: accept.title,
      priority: 'High',
      machine: { _id: machine },
      request: { _id: id, code },
      attachments: [{ _id: photo }],
      reportedBy: { _id: t.team.engineer._id },
    });
    expect(ticket.description).toBe(
      `Oil under the gearbox of the coiler\nWhere: Cold mill exit\nUrgency: this shift\nRequest ${code} from Piet (contractor), radio 14`,
    );
    expect(await status(code)).toEqual({
      code,
      status: 'Accepted',
      ticket: { ticketNumber: ticket.ticketNumber, status: 'Pending' },
    });

    // The same decision sent again is no change; another engineer's answer comes too late.
    expect((await triage(id, 'accept', accept)).statusCode).toBe(200);
    const late = await triage(id, 'reject', { reason: 'Duplicate' }, t.team.admin.headers);
    expect(late.statusCode).toBe(409);
    expect(late.json<{ message: string }>().message).toBe(`Request ${code} was already accepted`);

    // The ticket moves on, and so does the status page.
    const patch = await t.app.inject({
      method: 'PUT',
      url: `/api/tickets/${ticket._id}`,
      headers: t.team.engineer.headers,
      payload: { status: 'In Progress' },
    });
    expect(patch.statusCode, patch.body).toBe(200);
    expect(await status(code)).toMatchObject({ ticket: { status: 'In Progress' } });
  });

  it('asks for the machine when the requester named none', async () => {
    const { id } = await send({ machine: undefined });
    const accept = { title: 'Leak somewhere', priority: 'Low', category: 'Other' };
    const refused = await triage(id, 'accept', accept);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toBe('Choose the machine the ticket is for');
    expect((await triage(id, 'accept', { ...accept, machine })).statusCode).toBe(200);
  });

  it('merges a request into an open ticket as a comment, and rejects one with a reason', async () => {
    const first = await send();
    const ticketId = (
      await triage(first.id, 'accept', { title: 'Leak', priority: 'Low', category: 'Hydraulic' })
    ).json<WorkRequest>().ticket!._id;
    const second = await send({ description: 'Same leak, getting worse' });
    const merged = await triage(second.id, 'merge', { ticket: ticketId });
    expect(merged.statusCode, merged.body).toBe(200);
    const ticket = ticketSchema.parse(
      (await t.app.inject({ url: `/api/tickets/${ticketId}`, headers: t.team.engineer.headers })).json(),
    );
    expect(ticket.comments.at(-1)?.comment).toBe(
      `Request ${second.code} merged into this ticket: Same leak, getting worse`,
    );
    expect(await status(second.code)).toMatchObject({
      status: 'Merged',
      ticket: { ticketNumber: ticket.ticketNumber },
    });

    const third = await send();
    const noReason = await triage(third.id, 'reject', { reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json<{ message: string }>().message).toMatch(/Reason is required/);
    expect(
      (await triage(third.id, 'reject', { reason: 'Not a fault: the oil is from the drip tray' })).statusCode,
    ).toBe(200);
    expect(await status(third.code)).toEqual({
      code: third.code,
      status: 'Rejected',
      reason: 'Not a fault: the oil is from the drip tray',
    });
    const history = await t.app.inject({ url: '/api/requests?status=all', headers: t.team.engineer.headers });
    expect(history.json<WorkRequest[]>().find((request) => request._id === third.id)).toMatchObject({
      status: 'Rejected',
      triagedBy: { name: t.team.engineer.name },
    });
  });
});

describe('limits', () => {
  let t: TestApp & { team: Team };
  beforeAll(async () => {
    const app = await createTestApp({ REQUESTS_RATE_LIMIT_DEVICE: '5', REQUESTS_RATE_LIMIT_IP: '8' });
    t = Object.assign(app, { team: await registerTeam(app.app) });
  });
  afterAll(() => t.close());

  it('answers a flood with 429 per device and per address, and loses no request it accepted', async () => {
    const inject = t.app.inject.bind(t.app);
    const device = { 'x-device-id': randomUUID() };
    const answers = [];
    for (let index = 0; index < 8; index += 1) answers.push(await post(inject, repair(), device));
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes).toEqual([201, 201, 201, 201, 201, 429, 429, 429]);
    expect(answers[5]!.json<{ message: string }>().message).toMatch(/Too many requests from this device/);
    expect(answers[5]!.headers['retry-after']).toBeDefined();
    // Another device behind the same address has the address's remaining three.
    const other = { 'x-device-id': randomUUID() };
    const more = [];
    for (let index = 0; index < 4; index += 1) more.push((await post(inject, repair(), other)).statusCode);
    expect(more).toEqual([201, 201, 201, 429]);

    const list = await t.app.inject({ url: '/api/requests', headers: t.team.engineer.headers });
    expect(list.json<WorkRequest[]>()).toHaveLength(8);
    for (const answer of [...answers.slice(0, 5)]) {
      const { code } = answer.json<{ code: string }>();
      expect((await t.app.inject({ url: `/api/requests/status/${code}` })).statusCode).toBe(200);
    }
  });
});

describe('REQUESTS_OPEN=0', () => {
  let t: TestApp & { team: Team };
  beforeAll(async () => {
    const app = await createTestApp({ REQUESTS_OPEN: '0' });
    t = Object.assign(app, { team: await registerTeam(app.app) });
  });
  afterAll(() => t.close());

  it('makes the request page need a signed-in user', async () => {
    const inject = t.app.inject.bind(t.app);
    expect((await post(inject, repair())).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/requests/machines' })).statusCode).toBe(401);
    const signedIn = await post(inject, repair(), t.team.operator.headers);
    expect(signedIn.statusCode, signedIn.body).toBe(201);
  });
});
