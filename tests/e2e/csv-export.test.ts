import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { csvHeader, csvRows } from '#shared/csv.ts';
import { scheduleColumns, ticketColumns } from '#shared/export-columns.ts';
import type { Schedule } from '#shared/schemas/schedule.ts';
import type { Ticket, TicketPage } from '#shared/schemas/ticket.ts';
import { apiAs } from './helpers/api.ts';
import { openControlledPage } from './helpers/browser.ts';
import { useServerAndBrowser } from './helpers/setup.ts';

const e2e = useServerAndBrowser();
const api = apiAs(() => e2e.server.url);

async function serverTickets(query: string): Promise<Ticket[]> {
  const all: Ticket[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await api<TicketPage>(`tickets?${query}&limit=100&page=${page}`);
    all.push(...answer.tickets);
    if (page >= answer.totalPages) return all;
  }
}

async function exported(page: Page): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  return { name: download.suggestedFilename(), text: await readFile(await download.path(), 'utf8') };
}

it('exports what the filters show, all pages: from the server row by row, offline from the device saying so', async () => {
  const { context, page } = await openControlledPage(e2e.browser, e2e.server.url, 'admin', '/tickets');
  await page.getByLabel('Status', { exact: true }).selectOption('Closed');
  await page.getByText(/Showing page 1 of/).waitFor({ timeout: 60_000 });

  // Looked for from the click on: on a loaded machine the toast may be gone once the file is read.
  const told = page.getByText('Exported the tickets that match').waitFor();
  const online = await exported(page);
  expect(online.name).toMatch(/^tickets-\d{4}-\d{2}-\d{2}\.csv$/);
  const closed = await serverTickets('status=Closed');
  expect(closed.length).toBeGreaterThan(10);
  expect(online.text).toBe(csvHeader(ticketColumns) + csvRows(ticketColumns, closed));
  await told;

  await context.setOffline(true);
  const offline = await exported(page);
  expect(offline.name).toMatch(/^tickets-from-this-device-\d{4}-\d{2}-\d{2}\.csv$/);
  await page.getByText(/Offline: exported the \d+ tickets on this device/).waitFor();
  // The device holds the closed tickets of its window: each of its rows is the server's row of that ticket.
  const serverRows = new Set(csvRows(ticketColumns, closed).split('\r\n'));
  const deviceRows = offline.text.split('\r\n').slice(1, -1);
  expect(deviceRows.length).toBeGreaterThan(0);
  expect(deviceRows.filter((row) => !serverRows.has(row))).toEqual([]);

  await context.setOffline(false);
  await page.goto(`${e2e.server.url}/maintenance`);
  const maintenance = await exported(page);
  expect(maintenance.name).toMatch(/^maintenance-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(maintenance.text).toBe(
    csvHeader(scheduleColumns) + csvRows(scheduleColumns, await api<Schedule[]>('maintenance')),
  );
  await context.close();
});
