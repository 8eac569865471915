import { Dexie } from 'dexie';
import { describe, expect, it } from 'vitest';
import { machineCreate, type Machine } from '#shared/schemas/machine.ts';
import type { IsolationPoint } from '#shared/isolation.ts';
import { LocalDatabase } from '#client/data/store/db.ts';
import { queueChange } from '#client/data/outbox/writes.ts';
import { createMachineChange, isolationPointsChange } from '#client/features/machines/machine-changes.ts';
import {
  checkIsolationPoint,
  emptyIsolationPoint,
  withoutPoint,
  withPoint,
} from '#client/features/machines/isolation-point-form.ts';
import { useLiveDevice } from './helpers/device.ts';

const device = useLiveDevice('maintenance_engineer');
const { user, replayer } = device;

const point = (location: string, kind: IsolationPoint['kind'] = 'electrical'): IsolationPoint => ({
  ...emptyIsolationPoint(),
  kind,
  location,
  isolate: 'Lock the breaker open, apply padlock and tag',
  verify: 'Press start at the local station: drive must not turn',
});

async function machineOnDevice(): Promise<Machine> {
  const input = machineCreate.parse({
    name: 'Cold Rolling Mill CM-3',
    machineId: `RM-CM-${crypto.randomUUID().slice(0, 6)}`,
    department: 'Rolling Mill',
    location: 'Cold Mill Hall',
    model: 'CVC plus 6-Hi',
    manufacturer: 'SMS group',
    installationDate: '2020-02-01',
  });
  const create = createMachineChange(user(), input);
  await queueChange(device.db, create);
  await replayer().run();
  return (await device.db.machines.get(create.recordId))!;
}

describe('isolation points edited on the device', () => {
  it('shows points added and edited offline at once, and the server stores them once', async () => {
    const machine = await machineOnDevice();
    expect(machine.isolationPoints).toEqual([]);
    device.network.isDown = true;

    const breaker = point('Main drive breaker MCC-3 cubicle 12');
    const add = isolationPointsChange(
      user(),
      machine,
      withPoint(machine.isolationPoints, breaker),
      'Isolation point added',
    );
    expect(add).toMatchObject({
      method: 'PUT',
      url: `/machines/${machine._id}`,
      body: { isolationPoints: [breaker] },
      label: `Isolation point added on Cold Rolling Mill CM-3 (${machine.machineId})`,
    });
    await queueChange(device.db, add);
    const shown = (await device.db.machines.get(machine._id))!;
    expect(shown).toMatchObject({ isolationPoints: [breaker], _pending: 1 });

    // A second change starts from the list as the device shows it.
    const pumps = point('Roll gap hydraulic unit, basement pump room', 'hydraulic');
    const edited = { ...breaker, verify: 'Try the start button: nothing turns; test the detector first' };
    const next = withPoint(withPoint(shown.isolationPoints, pumps), edited);
    await queueChange(device.db, isolationPointsChange(user(), shown, next, 'Isolation point edited'));
    expect(await device.db.machines.get(machine._id)).toMatchObject({ isolationPoints: [edited, pumps], _pending: 2 });

    device.network.isDown = false;
    device.network.loseNextResponses = 1;
    const replay = replayer();
    await replay.run();
    await replay.retryNow();
    expect(await device.db.outbox.count()).toBe(0);
    const stored = (await device.adminGet(`/api/machines/${machine._id}`)).json<Machine>();
    expect(stored).toMatchObject({ isolationPoints: [edited, pumps], version: machine.version + 2 });
    expect(await device.db.machines.get(machine._id)).toMatchObject({ isolationPoints: [edited, pumps], _pending: 0 });

    await queueChange(
      device.db,
      isolationPointsChange(user(), stored, withoutPoint(stored.isolationPoints, pumps._id), 'Isolation point removed'),
    );
    await replayer().run();
    expect((await device.adminGet(`/api/machines/${machine._id}`)).json<Machine>().isolationPoints).toEqual([edited]);
  });

  it('names each field the form refuses, as the server would', () => {
    expect(checkIsolationPoint({ ...point(' '), verify: '' }).errors).toEqual({
      location: 'Point location is required',
      verify: 'How to verify zero energy is required',
    });
    expect(checkIsolationPoint(point(' Hydraulic unit ')).point?.location).toBe('Hydraulic unit');
  });

  it('reads machines stored before isolation points existed with none', async () => {
    const name = `test-${crypto.randomUUID()}`;
    const before = new Dexie(name);
    before
      .version(11)
      .stores({ machines: '_id, name, machineId, department, status', outbox: '++seq, &id, userId, recordId, state' });
    await before.table('machines').put({ _id: 'old-machine', name: 'Saw', _pending: 0 });
    before.close();
    const db = new LocalDatabase(name);
    expect(await db.machines.get('old-machine')).toMatchObject({
      isolationPoints: [],
      _server: { isolationPoints: [] },
    });
    db.close();
  });
});
