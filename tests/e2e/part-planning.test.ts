import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import type { Machine } from '#shared/schemas/machine.ts';
import type { Part, PartPage, PartsForWork, StockMove } from '#shared/schemas/part.ts';
import type { Ticket } from '#shared/schemas/ticket.ts';
import { apiAs } from './helpers/api.ts';
import { newContext, screenshot, signIn, waitForServiceWorker } from './helpers/browser.ts';
import { readDeviceStore } from './helpers/device-store.ts';
import { useServerAndBrowser } from './helpers/setup.ts';

const e2e = useServerAndBrowser();
const admin = apiAs(() => e2e.server.url, 'admin');

const toast = (page: Page, text: string | RegExp) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text }).first();

/** A part of the demo stores with at least 2 free in one bin, and a new (pneumatic: no failure codes) ticket. */
async function partAndTicket() {
  const { parts } = await admin<PartPage>('parts?limit=500');
  const part = parts.find((candidate) => !candidate.discrepancy && candidate.bins.some((row) => row.free >= 2))!;
  const [machine] = await admin<Machine[]>('machines');
  const ticket = await admin<Ticket>('tickets', 'POST', {
    title: `Replace the valve seals ${Date.now()}`,
    description: 'Air leak at the clamp cylinder',
    machine: machine!._id,
    category: 'Pneumatic',
  });
  return { part, ticket };
}

it('plans a part on a ticket offline, resolving asks about it, Issue them reaches the server once', async () => {
  const { part, ticket } = await partAndTicket();
  const context = await newContext(e2e.browser, { width: 1024, height: 768 });
  const page = await context.newPage();
  await signIn(page, e2e.server.url, 'maintenance_engineer');
  await waitForServiceWorker(page);
  const stored = async () => (await readDeviceStore<Part>(page, 'parts')).find((row) => row._id === part._id);
  await expect
    .poll(async () => (await readDeviceStore<Ticket>(page, 'tickets')).some((row) => row._id === ticket._id), {
      timeout: 60_000,
    })
    .toBe(true);
  await expect.poll(async () => (await stored())?.reserved, { timeout: 60_000 }).toBe(part.reserved);

  // Offline: the part is planned for the ticket; the device's free stock drops at once.
  await context.setOffline(true);
  await page.goto(`${e2e.server.url}/tickets?ticket=${ticket._id}`);
  const detail = page.getByRole('dialog', { name: ticket.ticketNumber });
  await detail.getByRole('button', { name: 'Plan part' }).click();
  const choose = page.getByRole('dialog', { name: 'Plan part' });
  await choose.getByRole('searchbox', { name: 'Search parts' }).fill(part.partNumber);
  await choose.getByRole('button', { name: new RegExp(part.partNumber) }).click();
  const planning = page.getByRole('dialog', { name: `Plan part · ${part.partNumber}` });
  await planning.getByLabel(/^Quantity/).fill('2');
  await planning.getByRole('button', { name: 'Plan part' }).click();
  await toast(page, 'Part planned').waitFor();
  const planned = detail.getByRole('listitem').filter({ hasText: 'Planned' }).filter({ hasText: part.partNumber });
  await planned.getByText('Pending sync').waitFor();
  expect(await stored()).toMatchObject({ reserved: part.reserved + 2, free: part.free - 2 });
  await screenshot(page, 'part-planned-offline');

  // Resolving asks about the planned part: Issue them issues it from the bin with most free stock.
  await detail.getByRole('combobox', { name: `Status of ${ticket.ticketNumber}` }).selectOption('Resolved');
  const asking = page.getByRole('dialog', { name: `Planned parts not issued (${ticket.ticketNumber})` });
  await asking.getByText(`${part.partNumber} ${part.name}: 2 ${part.unit}`).waitFor();
  await screenshot(page, 'planned-parts-not-issued');
  await asking.getByRole('button', { name: 'Issue them' }).click();
  await asking.waitFor({ state: 'detached' });
  await detail.getByRole('listitem').filter({ hasText: 'Issued' }).filter({ hasText: part.partNumber }).waitFor();
  await expect.poll(async () => (await stored())?.onHand).toBe(part.onHand - 2);
  expect(await stored()).toMatchObject({ reserved: part.reserved, free: part.free - 2 });

  // Back online: the plan, the issue and the status reach the server once each.
  await context.setOffline(false);
  await expect.poll(async () => (await readDeviceStore(page, 'outbox')).length, { timeout: 60_000 }).toBe(0);
  const work = await admin<PartsForWork>(`parts/for-work?ticket=${ticket._id}`);
  expect(work.planned.map((line) => [line.part._id, line.quantity])).toEqual([[part._id, 2]]);
  expect(work.held).toEqual([]);
  expect(work.used.map((line) => [line.part._id, line.quantity])).toEqual([[part._id, 2]]);
  const moves = await admin<StockMove[]>(`stock-moves?part=${part._id}`);
  expect(moves.filter((move) => move.ticket?._id === ticket._id)).toHaveLength(1);
  expect(await admin<Part>(`parts/${part._id}`)).toMatchObject({
    onHand: part.onHand - 2,
    reserved: part.reserved,
  });
  expect((await admin<Ticket>(`tickets/${ticket._id}`)).status).toBe('Resolved');
  await context.close();
});
