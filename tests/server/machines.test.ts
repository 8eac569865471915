import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { machine, machineUpdated } from '#shared/schemas/machine.ts';
import { machineInput, useTeamApp } from './helpers/app.ts';
import { errorMessage, idOf } from './helpers/json.ts';

const t = useTeamApp();

async function createMachine(overrides: Record<string, unknown> = {}, headers = t.team.engineer.headers) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/machines',
    headers,
    payload: machineInput(overrides),
  });
  expect(response.statusCode, response.body).toBe(201);
  return machine.parse(response.json());
}

describe('machines', () => {
  it('creates, reads and lists a machine with the list filters', async () => {
    const created = await createMachine({
      name: 'Hot Rolling Stand 2',
      department: 'Rolling Mill',
      location: 'Hall 4',
    });
    expect(created).toMatchObject({ status: 'Running', operatingHours: 0, version: 1, department: 'Rolling Mill' });

    const one = await t.app.inject({ url: `/api/machines/${created._id}`, headers: t.team.operator.headers });
    expect(machine.parse(one.json())._id).toBe(created._id);

    const list = await t.app.inject({
      url: '/api/machines?department=Rolling%20Mill&status=Running&search=hall%204&limit=5',
      headers: t.team.operator.headers,
    });
    const machines = z.array(machine).parse(list.json());
    expect(machines.map((m) => m._id)).toContain(created._id);
    expect(machines.every((m) => m.department === 'Rolling Mill')).toBe(true);

    for (const search of ['ptm-40', 'FIVES']) {
      const byModelOrMaker = await t.app.inject({
        url: `/api/machines?search=${search}`,
        headers: t.team.operator.headers,
      });
      expect(
        z
          .array(machine)
          .parse(byModelOrMaker.json())
          .map((m) => m._id),
      ).toContain(created._id);
    }

    const none = await t.app.inject({
      url: '/api/machines?status=Down&search=Hot%20Rolling',
      headers: t.team.operator.headers,
    });
    expect(none.json()).toEqual([]);
  });

  it('rejects a duplicate machineId with 409 and a message', async () => {
    const first = await createMachine();
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/machines',
      headers: t.team.admin.headers,
      payload: machineInput({ machineId: first.machineId }),
    });
    expect(again.statusCode).toBe(409);
    expect(errorMessage(again)).toContain(first.machineId);
  });

  it('names the field and the rule when input is invalid', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/machines',
      headers: t.team.admin.headers,
      payload: machineInput({ name: '   ', installationDate: 'yesterday' }),
    });
    expect(response.statusCode).toBe(400);
    expect(errorMessage(response)).toMatch(/name: Machine name is required|installationDate/);
  });

  it('lets every role change the status, and keeps history of who did it', async () => {
    const created = await createMachine();
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/machines/${created._id}/status`,
      headers: t.team.operator.headers,
      payload: { status: 'Down' },
    });
    expect(response.statusCode).toBe(200);
    const updated = machineUpdated.parse(response.json());
    expect(updated).toMatchObject({ status: 'Down', version: 2, overwritten: [] });
  });

  it('replays a create with the same _id without a duplicate; another user gets 409', async () => {
    const _id = randomUUID();
    const payload = machineInput({ _id });
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/machines',
      headers: t.team.engineer.headers,
      payload,
    });
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/machines',
      headers: t.team.engineer.headers,
      payload,
    });
    expect([first.statusCode, second.statusCode]).toEqual([201, 200]);
    expect(idOf(second)).toBe(_id);
    const list = await t.app.inject({
      url: `/api/machines?search=${payload.machineId}`,
      headers: t.team.engineer.headers,
    });
    expect(list.json()).toHaveLength(1);
    const stranger = await t.app.inject({
      method: 'POST',
      url: '/api/machines',
      headers: t.team.admin.headers,
      payload,
    });
    expect(stranger.statusCode).toBe(409);
  });

  it('reports a value it overwrote when the client started from an older version', async () => {
    const created = await createMachine();
    await t.app.inject({
      method: 'PUT',
      url: `/api/machines/${created._id}`,
      headers: { ...t.team.admin.headers, 'if-match': '"1"' },
      payload: { location: 'Casthouse East' },
    });
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/machines/${created._id}`,
      headers: { ...t.team.engineer.headers, 'if-match': '"1"', 'x-client-time': '2026-11-20T08:00:00Z' },
      payload: { location: 'Casthouse West', model: 'PTM-41' },
    });
    expect(response.statusCode).toBe(200);
    const body = machineUpdated.parse(response.json());
    expect(body).toMatchObject({ location: 'Casthouse West', model: 'PTM-41', version: 3 });
    expect(body.overwritten).toEqual([
      expect.objectContaining({
        field: 'location',
        value: 'Casthouse East',
        changedBy: { _id: t.team.admin._id, name: t.team.admin.name },
      }),
    ]);
  });

  it('soft-deletes: the machine leaves lists and reads, admin only', async () => {
    const created = await createMachine();
    const denied = await t.app.inject({
      method: 'DELETE',
      url: `/api/machines/${created._id}`,
      headers: t.team.engineer.headers,
    });
    expect(denied.statusCode).toBe(403);
    expect(errorMessage(denied)).toBe('The Maintenance Engineer role may not delete machines.');
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/machines/${created._id}`,
      headers: t.team.admin.headers,
    });
    expect(removed.statusCode).toBe(200);
    const read = await t.app.inject({ url: `/api/machines/${created._id}`, headers: t.team.admin.headers });
    expect(read.statusCode).toBe(404);
    const list = await t.app.inject({
      url: `/api/machines?search=${created.machineId}`,
      headers: t.team.admin.headers,
    });
    expect(list.json()).toEqual([]);
  });
});
