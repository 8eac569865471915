import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { permit, type Permit } from '#shared/schemas/permit.ts';
import { type Account, addMachine, type TestApp, type Team } from './app.ts';

/** An isolation point of a test machine at `location`. */
export const point = (location: string, kind = 'electrical') => ({
  _id: randomUUID(),
  kind,
  location,
  isolate: 'Lock it off and tag it',
  verify: 'Try to start: nothing moves',
});

export interface Plant {
  machineId: string;
  points: ReturnType<typeof point>[];
  ticketId: string;
}

/** Requests and steps of permits to work through the API, for the tests of one file's app. */
export function permitHelpers(t: TestApp & { team: Team }) {
  /** A machine with `count` isolation points and an open ticket on it. */
  async function plant(count = 2): Promise<Plant> {
    const points = ['Main breaker MCC-3', 'Hydraulic valve HV-2', 'Air supply AV-1']
      .slice(0, count)
      .map((location) => point(location));
    const machineId = await addMachine(t, { isolationPoints: points });
    const ticket = await t.app.inject({
      method: 'POST',
      url: '/api/tickets',
      headers: t.team.admin.headers,
      payload: {
        title: 'Replace roller',
        description: 'Worn',
        machine: machineId,
        priority: 'High',
        category: 'Mechanical',
      },
    });
    expect(ticket.statusCode, ticket.body).toBe(201);
    return { machineId, points, ticketId: ticket.json<{ _id: string }>()._id };
  }

  function send(
    by: Account,
    method: 'POST' | 'PATCH' | 'PUT',
    url: string,
    payload: object,
    headers: Record<string, string> = {},
  ) {
    return t.app.inject({ method, url, payload, headers: { ...by.headers, ...headers } });
  }

  /** A permit for the plant's ticket (or what `extra` names instead). */
  async function request(by: Account, where: Plant, extra: object = {}): Promise<Permit> {
    const response = await send(by, 'POST', '/api/permits', {
      _id: randomUUID(),
      machine: where.machineId,
      ticket: where.ticketId,
      type: 'general',
      description: 'Change the drive roller',
      ...extra,
    });
    expect(response.statusCode, response.body).toBe(201);
    return permit.parse(response.json());
  }

  async function step(by: Account, id: string, payload: object, expected = 200, headers: Record<string, string> = {}) {
    const response = await send(by, 'PATCH', `/api/permits/${id}`, payload, headers);
    expect(response.statusCode, response.body).toBe(expected);
    return response;
  }

  async function lock(by: Account, id: string, pointId: string, lockNumber: string, verified = true, headers = {}) {
    return send(
      by,
      'POST',
      `/api/permits/${id}/locks`,
      { _id: randomUUID(), point: pointId, lockNumber, verified },
      headers,
    );
  }

  async function lockAll(by: Account, id: string, where: Plant) {
    let last: Permit | undefined;
    for (const [index, item] of where.points.entries()) {
      const response = await lock(by, id, item._id, `L-${index + 1}`);
      expect(response.statusCode, response.body).toBe(201);
      last = permit.parse(response.json());
    }
    return last!;
  }

  return { plant, send, request, step, lock, lockAll };
}
