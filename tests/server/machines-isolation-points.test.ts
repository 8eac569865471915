import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { recordHistory } from '#server/db/schema.ts';
import { machine, machineUpdated } from '#shared/schemas/machine.ts';
import { machineInput, useTeamApp } from './helpers/app.ts';
import { errorMessage } from './helpers/json.ts';

const t = useTeamApp();

const breaker = () => ({
  _id: randomUUID(),
  kind: 'electrical',
  location: 'Main drive breaker MCC-3 cubicle 12',
  isolate: 'Lock the breaker open, apply padlock and tag',
  verify: 'Press start at the local station: drive must not turn',
});

async function create(payload: Record<string, unknown>, headers = t.team.engineer.headers) {
  return t.app.inject({ method: 'POST', url: '/api/machines', headers, payload: machineInput(payload) });
}

async function update(id: string, payload: object, headers = t.team.engineer.headers) {
  return t.app.inject({ method: 'PUT', url: `/api/machines/${id}`, headers, payload });
}

describe('machine isolation points', () => {
  it('creates a machine with points, and one without has none', async () => {
    const point = breaker();
    const response = await create({ isolationPoints: [{ ...point, location: `  ${point.location} ` }] });
    expect(response.statusCode, response.body).toBe(201);
    expect(machine.parse(response.json()).isolationPoints).toEqual([point]);
    const bare = await create({});
    expect(machine.parse(bare.json()).isolationPoints).toEqual([]);
  });

  it('replaces the list on update and keeps the change in the machine history', async () => {
    const created = machine.parse((await create({})).json());
    const points = [breaker(), { ...breaker(), kind: 'hydraulic', location: 'Roll gap hydraulic unit, basement' }];
    const response = await update(created._id, { isolationPoints: points });
    expect(response.statusCode, response.body).toBe(200);
    expect(machineUpdated.parse(response.json())).toMatchObject({ isolationPoints: points, version: 2 });
    const read = machine.parse(
      (await t.app.inject({ url: `/api/machines/${created._id}`, headers: t.team.operator.headers })).json(),
    );
    expect(read.isolationPoints).toEqual(points);

    const history = await t.database.db
      .select()
      .from(recordHistory)
      .where(and(eq(recordHistory.recordId, created._id), eq(recordHistory.field, 'isolationPoints')));
    expect(history).toEqual([
      expect.objectContaining({ version: 2, oldValue: [], newValue: points, userId: t.team.engineer._id }),
    ]);
  });

  it('names the point and the field of every bad input', async () => {
    const created = machine.parse((await create({})).json());
    const cases: [object, string][] = [
      [{ ...breaker(), verify: '   ' }, 'isolationPoints.0.verify: How to verify zero energy is required'],
      [{ ...breaker(), kind: 'nuclear' }, 'isolationPoints.0.kind: Energy kind must be one of: electrical, hydraulic'],
      [{ ...breaker(), location: 'x'.repeat(501) }, 'isolationPoints.0.location: Point location must be at most 500'],
      [{ ...breaker(), _id: 'first' }, 'isolationPoints.0._id: must be a UUID'],
    ];
    for (const [point, message] of cases) {
      const response = await update(created._id, { isolationPoints: [point] });
      expect(response.statusCode).toBe(400);
      expect(errorMessage(response)).toContain(message);
    }
    const twice = breaker();
    const duplicate = await update(created._id, { isolationPoints: [twice, breaker(), twice] });
    expect(duplicate.statusCode).toBe(400);
    expect(errorMessage(duplicate)).toBe(`isolationPoints.2._id: Isolation point ${twice._id} is listed twice`);
    const tooMany = await create({ isolationPoints: Array.from({ length: 31 }, breaker) });
    expect(errorMessage(tooMany)).toBe('isolationPoints: A machine has at most 30 isolation points');
  });

  it('refuses operators: they read the points but may not edit them', async () => {
    const created = machine.parse((await create({ isolationPoints: [breaker()] })).json());
    const response = await update(created._id, { isolationPoints: [] }, t.team.operator.headers);
    expect(response.statusCode).toBe(403);
    expect(errorMessage(response)).toBe('The Operator role may not edit machines.');
    const read = await t.app.inject({ url: `/api/machines/${created._id}`, headers: t.team.operator.headers });
    expect(machine.parse(read.json()).isolationPoints).toHaveLength(1);
  });
});
