import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig, shiftPlanOf } from '#server/config.ts';
import { rowsOf } from '#server/db/client.ts';
import { handover, handoverDraft, type Handover, type HandoverContents } from '#shared/schemas/handover.ts';
import type { InboxEntry } from '#shared/schemas/inbox.ts';
import { machine } from '#shared/schemas/machine.ts';
import { syncPage } from '#shared/schemas/sync.ts';
import { defaultPlan as plan, nextShift, shiftAt } from '#shared/shifts.ts';
import { type Account, addMachine, registerUser, useTeamApp } from './helpers/app.ts';
import { errorMessage } from './helpers/json.ts';

const t = useTeamApp();
const hour = 3_600_000;

function send(account: Account, url: string, payload: object, changeId = randomUUID()) {
  return t.app.inject({ method: 'POST', url, payload, headers: { ...account.headers, 'x-change-id': changeId } });
}

/** A user of `department` (registration puts everyone in Maintenance). */
async function userOf(department: string, role: Account['role']) {
  const account = await registerUser(t.app, role);
  await t.app.database.db.execute(sql`update users set department = ${department} where id = ${account._id}`);
  t.app.forgetAccount(account._id);
  return account;
}

/** The shift that ended `back` shifts before the one running now (0: the one running now). */
function shiftBack(back: number) {
  let shift = shiftAt(new Date(), plan)!;
  for (let step = 0; step < back; step += 1) shift = shiftAt(new Date(shift.start.getTime() - 1), plan)!;
  return shift;
}

async function write(by: Account, department: string, back: number, extra: object = {}) {
  const payload = {
    _id: randomUUID(),
    department,
    shiftStart: shiftBack(back).start.toISOString(),
    notes: 'All quiet',
    ...extra,
  };
  const response = await send(by, '/api/handovers', payload);
  expect(response.statusCode, response.body).toBe(201);
  return handover.parse(response.json());
}

async function inboxOf(account: Account): Promise<InboxEntry[]> {
  const response = await t.app.inject({ url: '/api/sync?snapshot=core&limit=1000', headers: account.headers });
  return syncPage.parse(response.json()).inbox;
}

async function setStatus(id: string, status: string, reason: object | null) {
  const response = await t.app.inject({
    method: 'PATCH',
    url: `/api/machines/${id}/status`,
    headers: t.team.operator.headers,
    payload: { status, reason },
  });
  expect(response.statusCode, response.body).toBe(200);
  return machine.parse(response.json());
}

async function post<T>(url: string, payload: object, by: Account = t.team.admin): Promise<T> {
  const response = await t.app.inject({ method: 'POST', url, payload, headers: by.headers });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<T>();
}

type Line = { _id: string; ticketNumber: string; title: string; priority: string; status: string; machine: string };

async function ticketOn(machineId: string, title: string): Promise<Line> {
  const created = await post<Line & { machine: { name: string } }>('/api/tickets', {
    title,
    description: 'Seen at the start of the shift',
    machine: machineId,
    priority: 'High',
    category: 'Software',
  });
  const { _id, ticketNumber, priority, status } = created;
  return { _id, ticketNumber, title, priority, status, machine: created.machine.name };
}

const incidentOf = (title: string, department: string, severity: string) =>
  post<{ _id: string; incidentNumber: string; title: string; severity: string; status: string }>('/api/incidents', {
    title,
    description: 'Spilled on the walkway',
    location: 'Casthouse',
    department,
    severity,
    incidentDate: new Date().toISOString(),
  });

