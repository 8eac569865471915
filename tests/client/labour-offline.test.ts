import { describe, expect, it } from 'vitest';
import { queueChange } from '#client/data/outbox/writes.ts';
import { labourChange, parseHours } from '#client/features/costs/labour-changes.ts';
import { localToday } from '#client/lib/money.ts';
import { workCost } from '#shared/schemas/costs.ts';
import { labourEntry } from '#shared/schemas/labour.ts';
import { machineInput } from '../server/helpers/app.ts';
import { useLiveDevice } from './helpers/device.ts';

const device = useLiveDevice('maintenance_engineer');
const { user } = device;

async function asAdmin<T>(method: 'POST' | 'PATCH', url: string, payload: object): Promise<T> {
  const response = await device.server.t.app.inject({ method, url, headers: device.admin.headers, payload });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json<T>();
}

describe('hours on a device', () => {
  it('reads hours as typed: more than 0, at most 24, at most 2 decimals', () => {
    expect([parseHours('1,5'), parseHours('0.25'), parseHours('24')]).toEqual([1.5, 0.25, 24]);
    expect([parseHours(''), parseHours('0'), parseHours('24.5'), parseHours('1.234')]).toEqual([
      null,
      null,
      null,
      null,
    ]);
  });

  it('records hours offline: they wait on the device, reach the server once through a lost answer, and the cost includes them', async () => {
    await asAdmin('PATCH', `/api/users/${device.account._id}`, { hourlyRate: 40 });
    const machine = await asAdmin<{ _id: string }>('POST', '/api/machines', machineInput());
    const ticket = await asAdmin<{ _id: string; ticketNumber: string }>('POST', '/api/tickets', {
      title: 'Gearbox leaks oil',
      description: 'Drip under the output shaft',
      machine: machine._id,
    });

    device.network.isDown = true;
    const change = labourChange(user(), ticket, {
      person: user(),
      hours: 2.5,
      workedOn: localToday(),
      note: 'Seal changed',
    });
    await queueChange(device.db, change);
    const waiting = await device.db.outbox.where('recordId').equals(ticket._id).toArray();
    expect(waiting.map((entry) => [entry.kind, entry.state])).toEqual([['labour', 'pending']]);
    await device.sendThroughALostAnswer(1);

    const entries = labourEntry.array().parse((await device.adminGet(`/api/labour?ticket=${ticket._id}`)).json());
    expect(entries.map((entry) => [entry._id, entry.hours, entry.rate])).toEqual([[change.id, 2.5, 40]]);
    const cost = workCost.parse((await device.adminGet(`/api/tickets/${ticket._id}/cost`)).json());
    expect(cost).toMatchObject({ labourTotal: 100, total: 100 });
    expect(cost.labour.map((line) => line._id)).toEqual([change.id]);
  });
});
