import { describe, expect, it } from 'vitest';
import { handover, type Handover } from '#shared/schemas/handover.ts';
import { currentShift, defaultPlan, shiftAt } from '#shared/shifts.ts';
import { queueChange } from '#client/data/outbox/writes.ts';
import { acknowledgeChange, emptyContents, handOverChange } from '#client/features/handovers/handover-changes.ts';
import { storeHandovers } from '#client/features/handovers/use-handovers.ts';
import { useLiveDevice } from './helpers/device.ts';

const device = useLiveDevice('operator');
const { user, replayer } = device;

/** A handover of `department` for the shift before the current one, written by the admin on the server. */
async function writtenByAdmin(department: string): Promise<Handover> {
  const previous = shiftAt(new Date(currentShift(new Date(), defaultPlan).start.getTime() - 1), defaultPlan)!;
  const response = await device.server.t.app.inject({
    method: 'POST',
    url: '/api/handovers',
    headers: device.admin.headers,
    payload: { department, shiftStart: previous.start.toISOString(), notes: 'Furnace 2 door sticks' },
  });
  return handover.parse(response.json());
}

describe('shift handovers on a device', () => {
  it('writes a handover offline, shows it pending with the last list read, and sends it once', async () => {
    const shift = currentShift(new Date(), defaultPlan);
    device.network.isDown = true;
    const change = handOverChange(user(), 'Casting', shift, 'Saw blade changed', emptyContents);
    await queueChange(device.db, change);
    const pending = (await device.db.handovers.get(change.recordId))!;
    expect(pending).toMatchObject({ _pending: 1, _server: null, notes: 'Saw blade changed', acknowledgedAt: null });

    device.network.isDown = false;
    device.network.loseNextResponses = 1;
    const replay = replayer();
    await replay.run();
    await replay.retryNow();
    expect(await device.db.outbox.count()).toBe(0);
    const confirmed = (await device.db.handovers.get(change.recordId))!;
    expect(confirmed).toMatchObject({ _pending: 0, version: 1, shiftStart: shift.start.toISOString() });
    const onServer: Handover[] = await (await device.adminGet('/api/handovers?department=Casting')).json();
    expect(onServer.map((row) => row._id)).toEqual([change.recordId]);
  });

  it('acknowledges offline on top of the stored log; the first acknowledgment stands', async () => {
    const written = await writtenByAdmin('Smelting');
    await storeHandovers(device.db, 'Smelting', [written]);
    device.network.isDown = true;
    await queueChange(device.db, acknowledgeChange(user(), written));
    expect(await device.db.handovers.get(written._id)).toMatchObject({
      _pending: 1,
      acknowledgedBy: { _id: device.account._id },
    });

    // Meanwhile the log read again shows someone else acknowledged it first: that stays on screen.
    const other = {
      ...written,
      acknowledgedBy: { _id: device.admin._id, name: 'Admin' },
      acknowledgedAt: written.writtenAt,
      version: 2,
    };
    await storeHandovers(device.db, 'Smelting', [other]);
    expect((await device.db.handovers.get(written._id))!.acknowledgedBy?._id).toBe(device.admin._id);

    device.network.isDown = false;
    await replayer().run();
    expect(await device.db.outbox.count()).toBe(0);
    const stored = (await device.db.handovers.get(written._id))!;
    expect(stored).toMatchObject({ _pending: 0, acknowledgedBy: { _id: device.account._id } });
  });

  it('stores the log read again only where it changed', async () => {
    const written = await writtenByAdmin('Rolling Mill');
    await storeHandovers(device.db, 'Rolling Mill', [written]);
    const writes: string[] = [];
    device.db.handovers.hook('creating', (id) => void writes.push(String(id)));
    device.db.handovers.hook('updating', (_changes, id) => void writes.push(String(id)));
    await storeHandovers(device.db, 'Rolling Mill', [written]);
    expect(writes).toEqual([]);
    await storeHandovers(device.db, 'Rolling Mill', [{ ...written, notes: 'Coiler guard fixed', version: 2 }]);
    expect(writes).toEqual([written._id]);
    expect((await device.db.handovers.get(written._id))!.notes).toBe('Coiler guard fixed');
  });
});
