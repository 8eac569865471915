import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { historyEntry } from '#shared/schemas/common.ts';
import { partPage, stockMove } from '#shared/schemas/part.ts';
import { registerUser, useTeamApp } from './helpers/app.ts';
import { errorMessage } from './helpers/json.ts';
import { partHelpers } from './helpers/parts.ts';

const t = useTeamApp();
const { send, storeWithBins, newPart, move, detail, onHand, ticketBy } = partHelpers(t);

describe('the stock ledger', () => {
  it('derives on hand per bin and in total from the moves, as computed by hand', async () => {
    const { roomId, a, b } = await storeWithBins();
    const item = await newPart({ minStock: 8 });
    const ticket = await ticketBy(t.team.engineer);
    const by = t.team.engineer;
    await move(by, { part: item._id, kind: 'receipt', quantity: 10, bin: a });
    await move(by, { part: item._id, kind: 'issue', quantity: 3, bin: a, ticket });
    await move(by, { part: item._id, kind: 'transfer', quantity: 2, bin: a, toBin: b });
    await move(by, { part: item._id, kind: 'return', quantity: 1, bin: b, ticket });
    // A holds 10 - 3 - 2 = 5; the count finds 4, a change of -1.
    const count = stockMove.parse(
      (await move(by, { part: item._id, kind: 'adjustment', quantity: 4, bin: a, reason: 'Cycle count' })).json(),
    );
    expect(count).toMatchObject({ kind: 'adjustment', quantity: 4, change: -1 });
    expect(await onHand(item._id)).toEqual({ [a]: 4, [b]: 3, total: 7 });

    const found = await detail(item._id);
    expect(found).toMatchObject({ reserved: 0, free: 7, discrepancy: false, belowMinimum: true });
    expect(found.moves.map((entry) => entry.kind)).toEqual(['adjustment', 'return', 'transfer', 'issue', 'receipt']);
    // The filter's SQL sum agrees with the figures.
    const below = partPage.parse(
      (
        await t.app.inject({
          url: `/api/parts?belowMinimum=true&search=${item.partNumber}`,
          headers: t.team.operator.headers,
        })
      ).json(),
    );
    expect(below.parts.map((entry) => entry._id)).toEqual([item._id]);
    const inRoom = async (room: string) =>
      partPage.parse(
        (
          await t.app.inject({
            url: `/api/parts?storeroom=${room}&search=${item.partNumber}`,
            headers: t.team.operator.headers,
          })
        ).json(),
      ).total;
    expect(await inRoom(roomId)).toBe(1);
    expect(await inRoom((await storeWithBins()).roomId)).toBe(0);
    const notBelow = await t.app.inject({
      url: `/api/parts?belowMinimum=false&search=${item.partNumber}`,
      headers: t.team.operator.headers,
    });
    expect(partPage.parse(notBelow.json()).total).toBe(0);
  });

  it('keeps three decimals exactly', async () => {
    const { a } = await storeWithBins();
    const hose = await newPart({ unit: 'm', name: 'Hydraulic hose 1/2" 2SN' });
    for (const quantity of [0.1, 0.2, 12.345]) {
      await move(t.team.engineer, { part: hose._id, kind: 'receipt', quantity, bin: a });
    }
    await move(t.team.engineer, {
      part: hose._id,
      kind: 'issue',
      quantity: 0.645,
      bin: a,
      ticket: await ticketBy(t.team.engineer),
    });
    expect(await onHand(hose._id)).toEqual({ [a]: 12, total: 12 });
  });

  it('applies a move once: the same _id again, even at the same time, changes nothing', async () => {
    const { a } = await storeWithBins();
    const item = await newPart();
    const payload = { _id: randomUUID(), part: item._id, kind: 'receipt', quantity: 5, bin: a };
    const first = await send(t.team.engineer, 'POST', '/api/stock-moves', payload);
    expect(first.statusCode, first.body).toBe(201);
    const again = await send(t.team.engineer, 'POST', '/api/stock-moves', payload);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());

    const concurrent = { ...payload, _id: randomUUID() };
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => send(t.team.engineer, 'POST', '/api/stock-moves', concurrent)),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(await onHand(item._id)).toEqual({ [a]: 10, total: 10 });
    expect((await detail(item._id)).moves).toHaveLength(2);

    const stolen = await send(t.team.admin, 'POST', '/api/stock-moves', payload);
    expect(stolen.statusCode).toBe(409);
    expect(errorMessage(stolen)).toBe('A stock move with this _id was already created by another user');
  });

  it('lets two offline issues of the last one take the stock negative, and a count resolves it', async () => {
    const { a, b } = await storeWithBins();
    const item = await newPart();
    await move(t.team.engineer, { part: item._id, kind: 'receipt', quantity: 1, bin: a });
    await move(t.team.engineer, { part: item._id, kind: 'receipt', quantity: 3, bin: b });
    const [first, second] = [t.team.operator, await registerUser(t.app, 'operator')];
    const clientTime = new Date(Date.now() - 3_600_000).toISOString();
    for (const by of [first, second]) {
      const ticket = await ticketBy(by);
      await move(by, { part: item._id, kind: 'issue', quantity: 1, bin: a, ticket }, 201, {
        'x-client-time': clientTime,
      });
    }
    const short = await detail(item._id);
    expect(short).toMatchObject({ onHand: 2, discrepancy: true });
    expect(short.bins.map((entry) => [entry.bin.code, entry.onHand, entry.discrepancy])).toEqual([
      ['A-01', -1, true],
      ['B-01', 3, false],
    ]);
    // The device's time is the move's time: the offline issues sort before the later receipt.
    expect(short.moves.map((entry) => entry.kind)).toEqual(['receipt', 'receipt', 'issue', 'issue']);
    expect(short.moves[2]).toMatchObject({ clientTime, movedAt: clientTime });

    const count = await move(t.team.engineer, {
      part: item._id,
      kind: 'adjustment',
      quantity: 0,
      bin: a,
      reason: 'Counted: bin empty',
    });
    expect(stockMove.parse(count.json()).change).toBe(1);
    const resolved = await detail(item._id);
    expect(resolved).toMatchObject({ onHand: 3, discrepancy: false });
    expect(resolved.bins.map((entry) => [entry.bin.code, entry.onHand])).toEqual([
      ['A-01', 0],
      ['B-01', 3],
    ]);
  });

  it('writes the part and every move in its history', async () => {
    const { a } = await storeWithBins();
    const item = await newPart();
    const moved = stockMove.parse(
      (await move(t.team.engineer, { part: item._id, kind: 'receipt', quantity: 4, bin: a })).json(),
    );
    const edited = await send(
      t.team.engineer,
      'PATCH',
      `/api/parts/${item._id}`,
      { minStock: 3 },
      { 'if-match': '"1"' },
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ minStock: 3, version: 3, overwritten: [] });
    const response = await t.app.inject({ url: `/api/parts/${item._id}/history`, headers: t.team.operator.headers });
    const entries = historyEntry.array().parse(response.json());
    expect(entries.filter((entry) => entry.version === 1).map((entry) => entry.field)).toContain('created');
    expect(entries.find((entry) => entry.field === 'move')).toMatchObject({
      version: 2,
      newValue: { _id: moved._id, kind: 'receipt', quantity: 4, bin: a },
      changedBy: { _id: t.team.engineer._id },
    });
    expect(entries.findLast((entry) => entry.field === 'minStock')).toMatchObject({
      version: 3,
      oldValue: 2,
      newValue: 3,
    });
  });
});

