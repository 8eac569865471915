import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import type { Machine } from '#shared/schemas/machine.ts';
import type { Part, StockMove, Storeroom } from '#shared/schemas/part.ts';
import type { Ticket } from '#shared/schemas/ticket.ts';
import { apiAs } from './helpers/api.ts';
import { newContext, openControlledPage, screenshot, signIn, waitForServiceWorker } from './helpers/browser.ts';
import { readDeviceStore } from './helpers/device-store.ts';
import { useServerAndBrowser } from './helpers/setup.ts';

const e2e = useServerAndBrowser();
const admin = apiAs(() => e2e.server.url, 'admin');

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text }).first();

/** Two new parts in one bin of the demo stores (the first with a single unit), and a ticket for the engineer. */
async function stockedParts() {
  const [store] = await admin<Storeroom[]>('storerooms');
  const bin = store!.bins[0]!;
  const stamp = Date.now();
  const part = (partNumber: string, name: string, unitCost: number, onHand: number) =>
    admin<Part>('parts', 'POST', { partNumber, name, unit: 'each', unitCost, minStock: 0, maxStock: 10 }).then(
      async (created) => {
        await admin('stock-moves', 'POST', {
          _id: randomUUID(),
          part: created._id,
          kind: 'receipt',
          quantity: onHand,
          bin: bin._id,
        });
        return created;
      },
    );
  const seal = await part(`E2E-SEAL-${stamp}`, 'Rod seal kit 63 mm', 12.5, 1);
  const hose = await part(`E2E-HOSE-${stamp}`, 'Hydraulic hose 1/2 in, 1 m', 4, 5);
  const [machine] = await admin<Machine[]>('machines');
  const ticket = await admin<Ticket>('tickets', 'POST', {
    title: `Cylinder leaking at the rod ${stamp}`,
    description: 'Oil on the floor under the clamp cylinder',
    machine: machine!._id,
    priority: 'High',
  });
  return { bin, seal, hose, ticket };
}

/** Issues a part to the open ticket from its details: the device saves it at once, online or not. */
async function issuePart(page: Page, ticket: Ticket, part: Part, quantity: string) {
  const detail = page.getByRole('dialog', { name: ticket.ticketNumber });
  await detail.getByRole('button', { name: 'Issue part' }).click();
  const choose = page.getByRole('dialog', { name: 'Issue part' });
  await choose.getByRole('searchbox', { name: 'Search parts' }).fill(part.partNumber);
  await choose.getByRole('button', { name: new RegExp(part.partNumber) }).click();
  const issuing = page.getByRole('dialog', { name: `Issue part · ${part.partNumber}` });
  await issuing.getByLabel(/^Quantity/).fill(quantity);
  await issuing.getByRole('button', { name: 'Issue part' }).click();
  await toast(page, 'Part issued').waitFor();
}

const movesOf = (part: Part) => admin<StockMove[]>(`stock-moves?part=${part._id}`);
const onServer = (part: Part) => admin<Part>(`parts/${part._id}`);

