import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { part, partDetail, storeroom, type PartDetail } from '#shared/schemas/part.ts';
import { addMachine, type Account, type TestApp, type Team } from './app.ts';

/** Storerooms, parts and stock moves through the API, for the tests of one file's app. */
export function partHelpers(t: TestApp & { team: Team }) {
  function send(by: Account, method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, headers = {}) {
    return t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: { ...by.headers, ...headers } });
  }

  /** A storeroom with bins A and B; answers their ids. */
  async function storeWithBins() {
    const room = await send(t.team.engineer, 'POST', '/api/storerooms', { name: `Stores ${randomUUID().slice(0, 8)}` });
    expect(room.statusCode, room.body).toBe(201);
    const roomId = storeroom.parse(room.json())._id;
    const ids: string[] = [];
    for (const code of ['A-01', 'B-01']) {
      const added = await send(t.team.engineer, 'POST', `/api/storerooms/${roomId}/bins`, { code });
      expect(added.statusCode, added.body).toBe(201);
      ids.push(storeroom.parse(added.json()).bins.find((item) => item.code === code)!._id);
    }
    return { roomId, a: ids[0]!, b: ids[1]! };
  }

  async function newPart(overrides: object = {}) {
    const response = await send(t.team.engineer, 'POST', '/api/parts', {
      partNumber: `BRG-${randomUUID().slice(0, 8)}`,
      name: 'Deep groove ball bearing 6205-2RS',
      unit: 'each',
      unitCost: 12.5,
      minStock: 2,
      maxStock: 20,
      ...overrides,
    });
    expect(response.statusCode, response.body).toBe(201);
    return part.parse(response.json());
  }

  async function move(by: Account, payload: object, expected = 201, headers = {}) {
    const response = await send(by, 'POST', '/api/stock-moves', { _id: randomUUID(), ...payload }, headers);
    expect(response.statusCode, response.body).toBe(expected);
    return response;
  }

  async function detail(partId: string): Promise<PartDetail> {
    const response = await t.app.inject({ url: `/api/parts/${partId}`, headers: t.team.operator.headers });
    expect(response.statusCode, response.body).toBe(200);
    return partDetail.parse(response.json());
  }

  /** On hand per bin id, and the total. */
  async function onHand(partId: string) {
    const found = await detail(partId);
    return { ...Object.fromEntries(found.bins.map((item) => [item.bin._id, item.onHand])), total: found.onHand };
  }

  /** A ticket reported by `by` (an operator reports their own). */
  let machine: string | undefined;
  async function ticketBy(by: Account) {
    machine ??= await addMachine(t);
    const response = await send(by, 'POST', '/api/tickets', {
      machine,
      title: 'Conveyor drive stops at random',
      description: 'The PLC drops the drive enable',
      priority: 'Medium',
      // Software needs no failure codes to be resolved.
      category: 'Software',
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ _id: string }>()._id;
  }

  return { send, storeWithBins, newPart, move, detail, onHand, ticketBy };
}
