import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import type { HistoryEntry } from '#shared/schemas/common.ts';
import type { Machine } from '#shared/schemas/machine.ts';
import type { Permit } from '#shared/schemas/permit.ts';
import type { Ticket } from '#shared/schemas/ticket.ts';
import { apiAs } from './helpers/api.ts';
import {
  newContext,
  openControlledPage,
  screenshot,
  signIn,
  waitForServiceWorker,
  sendOnceOnline,
} from './helpers/browser.ts';
import { readDeviceStore } from './helpers/device-store.ts';
import { chooseMachineStatus } from './helpers/machine-status.ts';
import { useServerAndBrowser } from './helpers/setup.ts';

const e2e = useServerAndBrowser();
const admin = apiAs(() => e2e.server.url, 'admin');

/** A machine with isolation points, Running, with no permit of the demo plant on it, and a new ticket on it. */
async function workOnALiveMachine() {
  const permits = await admin<Permit[]>('permits?status=open');
  const busy = new Set(permits.map((permit) => permit.machine._id));
  const machines = await admin<Machine[]>('machines');
  const machine = machines.find(
    (candidate) => candidate.status === 'Running' && candidate.isolationPoints.length >= 2 && !busy.has(candidate._id),
  )!;
  const ticket = await admin<Ticket>('tickets', 'POST', {
    title: `Replace the worn coupling ${Date.now()}`,
    description: 'Coupling rubbers cracked, vibration on the drive',
    machine: machine._id,
    priority: 'High',
  });
  return { machine, ticket };
}

/** The engineer's tablet: signed in, the app installed, the ticket stored by the first sync. */
async function tablet(ticketId: string) {
  const context = await newContext(e2e.browser, { width: 1024, height: 768 });
  const page = await context.newPage();
  await signIn(page, e2e.server.url, 'maintenance_engineer');
  await waitForServiceWorker(page);
  await expect
    .poll(async () => (await readDeviceStore<Ticket>(page, 'tickets')).some((row) => row._id === ticketId), {
      timeout: 60_000,
    })
    .toBe(true);
  return { context, page };
}

const toast = (page: Page, text: string | RegExp) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text }).first();

