import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Machine } from '../../src/shared/schemas/machine.ts';
import { ticketCreate, type Ticket } from '../../src/shared/schemas/ticket.ts';
import { LocalDatabase } from '../../src/client/data/db.ts';
import { pullChanges } from '../../src/client/data/pull.ts';
import { createReplayer } from '../../src/client/data/replayer.ts';
import { createSyncStatus } from '../../src/client/data/sync-status.ts';
import { queueChange } from '../../src/client/data/writes.ts';
import {
  createTicketChange,
  ticketAssigneeChange,
  ticketAttachmentChange,
  ticketCommentChange,
  ticketStatusChange,
} from '../../src/client/features/tickets/ticket-changes.ts';
import { noTicketFilters, readTicketPage } from '../../src/client/features/tickets/ticket-list.ts';
import type { Account } from '../server/helpers/app.ts';
import { createNetwork, startLiveServer } from './helpers/live-server.ts';

let server: Awaited<ReturnType<typeof startLiveServer>>;
let engineer: Account;
let admin: Account;
let machine: Machine;

beforeAll(async () => {
  server = await startLiveServer();
  [engineer, admin] = await Promise.all([server.register('maintenance_engineer'), server.register('admin')]);
  const { _id } = await server.createMachine(admin);
  machine = (await server.t.app.inject({ url: `/api/machines/${_id}`, headers: admin.headers })).json();
});
afterAll(() => server.close());

let db: LocalDatabase;
let network: ReturnType<typeof createNetwork>;
let status: ReturnType<typeof createSyncStatus>;
const user = () => ({ _id: engineer._id, name: engineer.name });

beforeEach(() => {
  db = new LocalDatabase(`test-${crypto.randomUUID()}`);
  network = createNetwork(server.baseUrl, () => engineer.token);
  status = createSyncStatus();
});

const replayer = () =>
  createReplayer({ db, transport: network.transport, status, getUserId: () => engineer._id, random: () => 0 });

// A PNG signature and some bytes: the server checks the content against the declared type.
const png = () =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...Array(120).fill(7)])], 'guard.png', {
    type: 'image/png',
  });

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
  return (await server.t.app.inject({ url: `/api/tickets/${id}`, headers: admin.headers })).json();
}

describe('ticket changes of the Tickets screen', () => {
  it('creates, comments, attaches, assigns and changes status offline, then reaches the server exactly once', async () => {
    network.isDown = true;
    const title = `Coiler leak ${crypto.randomUUID().slice(0, 6)}`;
    const create = createTicketChange(user(), machine, ticketInput(title, { priority: 'High' }));
    await queueChange(db, create);
    const draft = (await db.tickets.get(create.recordId))!;
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
    await queueChange(db, comment);
    await queueChange(db, ticketAttachmentChange(user(), draft, png()));
    await queueChange(db, ticketStatusChange(user(), draft, 'In Progress'));
    await queueChange(db, ticketAssigneeChange(user(), draft, { _id: admin._id, name: admin.name }));

    const local = (await db.tickets.get(create.recordId))!;
    expect(local).toMatchObject({
      status: 'In Progress',
      assignedTo: { _id: admin._id, name: admin.name },
      _pending: 5,
    });
    expect(local.comments.map((item) => item.comment)).toEqual(['Isolated the pump']);
    expect(local.attachments.map((file) => file.originalName)).toEqual(['guard.png']);
    expect(await db.files.get(local.attachments[0]!._id)).toMatchObject({ name: 'guard.png', type: 'image/png' });

    await replayer().run();
    expect(await db.outbox.count()).toBe(5);
    network.isDown = false;
    await replayer().retryNow();
    expect(await db.outbox.count()).toBe(0);
    expect(await db.files.count()).toBe(0);

    const stored = await serverTicket(create.recordId);
    expect(stored).toMatchObject({
      title,
      status: 'In Progress',
      priority: 'High',
      estimatedHours: 1.5,
      assignedTo: { _id: admin._id },
      reportedBy: { _id: engineer._id },
      comments: [expect.objectContaining({ _id: comment.id, comment: 'Isolated the pump' })],
      attachments: [
        expect.objectContaining({ _id: local.attachments[0]!._id, originalName: 'guard.png', mimeType: 'image/png' }),
      ],
    });
    expect(stored.ticketNumber).toMatch(/^TKT-\d{6}$/);
    const listed = await server.t.app.inject({
      url: `/api/tickets?search=${encodeURIComponent(title)}`,
      headers: admin.headers,
    });
    expect(listed.json().total).toBe(1);

    const download = await server.t.app.inject({
      url: `/api/upload/${local.attachments[0]!._id}`,
      headers: admin.headers,
    });
    expect(download.rawPayload).toEqual(Buffer.from(await png().arrayBuffer()));

    const confirmed = (await db.tickets.get(create.recordId))!;
    expect(confirmed).toMatchObject({ ticketNumber: stored.ticketNumber, status: 'In Progress', _pending: 0 });
    expect(ticketStatusChange(user(), confirmed, 'Resolved').label).toBe(
      `Status -> Resolved on ${stored.ticketNumber}`,
    );
  });

  it('sends empty estimated hours as null and unassigns with null', async () => {
    const create = createTicketChange(user(), machine, ticketInput('No estimate yet', { estimatedHours: null }));
    expect(create.body).toMatchObject({ estimatedHours: null, priority: 'Medium', category: 'Mechanical' });
    await queueChange(db, create);
    await queueChange(
      db,
      ticketAssigneeChange(user(), { _id: create.recordId, ticketNumber: '', title: 'No estimate yet' }, null),
    );
    await replayer().run();
    expect(await db.outbox.count()).toBe(0);
    expect(await serverTicket(create.recordId)).toMatchObject({
      estimatedHours: null,
      assignedTo: null,
      status: 'Pending',
    });
  });
});

