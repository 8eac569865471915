import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import type { PreviousFigures } from '#shared/schemas/analytics.ts';
import { apiToken, newContext, screenshot, signIn, type DemoRole } from './helpers/browser.ts';
import { keepYearOfHistory } from './helpers/working-set.ts';
import { useServerAndBrowser } from './helpers/setup.ts';

const e2e = useServerAndBrowser();
let adminToken: string;

beforeAll(async () => {
  adminToken = await apiToken(e2e.server.url, 'admin');
});

async function api<T>(path: string): Promise<T> {
  const response = await fetch(`${e2e.server.url}/api/${path}`, { headers: { authorization: `Bearer ${adminToken}` } });
  return (await response.json()) as T;
}

async function openApp(role: DemoRole, size = { width: 1280, height: 800 }) {
  const context = await newContext(e2e.browser, size);
  const page = await context.newPage();
  await signIn(page, e2e.server.url, role);
  return { context, page };
}

/** The lines of a stat card: label, value, change text. */
async function statCard(page: Page, name: string): Promise<string[]> {
  const text = await page.getByRole('group', { name }).innerText();
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

const signed = (change: number) => `${change > 0 ? '+' : change < 0 ? '-' : '±'}${Math.abs(change)}`;

const pageCount = (total: number) => Math.max(1, Math.ceil(total / 10));

/** The list shows as many tickets as the server counts for the same filters. */
async function expectListOf(page: Page, total: number) {
  if (total > 10) await page.getByText(`Showing page 1 of ${pageCount(total)}`).waitFor();
  else await expect.poll(() => page.getByRole('row').count()).toBe(total + 1);
}

it('shows the dashboard from this device, agreeing with the server, with working quick actions', async () => {
  const summary = await api<{ machines: Record<string, number>; tickets: { open: number } }>('analytics/dashboard');
  const newest = await api<{ tickets: { ticketNumber: string; title: string }[] }>('tickets?limit=5');
  const { context, page } = await openApp('maintenance_engineer');

  // The changes: the figure now against the server's figure of 30 days ago, nothing without one.
  const previous = await api<PreviousFigures>('analytics/previous?days=30');
  const expected: [string, number, number | null | undefined][] = [
    ['Total Machines', summary.machines.total!, previous.machines?.total],
    ['Running Machines', summary.machines.running!, previous.machines?.running],
    ['Down Machines', summary.machines.down!, previous.machines?.down],
    ['Open Tickets', summary.tickets.open, previous.openTickets],
  ];
  for (const [name, value, before] of expected) {
    const change = typeof before === 'number' ? [signed(value - before), 'vs 30 days ago'] : [];
    await expect
      .poll(async () => (await statCard(page, name)).join(' '), { timeout: 60_000 })
      .toBe([name, String(value), ...change].join(' '));
  }
  expect(previous.openTickets, 'the seed has tickets older than 30 days').not.toBeNull();

  // Every status has its bar, so the parts add up to the total.
  const statuses = await api<{ _id: string; count: number }[]>('analytics/machines/status-distribution');
  const distribution = page.getByRole('region', { name: 'Machine Status Distribution' });
  let parts = 0;
  for (const status of ['Running', 'Down', 'Maintenance', 'Idle'] as const) {
    const count = statuses.find((row) => row._id === status)?.count ?? 0;
    parts += count;
    expect(await distribution.getByTestId(`status-${status}`).innerText()).toContain(String(count));
  }
  expect(parts).toBe(summary.machines.total);
  const recent = page.getByRole('region', { name: 'Recent Tickets' }).getByRole('listitem');
  await expect
    .poll(async () => (await recent.allInnerTexts()).map((text) => text.split('\n')[0]), { timeout: 30_000 })
    .toEqual(newest.tickets.map((ticket) => ticket.title));
  expect(await page.getByRole('region', { name: 'Recent Incidents' }).getByRole('listitem').count()).toBe(5);
  await screenshot(page, 'dashboard-engineer');

  await page.setViewportSize({ width: 390, height: 844 });
  expect(await horizontalOverflow(page)).toBe(0);
  await screenshot(page, 'dashboard-engineer');

  await page.getByRole('link', { name: 'Create Maintenance Ticket' }).click();
  await page.getByRole('dialog', { name: 'Create Ticket' }).waitFor();
  expect(new URL(page.url()).search).toBe('?new=1');
  await page.getByRole('dialog', { name: 'Create Ticket' }).getByRole('button', { name: 'Close' }).click();
  await page.waitForURL(`${e2e.server.url}/tickets`);

  await page.goto(`${e2e.server.url}/`);
  await recent.first().click();
  await page.getByRole('dialog', { name: newest.tickets[0]!.ticketNumber }).waitFor();

  await page.goto(`${e2e.server.url}/`);
  await page.getByRole('link', { name: 'Schedule Maintenance' }).click();
  await page.waitForURL(/\/maintenance/);
  await context.close();
});

it('lists, filters, searches and pages tickets like the server does, with inline validation and details', async () => {
  const all = await api<{ total: number; tickets: { ticketNumber: string; title: string }[] }>('tickets');
  const critical = await api<{ total: number }>('tickets?priority=Critical');
  const closedHigh = await api<{ total: number }>('tickets?status=Closed&priority=High');
  const hydraulic = await api<{ total: number }>('tickets?search=HYDRAULIC');
  const { context, page } = await openApp('maintenance_engineer');
  await keepYearOfHistory(page, e2e.server.url, '/tickets');
  await page.getByText(`Showing page 1 of ${pageCount(all.total)}`).waitFor({ timeout: 60_000 });
  await screenshot(page, 'tickets-engineer');

  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByText(`Showing page 2 of ${pageCount(all.total)}`).waitFor();
  await page.getByRole('button', { name: 'Previous' }).click();
  await page.getByText(`Showing page 1 of ${pageCount(all.total)}`).waitFor();

  await page.getByRole('combobox', { name: 'Priority', exact: true }).selectOption('Critical');
  await expectListOf(page, critical.total);
  const rows = page.getByRole('row');
  expect(await rows.filter({ hasText: 'Critical' }).count()).toBe((await rows.count()) - 1);
  await page.getByRole('combobox', { name: 'Priority', exact: true }).selectOption('High');
  await page.getByRole('combobox', { name: 'Status', exact: true }).selectOption('Closed');
  await expectListOf(page, closedHigh.total);
  await page.getByRole('combobox', { name: 'Priority', exact: true }).selectOption('');
  await page.getByRole('combobox', { name: 'Status', exact: true }).selectOption('');

  await page.getByLabel('Search tickets').fill('hydraulic');
  await expectListOf(page, hydraulic.total);
  await page.getByLabel('Search tickets').fill(all.tickets.at(-1)!.ticketNumber.toLowerCase());
  await expectListOf(page, 1);
  await page.getByLabel('Search tickets').fill('no such ticket anywhere');
  await page.getByText('No tickets found').waitFor();
  await page.getByLabel('Search tickets').fill('');

  await page.getByRole('button', { name: 'Create Ticket' }).click();
  const form = page.getByRole('dialog', { name: 'Create Ticket' });
  expect(await form.getByLabel('Priority').inputValue()).toBe('Medium');
  expect(await form.getByLabel('Category').inputValue()).toBe('Mechanical');
  await form.getByRole('button', { name: 'Create Ticket' }).click();
  for (const message of ['Title is required', 'Machine is required', 'Description is required']) {
    await form.getByText(message).waitFor();
  }
  await screenshot(page, 'tickets-create-invalid');
  await form.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: `View ${all.tickets[0]!.ticketNumber}` }).click();
  const detail = page.getByRole('dialog', { name: all.tickets[0]!.ticketNumber });
  await detail.getByRole('heading', { name: all.tickets[0]!.title }).waitFor();
  expect(await detail.getByRole('button', { name: 'Add Comment' }).isDisabled()).toBe(true);
  await detail.getByLabel('Add a comment').fill('   ');
  expect(await detail.getByRole('button', { name: 'Add Comment' }).isDisabled()).toBe(true);
  await screenshot(page, 'tickets-detail');
  await detail.getByRole('button', { name: 'Close' }).click();

  await page.setViewportSize({ width: 390, height: 844 });
  expect(await horizontalOverflow(page)).toBe(0);
  await screenshot(page, 'tickets-engineer');
  await page.getByRole('button', { name: `View ${all.tickets[0]!.ticketNumber}` }).click();
  await detail.waitFor();
  await screenshot(page, 'tickets-detail');
  await context.close();
});

