import { describe, expect, it } from 'vitest';
import { newId } from '#shared/ids.ts';
import { actionTicketId } from '#shared/incident-actions.ts';
import { incidentCreate, type Incident } from '#shared/schemas/incident.ts';
import type { Machine } from '#shared/schemas/machine.ts';
import type { SyncEntity } from '#shared/schemas/sync.ts';
import type { Ticket } from '#shared/schemas/ticket.ts';
import type { LocalDatabase } from '#client/data/store/db.ts';
import { refreshRecord, tableFor } from '#client/data/store/local-records.ts';
import { queueChange } from '#client/data/outbox/writes.ts';
import { describeOverwrites } from '#client/data/outbox/describe-overwrites.ts';
import { actionPatchChange, addActionChange } from '#client/features/incidents/action-changes.ts';
import { actionTicketChange } from '#client/features/incidents/action-ticket.ts';
import { incidentAttachmentChange, investigationChange } from '#client/features/incidents/incident-changes.ts';
import { useLiveDevice } from './helpers/device.ts';

const device = useLiveDevice('safety_officer');
const { user, replayer } = device;

async function store(db: LocalDatabase, entity: SyncEntity, record: { _id: string }) {
  await db.transaction('rw', [tableFor(db, entity), db.outbox], () => refreshRecord(db, entity, record._id, record));
}

async function reported(): Promise<Incident> {
  const response = await device.server.t.app.inject({
    method: 'POST',
    url: '/api/incidents',
    headers: device.admin.headers,
    payload: incidentCreate.parse({
      title: 'Forklift clipped a rack upright',
      description: 'Upright bent at bay 12',
      location: 'Casthouse store',
      department: 'Casting',
      incidentDate: new Date().toISOString(),
    }),
  });
  return response.json();
}

