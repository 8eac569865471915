import { describe, expect, it } from 'vitest';
import { addMachine, useTeamApp } from './helpers/app.ts';

const t = useTeamApp();
const hour = 60 * 60 * 1000;

async function setStatus(machineId: string, hoursAgo: number, body: Record<string, unknown>, now: number) {
  const response = await t.app.inject({
    method: 'PATCH',
    url: `/api/machines/${machineId}/status`,
    headers: { ...t.team.operator.headers, 'x-client-time': new Date(now - hoursAgo * hour).toISOString() },
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function analytics(path: string) {
  const response = await t.app.inject({ url: `/api/analytics/${path}`, headers: t.team.safety.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<unknown>();
}

describe('downtime analytics over the last day', () => {
  it('gives availability, MTBF and the reason Pareto as computed by hand', async () => {
    const now = Date.now();
    const furnace = await addMachine(t, { name: 'Holding furnace 1', department: 'Casting' });
    const saw = await addMachine(t, { name: 'Billet saw', department: 'Casting' });
    // Furnace: a 2 h breakdown (a failure) and 2 h of planned maintenance, both inside the window.
    await setStatus(furnace, 10, { status: 'Down', reason: { category: 'Hydraulic', detail: 'Pump' } }, now);
    await setStatus(furnace, 8, { status: 'Running' }, now);
    await setStatus(
      furnace,
      3,
      { status: 'Maintenance', reason: { category: 'Planned maintenance', detail: null } },
      now,
    );
    await setStatus(furnace, 1, { status: 'Running' }, now);
    // Saw: down from 30 h to 21 h ago, so 3 h of it fall in the window, and it started before it (no failure counted).
    await setStatus(saw, 30, { status: 'Down', reason: { category: 'Electrical', detail: 'Motor' } }, now);
    await setStatus(saw, 21, { status: 'Running' }, now);

    expect(await analytics('machines/availability?days=1')).toEqual([
      // 1,440 minutes in the window; furnace 240 down: 83.3 %, MTBF (1,440 - 240) / 60 / 1 failure = 20 h.
      {
        _id: furnace,
        name: 'Holding furnace 1',
        department: 'Casting',
        availability: 83.3,
        downtimeMinutes: 240,
        failures: 1,
        mtbfHours: 20,
      },
      {
        _id: saw,
        name: 'Billet saw',
        department: 'Casting',
        availability: 87.5,
        downtimeMinutes: 180,
        failures: 0,
        mtbfHours: null,
      },
    ]);
    // Two machines: 420 of 2,880 machine-minutes down.
    expect(await analytics('departments/availability?days=1')).toEqual([
      { _id: 'Casting', machines: 2, availability: 85.4, downtimeMinutes: 420 },
    ]);
    expect(await analytics('downtime/reasons?days=1')).toEqual([
      { _id: 'Electrical', minutes: 180, count: 1 },
      { _id: 'Hydraulic', minutes: 120, count: 1 },
      { _id: 'Planned maintenance', minutes: 120, count: 1 },
    ]);
  });

  it('gives MTBF and downtime by failure mode for each machine type as computed by hand', async () => {
    const now = Date.now();
    const stand1 = await addMachine(t, { name: 'Cold mill stand 1', department: 'Rolling Mill' });
    const stand2 = await addMachine(t, { name: 'Cold mill stand 2', department: 'Rolling Mill' });
    async function repair(machine: string, category: string, failure: object, stop?: [number, number]) {
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/tickets',
        headers: t.team.engineer.headers,
        payload: { title: 'Repair', description: 'Found on the round', machine, category },
      });
      const ticket = created.json<{ _id: string }>()._id;
      if (stop) {
        await setStatus(
          machine,
          stop[0],
          { status: 'Down', reason: { category: 'Mechanical', detail: null }, ticket },
          now,
        );
        await setStatus(machine, stop[1], { status: 'Running' }, now);
      }
      const resolved = await t.app.inject({
        method: 'PUT',
        url: `/api/tickets/${ticket}`,
        headers: t.team.engineer.headers,
        payload: { status: 'Resolved', failure: { note: '', ...failure } },
      });
      expect(resolved.statusCode, resolved.body).toBe(200);
    }
    await repair(stand1, 'Mechanical', { problem: 'Bearing failure', cause: 'Wear', remedy: 'Replaced' }, [10, 8]);
    await repair(stand2, 'Electrical', { problem: 'Drive trip', cause: 'Overload', remedy: 'Reset and restarted' });
    const lubricated = { problem: 'Bearing failure', cause: 'Lubrication missed', remedy: 'Lubricated' };
    await repair(stand1, 'Mechanical', lubricated, [5, 4]);

    // Two rolling mill machines, 2,880 minutes, 180 of them down: 45 running hours.
    expect(await analytics('failure-modes?days=1')).toEqual([
      {
        _id: 'rolling mill',
        modes: [
          { problem: 'Bearing failure', failures: 2, mtbfHours: 22.5, downtimeMinutes: 180 },
          { problem: 'Drive trip', failures: 1, mtbfHours: 45, downtimeMinutes: 0 },
        ],
      },
    ]);
  });

  it('refuses a window it cannot compute and hides the figures from operators', async () => {
    const bad = await t.app.inject({ url: '/api/analytics/downtime/reasons?days=0', headers: t.team.safety.headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toContain('days must be 1 to 365');
    const operator = await t.app.inject({
      url: '/api/analytics/machines/availability',
      headers: t.team.operator.headers,
    });
    expect(operator.statusCode).toBe(403);
  });
});
