import { beforeAll, describe, expect, it } from 'vitest';
import type { Machine } from '#shared/schemas/machine.ts';
import { ticketCreate, type Ticket } from '#shared/schemas/ticket.ts';
import { pullChanges } from '#client/data/sync/pull.ts';
import { queueChange, type QueuedOf } from '#client/data/outbox/writes.ts';
import { createTicketChange } from '#client/data/outbox/ticket-create.ts';
import {
  ticketAssigneeChange,
  ticketAttachmentChange,
  ticketCommentChange,
  ticketStatusChange,
} from '#client/features/tickets/ticket-changes.ts';
import { noTicketFilters, readTicketPage } from '#client/features/tickets/ticket-list.ts';
import { pngFile } from './helpers/changes.ts';
import { useLiveDevice } from './helpers/device.ts';

const device = useLiveDevice('maintenance_engineer');
const { user, replayer } = device;
let machine: Machine;

beforeAll(async () => {
  const { _id } = await device.server.createMachine(device.admin);
  machine = (await device.adminGet(`/api/machines/${_id}`)).json();
});

const png = () => pngFile('guard.png');

function ticketInput(title: string, overrides: Record<string, unknown> = {}) {
  return ticketCreate.parse({
    title,
    description: 'Oil under the mandrel',
    machine: machine._id,
    estimatedHours: 1.5,
    ...overrides,
  });
}

async function serverTicket(id: string): Promise<Ticket> {
  return (await device.adminGet(`/api/tickets/${id}`)).json();
}

describe('ticket changes of the Tickets screen', () => {
  it('creates, comments, attaches, assigns and changes status offline, then reaches the server exactly once', async () => {
    device.network.isDown = true;
    const title = `Coiler leak ${crypto.randomUUID().slice(0, 6)}`;
    const create = createTicketChange(user(), machine, ticketInput(title, { priority: 'High' }));
    await queueChange(device.db, create);
    const draft = (await device.db.tickets.get(create.recordId))!;
    expect(draft).toMatchObject({
      ticketNumber: '',
      status: 'Pending',
      priority: 'High',
      category: 'Mechanical',
      estimatedHours: 1.5,
      reportedBy: user(),
      machine: {
        _id: machine._id,
        name: machine.name,
        machineId: machine.machineId,
        department: machine.department,
        location: machine.location,
      },
      _server: null,
      _pending: 1,
    });

    const comment = ticketCommentChange(user(), draft, '  Isolated the pump  ');
    expect(comment.label).toBe(`Comment on "${title}"`);
    await queueChange(device.db, comment);
    await queueChange(device.db, ticketAttachmentChange(user(), draft, png()));
    await queueChange(device.db, ticketStatusChange(user(), draft, 'In Progress'));
    await queueChange(
      device.db,
      ticketAssigneeChange(user(), draft, { _id: device.admin._id, name: device.admin.name }),
    );

    const local = (await device.db.tickets.get(create.recordId))!;
    expect(local).toMatchObject({
      status: 'In Progress',
      assignedTo: { _id: device.admin._id, name: device.admin.name },
      _pending: 5,
    });
    expect(local.comments.map((item) => item.comment)).toEqual(['Isolated the pump']);
    expect(local.attachments.map((file) => file.originalName)).toEqual(['guard.png']);
    expect(await device.db.files.get(local.attachments[0]!._id)).toMatchObject({
      name: 'guard.png',
      type: 'image/png',
    });

    await replayer().run();
    expect(await device.db.outbox.count()).toBe(5);
    device.network.isDown = false;
    await replayer().retryNow();
    expect(await device.db.outbox.count()).toBe(0);
    expect(await device.db.files.count()).toBe(0);

    const stored = await serverTicket(create.recordId);
    expect(stored).toMatchObject({
      title,
      status: 'In Progress',
      priority: 'High',
      estimatedHours: 1.5,
      assignedTo: { _id: device.admin._id },
      reportedBy: { _id: device.account._id },
      comments: [expect.objectContaining({ _id: comment.id, comment: 'Isolated the pump' })],
      attachments: [
        expect.objectContaining({ _id: local.attachments[0]!._id, originalName: 'guard.png', mimeType: 'image/png' }),
      ],
    });
    expect(stored.ticketNumber).toMatch(/^TKT-\d{6}$/);
    const listed = await device.adminGet(`/api/tickets?search=${encodeURIComponent(title)}`);
    expect(listed.json<{ total: number }>().total).toBe(1);

    const download = await device.adminGet(`/api/upload/${local.attachments[0]!._id}`);
    expect(download.rawPayload).toEqual(Buffer.from(await png().arrayBuffer()));

    const confirmed = (await device.db.tickets.get(create.recordId))!;
    expect(confirmed).toMatchObject({ ticketNumber: stored.ticketNumber, status: 'In Progress', _pending: 0 });
    expect(ticketStatusChange(user(), confirmed, 'Resolved').label).toBe(
      `Status -> Resolved on ${stored.ticketNumber}`,
    );
  });

  it('sends empty estimated hours as null and unassigns with null', async () => {
    const create = createTicketChange(user(), machine, ticketInput('No estimate yet', { estimatedHours: null }));
    expect(create.body).toMatchObject({ estimatedHours: null, priority: 'Medium', category: 'Mechanical' });
    await queueChange(device.db, create);
    await queueChange(
      device.db,
      ticketAssigneeChange(user(), { _id: create.recordId, ticketNumber: '', title: 'No estimate yet' }, null),
    );
    await replayer().run();
    expect(await device.db.outbox.count()).toBe(0);
    expect(await serverTicket(create.recordId)).toMatchObject({
      estimatedHours: null,
      assignedTo: null,
      status: 'Pending',
    });
  });
});

