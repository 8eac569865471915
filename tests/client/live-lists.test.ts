import { liveQuery } from 'dexie';
import { expect, it } from 'vitest';
import { pullChanges } from '#client/data/sync/pull.ts';
import { readAll } from '#client/data/store/read-page.ts';
import { discardEntry, queueChange } from '#client/data/outbox/writes.ts';
import { noTicketFilters, readTicketPage } from '#client/features/tickets/ticket-list.ts';
import { newTicket, ticketStatus } from './helpers/changes.ts';
import { useLiveDevice } from './helpers/device.ts';

const device = useLiveDevice('admin');

/** Collects what a live query shows, and waits until it shows `expected`. */
function watch<T>(querier: () => Promise<T>, show: (value: T) => string) {
  const seen: string[] = [];
  const subscription = liveQuery(querier).subscribe({
    next: (value) => seen.push(show(value)),
    error: (error: unknown) => seen.push(`error: ${String(error)}`),
  });
  return {
    seen,
    shows: (expected: string) => expect.poll(() => seen.at(-1)).toBe(expected),
    stop: () => subscription.unsubscribe(),
  };
}

it('a live list page follows a status change saved on the device and its discard', async () => {
  const machine = await device.server.createMachine(device.admin);
  const create = newTicket(device.user(), machine, 'Pump seal weeping');
  await queueChange(device.db, create);
  await device.replayer().run();
  await pullChanges(device.db, device.network.transport, device.status);

  const page = watch(
    async () => await readTicketPage(device.db, noTicketFilters, 1),
    ({ tickets }) => tickets.map((ticket) => ticket.status).join(),
  );
  await page.shows('Pending');
  const entry = await queueChange(device.db, ticketStatus(device.user(), create.recordId, 'Closed'));
  await page.shows('Closed');
  await discardEntry(device.db, entry);
  await page.shows('Pending');
  page.stop();
  expect(page.seen).toEqual(['Pending', 'Closed', 'Pending']);
});

it("finds a machine's tickets by the machine, and follows a new one", async () => {
  const [machine, other] = await Promise.all([
    device.server.createMachine(device.admin),
    device.server.createMachine(device.admin),
  ]);
  await queueChange(device.db, newTicket(device.user(), machine, 'Coiler one'));
  await queueChange(device.db, newTicket(device.user(), other, 'Other machine'));
  const work = watch(
    async () => await readAll(device.db, device.db.tickets, { filters: [['machine', machine._id]], search: '' }),
    (tickets) => tickets.map((ticket) => ticket.title).join(),
  );
  await work.shows('Coiler one');
  await queueChange(device.db, newTicket(device.user(), machine, 'Coiler two'));
  await work.shows('Coiler two,Coiler one');
  work.stop();
});
