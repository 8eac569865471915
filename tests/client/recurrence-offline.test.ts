import { describe, expect, it } from 'vitest';
import type { Machine } from '#shared/schemas/machine.ts';
import type { Reading } from '#shared/schemas/reading.ts';
import type { Schedule } from '#shared/schemas/schedule.ts';
import type { SyncEntity } from '#shared/schemas/sync.ts';
import { tableFor, refreshRecord } from '#client/data/store/local-records.ts';
import { queueChange } from '#client/data/outbox/writes.ts';
import { readingChange } from '#client/features/machines/machine-changes.ts';
import { calendarItems } from '#client/features/maintenance/planned-occurrences.ts';
import {
  createScheduleChange,
  scheduleStatusChange,
  successorChange,
} from '#client/features/maintenance/schedule-changes.ts';
import { validateScheduleForm, emptyScheduleForm } from '#client/features/maintenance/schedule-form.ts';
import { useLiveDevice } from './helpers/device.ts';

const device = useLiveDevice('maintenance_engineer');
const { user, replayer } = device;

/** What a pull would store: the server's copy of a record. */
async function store(entity: SyncEntity, record: { _id: string }) {
  await device.db.transaction('rw', [tableFor(device.db, entity), device.db.outbox], () =>
    refreshRecord(device.db, entity, record._id, record),
  );
}

async function seriesOnServer(seriesId: string): Promise<Schedule[]> {
  const all: Schedule[] = await (await device.adminGet('/api/maintenance')).json();
  return all.filter((schedule) => schedule.seriesId === seriesId);
}

describe('recurring maintenance on a device', () => {
  it('shows the next occurrence at once when one is completed offline, and the server holds it once', async () => {
    const machine = await device.server.createMachine(device.admin);
    const { input } = validateScheduleForm({
      ...emptyScheduleForm,
      title: 'Inspect crane hooks',
      machine: machine._id,
      scheduledDate: '2030-01-07T07:00',
      repeat: 'week',
      repeatEvery: '2',
    });
    expect(input!.recurrence).toEqual({ every: 2, unit: 'week' });
    const create = createScheduleChange(user(), input!, { machine, assignee: null });
    await queueChange(device.db, create);
    await replayer().run();
    const first = (await device.db.schedules.get(create.recordId))!;
    expect(first).toMatchObject({ seriesId: first._id, recurrence: { every: 2, unit: 'week' }, _pending: 0 });

    device.network.isDown = true;
    await queueChange(device.db, scheduleStatusChange(user(), first, 'Completed'));
    const next = successorChange(user(), first, 0)!;
    await queueChange(device.db, next);
    const shown = (await device.db.schedules.get(next.recordId))!;
    const twoWeeksOn = new Date(new Date(first.scheduledDate).getTime() + 14 * 86_400_000).toISOString();
    expect(shown).toMatchObject({ scheduledDate: twoWeeksOn, status: 'Scheduled', seriesId: first._id, _pending: 1 });
    // The calendar plans the series on from the new occurrence (ghosts), not from the completed one.
    const planned = calendarItems(await device.db.schedules.toArray(), new Date('2030-01-01T00:00:00Z'));
    expect(planned.filter((item) => item.plannedFrom).map((item) => item.plannedFrom)).toEqual(
      expect.arrayContaining([next.recordId]),
    );
    expect(planned.some((item) => item.plannedFrom === first._id)).toBe(false);

    device.network.isDown = false;
    await replayer().run();
    expect(await device.db.outbox.count()).toBe(0);
    const onServer = await seriesOnServer(first._id);
    expect(onServer.map((item) => [item._id, item.status])).toEqual([
      [first._id, 'Completed'],
      [next.recordId, 'Scheduled'],
    ]);
  });

  it('records hour-meter readings offline; the machine shows the highest and the server gets each once', async () => {
    const created = await device.server.createMachine(device.admin);
    const machine: Machine = await (await device.adminGet(`/api/machines/${created._id}`)).json();
    await store('machine', machine);
    device.network.isDown = true;
    await queueChange(device.db, readingChange(user(), machine, 120));
    await queueChange(device.db, readingChange(user(), machine, 150));
    expect((await device.db.machines.get(machine._id))!.operatingHours).toBe(150);
    device.network.isDown = false;
    await replayer().run();
    expect(await device.db.outbox.count()).toBe(0);
    const readings: Reading[] = await (await device.adminGet(`/api/machines/${machine._id}/readings`)).json();
    expect(readings.map((reading) => reading.hours)).toEqual([150, 120]);
    expect((await device.db.machines.get(machine._id))!.operatingHours).toBe(150);
  });
});