describe('the tickets list on this device', () => {
  it('filters, searches, sorts newest first and pages by 10, offline', async () => {
    device.network.isDown = true;
    for (let index = 0; index < 12; index += 1) {
      const change = createTicketChange(
        user(),
        machine,
        ticketInput(`Pump ${index}`, { priority: index % 3 === 0 ? 'Critical' : 'Low' }),
      ) as QueuedOf<'create'>;
      change.preview.createdAt = new Date(Date.UTC(2026, 0, 1, 8, index)).toISOString();
      if (index === 4) change.preview.description = 'Bearing NOISE at drive end';
      await queueChange(device.db, change);
    }

    const first = await readTicketPage(device.db, noTicketFilters, 1);
    expect(first).toMatchObject({ currentPage: 1, totalPages: 2, total: 12 });
    expect(first.tickets.map((ticket) => ticket.title)).toEqual(
      [11, 10, 9, 8, 7, 6, 5, 4, 3, 2].map((index) => `Pump ${index}`),
    );
    expect((await readTicketPage(device.db, noTicketFilters, 2)).tickets.map((ticket) => ticket.title)).toEqual([
      'Pump 1',
      'Pump 0',
    ]);
    expect(await readTicketPage(device.db, noTicketFilters, 9)).toMatchObject({ currentPage: 2 });

    const critical = await readTicketPage(device.db, { ...noTicketFilters, priority: 'Critical' }, 1);
    expect(critical.tickets.map((ticket) => ticket.title)).toEqual(['Pump 9', 'Pump 6', 'Pump 3', 'Pump 0']);
    expect(critical.totalPages).toBe(1);
    expect(
      (await readTicketPage(device.db, { ...noTicketFilters, search: 'bearing noise' }, 1)).tickets.map(
        (ticket) => ticket.title,
      ),
    ).toEqual(['Pump 4']);
    expect((await readTicketPage(device.db, { ...noTicketFilters, search: 'PUMP 1' }, 1)).total).toBe(3);
    expect(await readTicketPage(device.db, { ...noTicketFilters, status: 'Closed' }, 1)).toMatchObject({
      total: 0,
      totalPages: 1,
      tickets: [],
    });
  });

  it('finds a ticket by the number the server gave it', async () => {
    const created = await device.server.t.app.inject({
      method: 'POST',
      url: '/api/tickets',
      headers: device.admin.headers,
      payload: { title: 'Casting pit sensor', description: 'Reads zero', machine: machine._id },
    });
    const { ticketNumber } = created.json<Ticket>();
    await pullChanges(device.db, device.network.transport, device.status);
    const found = await readTicketPage(device.db, { ...noTicketFilters, search: ticketNumber.toLowerCase() }, 1);
    expect(found.tickets.map((ticket) => ticket.ticketNumber)).toEqual([ticketNumber]);
  });
});
