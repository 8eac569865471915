import { describe, expect, it } from 'vitest';
import { queueChange } from '#client/data/outbox/writes.ts';
import { pullParts } from '#client/data/sync/parts-store.ts';
import { issueAllChanges, releaseAllChanges } from '#client/features/parts/finish-work.ts';
import { reservationChange, stockMoveChange, type MoveInput } from '#client/features/parts/part-changes.ts';
import { reservedChange, withUse, workEntries, workPlan, type WorkTarget } from '#client/features/parts/work-plan.ts';
import { partDetail, partsForWork, type BinRef, type Part } from '#shared/schemas/part.ts';
import { useLiveDevice } from './helpers/device.ts';
import { partStores } from './helpers/part-stores.ts';

const device = useLiveDevice('maintenance_engineer');
const { user, replayer } = device;
const { post, stores, stockedPart } = partStores(device);

const onServer = async (id: string) => partDetail.parse((await device.adminGet(`/api/parts/${id}`)).json());
const shown = async (id: string) => (await device.db.parts.get(id))!;
const forWorkOnServer = async (work: WorkTarget) =>
  partsForWork.parse(
    (
      await device.adminGet(
        `/api/parts/for-work?${work.ticket ? `ticket=${work.ticket._id}` : `schedule=${work.schedule._id}`}`,
      )
    ).json(),
  );

/** The work's plan as the screens compute it: the server's last answer (none offline) and this device's entries. */
async function planOf(work: WorkTarget, online: boolean) {
  const server = online ? await forWorkOnServer(work) : undefined;
  return workPlan(server, workEntries(work, await device.db.outbox.toArray()), false);
}

/** Plans a part on this device, as the Plan part dialog does. */
async function plan(work: WorkTarget, part: Part, quantity: number, bin: BinRef | null, online = false) {
  const before = await planOf(work, online);
  const line = { _id: '', part, quantity, bin, byId: user()._id, pending: true };
  const change = reservationChange(user(), part, {
    quantity,
    bin,
    ticket: work.ticket ?? null,
    schedule: work.schedule ?? null,
    reservedChange: reservedChange(before, { ...before, planned: [...before.planned, line] }, part._id),
  });
  await queueChange(device.db, change);
  return change;
}

/** Issues or returns for the work on this device, as the Issue part and Return dialogs do. */
async function move(
  work: WorkTarget,
  part: Part,
  kind: 'issue' | 'return',
  quantity: number,
  bin: BinRef,
  online = false,
) {
  const before = await planOf(work, online);
  const after = withUse(before, part._id, bin, kind === 'issue' ? quantity : -quantity);
  const input: MoveInput = { kind, quantity, bin, ...work, reservedChange: reservedChange(before, after, part._id) };
  const change = stockMoveChange(user(), part, input);
  await queueChange(device.db, change);
  return change;
}

async function sendAll() {
  const replay = replayer();
  await replay.run();
  replay.stop();
  expect(await device.db.outbox.count()).toBe(0);
}