describe('reservations', () => {
  it('holds planned parts out of the free stock until issued, released or the work is finished', async () => {
    const { a, b } = await storeWithBins();
    const item = await newPart();
    await move(t.team.engineer, { part: item._id, kind: 'receipt', quantity: 6, bin: a });
    await move(t.team.engineer, { part: item._id, kind: 'receipt', quantity: 4, bin: b });
    const ticket = await ticketBy(t.team.operator);
    const reserve = (payload: object, expected = 201) =>
      send(t.team.operator, 'POST', '/api/parts/reservations', {
        _id: randomUUID(),
        part: item._id,
        ticket,
        ...payload,
      }).then((response) => {
        expect(response.statusCode, response.body).toBe(expected);
        return response.json<{ _id: string }>();
      });
    await reserve({ quantity: 3, bin: a });
    const anywhere = await reserve({ quantity: 2 });
    let found = await detail(item._id);
    expect(found).toMatchObject({ onHand: 10, reserved: 5, free: 5 });
    expect(found.bins.map((entry) => [entry.bin.code, entry.reserved, entry.free])).toEqual([
      ['A-01', 3, 3],
      ['B-01', 0, 4],
    ]);

    // 2 issued from A use A's plan; 2 from B, which the plan does not name, use the plan held anywhere.
    await move(t.team.operator, { part: item._id, kind: 'issue', quantity: 2, bin: a, ticket });
    await move(t.team.operator, { part: item._id, kind: 'issue', quantity: 2, bin: b, ticket });
    found = await detail(item._id);
    expect(found).toMatchObject({ onHand: 6, reserved: 1, free: 5 });
    const forWork = await t.app.inject({
      url: `/api/parts/for-work?ticket=${ticket}`,
      headers: t.team.operator.headers,
    });
    expect(forWork.statusCode, forWork.body).toBe(200);
    const work = forWork.json<{
      planned: unknown[];
      held: { bin: { code: string } | null; quantity: number }[];
      used: { bin: { code: string }; quantity: number }[];
    }>();
    expect(work.planned).toHaveLength(2);
    expect(work.held.map((entry) => [entry.bin?.code ?? null, entry.quantity])).toEqual([['A-01', 1]]);
    expect(work.used.map((entry) => [entry.bin.code, entry.quantity]).sort()).toEqual([
      ['A-01', 2],
      ['B-01', 2],
    ]);

    const released = await send(t.team.operator, 'DELETE', `/api/parts/reservations/${anywhere._id}`);
    expect(released.statusCode, released.body).toBe(200);
    // The plan held anywhere is 4 now, less the 2 already issued from B: 1 in A and 2 anywhere.
    await reserve({ quantity: 4 });
    expect(await detail(item._id)).toMatchObject({ reserved: 3, free: 3 });

    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/tickets/${ticket}`,
      headers: t.team.engineer.headers,
      payload: { status: 'Resolved' },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(await detail(item._id)).toMatchObject({ onHand: 6, reserved: 0, free: 6 });
  });
});

describe('who may move stock', () => {
  it('lets an operator issue to their own work only, and keeps receipts, transfers and counts to engineers and admins', async () => {
    const { a, b } = await storeWithBins();
    const item = await newPart();
    await move(t.team.admin, { part: item._id, kind: 'receipt', quantity: 5, bin: a });
    const own = await ticketBy(t.team.operator);
    const others = await ticketBy(t.team.engineer);
    await move(t.team.operator, { part: item._id, kind: 'issue', quantity: 1, bin: a, ticket: own });
    await move(t.team.operator, { part: item._id, kind: 'return', quantity: 1, bin: a, ticket: own });
    const refused = await move(
      t.team.operator,
      { part: item._id, kind: 'issue', quantity: 1, bin: a, ticket: others },
      403,
    );
    expect(errorMessage(refused)).toMatch(
      /^The Operator role may issue parts only for tickets they reported or are assigned to and maintenance assigned to them: TKT-\d{6} is not theirs$/,
    );
    for (const payload of [
      { kind: 'receipt', quantity: 1, bin: a },
      { kind: 'transfer', quantity: 1, bin: a, toBin: b },
      { kind: 'adjustment', quantity: 1, bin: a, reason: 'count' },
      { kind: 'return', quantity: 1, bin: a },
    ]) {
      const denied = await move(t.team.operator, { part: item._id, ...payload }, 403);
      expect(errorMessage(denied)).toBe(
        'The Operator role may not manage parts and stores: parts, storerooms, bins, receipts, transfers and counts.',
      );
    }
    const create = await send(t.team.operator, 'POST', '/api/parts', { partNumber: 'X-1', name: 'x', unit: 'each' });
    expect(create.statusCode).toBe(403);
    const room = await send(t.team.safety, 'POST', '/api/storerooms', { name: 'Mine' });
    expect(room.statusCode).toBe(403);
    expect(await onHand(item._id)).toEqual({ [a]: 5, total: 5 });
  });
});

describe('validation', () => {
  it('names what is wrong', async () => {
    const { a } = await storeWithBins();
    const item = await newPart();
    const ticket = await ticketBy(t.team.engineer);
    const cases: [object, string][] = [
      [{ kind: 'receipt', quantity: 0, bin: a }, 'quantity: quantity must be more than 0'],
      [{ kind: 'receipt', quantity: -1, bin: a }, 'quantity: quantity must not be negative'],
      [{ kind: 'receipt', quantity: 1.2345, bin: a }, 'quantity: quantity has at most 3 decimals'],
      [{ kind: 'receipt', quantity: '2', bin: a }, 'quantity: quantity must be a number'],
      [{ kind: 'transfer', quantity: 1, bin: a }, 'toBin: toBin is required for a transfer'],
      [{ kind: 'transfer', quantity: 1, bin: a, toBin: a }, 'toBin: toBin must be another bin than bin'],
      [{ kind: 'receipt', quantity: 1, bin: a, toBin: randomUUID() }, 'toBin: toBin belongs to a transfer only'],
      [{ kind: 'adjustment', quantity: 1, bin: a }, 'reason: reason is required for a count adjustment'],
      [
        { kind: 'issue', quantity: 1, bin: a },
        'ticket: an issue is to a ticket or a schedule: give ticket or schedule',
      ],
      [
        { kind: 'receipt', quantity: 1, bin: a, ticket },
        'ticket: only an issue or a return names a ticket or schedule',
      ],
      [
        { kind: 'loan', quantity: 1, bin: a },
        'kind: kind must be one of: receipt, issue, return, transfer, adjustment',
      ],
      [{ kind: 'receipt', quantity: 1, bin: randomUUID() }, 'bin: no bin with this _id'],
      [{ kind: 'issue', quantity: 1, bin: a, ticket: randomUUID() }, 'ticket: no ticket with this _id'],
    ];
    for (const [payload, message] of cases) {
      const response = await move(t.team.engineer, { part: item._id, ...payload }, 400);
      expect(errorMessage(response), JSON.stringify(payload)).toBe(message);
    }
    const unknownPart = await move(t.team.engineer, { part: randomUUID(), kind: 'receipt', quantity: 1, bin: a }, 400);
    expect(errorMessage(unknownPart)).toBe('part: no part with this _id');

    const partCases: [object, number, string][] = [
      [
        { partNumber: 'P-1', name: 'x', unit: 'each', minStock: 5, maxStock: 2 },
        400,
        'minStock: minStock must not be more than maxStock',
      ],
      [
        { partNumber: 'P-1', name: 'x', unit: 'crate' },
        400,
        'unit: unit must be one of: each, pair, set, box, roll, m, kg, l',
      ],
      [
        { partNumber: 'P-1', name: 'x', unit: 'each', unitCost: 1.234 },
        400,
        'unitCost: unitCost has at most 2 decimals',
      ],
      [
        { partNumber: item.partNumber, name: 'x', unit: 'each' },
        409,
        `partNumber ${item.partNumber} is already used by another part`,
      ],
      [{ partNumber: 'P-2', name: 'x', unit: 'each', machines: [randomUUID()] }, 400, 'machines: no machine with _id'],
      [
        { partNumber: 'P-3', name: 'x', unit: 'each', photo: randomUUID() },
        400,
        'photo: no uploaded file with this _id',
      ],
    ];
    for (const [payload, status, message] of partCases) {
      const response = await send(t.team.engineer, 'POST', '/api/parts', payload);
      expect(response.statusCode, response.body).toBe(status);
      expect(errorMessage(response)).toContain(message);
    }
    const patched = await send(t.team.engineer, 'PATCH', `/api/parts/${item._id}`, { minStock: 50 });
    expect(errorMessage(patched)).toBe('minStock (50) must not be more than maxStock (20)');
    const reservation = await send(t.team.engineer, 'POST', '/api/parts/reservations', {
      _id: randomUUID(),
      part: item._id,
      quantity: 1,
    });
    expect(errorMessage(reservation)).toBe(
      'ticket: a reservation is for one ticket or one schedule: give exactly one of ticket or schedule',
    );
    const bin = await send(t.team.engineer, 'POST', `/api/storerooms/${randomUUID()}/bins`, { code: 'Z' });
    expect(bin.statusCode).toBe(404);
  });
});

describe('exports', () => {
  it('writes the stock per part and bin, and the moves with their filters, as CSV', async () => {
    const { a, b } = await storeWithBins();
    const item = await newPart({ name: 'V-belt SPB 2000' });
    const unstocked = await newPart({ name: 'Thermocouple type K 1 m' });
    await move(t.team.engineer, { part: item._id, kind: 'receipt', quantity: 4, bin: a });
    await move(t.team.engineer, { part: item._id, kind: 'transfer', quantity: 1, bin: a, toBin: b });
    const stock = await t.app.inject({ url: '/api/parts/export?search=', headers: t.team.operator.headers });
    expect(stock.statusCode, stock.body).toBe(200);
    expect(stock.headers['content-type']).toContain('text/csv');
    const lines = stock.body.split('\r\n');
    expect(lines[0]).toMatch(/^Part Number,Name,Unit,Storeroom,Bin,On Hand,Reserved,Free,/);
    expect(lines.filter((line) => line.startsWith(item.partNumber)).map((line) => line.split(',').slice(4, 6))).toEqual(
      [
        ['A-01', '3'],
        ['B-01', '1'],
      ],
    );
    expect(lines.filter((line) => line.startsWith(unstocked.partNumber)).map((line) => line.split(',')[4])).toEqual([
      '',
    ]);

    const moves = await t.app.inject({
      url: `/api/stock-moves/export?part=${item._id}`,
      headers: t.team.operator.headers,
    });
    const moveLines = moves.body.trim().split('\r\n');
    expect(moveLines[0]).toMatch(/^Moved At,Kind,Part Number,/);
    expect(moveLines.slice(1).map((line) => line.split(',')[1])).toEqual(['Transfer', 'Receipt']);
    const future = new Date(Date.now() + 60_000).toISOString();
    const none = await t.app.inject({
      url: `/api/stock-moves/export?part=${item._id}&from=${future}`,
      headers: t.team.operator.headers,
    });
    expect(none.body.trim().split('\r\n')).toHaveLength(1);
    const bad = await t.app.inject({ url: '/api/stock-moves/export?from=yesterday', headers: t.team.operator.headers });
    expect(bad.statusCode).toBe(400);
    expect(errorMessage(bad)).toBe(
      'querystring from: from must be an ISO date-time between 1970-01-01 and 9999-12-31 (UTC)',
    );
  });
});