describe('a shift handover', () => {
  it('lists what the department has at the shift, as computed by hand', async () => {
    const shift = shiftAt(new Date(), plan)!;
    const next = nextShift(shift, plan);
    const crane = await addMachine(t, { department: 'Casting', name: 'Casting Crane' });
    const saw = await addMachine(t, { department: 'Casting', name: 'Billet Saw' });
    const furnace = await addMachine(t, { department: 'Smelting', name: 'Holding Furnace' });
    await addMachine(t, { department: 'Casting', name: 'Running Mixer' });
    const craneDown = await setStatus(crane, 'Down', { category: 'Hydraulic', detail: 'Leak', note: 'hose burst' });
    const sawStopped = await setStatus(saw, 'Maintenance', null);
    await setStatus(furnace, 'Down', { category: 'Other', detail: 'Unknown', note: null });

    const critical = await incidentOf('Splash at the launder', 'Casting', 'Critical');
    const high = await incidentOf('Forklift near miss', 'Casting', 'High');
    const medium = await incidentOf('Loose grating', 'Casting', 'Medium');
    await incidentOf('Smelting burn', 'Smelting', 'Critical');
    const closed = await incidentOf('Closed spill', 'Casting', 'Critical');
    const closing = await t.app.inject({
      method: 'PUT',
      url: `/api/incidents/${closed._id}`,
      headers: t.team.admin.headers,
      payload: { status: 'Closed' },
    });
    expect(closing.statusCode, closing.body).toBe(200);
    const action = (id: string, status: string, dueDate: string, title: string) => ({
      _id: id,
      title,
      kind: 'corrective',
      ownerId: t.team.engineer._id,
      dueDate,
      status,
      doneAt: null,
      verifiedById: null,
      verifiedAt: null,
      ticketId: null,
      createdAt: new Date().toISOString(),
    });
    const overdueId = randomUUID();
    const actions = [
      action(overdueId, 'Open', '2020-01-01', 'Fix the grating'),
      action(randomUUID(), 'Open', '2999-01-01', 'Paint the lines'),
      action(randomUUID(), 'Done', '2020-01-01', 'Sweep the floor'),
    ];
    await t.app.database.db.execute(
      sql`update incidents set actions = ${JSON.stringify(actions)}::jsonb where id = ${medium._id}`,
    );

    const raised = await ticketOn(crane, 'Crane hydraulic leak');
    const resolved = await ticketOn(saw, 'Saw blade worn');
    const resolving = await t.app.inject({
      method: 'PUT',
      url: `/api/tickets/${resolved._id}`,
      headers: t.team.admin.headers,
      payload: { status: 'Resolved' },
    });
    expect(resolving.statusCode, resolving.body).toBe(200);
    await ticketOn(furnace, 'Furnace door');
    const earlier = await ticketOn(crane, 'Raised the shift before');
    await t.app.database.db.execute(
      sql`update tickets set created_at = ${new Date(shift.start.getTime() - 60_000).toISOString()}::timestamptz where id = ${earlier._id}`,
    );

    const planned = (title: string, machineId: string, at: number, status = 'Scheduled') =>
      post<{ _id: string; title: string; scheduledDate: string }>('/api/maintenance', {
        title,
        machine: machineId,
        scheduledDate: new Date(at).toISOString(),
        status,
        assignedTo: t.team.engineer._id,
      });
    const due = await planned('Crane rope check', crane, next.start.getTime() + hour);
    await planned('Later check', crane, next.end.getTime() + hour);
    await planned('Done already', crane, next.start.getTime() + 2 * hour, 'Completed');
    await planned('Furnace check', furnace, next.start.getTime() + hour);

    const expected: HandoverContents = {
      machinesDown: [
        {
          _id: saw,
          name: 'Billet Saw',
          machineId: sawStopped.machineId,
          status: 'Maintenance',
          reason: null,
          since: sawStopped.stop?.since ?? null,
        },
        {
          _id: crane,
          name: 'Casting Crane',
          machineId: craneDown.machineId,
          status: 'Down',
          reason: 'Hydraulic: Leak (hose burst)',
          since: craneDown.stop!.since,
        },
      ],
      openIncidents: [critical, high].map(({ _id, incidentNumber, title, severity, status }) => ({
        _id,
        incidentNumber,
        title,
        severity,
        status,
      })),
      overdueActions: [
        {
          _id: overdueId,
          incidentId: medium._id,
          incidentNumber: medium.incidentNumber,
          title: 'Fix the grating',
          dueDate: '2020-01-01',
          owner: t.team.engineer.name,
        },
      ],
      maintenanceNextShift: [
        {
          _id: due._id,
          title: 'Crane rope check',
          machine: 'Casting Crane',
          scheduledDate: due.scheduledDate,
          assignedTo: t.team.engineer.name,
        },
      ],
      ticketsRaised: [raised, { ...resolved, status: 'Resolved' }],
      ticketsResolved: [{ ...resolved, status: 'Resolved' }],
    };

    const draftResponse = await t.app.inject({
      url: '/api/handovers/draft?department=Casting',
      headers: t.team.operator.headers,
    });
    expect(draftResponse.statusCode, draftResponse.body).toBe(200);
    const draft = handoverDraft.parse(draftResponse.json());
    expect(draft.shift).toEqual({
      start: shift.start.toISOString(),
      end: shift.end.toISOString(),
      label: shift.label,
      day: shift.day,
    });
    expect(draft.nextShift.start).toBe(next.start.toISOString());
    expect(draft.contents).toEqual(expected);

    const written = await write(t.team.operator, 'Casting', 0, { notes: 'Crane waits for a hose' });
    expect(written).toMatchObject({
      department: 'Casting',
      shiftStart: shift.start.toISOString(),
      shiftEnd: shift.end.toISOString(),
      shiftLabel: shift.label,
      notes: 'Crane waits for a hose',
      writtenBy: { _id: t.team.operator._id, name: t.team.operator.name },
      acknowledgedBy: null,
      acknowledgedAt: null,
    });
    expect(written.contents).toEqual(expected);

    const plantWide = await t.app.inject({
      url: '/api/handovers/draft?department=Maintenance',
      headers: t.team.admin.headers,
    });
    const plantMachines = handoverDraft.parse(plantWide.json()).contents.machinesDown.map((line) => line._id);
    expect(plantMachines).toEqual(expect.arrayContaining([crane, saw, furnace]));
  });

  it('reminds the whole incoming shift of a department without a lead', async () => {
    const outgoing = await userOf('Quality Control', 'operator');
    const incoming = await userOf('Quality Control', 'operator');
    const written = await write(outgoing, 'Quality Control', 6);
    const reminders = (await inboxOf(incoming)).filter((entry) => entry.kind === 'handover');
    expect(reminders.map((entry) => entry.recordId)).toEqual([written._id]);
    expect((await inboxOf(outgoing)).filter((entry) => entry.kind === 'handover')).toEqual([]);
  });

  it('is acknowledged once by the incoming shift, with history, and reminds the department leads', async () => {
    const lead = await userOf('Rolling Mill', 'maintenance_engineer');
    const operator = await userOf('Rolling Mill', 'operator');
    const writer = await userOf('Rolling Mill', 'safety_officer');
    const written = await write(writer, 'Rolling Mill', 1);

    const reminders = (await inboxOf(lead)).filter((entry) => entry.kind === 'handover');
    expect(reminders).toEqual([
      expect.objectContaining({
        key: `handover:${written._id}`,
        entity: 'handover',
        recordId: written._id,
        title: `Rolling Mill, ${written.shiftDay} ${written.shiftLabel}`,
        detail: 'All quiet',
        by: { _id: writer._id, name: writer.name },
        readAt: null,
      }),
    ]);
    expect((await inboxOf(operator)).filter((entry) => entry.kind === 'handover')).toEqual([]);
    expect((await inboxOf(writer)).filter((entry) => entry.kind === 'handover')).toEqual([]);

    const own = await send(writer, `/api/handovers/${written._id}/acknowledge`, {});
    expect(own.statusCode).toBe(400);
    expect(errorMessage(own)).toBe('You wrote this handover: someone of the incoming shift acknowledges it');

    const changeId = randomUUID();
    const first = await send(operator, `/api/handovers/${written._id}/acknowledge`, {}, changeId);
    expect(first.statusCode, first.body).toBe(200);
    const acknowledged: Handover = handover.parse(first.json());
    expect(acknowledged.acknowledgedBy).toEqual({ _id: operator._id, name: operator.name });
    expect(acknowledged.version).toBe(2);

    const replay = await send(operator, `/api/handovers/${written._id}/acknowledge`, {}, changeId);
    expect(handover.parse(replay.json())).toEqual(acknowledged);
    const again = await send(lead, `/api/handovers/${written._id}/acknowledge`, {});
    expect(again.statusCode).toBe(200);
    expect(handover.parse(again.json())).toEqual(acknowledged);
    const stolen = await send(lead, `/api/handovers/${written._id}/acknowledge`, {}, changeId);
    expect(stolen.statusCode).toBe(409);

    const history = await t.app.inject({ url: `/api/handovers/${written._id}/history`, headers: lead.headers });
    expect(history.json()).toEqual([
      expect.objectContaining({ version: 1, field: 'created', changedBy: { _id: writer._id, name: writer.name } }),
      expect.objectContaining({ version: 1, field: 'notes', newValue: 'All quiet' }),
      expect.objectContaining({ version: 2, field: 'acknowledgedBy', newValue: operator._id }),
      expect.objectContaining({ version: 2, field: 'acknowledgedAt', newValue: acknowledged.acknowledgedAt }),
    ]);
    const read = (await inboxOf(lead)).find((entry) => entry.key === `handover:${written._id}`);
    expect(read?.readAt).not.toBeNull();

    const list = await t.app.inject({ url: '/api/handovers?department=Rolling%20Mill', headers: operator.headers });
    expect(list.json()).toEqual([acknowledged]);
    const missing = await send(operator, `/api/handovers/${randomUUID()}/acknowledge`, {});
    expect(missing.statusCode).toBe(404);
  });

  it('is written once per department and shift, however often it is replayed', async () => {
    const id = randomUUID();
    const payload = {
      _id: id,
      department: 'Smelting',
      shiftStart: shiftBack(2).start.toISOString(),
      notes: 'Pot 12 hot',
    };
    const first = await send(t.team.engineer, '/api/handovers', payload);
    expect(first.statusCode, first.body).toBe(201);
    const replay = await send(t.team.engineer, '/api/handovers', payload);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(first.json());

    const otherUser = await send(t.team.operator, '/api/handovers', payload);
    expect(otherUser.statusCode).toBe(409);
    expect(errorMessage(otherUser)).toBe('A handover with this _id was already created by another user');
    const second = await send(t.team.operator, '/api/handovers', { ...payload, _id: randomUUID() });
    expect(second.statusCode).toBe(409);
    const shift = shiftBack(2);
    expect(errorMessage(second)).toBe(
      `The ${shift.label} shift of ${shift.day} in Smelting was already handed over by ${t.team.engineer.name}`,
    );
    const rows = await t.app.database.db.execute(sql`select id from handovers where department = 'Smelting'`);
    expect(rowsOf(rows)).toHaveLength(1);
  });

  it('refuses bad input with a message that says what is wrong', async () => {
    const now = shiftAt(new Date(), plan)!;
    const cases: [object, string | RegExp][] = [
      [
        { department: 'Casting', shiftStart: new Date(now.start.getTime() + 60_000).toISOString() },
        /start of one of the plant's shifts \(06:00–14:00, 14:00–22:00, 22:00–06:00\)/,
      ],
      [
        { department: 'Casting', shiftStart: now.end.toISOString() },
        'This shift has not begun: the shift that is ending writes its handover',
      ],
      [{ department: 'Paint Shop', shiftStart: now.start.toISOString() }, /Department must be one of: Rolling Mill/],
      [{ department: 'Casting', shiftStart: 'yesterday' }, /shiftStart must be an ISO date-time/],
      [
        { department: 'Casting', shiftStart: now.start.toISOString(), notes: 'x'.repeat(4001) },
        /Notes must be at most 4000 characters/,
      ],
    ];
    for (const [payload, message] of cases) {
      const response = await send(t.team.operator, '/api/handovers', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorMessage(response)).toMatch(message);
    }
    const draft = await t.app.inject({ url: '/api/handovers/draft', headers: t.team.operator.headers });
    expect(draft.statusCode).toBe(400);
    expect(errorMessage(draft)).toMatch(/Department/);
  });

  it('is open to every role signed in, and to nobody signed out', async () => {
    for (const [index, account] of [t.team.admin, t.team.safety, t.team.engineer].entries()) {
      const written = await write(account, 'Quality Control', index + 1);
      const acknowledged = await send(t.team.operator, `/api/handovers/${written._id}/acknowledge`, {});
      expect(acknowledged.statusCode, acknowledged.body).toBe(200);
    }
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/handovers', payload: {} });
    expect(anonymous.statusCode).toBe(401);
    const list = await t.app.inject({ url: '/api/handovers' });
    expect(list.statusCode).toBe(401);
  });

  it('takes the shifts and the plant time zone from the configuration, and names a bad value', () => {
    expect(shiftPlanOf(loadConfig({ SHIFTS: '07:00-19:00,19:00-07:00', PLANT_TIME_ZONE: 'Europe/Oslo' }))).toEqual({
      timeZone: 'Europe/Oslo',
      shifts: [
        { start: '07:00', end: '19:00' },
        { start: '19:00', end: '07:00' },
      ],
    });
    expect(shiftPlanOf(loadConfig({}))).toEqual(plan);
    expect(() => loadConfig({ SHIFTS: '7-19' })).toThrow('SHIFTS: "7-19" is not a shift: write HH:MM-HH:MM');
    expect(() => loadConfig({ PLANT_TIME_ZONE: 'Mars/Olympus' })).toThrow(
      'PLANT_TIME_ZONE: PLANT_TIME_ZONE must be an IANA time zone, such as Europe/Berlin',
    );
  });

  it('exports the shift log as CSV', async () => {
    const response = await t.app.inject({
      url: '/api/handovers/export?department=Casting',
      headers: t.team.operator.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const [header, row] = response.body.split('\r\n');
    expect(header).toMatch(/^Department,Shift Day,Shift,Shift Start,Shift End,Notes,Machines Down,/);
    expect(row).toContain('Casting,');
    expect(row).toContain('Crane waits for a hose');
    expect(row).toContain('Casting Crane – Down – Hydraulic: Leak (hose burst)');
    expect(row).toContain(t.team.operator.name);
  });
});
