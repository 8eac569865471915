import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { downtimeEvent } from '#shared/schemas/downtime.ts';
import { addMachine, useTeamApp } from './helpers/app.ts';

const t = useTeamApp();

const at = (time: string) => `2026-11-02T${time}:00.000Z`;

/** A status change as the app replays it: made on the device at `time`, sent with its change id. */
async function setStatus(machineId: string, time: string, body: Record<string, unknown>, changeId = randomUUID()) {
  const response = await t.app.inject({
    method: 'PATCH',
    url: `/api/machines/${machineId}/status`,
    headers: { ...t.team.operator.headers, 'x-client-time': at(time), 'x-change-id': changeId },
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ status: string }>();
}

async function downtime(machineId: string) {
  const response = await t.app.inject({ url: `/api/machines/${machineId}/downtime`, headers: t.team.operator.headers });
  expect(response.statusCode).toBe(200);
  return downtimeEvent.array().parse(response.json());
}

const hydraulicLeak = { category: 'Hydraulic', detail: 'Leak' };

describe('downtime events', () => {
  it('opens an event at the device time of a stop and closes it when the machine runs again', async () => {
    const machine = await addMachine(t);
    await setStatus(machine, '08:00', { status: 'Down', reason: hydraulicLeak });
    await setStatus(machine, '08:30', { status: 'Maintenance' });
    await setStatus(machine, '09:45', { status: 'Running' });
    expect(await downtime(machine)).toEqual([
      expect.objectContaining({
        status: 'Down',
        startedAt: at('08:00'),
        endedAt: at('09:45'),
        durationMinutes: 105,
        reason: { category: 'Hydraulic', detail: 'Leak', note: null },
        ticket: null,
      }),
    ]);
  });

  it('places a change replayed late where it happened: it never closes a stop opened after it', async () => {
    const machine = await addMachine(t);
    await setStatus(machine, '08:00', { status: 'Down' });
    // The Running of 09:00 was made offline and reaches the server after the Down of 10:00.
    const afterStop = await setStatus(machine, '10:00', {
      status: 'Down',
      reason: { category: 'Electrical', detail: null },
    });
    const late = await setStatus(machine, '09:00', { status: 'Running' });
    expect(afterStop.status).toBe('Down');
    expect(late.status).toBe('Down');
    const events = await downtime(machine);
    expect(events.map(({ startedAt, endedAt, reason }) => ({ startedAt, endedAt, reason }))).toEqual([
      { startedAt: at('10:00'), endedAt: null, reason: { category: 'Electrical', detail: null, note: null } },
      { startedAt: at('08:00'), endedAt: at('09:00'), reason: null },
    ]);
  });

  it('applies a replayed status change once', async () => {
    const machine = await addMachine(t);
    const changeId = randomUUID();
    await setStatus(machine, '07:00', { status: 'Down', reason: hydraulicLeak }, changeId);
    await setStatus(machine, '07:00', { status: 'Down', reason: hydraulicLeak }, changeId);
    await setStatus(machine, '07:20', { status: 'Running' });
    await setStatus(machine, '07:20', { status: 'Running' });
    const events = await downtime(machine);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ startedAt: at('07:00'), endedAt: at('07:20'), durationMinutes: 20 });
  });

  it('links a ticket given while stopped and refuses unknown reasons and tickets', async () => {
    const machine = await addMachine(t);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/tickets',
      headers: t.team.operator.headers,
      payload: { title: 'Mill stand hydraulic leak', description: 'Oil under stand 2', machine },
    });
    const ticket = created.json<{ _id: string; ticketNumber: string }>();
    await setStatus(machine, '11:00', { status: 'Down', reason: hydraulicLeak });
    await setStatus(machine, '11:05', { status: 'Down', ticket: ticket._id });
    expect((await downtime(machine))[0]!.ticket).toEqual({
      _id: ticket._id,
      ticketNumber: ticket.ticketNumber,
      status: 'Pending',
    });

    const refused = async (payload: Record<string, unknown>) => {
      const response = await t.app.inject({
        method: 'PATCH',
        url: `/api/machines/${machine}/status`,
        headers: t.team.operator.headers,
        payload,
      });
      expect(response.statusCode).toBe(400);
      return response.json<{ message: string }>().message;
    };
    expect(await refused({ status: 'Down', reason: { category: 'Weather', detail: null } })).toMatch(
      /Reason category must be one of/,
    );
    expect(await refused({ status: 'Down', reason: { category: 'Hydraulic', detail: 'Bearing failure' } })).toMatch(
      /Reason detail/,
    );
    expect(await refused({ status: 'Down', ticket: randomUUID() })).toBe('ticket: no ticket has this id');
  });

  it('places a stop sent from a device whose clock is ahead of the server at the time it arrived', async () => {
    const machine = await addMachine(t);
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/machines/${machine}/status`,
      headers: { ...t.team.operator.headers, 'x-client-time': '2031-01-01T00:00:00.000Z' },
      payload: { status: 'Down' },
    });
    expect(response.statusCode).toBe(200);
    const [event] = await downtime(machine);
    expect(Date.parse(event!.startedAt)).toBeLessThanOrEqual(Date.now());
  });

  it("keeps the operator's note with the reason, trimmed, and refuses one too long", async () => {
    const machine = await addMachine(t);
    await setStatus(machine, '07:00', { status: 'Down', reason: { ...hydraulicLeak, note: '  Oil under stand 2  ' } });
    await setStatus(machine, '07:20', { status: 'Running' });
    await setStatus(machine, '08:00', { status: 'Down', reason: { ...hydraulicLeak, note: '   ' } });
    const [blank, noted] = await downtime(machine);
    expect(noted!.reason).toEqual({ category: 'Hydraulic', detail: 'Leak', note: 'Oil under stand 2' });
    expect(blank!.reason).toEqual({ category: 'Hydraulic', detail: 'Leak', note: null });

    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/machines/${machine}/status`,
      headers: t.team.operator.headers,
      payload: { status: 'Down', reason: { ...hydraulicLeak, note: 'x'.repeat(501) } },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(/Reason note must be at most 500 characters/);
  });

  it("carries the open stop on the machine's record, with its ticket, until the machine runs again", async () => {
    const machine = await addMachine(t);
    const read = async () => {
      const response = await t.app.inject({ url: `/api/machines/${machine}`, headers: t.team.operator.headers });
      return response.json<{ version: number; stop: unknown }>();
    };
    expect((await read()).stop).toBeNull();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/tickets',
      headers: t.team.operator.headers,
      payload: { title: 'Coiler down', description: 'Mandrel does not expand', machine },
    });
    const ticket = created.json<{ _id: string }>()._id;
    await setStatus(machine, '06:00', { status: 'Down', reason: hydraulicLeak });
    const stopped = await read();
    expect(stopped.stop).toEqual({ since: at('06:00'), reason: { ...hydraulicLeak, note: null }, ticket: null });
    // Linking the ticket changes the record (so devices pull it), though the status stays.
    await setStatus(machine, '06:05', { status: 'Down', ticket });
    const linked = await read();
    expect(linked.version).toBe(stopped.version + 1);
    expect(linked.stop).toMatchObject({ since: at('06:00'), ticket });
    await setStatus(machine, '07:30', { status: 'Running' });
    expect((await read()).stop).toBeNull();

    const born = await addMachine(t, { machineId: `DN-${randomUUID().slice(0, 6)}`, status: 'Down' });
    const response = await t.app.inject({ url: `/api/machines/${born}`, headers: t.team.operator.headers });
    expect(response.json<{ stop: { since: string; ticket: null } }>().stop).toMatchObject({ ticket: null });
  });
});