describe('an investigation on a device', () => {
  it('investigates offline with two actions, one raising a ticket, and reaches the server exactly once', async () => {
    const incident = await reported();
    const created = await device.server.createMachine(device.admin);
    const machine: Machine = await (await device.adminGet(`/api/machines/${created._id}`)).json();
    await store(device.db, 'incident', incident);
    await store(device.db, 'machine', machine);

    device.network.isDown = true;
    const investigation = {
      rootCause: 'Racking not protected at the aisle end',
      whys: ['Upright was hit', 'No column guard'],
      contributingFactors: 'Tight turn',
    };
    await queueChange(device.db, investigationChange(user(), incident, investigation));
    const mine = { _id: newId(), title: 'Fit column guards', kind: 'corrective' as const, owner: device.account._id };
    const theirs = {
      _id: newId(),
      title: 'Refresher for drivers',
      kind: 'preventive' as const,
      owner: device.admin._id,
    };
    await queueChange(device.db, addActionChange(user(), incident, { ...mine, dueDate: '2026-12-01' }, user()));
    await queueChange(
      device.db,
      addActionChange(user(), incident, { ...theirs, dueDate: '2026-12-15' }, { _id: device.admin._id, name: 'Admin' }),
    );
    const shown = (await device.db.incidents.get(incident._id))!;
    expect(shown.actions.map((action) => action.title)).toEqual(['Fit column guards', 'Refresher for drivers']);
    // "My actions" finds the incident by its owners index, offline.
    expect(await device.db.incidents.where('_owners').equals(device.account._id).primaryKeys()).toEqual([incident._id]);

    await queueChange(device.db, actionPatchChange(user(), incident, shown.actions[0]!, { status: 'Done' }));
    const raise = actionTicketChange(user(), incident, shown.actions[0]!, machine);
    await queueChange(device.db, raise);
    expect(raise.recordId).toBe(actionTicketId(incident._id, mine._id));
    expect((await device.db.incidents.get(incident._id))!.actions[0]).toMatchObject({ status: 'Done' });

    // Back online, answers are lost after the server applied the request: each is sent again.
    device.network.isDown = false;
    const replay = replayer();
    device.network.loseNextResponses = 1;
    await replay.run();
    await replay.retryNow();
    device.network.loseNextResponses = 1;
    await queueChange(device.db, actionPatchChange(user(), incident, shown.actions[1]!, { dueDate: '2026-12-20' }));
    await replay.run();
    await replay.retryNow();
    expect(await device.db.outbox.count()).toBe(0);

    const onServer: Incident = await (await device.adminGet(`/api/incidents/${incident._id}`)).json();
    expect(onServer.investigation).toEqual(investigation);
    expect(onServer.actions).toHaveLength(2);
    expect(onServer.actions[0]).toMatchObject({
      _id: mine._id,
      status: 'Done',
      ticket: { _id: raise.recordId, status: 'Pending' },
    });
    expect(onServer.actions[1]).toMatchObject({
      _id: theirs._id,
      dueDate: '2026-12-20',
      owner: { _id: device.admin._id },
    });
    const history: { field: string }[] = await (await device.adminGet(`/api/incidents/${incident._id}/history`)).json();
    expect(history.filter((entry) => entry.field === `actions.${mine._id}.status`)).toHaveLength(1);
    const tickets: { tickets: Ticket[] } = await (await device.adminGet('/api/tickets?limit=100')).json();
    expect(tickets.tickets.filter((ticket) => ticket.source?._id === incident._id)).toHaveLength(1);
  });

  it("tells whose due date an offline action edit replaced, naming the field, not the action's id", async () => {
    const incident = await reported();
    const action = { _id: newId(), title: 'Fit column guards', owner: device.account._id, dueDate: '2026-12-01' };
    await device.server.t.app.inject({
      method: 'POST',
      url: `/api/incidents/${incident._id}/actions`,
      headers: device.admin.headers,
      payload: action,
    });
    const withAction: Incident = await (await device.adminGet(`/api/incidents/${incident._id}`)).json();
    await store(device.db, 'incident', withAction);
    await queueChange(
      device.db,
      actionPatchChange(user(), withAction, withAction.actions[0]!, { dueDate: '2026-12-20' }),
    );
    await device.server.t.app.inject({
      method: 'PATCH',
      url: `/api/incidents/${incident._id}/actions/${action._id}`,
      headers: device.admin.headers,
      payload: { dueDate: '2026-12-10' },
    });

    const reports: string[] = [];
    await replayer({
      onOverwritten: (entry, overwritten) => reports.push(describeOverwrites(entry, overwritten)),
    }).run();
    expect(reports).toEqual([
      expect.stringMatching(new RegExp(`replaced dueDate '2026-12-10' set by ${device.admin.name} at`)),
    ]);
  });

  it('marks Done offline with a note and a photo: the photo goes first, each reaches the server once, and the incident waits for verification', async () => {
    const incident = await reported();
    const action = { _id: newId(), title: 'Fit column guards', owner: device.account._id, dueDate: '2026-12-01' };
    await device.server.t.app.inject({
      method: 'POST',
      url: `/api/incidents/${incident._id}/actions`,
      headers: device.admin.headers,
      payload: action,
    });
    const withAction: Incident = await (await device.adminGet(`/api/incidents/${incident._id}`)).json();
    await store(device.db, 'incident', withAction);
    const awaiting = () => device.db.incidents.where('_awaiting').equals(1).primaryKeys();
    expect(await awaiting()).toEqual([]);

    device.network.isDown = true;
    const bytes = new Uint8Array(200);
    bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const photo = incidentAttachmentChange(user(), withAction, new File([bytes], 'guard.png', { type: 'image/png' }));
    await queueChange(device.db, photo);
    const done = { status: 'Done' as const, note: 'Guards fitted at bay 12', evidence: [photo.id!] };
    await queueChange(device.db, actionPatchChange(user(), withAction, withAction.actions[0]!, done));
    expect((await device.db.incidents.get(incident._id))!.actions[0]).toMatchObject({
      status: 'Done',
      doneNote: 'Guards fitted at bay 12',
      evidence: [photo.id],
    });
    expect(await awaiting(), 'listed to verify, offline').toEqual([incident._id]);

    device.network.isDown = false;
    const replay = replayer();
    device.network.loseNextResponses = 2;
    await replay.run();
    await replay.retryNow();
    await replay.retryNow();
    expect(await device.db.outbox.count()).toBe(0);
    const onServer: Incident = await (await device.adminGet(`/api/incidents/${incident._id}`)).json();
    expect(onServer.attachments.map((file) => file._id)).toEqual([photo.id]);
    expect(onServer.actions[0]).toMatchObject({
      status: 'Done',
      doneNote: 'Guards fitted at bay 12',
      evidence: [photo.id],
    });
    const history: { field: string }[] = await (await device.adminGet(`/api/incidents/${incident._id}/history`)).json();
    expect(history.filter((entry) => entry.field === `actions.${action._id}.status`)).toHaveLength(1);

    await queueChange(device.db, actionPatchChange(user(), onServer, onServer.actions[0]!, { status: 'Verified' }));
    expect(await awaiting(), 'verified: no longer waiting').toEqual([]);
  });
});