describe('parts on the work, on a device', () => {
  it('plans parts offline: the free stock drops at once, each plan reaches the server once through a lost answer', async () => {
    const plant = await stores();
    const part = await stockedPart(plant, 5);
    const work = { ticket: plant.ticket };
    await pullParts(device.db, device.network.transport);

    device.network.isDown = true;
    const inBin = await plan(work, await shown(part._id), 2, plant.bin);
    const anywhere = await plan(work, await shown(part._id), 1, null);
    expect(await shown(part._id)).toMatchObject({ onHand: 5, reserved: 3, free: 2, _pending: 2 });
    expect((await shown(part._id)).bins[0]).toMatchObject({ onHand: 5, reserved: 2, free: 3 });

    const replay = replayer();
    await replay.run();
    device.network.isDown = false;
    device.network.loseNextResponses = 1;
    await replay.reconnected();
    await replay.retryNow();
    replay.stop();
    expect(await device.db.outbox.count()).toBe(0);

    const planned = (await forWorkOnServer(work)).planned;
    expect(planned.map((line) => line._id)).toEqual([inBin.id, anywhere.id]);
    expect(await onServer(part._id)).toMatchObject({ onHand: 5, reserved: 3, free: 2 });
    expect(await shown(part._id)).toMatchObject({ onHand: 5, reserved: 3, free: 2, _pending: 0 });
  });

  it('an issue to the work consumes its plan on the device as the server does; a return holds it again', async () => {
    const plant = await stores();
    const part = await stockedPart(plant, 6);
    const work = { ticket: plant.ticket };
    await pullParts(device.db, device.network.transport);
    await plan(work, await shown(part._id), 3, plant.bin);
    await plan(work, await shown(part._id), 2, null);
    await sendAll();

    // Issues 2 from the planned bin and, once 2 are moved to the other bin, 2 from there (the plan without a
    // bin), offline: the plan is the server's last answer, read before going offline.
    device.network.isDown = true;
    await move(work, await shown(part._id), 'issue', 2, plant.bin, true);
    expect(await shown(part._id)).toMatchObject({ onHand: 4, reserved: 3, free: 1 });
    device.network.isDown = false;
    await sendAll();
    expect(await onServer(part._id)).toMatchObject({ onHand: 4, reserved: 3, free: 1 });

    await queueChange(
      device.db,
      stockMoveChange(user(), await shown(part._id), {
        kind: 'transfer',
        quantity: 2,
        bin: plant.bin,
        toBin: plant.otherBin,
      }),
    );
    const moved = await shown(part._id);
    expect(moved.bins.map((row) => [row.bin.code, row.onHand])).toEqual([
      ['A-01', 2],
      ['A-02', 2],
    ]);
    await move(work, moved, 'issue', 2, plant.otherBin, true);
    expect(await shown(part._id)).toMatchObject({ onHand: 2, reserved: 1, free: 1 });
    await move(work, await shown(part._id), 'return', 1, plant.bin, true);
    expect(await shown(part._id)).toMatchObject({ onHand: 3, reserved: 2, free: 1 });
    const onDevice = await shown(part._id);
    await sendAll();

    const server = await onServer(part._id);
    expect(server).toMatchObject({ onHand: 3, reserved: 2, free: 1 });
    expect(server.bins.map((row) => [row.bin.code, row.onHand, row.reserved])).toEqual([
      ['A-01', 3, 2],
      ['A-02', 0, 0],
    ]);
    expect(onDevice.bins.map((row) => [row.bin.code, row.onHand, row.reserved])).toEqual([
      ['A-01', 3, 2],
      ['A-02', 0, 0],
    ]);
    expect((await forWorkOnServer(work)).used.map((line) => [line.bin.code, line.quantity])).toEqual(
      expect.arrayContaining([
        ['A-01', 1],
        ['A-02', 2],
      ]),
    );
  });

  it('ending maintenance offline: Issue them takes each from its bin or the fullest, Release them frees the rest', async () => {
    const plant = await stores();
    const [bearing, seal] = [await stockedPart(plant, 4), await stockedPart(plant, 3)];
    const schedule = await post<{ _id: string; title: string }>('/api/maintenance', {
      title: 'Replace hydraulic filters',
      machine: plant.machine._id,
      scheduledDate: new Date(Date.now() + 86_400_000).toISOString(),
    });
    const work = { schedule: { _id: schedule._id, title: schedule.title } };
    await pullParts(device.db, device.network.transport);

    device.network.isDown = true;
    await plan(work, await shown(bearing._id), 2, null);
    await plan(work, await shown(seal._id), 1, plant.bin);
    expect(await shown(bearing._id)).toMatchObject({ reserved: 2, free: 2 });
    const parts = new Map([await shown(bearing._id), await shown(seal._id)].map((part) => [part._id, part]));
    const { changes, missing } = issueAllChanges(user(), work, await planOf(work, false), parts);
    expect(missing).toEqual([]);
    expect(changes.map((change) => [change.recordId, change.body.bin, change.body.quantity])).toEqual([
      [bearing._id, plant.bin._id, 2],
      [seal._id, plant.bin._id, 1],
    ]);
    for (const change of changes) await queueChange(device.db, change);
    expect(await shown(bearing._id)).toMatchObject({ onHand: 2, reserved: 0, free: 2 });
    expect(await shown(seal._id)).toMatchObject({ onHand: 2, reserved: 0, free: 2 });
    expect(releaseAllChanges(user(), work, await planOf(work, false))).toEqual([]);

    await plan(work, await shown(seal._id), 1, null);
    const releases = releaseAllChanges(user(), work, await planOf(work, false));
    expect(releases).toHaveLength(1);
    await queueChange(device.db, releases[0]!);
    expect(await shown(seal._id)).toMatchObject({ onHand: 2, reserved: 0, free: 2 });

    device.network.isDown = false;
    await sendAll();
    expect(await onServer(bearing._id)).toMatchObject({ onHand: 2, reserved: 0 });
    expect(await onServer(seal._id)).toMatchObject({ onHand: 2, reserved: 0 });
    const onServerWork = await forWorkOnServer(work);
    expect(onServerWork.planned).toHaveLength(2); // the bearing's and the seal's first: issued, not released
    expect(onServerWork.held).toEqual([]);
    expect(onServerWork.used.map((line) => line.quantity).sort()).toEqual([1, 2]);
  });
});
