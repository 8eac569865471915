import { describe, expect, it } from 'vitest';
import { LocalDatabase } from '#client/data/store/db.ts';
import { queueChange } from '#client/data/outbox/writes.ts';
import { pullParts, storeParts } from '#client/data/sync/parts-store.ts';
import { mayUsePartsFor } from '#shared/permissions.ts';
import { fullestBin, stockMoveChange } from '#client/features/parts/part-changes.ts';
import { partDetail, type PartDetail } from '#shared/schemas/part.ts';
import { useLiveDevice } from './helpers/device.ts';
import { partStores } from './helpers/part-stores.ts';

const device = useLiveDevice('maintenance_engineer');
const { user, replayer } = device;

const { stores, stockedPart } = partStores(device);

const onServer = async (id: string): Promise<PartDetail> =>
  partDetail.parse((await device.adminGet(`/api/parts/${id}`)).json());
const shown = async (id: string, db = device.db) => (await db.parts.get(id))!;

describe('parts on a device', () => {
  it('lets an operator issue only to tickets they reported or are assigned (the rule the server applies)', () => {
    const operator = { _id: crypto.randomUUID(), role: 'operator' as const };
    expect(mayUsePartsFor(operator, [operator._id, null])).toBe(true);
    expect(mayUsePartsFor(operator, [crypto.randomUUID(), null])).toBe(false);
    expect(mayUsePartsFor({ ...operator, role: 'maintenance_engineer' }, [null, null])).toBe(true);
  });

  it('issues two parts offline: the stock shows at once, each move reaches the server once through a lost answer', async () => {
    const plant = await stores();
    const [bearing, seal] = [await stockedPart(plant, 5), await stockedPart(plant, 2)];
    await pullParts(device.db, device.network.transport);
    expect(await shown(bearing._id)).toMatchObject({ onHand: 5, free: 5, _pending: 0 });

    device.network.isDown = true;
    const first = stockMoveChange(user(), await shown(bearing._id), {
      kind: 'issue',
      quantity: 2,
      bin: fullestBin(await shown(bearing._id))!,
      ticket: plant.ticket,
    });
    await queueChange(device.db, first);
    await queueChange(
      device.db,
      stockMoveChange(user(), await shown(seal._id), {
        kind: 'issue',
        quantity: 0.5,
        bin: plant.bin,
        ticket: plant.ticket,
      }),
    );
    expect(await shown(bearing._id)).toMatchObject({ onHand: 3, free: 3, _pending: 1, discrepancy: false });
    expect((await shown(bearing._id)).bins[0]).toMatchObject({ onHand: 3, free: 3 });
    expect(await shown(seal._id)).toMatchObject({ onHand: 1.5, _pending: 1 });
    // A list read while the moves wait keeps them on top of the server's figures.
    await storeParts(device.db, [await onServer(bearing._id)]);
    expect(await shown(bearing._id)).toMatchObject({ onHand: 3, _pending: 1 });
    await device.sendThroughALostAnswer(2);

    const bearingOnServer = await onServer(bearing._id);
    expect(bearingOnServer.moves.filter((move) => move.kind === 'issue').map((move) => move._id)).toEqual([first.id]);
    expect(bearingOnServer).toMatchObject({ onHand: 3 });
    expect((await onServer(seal._id)).moves.filter((move) => move.kind === 'issue')).toHaveLength(1);
    expect(await shown(bearing._id)).toMatchObject({ onHand: 3, _pending: 0, version: bearingOnServer.version });
    expect(await shown(seal._id)).toMatchObject({ onHand: 1.5, _pending: 0 });
  });

  it('writes again only what changed in the catalogue, which comes whole after every pull', async () => {
    const plant = await stores();
    await stockedPart(plant, 5);
    await pullParts(device.db, device.network.transport);
    const written: string[] = [];
    device.db.parts.hook('creating', (id) => void written.push(String(id)));
    device.db.parts.hook('updating', (_changes, id) => void written.push(String(id)));

    await pullParts(device.db, device.network.transport);
    expect(written).toEqual([]);
    const added = await stockedPart(plant, 2);
    await pullParts(device.db, device.network.transport);
    expect(written).toEqual([added._id]);
  });

  it('two devices issue the last one: the server goes negative with a discrepancy, refuses nothing, and a count resolves it', async () => {
    const plant = await stores();
    const part = await stockedPart(plant, 1);
    const other = new LocalDatabase(`test-${crypto.randomUUID()}`);
    await pullParts(device.db, device.network.transport);
    await pullParts(other, device.network.transport);

    device.network.isDown = true;
    for (const db of [device.db, other]) {
      await queueChange(
        db,
        stockMoveChange(user(), await shown(part._id, db), {
          kind: 'issue',
          quantity: 1,
          bin: plant.bin,
          ticket: plant.ticket,
        }),
      );
      expect(await shown(part._id, db)).toMatchObject({ onHand: 0, discrepancy: false, belowMinimum: true });
    }
    device.network.isDown = false;
    await replayer().run();
    await replayer({ db: other, lockName: `imsp-replay-${other.name}` }).run();
    expect(await device.db.outbox.count()).toBe(0);
    expect(await other.outbox.count()).toBe(0);

    const negative = await onServer(part._id);
    expect(negative).toMatchObject({ onHand: -1, discrepancy: true });
    expect(negative.bins[0]).toMatchObject({ onHand: -1, discrepancy: true });
    expect(await shown(part._id, other)).toMatchObject({ onHand: -1, discrepancy: true });

    await pullParts(device.db, device.network.transport);
    device.network.isDown = true;
    await queueChange(
      device.db,
      stockMoveChange(user(), await shown(part._id), {
        kind: 'adjustment',
        quantity: 0,
        bin: plant.bin,
        reason: 'Cycle count',
      }),
    );
    expect(await shown(part._id)).toMatchObject({ onHand: 0, discrepancy: false });
    device.network.isDown = false;
    await replayer().run();
    expect(await onServer(part._id)).toMatchObject({ onHand: 0, discrepancy: false });
    expect(await shown(part._id)).toMatchObject({ onHand: 0, discrepancy: false, _pending: 0 });
    other.close();
  });
});
