import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { historyEntry } from '#shared/schemas/common.ts';
import { costAnalytics, workCost } from '#shared/schemas/costs.ts';
import { labourEntry } from '#shared/schemas/labour.ts';
import { addMachine, createTestApp, registerTeam, type Account, type Team, type TestApp } from './helpers/app.ts';
import { errorMessage } from './helpers/json.ts';
import { partHelpers } from './helpers/parts.ts';

// A plant default rate and a currency, so the settings reach the answers.
const t = {} as TestApp & { team: Team };
beforeAll(async () => {
  Object.assign(t, await createTestApp({ LABOUR_DEFAULT_RATE: '30', CURRENCY: 'GBP' }));
  t.team = await registerTeam(t.app);
});
afterAll(() => t.close?.());

const { send, storeWithBins, newPart, move, ticketBy } = partHelpers(t);

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

async function setRate(user: Account, hourlyRate: number | null) {
  const response = await send(t.team.admin, 'PATCH', `/api/users/${user._id}`, { hourlyRate });
  expect(response.statusCode, response.body).toBe(200);
}

async function record(by: Account, payload: object, expected = 201) {
  const response = await send(by, 'POST', '/api/labour', {
    _id: randomUUID(),
    person: by._id,
    hours: 1,
    workedOn: daysAgo(1),
    ...payload,
  });
  expect(response.statusCode, response.body).toBe(expected);
  return response;
}

async function costOf(ticket: string, by: Account = t.team.engineer) {
  const response = await t.app.inject({ url: `/api/tickets/${ticket}/cost`, headers: by.headers });
  expect(response.statusCode, response.body).toBe(200);
  return workCost.parse(response.json());
}