describe('the tickets list on this device', () => {
  it('filters, searches, sorts newest first and pages by 10, offline', async () => {
    network.isDown = true;
    for (let index = 0; index < 12; index += 1) {
      const change = createTicketChange(
        user(),
        machine,
        ticketInput(`Pump ${index}`, { priority: index % 3 === 0 ? 'Critical' : 'Low' }),
      );
      change.preview.createdAt = new Date(Date.UTC(2026, 0, 1, 8, index)).toISOString();
      if (index === 4) change.preview.description = 'Bearing NOISE at drive end';
      await queueChange(db, change);
    }

    const first = await readTicketPage(db, noTicketFilters, 1);
    expect(first).toMatchObject({ currentPage: 1, totalPages: 2, total: 12 });
    expect(first.tickets.map((ticket) => ticket.title)).toEqual(
      [11, 10, 9, 8, 7, 6, 5, 4, 3, 2].map((index) => `Pump ${index}`),
    );
    expect((await readTicketPage(db, noTicketFilters, 2)).tickets.map((ticket) => ticket.title)).toEqual([
      'Pump 1',
      'Pump 0',
    ]);
    expect(await readTicketPage(db, noTicketFilters, 9)).toMatchObject({ currentPage: 2 });

    const critical = await readTicketPage(db, { ...noTicketFilters, priority: 'Critical' }, 1);
    expect(critical.tickets.map((ticket) => ticket.title)).toEqual(['Pump 9', 'Pump 6', 'Pump 3', 'Pump 0']);
    expect(critical.totalPages).toBe(1);
    expect(
      (await readTicketPage(db, { ...noTicketFilters, search: 'bearing noise' }, 1)).tickets.map(
        (ticket) => ticket.title,
      ),
    ).toEqual(['Pump 4']);
    expect((await readTicketPage(db, { ...noTicketFilters, search: 'PUMP 1' }, 1)).total).toBe(3);
    expect(await readTicketPage(db, { ...noTicketFilters, status: 'Closed' }, 1)).toMatchObject({
      total: 0,
      totalPages: 1,
      tickets: [],
    });
  });

  it('finds a ticket by the number the server gave it', async () => {
    const created = await server.t.app.inject({
      method: 'POST',
      url: '/api/tickets',
      headers: admin.headers,
      payload: { title: 'Casting pit sensor', description: 'Reads zero', machine: machine._id },
    });
    const { ticketNumber } = created.json() as Ticket;
    await pullChanges(db, network.transport, status);
    const found = await readTicketPage(db, { ...noTicketFilters, search: ticketNumber.toLowerCase() }, 1);
    expect(found.tickets.map((ticket) => ticket.ticketNumber)).toEqual([ticketNumber]);
  });
});
