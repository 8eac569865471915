import { describe, expect, it } from 'vitest';
import { failTicketId } from '#shared/checklist.ts';
import type { Machine } from '#shared/schemas/machine.ts';
import { scheduleCreate, type Schedule } from '#shared/schemas/schedule.ts';
import type { Ticket } from '#shared/schemas/ticket.ts';
import type { SyncEntity } from '#shared/schemas/sync.ts';
import { refreshRecord, tableFor } from '#client/data/store/local-records.ts';
import { queueChange } from '#client/data/outbox/writes.ts';
import { failTicketChange } from '#client/features/maintenance/fail-ticket.ts';
import { checklistChange } from '#client/features/maintenance/schedule-changes.ts';
import { LocalDatabase } from '#client/data/store/db.ts';
import { useLiveDevice } from './helpers/device.ts';

const device = useLiveDevice('operator');
const { user, replayer } = device;

async function store(db: LocalDatabase, entity: SyncEntity, record: { _id: string }) {
  await db.transaction('rw', [tableFor(db, entity), db.outbox], () => refreshRecord(db, entity, record._id, record));
}

describe('checklists that act, on a device', () => {
  it('fails an item and raises its ticket offline; the server gets the result and one linked ticket', async () => {
    const created = await device.server.createMachine(device.admin);
    const machine: Machine = await (await device.adminGet(`/api/machines/${created._id}`)).json();
    const response = await device.server.t.app.inject({
      method: 'POST',
      url: '/api/maintenance',
      headers: device.admin.headers,
      payload: scheduleCreate.parse({
        title: 'Press guard inspection',
        machine: machine._id,
        scheduledDate: new Date().toISOString(),
        assignedTo: device.account._id,
        checklist: [{ task: 'Light curtain test' }],
      }),
    });
    const job: Schedule = response.json();
    await store(device.db, 'machine', machine);
    await store(device.db, 'schedule', job);
    const item = job.checklist[0]!;

    device.network.isDown = true;
    const noted = { result: 'Fail' as const, notes: 'Beam 4 does not trip' };
    await queueChange(device.db, checklistChange(user(), job, item, noted));
    const failed = { ...item, ...noted };
    const raise = failTicketChange(user(), job, failed, machine);
    await queueChange(device.db, raise);
    // The operator taps Raise Ticket again before the first reached the server: still one ticket.
    await expect(queueChange(device.db, failTicketChange(user(), job, failed, machine))).rejects.toThrow();
    expect((await device.db.tickets.get(failTicketId(job._id, item._id)))!).toMatchObject({
      title: 'Light curtain test',
      description: 'Beam 4 does not trip',
      source: { kind: 'schedule', _id: job._id, itemId: item._id },
    });

    device.network.isDown = false;
    await replayer().run();
    expect(await device.db.outbox.count()).toBe(0);
    const onServer: Schedule = await (await device.adminGet(`/api/maintenance/${job._id}`)).json();
    expect(onServer.checklist[0]).toMatchObject(noted);
    const ticket: Ticket = await (await device.adminGet(`/api/tickets/${raise.recordId}`)).json();
    expect(ticket).toMatchObject({
      source: { _id: job._id, itemId: item._id },
      reportedBy: { _id: device.account._id },
    });

    // Another tablet raised it offline as well: its create answers the same ticket.
    const other = new LocalDatabase(`test-${crypto.randomUUID()}`);
    await queueChange(other, failTicketChange(device.admin, job, failed, machine));
    const second = await device.server.t.app.inject({
      method: 'POST',
      url: '/api/tickets',
      headers: device.admin.headers,
      payload: (await other.outbox.toArray())[0]!.body,
    });
    expect(second.statusCode, second.body).toBe(200);
    const all: { tickets: Ticket[] } = await (await device.adminGet('/api/tickets?limit=100')).json();
    expect(all.tickets.filter((candidate) => candidate.source?._id === job._id)).toHaveLength(1);
  });
});