it('two devices issue the last unit: both moves arrive once, the discrepancy shows, a count resolves it, the ticket costs the parts', async () => {
  const { bin, seal, hose, ticket } = await stockedParts();

  // The engineer's tablet holds the ticket and both parts, then loses the network.
  const context = await newContext(e2e.browser, { width: 1024, height: 768 });
  const tablet = await context.newPage();
  await signIn(tablet, e2e.server.url, 'maintenance_engineer');
  await waitForServiceWorker(tablet);
  await expect
    .poll(
      async () => {
        const parts = await readDeviceStore<Part>(tablet, 'parts');
        const tickets = await readDeviceStore<Ticket>(tablet, 'tickets');
        return (
          [seal, hose].every((part) => parts.some((row) => row._id === part._id)) &&
          tickets.some((row) => row._id === ticket._id)
        );
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  await context.setOffline(true);
  await tablet.goto(`${e2e.server.url}/tickets?ticket=${ticket._id}`);
  await issuePart(tablet, ticket, seal, '1');
  await issuePart(tablet, ticket, hose, '2');
  const tabletDetail = tablet.getByRole('dialog', { name: ticket.ticketNumber });
  await expect.poll(() => tabletDetail.getByText('Pending sync').count()).toBeGreaterThan(0);
  await screenshot(tablet, 'parts-issued-offline');

  // Meanwhile the stores' desk issues the last seal to the same job, online.
  const desk = await openControlledPage(e2e.browser, e2e.server.url, 'admin', `/tickets?ticket=${ticket._id}`);
  await issuePart(desk.page, ticket, seal, '1');
  await expect.poll(async () => (await onServer(seal)).onHand, { timeout: 30_000 }).toBe(0);

  // The tablet comes back: each move reaches the server once, and the seal is one short.
  await context.setOffline(false);
  await expect
    .poll(async () => (await movesOf(seal)).filter((move) => move.kind === 'issue').length, { timeout: 60_000 })
    .toBe(2);
  await expect
    .poll(async () => (await movesOf(hose)).filter((move) => move.kind === 'issue').length, { timeout: 30_000 })
    .toBe(1);
  const issues = (await movesOf(seal)).filter((move) => move.kind === 'issue');
  expect(new Set(issues.map((move) => move._id)).size).toBe(2);
  expect(await onServer(seal)).toMatchObject({ onHand: -1, discrepancy: true });
  expect(await onServer(hose)).toMatchObject({ onHand: 3, discrepancy: false });
  await expect.poll(async () => (await readDeviceStore(tablet, 'outbox')).length, { timeout: 30_000 }).toBe(0);

  // The discrepancy shows on the Parts screen; the storekeeper counts the bin and it is gone.
  await desk.page.goto(`${e2e.server.url}/parts?search=${seal.partNumber}`);
  const card = desk.page.getByRole('article', { name: `Part ${seal.partNumber}` });
  await card.getByText('Discrepancy').waitFor({ timeout: 30_000 });
  await screenshot(desk.page, 'parts-discrepancy');
  await card.getByRole('button', { name: seal.partNumber }).click();
  const part = desk.page.getByRole('dialog', { name: `${seal.partNumber} · ${seal.name}` });
  await part.getByRole('button', { name: 'Count' }).click();
  const counting = desk.page.getByRole('dialog', { name: `Count · ${seal.partNumber}` });
  await counting.getByLabel('Bin').selectOption(bin._id);
  await counting.getByLabel(/^Counted quantity/).fill('0');
  await counting.getByLabel('Reason').fill('Cycle count: bin empty after two issues of the last kit');
  await counting.getByRole('button', { name: 'Count' }).click();
  await toast(desk.page, 'Count recorded').waitFor();
  await expect.poll(async () => (await onServer(seal)).discrepancy, { timeout: 30_000 }).toBe(false);
  expect((await onServer(seal)).onHand).toBe(0);
  await part.getByText('Discrepancy').waitFor({ state: 'detached', timeout: 30_000 });
  await desk.page.keyboard.press('Escape');
  await card.getByText('Discrepancy').waitFor({ state: 'detached', timeout: 30_000 });

  // The ticket's cost counts the parts issued at their unit cost: 2 × 12.50 + 2 × 4.00.
  await desk.page.goto(`${e2e.server.url}/tickets?ticket=${ticket._id}`);
  const cost = desk.page.getByRole('dialog', { name: ticket.ticketNumber }).locator('dl[aria-label="Cost"]');
  await expect.poll(() => cost.locator('dd').first().textContent(), { timeout: 30_000 }).toContain('33.00');
  expect(await cost.locator('dd').last().textContent()).toContain('33.00');
  await cost.scrollIntoViewIfNeeded();
  await screenshot(desk.page, 'ticket-cost-with-parts');
  await desk.context.close();
  await context.close();
});