it('runs a permit to work across two devices, offline on the tablet, each step once on the server', async () => {
  const { machine, ticket } = await workOnALiveMachine();
  const { context, page } = await tablet(ticket._id);

  // Offline on the tablet: the ticket cannot start yet; the permit is requested from it.
  await context.setOffline(true);
  await page.goto(`${e2e.server.url}/tickets?ticket=${ticket._id}`);
  const detail = page.getByRole('dialog', { name: ticket.ticketNumber });
  await detail.getByRole('combobox', { name: `Status of ${ticket.ticketNumber}` }).selectOption('In Progress');
  await toast(page, `${ticket.ticketNumber} cannot go In Progress without an Active permit to work`).waitFor();
  await detail.getByRole('button', { name: 'Request permit' }).click();
  const request = page.getByRole('dialog', { name: 'Request Permit to Work' });
  await request.getByLabel('Permit type').selectOption('general');
  await request.getByLabel('Work to do').fill('Change the drive coupling');
  await request.getByRole('button', { name: 'Request Permit' }).click();
  await toast(page, 'Permit to work requested').waitFor();
  await detail.getByText('Requested', { exact: true }).waitFor();
  await context.setOffline(false);
  const onServer = async () => (await admin<Permit[]>(`permits?machine=${machine._id}`))[0];
  await expect.poll(async () => (await onServer())?.status, { timeout: 30_000 }).toBe('Requested');
  const permitNumber = (await onServer())!.permitNumber;

  // The safety officer approves it at a desk.
  const desk = await openControlledPage(e2e.browser, e2e.server.url, 'safety_officer', '/permits');
  const card = desk.page.getByRole('article', { name: `Permit ${permitNumber}` });
  await card.getByRole('button', { name: permitNumber }).click({ timeout: 30_000 });
  const approving = desk.page.getByRole('dialog', { name: `${permitNumber} · ${machine.name}` });
  await approving.getByRole('button', { name: 'Approve' }).click();
  await expect.poll(async () => (await onServer())?.status, { timeout: 30_000 }).toBe('Approved');
  await screenshot(desk.page, 'permit-approved');

  // Back on the tablet, offline: a lock on every point, each verified, then the work starts.
  await page.goto(`${e2e.server.url}/permits`);
  const tabletCard = page.getByRole('article', { name: `Permit ${permitNumber}` });
  await tabletCard.getByText('Approved', { exact: true }).waitFor({ timeout: 90_000 });
  await context.setOffline(true);
  await tabletCard.getByRole('button', { name: permitNumber }).click();
  const permitDialog = page.getByRole('dialog', { name: `${permitNumber} · ${machine.name}` });
  for (const [index, point] of machine.isolationPoints.entries()) {
    await permitDialog
      .getByRole('listitem', { name: `Isolation point ${point.location}` })
      .getByRole('button', { name: 'Apply lock' })
      .click();
    const lock = page.getByRole('dialog', { name: 'Apply Lock' });
    await lock.getByLabel('Lock number').fill(String(40 + index));
    await lock.getByLabel(/Zero energy verified/).check();
    await lock.getByRole('button', { name: 'Apply Lock' }).click();
    await lock.waitFor({ state: 'detached' });
  }
  await permitDialog.getByText('Isolated', { exact: true }).first().waitFor();
  await permitDialog.getByRole('button', { name: 'Start work' }).click();
  await permitDialog.getByText('Active', { exact: true }).first().waitFor();
  await screenshot(page, 'permit-active-offline');
  await permitDialog.getByRole('button', { name: 'Close' }).click();

  await page.goto(`${e2e.server.url}/tickets?ticket=${ticket._id}`);
  await detail.getByRole('combobox', { name: `Status of ${ticket.ticketNumber}` }).selectOption('In Progress');
  await toast(page, 'Ticket updated successfully!').waitFor();
  await sendOnceOnline(page);
  const active = (await onServer())!;
  expect(active.status).toBe('Active');
  expect(active.locks.map((lock) => [lock.lockNumber, lock.verified, lock.appliedBy?.name])).toEqual(
    machine.isolationPoints.map((_, index) => [String(40 + index), true, 'Tomás Herrera']),
  );
  expect((await admin<Ticket>(`tickets/${ticket._id}`)).status).toBe('In Progress');

  // The machine stops for the work; it cannot run again while a lock is on.
  await page.goto(`${e2e.server.url}/machines`);
  const status = page.getByRole('combobox', { name: `Status of ${machine.name}` });
  await chooseMachineStatus(page, status, 'Maintenance');
  await expect
    .poll(async () => (await admin<Machine>(`machines/${machine._id}`)).status, { timeout: 30_000 })
    .toBe('Maintenance');
  await status.selectOption('Running');
  await toast(page, `${machine.name} cannot return to Running while locks are on`).waitFor();
  expect(await status.inputValue()).toBe('Maintenance');

  // Work done, every lock off, the permit closed: the machine runs again.
  await page.goto(`${e2e.server.url}/permits?permit=${active._id}`);
  await permitDialog.getByRole('button', { name: 'Work done' }).click();
  for (const point of machine.isolationPoints) {
    await permitDialog
      .getByRole('listitem', { name: `Isolation point ${point.location}` })
      .getByRole('button', { name: 'Remove lock' })
      .click();
    const removing = page.getByRole('dialog', { name: 'Remove Lock' });
    await removing.getByRole('button', { name: 'Remove Lock' }).click();
    await removing.waitFor({ state: 'detached' });
  }
  await permitDialog.getByRole('button', { name: 'Close permit' }).click();
  await expect.poll(async () => (await onServer())?.status, { timeout: 60_000 }).toBe('Closed');
  await page.goto(`${e2e.server.url}/machines`);
  await status.selectOption('Running');
  await expect
    .poll(async () => (await admin<Machine>(`machines/${machine._id}`)).status, { timeout: 30_000 })
    .toBe('Running');

  // Exactly once: one permit, one lock per point, each step once in its history.
  const permits = await admin<Permit[]>(`permits?machine=${machine._id}&status=Closed`);
  expect(permits).toHaveLength(1);
  expect(permits[0]!.locks).toHaveLength(machine.isolationPoints.length);
  const history = await admin<HistoryEntry[]>(`permits/${permits[0]!._id}/history`);
  const steps = history.filter((entry) => entry.field === 'status').map((entry) => entry.newValue);
  expect(steps).toEqual(['Requested', 'Approved', 'Isolated', 'Active', 'Work Done', 'Closed']);
  expect(history.filter((entry) => entry.field === 'lock')).toHaveLength(machine.isolationPoints.length);
  expect(history.filter((entry) => entry.field === 'lockRemoved')).toHaveLength(machine.isolationPoints.length);
  await desk.context.close();
  await context.close();
});

it('shows the board at a desk and on a tablet, and prints a permit on one A4 page', async () => {
  for (const size of [
    { width: 1280, height: 800 },
    { width: 800, height: 1280 },
  ]) {
    const context = await newContext(e2e.browser, size);
    const page = await context.newPage();
    await signIn(page, e2e.server.url, 'safety_officer');
    await page.goto(`${e2e.server.url}/permits`);
    await page.getByRole('heading', { name: 'Permits to Work' }).waitFor();
    await page.getByRole('article').first().waitFor({ timeout: 30_000 });
    await screenshot(page, 'permits-board');
    await context.close();
  }
  const [active] = await admin<Permit[]>('permits?status=Active');
  const { context, page } = await openControlledPage(e2e.browser, e2e.server.url, 'safety_officer', '/permits');
  await page.goto(`${e2e.server.url}/permits?permit=${active!._id}`);
  await page.getByRole('dialog', { name: `${active!.permitNumber} · ${active!.machine.name}` }).waitFor();
  await page.getByText('Isolation points and locks').waitFor();
  const pdf = await page.pdf({ format: 'A4' });
  expect(pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g)).toHaveLength(1);
  await context.close();
});
