import { liveQuery } from 'dexie';
import { expect, it } from 'vitest';
import { pullChanges } from '#client/data/sync/pull.ts';
import { countListed } from '#client/data/store/read-postings.ts';
import { allToken } from '#client/data/store/record-tokens.ts';
import { countedRead } from '#client/data/store/screen-reads.ts';
import { noTicketFilters, readTicketPage } from '#client/features/tickets/ticket-list.ts';
import { useLiveDevice } from './helpers/device.ts';

const device = useLiveDevice('maintenance_engineer');

async function raise(path: 'tickets' | 'incidents', count: number, machine: string) {
  const records: { _id: string; ticketNumber?: string }[] = [];
  for (let index = 0; index < count; index += 1) {
    const payload =
      path === 'tickets'
        ? { title: `Coiler mandrel ${index}`, description: 'Oil under the gearbox', machine }
        : {
            title: `Slip at the casting pit ${index}`,
            description: 'Wet floor',
            location: 'Casthouse',
            department: 'Casting',
            incidentDate: new Date().toISOString(),
          };
    const response = await device.server.t.app.inject({
      method: 'POST',
      url: `/api/${path}`,
      headers: device.admin.headers,
      payload,
    });
    records.push(response.json());
  }
  return records;
}

const pull = (limit: number) => pullChanges(device.db, device.network.transport, device.status, { limit });

it('lists every record of a page once, in its own table’s lists, and finds it by its number', async () => {
  const machine = (await device.server.createMachine(device.admin))._id;
  const tickets = await raise('tickets', 5, machine);
  await raise('incidents', 4, machine);
  expect(await pull(3)).not.toBeNull();

  for (const [name, table] of [
    ['tickets', device.db.tickets],
    ['incidents', device.db.incidents],
  ] as const) {
    expect(await countListed(device.db.postings, name, allToken), name).toBe(await table.count());
  }
  const number = tickets[2]!.ticketNumber!;
  const found = await readTicketPage(device.db, { ...noTicketFilters, search: number.replace(/^\D+0*/, '') }, 1);
  expect(found.tickets.map((ticket) => ticket.ticketNumber)).toContain(number);
});

it('gives the screens’ live queries their turn between pages, so a list shows the records as they arrive', async () => {
  const machine = (await device.server.createMachine(device.admin))._id;
  await raise('tickets', 8, machine);
  const shown: number[] = [];
  // A list read as slow as on a busy tablet: longer than the device takes to store a page here.
  const slowList = async () => {
    const { total } = await readTicketPage(device.db, noTicketFilters, 1);
    await new Promise((resolve) => setTimeout(resolve, 150));
    return total;
  };
  const subscription = liveQuery(async () => await countedRead(slowList)).subscribe({
    next: (total) => shown.push(total),
  });

  expect(await pull(2)).not.toBeNull();
  await expect.poll(() => shown.at(-1)).toBe(await device.db.tickets.count());
  subscription.unsubscribe();
  // The list answered while the sync went on, not only once it had ended.
  expect(new Set(shown).size).toBeGreaterThan(2);
});

it('waits for the screens only before a page that changes what they read', async () => {
  const machine = (await device.server.createMachine(device.admin))._id;
  await raise('tickets', 2, machine);
  expect(await pull(50)).not.toBeNull();
  const waits: boolean[] = [];
  const beforeStore = (afterWrite: boolean) => Promise.resolve(void waits.push(afterWrite));
  const pullWatched = () => pullChanges(device.db, device.network.transport, device.status, { beforeStore });

  // Nothing changed on the server: the log's page only moves the position.
  expect(await pullWatched()).toBe(0);
  expect(waits).toEqual([]);

  await raise('tickets', 1, machine);
  expect(await pullWatched()).toBe(1);
  expect(waits).toHaveLength(1);
});

it('stores a record with nothing pending without a second copy, and reads its server copy back', async () => {
  const machine = (await device.server.createMachine(device.admin))._id;
  const [ticket] = await raise('tickets', 1, machine);
  expect(await pull(50)).not.toBeNull();

  // The block row as IndexedDB holds it, past the blocks' middleware and Dexie's reading hook.
  const block = await new Promise<{ ids: string[]; records: object[] }>((resolve, reject) => {
    const request = device.db.backendDB().transaction('tickets').objectStore('tickets').index('ids').get(ticket!._id);
    request.onsuccess = () => resolve(request.result as { ids: string[]; records: object[] });
    request.onerror = () => reject(new Error(String(request.error)));
  });
  const raw = block.records[block.ids.indexOf(ticket!._id)];
  expect(raw).toMatchObject({ _id: ticket!._id, _pending: 0 });
  expect(raw).not.toHaveProperty('_server');
  const read = await device.db.tickets.get(ticket!._id);
  const { _server: server, _pending: pending, _numbers: _, ...shown } = read! as typeof read & { _numbers: string[] };
  expect(pending).toBe(0);
  expect(server).toEqual(shown);
  expect(server).toEqual(ticket);
});

it.each([3, 30])('stores %i changed records over their stored copies, each once', async (changed) => {
  const machine = (await device.server.createMachine(device.admin))._id;
  const tickets = await raise('tickets', changed + 2, machine);
  expect(await pull(500)).not.toBeNull();
  const before = await device.db.tickets.count();
  for (const ticket of tickets.slice(0, changed)) {
    const response = await device.server.t.app.inject({
      method: 'PUT',
      url: `/api/tickets/${ticket._id}`,
      headers: device.admin.headers,
      payload: { priority: 'Critical' },
    });
    expect(response.statusCode).toBe(200);
  }
  expect(await pull(500)).toBe(changed);
  expect(await device.db.tickets.count()).toBe(before);
  const stored = await device.db.tickets.bulkGet(tickets.map((ticket) => ticket._id));
  expect(stored.map((ticket) => ticket?.priority)).toEqual([
    ...Array<string>(changed).fill('Critical'),
    ...tickets.slice(changed).map(() => 'Medium'),
  ]);
  expect(await countListed(device.db.postings, 'tickets', allToken)).toBe(before);
});
