import { describe, expect, it } from 'vitest';
import { describeOverwrites } from '#client/data/outbox/describe-overwrites.ts';
import { queueChange } from '#client/data/outbox/writes.ts';
import { pullParts } from '#client/data/sync/parts-store.ts';
import { createPartChange, partEditChange } from '#client/features/parts/part-changes.ts';
import { partCreate, partDetail, type Part } from '#shared/schemas/part.ts';
import { binLink, partLabelFromQr, partLink } from '#shared/part-link.ts';
import { machineInput } from '../server/helpers/app.ts';
import { useLiveDevice } from './helpers/device.ts';

const device = useLiveDevice('maintenance_engineer');
const { user, replayer } = device;

const onServer = async (id: string) => partDetail.parse((await device.adminGet(`/api/parts/${id}`)).json());
const shown = async (id: string) => (await device.db.parts.get(id))!;
const sentTo = (method: string, path: string) =>
  device.network.sent.filter((request) => request.method === method && new URL(request.url).pathname === path);

describe('creating and editing parts on a device', () => {
  it('reads part and bin labels from any host, and refuses other codes', () => {
    const id = crypto.randomUUID();
    expect(partLabelFromQr(partLink('https://imsp.plant.lan', id))).toEqual({ part: id });
    expect(partLabelFromQr(binLink('http://10.0.4.12:3000', id.toUpperCase()))).toEqual({ bin: id });
    for (const text of [`https://x/machines/${id}`, `https://x/parts?part=12`, `ftp://x/parts?part=${id}`, 'BRG-004']) {
      expect(partLabelFromQr(text), text).toBeNull();
    }
  });

  it('creates a part offline and edits it offline: each reaches the server once through a lost answer', async () => {
    const machine = await device.server.t.app
      .inject({ method: 'POST', url: '/api/machines', headers: device.admin.headers, payload: machineInput() })
      .then((response) => response.json<{ _id: string; name: string; machineId: string }>());
    const fits = [{ _id: machine._id, name: machine.name, machineId: machine.machineId }];
    device.network.isDown = true;
    const input = partCreate.parse({
      partNumber: `SEAL-${crypto.randomUUID().slice(0, 8)}`,
      name: 'Shaft seal 40x62x8',
      unit: 'each',
      unitCost: 4.5,
      minStock: 2,
      maxStock: 10,
      machines: [machine._id],
    });
    const create = createPartChange(user(), input, fits);
    await queueChange(device.db, create);
    const id = create.recordId;
    // Listed at once, with no stock and below its minimum.
    expect(await shown(id)).toMatchObject({ partNumber: input.partNumber, onHand: 0, belowMinimum: true, _pending: 1 });
    expect((await shown(id)).machines).toEqual(fits);

    await queueChange(
      device.db,
      partEditChange(user(), await shown(id), { name: 'Shaft seal 40x62x10', maxStock: 12 }, []),
    );
    expect(await shown(id)).toMatchObject({ name: 'Shaft seal 40x62x10', maxStock: 12, _pending: 2 });
    const replay = replayer({
      // The create's answer and then the edit's are lost on the way back: each is sent again.
      onConfirmed: (entry) => {
        if (entry.kind === 'create') device.network.loseNextResponses = 1;
      },
    });
    await replay.run();
    expect(await device.db.outbox.count()).toBe(2);

    device.network.isDown = false;
    device.network.loseNextResponses = 1;
    await replay.reconnected();
    await replay.retryNow();
    await replay.retryNow();
    replay.stop();
    expect(await device.db.outbox.count()).toBe(0);
    expect(sentTo('POST', '/api/parts')).toHaveLength(2);
    expect(sentTo('PATCH', `/api/parts/${id}`)).toHaveLength(2);

    const stored = await onServer(id);
    expect(stored).toMatchObject({ name: 'Shaft seal 40x62x10', maxStock: 12, minStock: 2, unitCost: 4.5 });
    expect(stored.machines.map((fit) => fit._id)).toEqual([machine._id]);
    // Created (version 1) and edited once (version 2): the replayed edit changed nothing.
    expect(stored.version).toBe(2);
    const parts = (await device.adminGet(`/api/parts?search=${input.partNumber}`)).json<{ parts: Part[] }>().parts;
    expect(parts).toHaveLength(1);
    expect(await shown(id)).toMatchObject({ name: 'Shaft seal 40x62x10', version: 2, _pending: 0 });
  });

  it('an offline edit made from an older copy reports the field it overwrote', async () => {
    const created = await device.server.t.app.inject({
      method: 'POST',
      url: '/api/parts',
      headers: device.admin.headers,
      payload: { partNumber: `HOSE-${crypto.randomUUID().slice(0, 8)}`, name: 'Hydraulic hose DN12', unit: 'm' },
    });
    const part = created.json<Part>();
    await pullParts(device.db, device.network.transport);
    device.network.isDown = true;
    await queueChange(device.db, partEditChange(user(), await shown(part._id), { unitCost: 12 }, []));
    await device.server.t.app.inject({
      method: 'PATCH',
      url: `/api/parts/${part._id}`,
      headers: device.admin.headers,
      payload: { unitCost: 11 },
    });
    device.network.isDown = false;
    const reports: string[] = [];
    await replayer({
      onOverwritten: (entry, overwritten) => reports.push(describeOverwrites(entry, overwritten)),
    }).run();
    expect(reports).toEqual([expect.stringContaining(`unitCost '11' set by ${device.admin.name}`)]);
    expect(await onServer(part._id)).toMatchObject({ unitCost: 12 });
  });
});