describe("a ticket's cost", () => {
  it('adds parts at their cost when issued and labour at the rate when recorded, as computed by hand', async () => {
    const { a } = await storeWithBins();
    const bearing = await newPart({ unitCost: 12.5 });
    const seal = await newPart({ unitCost: 4.2 });
    const ticket = await ticketBy(t.team.operator);
    const by = t.team.engineer;
    for (const item of [bearing, seal]) await move(by, { part: item._id, kind: 'receipt', quantity: 10, bin: a });
    await move(by, { part: bearing._id, kind: 'issue', quantity: 3, bin: a, ticket });
    await move(by, { part: seal._id, kind: 'issue', quantity: 2, bin: a, ticket });
    await move(by, { part: bearing._id, kind: 'return', quantity: 1, bin: a, ticket });
    const repriced = await send(by, 'PATCH', `/api/parts/${bearing._id}`, { unitCost: 20 }, { 'if-match': '"4"' });
    expect(repriced.statusCode, repriced.body).toBe(200);
    // Returned after the price change: it gives back what it was issued at (12.50), and the next issue costs 20.
    await move(by, { part: bearing._id, kind: 'return', quantity: 1, bin: a, ticket });
    await move(by, { part: bearing._id, kind: 'issue', quantity: 1, bin: a, ticket });

    await setRate(t.team.engineer, 40);
    await setRate(t.team.operator, 25.5);
    await record(t.team.engineer, { ticket, hours: 2.5 });
    await record(t.team.operator, { ticket, hours: 1.25 });
    // Recorded by the engineer for the safety officer, who has no rate: the plant's default (30).
    await record(t.team.engineer, { ticket, person: t.team.safety._id, hours: 0.5 });
    await setRate(t.team.engineer, 60);

    const cost = await costOf(ticket);
    // Bearings: 3 × 12.50 − 1 × 12.50 − 1 × 12.50 + 1 × 20 = 32.50 for 2; seals: 2 × 4.20 = 8.40.
    const byNumber = [
      { partNumber: bearing.partNumber, quantity: 2, unitCost: 16.25, cost: 32.5 },
      { partNumber: seal.partNumber, quantity: 2, unitCost: 4.2, cost: 8.4 },
    ].sort((x, y) => x.partNumber.localeCompare(y.partNumber));
    expect(cost.parts.map(({ part, ...line }) => ({ partNumber: part.partNumber, ...line }))).toEqual(byNumber);
    expect(cost.partsTotal).toBe(40.9);
    // 2.5 h × 40 + 1.25 h × 25.50 (31.875) + 0.5 h × 30: the engineer's new rate changes nothing.
    expect(cost.labour.map((line) => [line.person._id, line.hours, line.rate, line.cost])).toEqual([
      [t.team.engineer._id, 2.5, 40, 100],
      [t.team.operator._id, 1.25, 25.5, 31.88],
      [t.team.safety._id, 0.5, 30, 15],
    ]);
    expect(cost).toMatchObject({ labourTotal: 146.88, total: 187.78, currency: 'GBP' });
  });

  it('records an entry once: the same _id again answers it, another user gets 409', async () => {
    const ticket = await ticketBy(t.team.engineer);
    const payload = { _id: randomUUID(), ticket, person: t.team.engineer._id, hours: 1.5, workedOn: daysAgo(2) };
    const first = await send(t.team.engineer, 'POST', '/api/labour', payload);
    expect(first.statusCode, first.body).toBe(201);
    const again = await send(t.team.engineer, 'POST', '/api/labour', { ...payload, hours: 3 });
    expect(again.statusCode).toBe(200);
    expect(labourEntry.parse(again.json())).toEqual(labourEntry.parse(first.json()));
    const other = await send(t.team.admin, 'POST', '/api/labour', payload);
    expect(other.statusCode).toBe(409);
    expect(errorMessage(other)).toBe('A labour entry with this _id was already created by another user');
    const listed = await t.app.inject({ url: `/api/labour?ticket=${ticket}`, headers: t.team.operator.headers });
    expect(
      labourEntry
        .array()
        .parse(listed.json())
        .map((entry) => entry.hours),
    ).toEqual([1.5]);
    const history = historyEntry
      .array()
      .parse((await t.app.inject({ url: `/api/tickets/${ticket}/history`, headers: t.team.operator.headers })).json());
    expect(history.filter((entry) => entry.field === 'labour')).toHaveLength(1);
  });

  it('lets everyone record their own hours on their own work, engineers anyone’s, and checks the hours', async () => {
    const own = await ticketBy(t.team.operator);
    const notTheirs = await ticketBy(t.team.engineer);
    await record(t.team.operator, { ticket: own });
    const denied = await record(t.team.operator, { ticket: notTheirs }, 403);
    expect(errorMessage(denied)).toMatch(
      /^The Operator role may record only their own hours.*TKT-\d{6} is not theirs$/,
    );
    await record(t.team.operator, { ticket: own, person: t.team.engineer._id }, 403);
    await record(t.team.engineer, { ticket: own, person: t.team.operator._id });
    for (const [hours, message] of [
      [0, 'hours: hours must be more than 0'],
      [24.5, 'hours: hours must be at most 24'],
      [1.234, 'hours: hours has at most 2 decimals'],
    ] as const) {
      expect(errorMessage(await record(t.team.engineer, { ticket: own, hours }, 400))).toBe(message);
    }
    expect(errorMessage(await record(t.team.engineer, { ticket: randomUUID() }, 400))).toBe(
      'ticket: no ticket with this _id',
    );
    const rate = await send(t.team.engineer, 'PATCH', `/api/users/${t.team.operator._id}`, { hourlyRate: 99 });
    expect(rate.statusCode).toBe(403);
    const cost = await t.app.inject({ url: `/api/tickets/${own}/cost`, headers: t.team.operator.headers });
    expect(cost.statusCode).toBe(403);
  });

  it('deletes an entry by its author or an engineer, and the cost leaves it out', async () => {
    const ticket = await ticketBy(t.team.operator);
    const entry = labourEntry.parse((await record(t.team.engineer, { ticket, hours: 2 })).json());
    const byOperator = await send(t.team.operator, 'DELETE', `/api/labour/${entry._id}`);
    expect(byOperator.statusCode).toBe(403);
    const deleted = await send(t.team.engineer, 'DELETE', `/api/labour/${entry._id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(labourEntry.parse(deleted.json()).deletedAt).not.toBeNull();
    expect(await costOf(ticket)).toMatchObject({ labour: [], labourTotal: 0, total: 0 });
  });
});

describe('cost analytics', () => {
  it('sums parts and labour per machine and department, the parts used, and the stock value', async () => {
    const machine = await addMachine(t, { department: 'Casting', name: 'Casting pit 2' });
    const ticketOn = async () => {
      const response = await send(t.team.engineer, 'POST', '/api/tickets', {
        machine,
        title: 'Mould water flow low',
        description: 'Flow switch trips',
        priority: 'High',
        category: 'Software',
      });
      return response.json<{ _id: string }>()._id;
    };
    const ticket = await ticketOn();
    const { roomId, a, b } = await storeWithBins();
    const valve = await newPart({ unitCost: 100 });
    const sensor = await newPart({ unitCost: 7.5 });
    const by = t.team.engineer;
    await move(by, { part: valve._id, kind: 'receipt', quantity: 10, bin: a });
    await move(by, { part: valve._id, kind: 'issue', quantity: 3, bin: a, ticket });
    await move(by, { part: valve._id, kind: 'transfer', quantity: 2, bin: a, toBin: b });
    // Issued from an empty bin: on hand −2 there, which counts as nothing in the stock value.
    await move(by, { part: sensor._id, kind: 'issue', quantity: 2, bin: b, ticket });
    await setRate(t.team.engineer, 40);
    await record(t.team.engineer, { ticket, hours: 4, workedOn: daysAgo(3) });
    await record(t.team.engineer, { ticket, hours: 8, workedOn: daysAgo(60) });

    const response = await t.app.inject({
      url: `/api/analytics/costs?from=${daysAgo(10)}&to=${daysAgo(-2)}&department=Casting`,
      headers: t.team.engineer.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    const figures = costAnalytics.parse(response.json());
    // Parts: 3 × 100 + 2 × 7.50 = 315; labour in the period: 4 h × 40 = 160.
    expect(figures.byMachine).toEqual([
      {
        machine: { _id: machine, name: 'Casting pit 2', machineId: expect.any(String) as string },
        department: 'Casting',
        parts: 315,
        labour: 160,
        total: 475,
      },
    ]);
    expect(figures.byDepartment).toEqual([{ department: 'Casting', parts: 315, labour: 160, total: 475 }]);
    expect(figures.topParts.map((line) => [line.part._id, line.quantity, line.value])).toEqual([
      [valve._id, 3, 300],
      [sensor._id, 2, 15],
    ]);
    // 7 valves on hand (5 in A, 2 in B) at 100; the sensors' −2 count as 0.
    expect(figures.stockValue.byStoreroom.find((row) => row.storeroom._id === roomId)?.value).toBe(700);

    const operator = await t.app.inject({ url: '/api/analytics/costs', headers: t.team.operator.headers });
    expect(operator.statusCode).toBe(403);
    const wrong = await t.app.inject({
      url: '/api/analytics/costs?from=2026-05-01&to=2026-04-01',
      headers: by.headers,
    });
    expect(errorMessage(wrong)).toBe('querystring from: from must not be after to');
  });
});
