import { expect, it } from 'vitest';
import { apiToken, firstSyncEnded, openControlledPage, screenshot } from './helpers/browser.ts';
import { readDeviceStore } from './helpers/device-store.ts';
import { useServerAndBrowser } from './helpers/setup.ts';
import { withoutIsolationPoints } from './helpers/isolation-points.ts';

const e2e = useServerAndBrowser();
withoutIsolationPoints(e2e);

interface ServerTicket {
  _id: string;
  ticketNumber: string;
  title: string;
}

/** A closed ticket of the demo plant that lies outside the engineer's working set (older than 180 days). */
async function olderTicket(index = 0): Promise<ServerTicket> {
  const token = await apiToken(e2e.server.url, 'maintenance_engineer');
  const response = await fetch(`${e2e.server.url}/api/sync/older/tickets?status=Closed&limit=${index + 1}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const { tickets } = (await response.json()) as { tickets: ServerTicket[] };
  expect(tickets.length, 'the demo plant has closed tickets older than 180 days').toBe(index + 1);
  return tickets[index]!;
}

it('finds a ticket older than the window online, opens it, and shows it again offline', async () => {
  const old = await olderTicket();
  const { context, page } = await openControlledPage(e2e.browser, e2e.server.url, 'maintenance_engineer', '/tickets');
  await page.getByText(/^Showing page 1 of /).waitFor({ timeout: 60_000 });
  await firstSyncEnded(page);
  const stored = await readDeviceStore<{ _id: string }>(page, 'tickets');
  expect(stored.length).toBeGreaterThan(0);
  expect(stored.map((ticket) => ticket._id)).not.toContain(old._id);

  await page.getByLabel('Search tickets').fill(old.ticketNumber);
  await page.getByText('No tickets found').waitFor();
  const older = page.getByRole('region', { name: 'Older tickets on the server' });
  await older.getByText('1 older ticket on the server matches').waitFor();
  await older.getByRole('button', { name: 'Show' }).click();
  await screenshot(page, 'older-records-online');
  await older.getByRole('button', { name: `View ${old.ticketNumber}` }).click();
  const detail = page.getByRole('dialog', { name: old.ticketNumber });
  await detail.getByText(old.title).waitFor();
  await detail.getByRole('button', { name: 'Close' }).click();

  await context.setOffline(true);
  await page.reload();
  await page.getByLabel('Search tickets').fill(old.ticketNumber);
  const row = page.getByRole('row').filter({ hasText: old.title });
  await row.waitFor();
  await page.getByText('Closed tickets older than 180 days are kept on the server: connect to search them.').waitFor();
  await row.getByRole('button', { name: `View ${old.ticketNumber}` }).click();
  await page.getByRole('dialog', { name: old.ticketNumber }).getByText(old.title).waitFor();
  await screenshot(page, 'older-records-offline');
  await context.close();
});

it('a longer window on the Profile page brings the older records; a shorter one prunes them', async () => {
  const old = await olderTicket();
  const { context, page } = await openControlledPage(e2e.browser, e2e.server.url, 'maintenance_engineer', '/profile');
  await firstSyncEnded(page);
  const storedIds = async () => (await readDeviceStore<{ _id: string }>(page, 'tickets')).map((ticket) => ticket._id);
  expect(await storedIds()).not.toContain(old._id);

  const setting = page.getByLabel('Keep closed records on this device for');
  expect(await setting.inputValue()).toBe('180');
  await setting.selectOption('365');
  await expect.poll(storedIds, { timeout: 30_000 }).toContain(old._id);

  await setting.selectOption('90');
  await expect.poll(storedIds, { timeout: 30_000 }).not.toContain(old._id);
  await context.close();
});

it('stores an older ticket on the device before a status change made in the list of the server, and sends it once', async () => {
  const old = await olderTicket(1);
  const { context, page } = await openControlledPage(e2e.browser, e2e.server.url, 'maintenance_engineer', '/tickets');
  await firstSyncEnded(page);
  await page.getByLabel('Search tickets').fill(old.ticketNumber);
  const older = page.getByRole('region', { name: 'Older tickets on the server' });
  await older.getByRole('button', { name: 'Show' }).click();
  await older.getByLabel(`Status of ${old.ticketNumber}`).filter({ visible: true }).selectOption('In Progress');

  const token = await apiToken(e2e.server.url, 'maintenance_engineer');
  const onServer = async () => {
    const response = await fetch(`${e2e.server.url}/api/tickets/${old._id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return ((await response.json()) as { status: string }).status;
  };
  await expect.poll(onServer, { timeout: 30_000 }).toBe('In Progress');
  const stored = await readDeviceStore<{ _id: string; status: string }>(page, 'tickets');
  expect(stored.find((ticket) => ticket._id === old._id)?.status).toBe('In Progress');
  await context.close();
});