it('hides what an operator may not do', async () => {
  const { context, page } = await openApp('operator', { width: 390, height: 844 });
  await page.getByRole('link', { name: 'Report Safety Incident' }).waitFor();
  expect(await page.getByRole('link', { name: 'Schedule Maintenance' }).count()).toBe(0);
  await page.goto(`${e2e.server.url}/tickets`);
  const status = page.getByRole('combobox', { name: /^Status of TKT-/ }).first();
  await status.waitFor({ timeout: 60_000 });
  expect(await status.isDisabled()).toBe(true);
  await page
    .getByRole('button', { name: /^View TKT-/ })
    .first()
    .click();
  const detail = page.getByRole('dialog', { name: /^TKT-/ });
  await detail.getByText('Assigned To', { exact: true }).waitFor();
  expect(await detail.getByRole('combobox', { name: 'Assigned To' }).count()).toBe(0);
  await screenshot(page, 'tickets-detail-operator');
  await context.close();
});

it("shows the server's message when it refuses a ticket, and keeps the change to retry or discard", async () => {
  const created = await fetch(`${e2e.server.url}/api/machines`, {
    method: 'POST',
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      name: `Retired shear ${Date.now()}`,
      machineId: `RET-${Date.now()}`,
      department: 'Casting',
      location: 'Scrap bay',
      model: 'SH-2',
      manufacturer: 'Danieli',
      installationDate: '2001-05-02',
    }),
  });
  const doomed = (await created.json()) as { _id: string; name: string };
  const { context, page } = await openApp('operator');
  await page.goto(`${e2e.server.url}/tickets?new=1`);
  const form = page.getByRole('dialog', { name: 'Create Ticket' });
  await expect
    .poll(() => form.getByLabel('Machine').locator(`option[value="${doomed._id}"]`).count(), { timeout: 60_000 })
    .toBe(1);
  await form.getByLabel('Title').fill('Blade chipped');
  await form.getByLabel('Machine').selectOption(doomed._id);
  await form.getByLabel('Description').fill('Second blade chipped on the left side');
  // The machine goes while the device is offline with the form open: it cannot know (online, the
  // live updates would take the machine off the form first), and the server refuses the ticket.
  await context.setOffline(true);
  await fetch(`${e2e.server.url}/api/machines/${doomed._id}`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${adminToken}` },
  });
  await form.getByRole('button', { name: 'Create Ticket' }).click();
  await page.getByText('Ticket created successfully!').waitFor();
  await context.setOffline(false);
  await page.getByText('Machine not found').first().waitFor({ timeout: 30_000 });
  await page.getByRole('button', { name: /^Sync:/ }).click();
  const panel = page.getByRole('dialog', { name: 'Sync' });
  await panel.getByText('New ticket: Blade chipped').waitFor();
  await panel.getByText('Machine not found').waitFor();
  expect((await api<{ total: number }>('tickets?search=Second%20blade%20chipped')).total).toBe(0);
  await context.close();
});
