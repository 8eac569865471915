import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { apiAs } from './helpers/api.ts';
import { newContext, screenshot, signIn, type DemoRole } from './helpers/browser.ts';
import { useServerAndBrowser } from './helpers/setup.ts';

const e2e = useServerAndBrowser();
const api = apiAs(() => e2e.server.url);

/** Opens a screen, collecting every console error and uncaught error of the page. */
async function open(role: DemoRole, path: string) {
  const context = await newContext(e2e.browser, { width: 1280, height: 800 });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await signIn(page, e2e.server.url, role);
  await page.goto(`${e2e.server.url}${path}`);
  return { context, page, errors };
}

const chart = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });
/** What a chart shows, as screen readers get it. */
const chartFigures = async (page: Page, title: string) =>
  (await chart(page, title).getByRole('img').first().getAttribute('aria-label'))!.slice(title.length + 2);
const describe = (rows: { _id: string; count: number }[]) =>
  rows.length ? rows.map(({ _id, count }) => `${_id}: ${count}`).join(', ') : 'No data';

/** Every chart of the screen has drawn its SVG. */
async function chartsDrawn(page: Page) {
  const charts = page.getByRole('img', { name: /: / });
  await expect.poll(() => charts.count(), { timeout: 30_000 }).toBeGreaterThan(5);
  for (const drawing of await charts.all()) await drawing.locator('svg').first().waitFor({ timeout: 60_000 });
}

it('draws Analytics without a console error, and every figure follows the period chosen', async () => {
  const { context, page, errors } = await open('admin', '/analytics');
  await chartsDrawn(page);
  const mttrCard = page.getByRole('group', { name: 'Mean Time to Repair' });

  for (const [days, label] of [
    [30, '30 days'],
    [90, '90 days'],
    [365, '12 months'],
  ] as const) {
    await page.getByRole('group', { name: 'Period' }).getByRole('button', { name: label }).click();
    const types = await api<{ _id: string; count: number }[]>(`analytics/incidents/type-trends?days=${days}`);
    await expect
      .poll(() => chartFigures(page, `Incidents by Type (Last ${label})`), { timeout: 30_000 })
      .toBe(describe(types));
    const mttr = await api<{ mttr: number }>(`analytics/tickets/mttr?days=${days}`);
    await expect.poll(() => mttrCard.innerText()).toContain(`${Number(mttr.mttr.toFixed(1))}h`);
    const reasons = await api<{ _id: string; minutes: number }[]>(`analytics/downtime/reasons?days=${days}`);
    await expect
      .poll(() => chartFigures(page, `Downtime Hours by Reason (Last ${label})`))
      .toBe(
        reasons.length ? reasons.map((row) => `${row._id}: ${Math.round(row.minutes / 6) / 10}`).join(', ') : 'No data',
      );
    await chartsDrawn(page);
  }
  // The seed spreads its records over a year: a longer period shows more.
  const [month, year] = await Promise.all(
    [30, 365].map((days) => api<{ count: number }[]>(`analytics/incidents/type-trends?days=${days}`)),
  );
  const sum = (rows: { count: number }[]) => rows.reduce((total, row) => total + row.count, 0);
  expect(sum(year!)).toBeGreaterThan(sum(month!));

  // Down red and Idle grey, as on the machine badges.
  const sliceColours = await chart(page, 'Machine Status Distribution')
    .locator('svg path[fill]')
    .evaluateAll((paths) => paths.map((path) => path.getAttribute('fill')));
  const statuses = await api<{ _id: string }[]>('analytics/machines/status-distribution');
  const badgeColour: Record<string, string> = {
    Running: '#16a34a',
    Down: '#dc2626',
    Maintenance: '#eab308',
    Idle: '#64748b',
  };
  for (const { _id } of statuses) expect(sliceColours, _id).toContain(badgeColour[_id]);
  expect(statuses.map((row) => row._id)).toContain('Down');
  await screenshot(page, 'analytics-period');
  expect(errors).toEqual([]);
  await context.close();
});

it('opens the machine behind a bar of downtime, from the Reliability view the engineer opens on Machines', async () => {
  const { context, page, errors } = await open('maintenance_engineer', '/machines');
  await page.getByRole('link', { name: 'Reliability' }).click();
  await page.waitForURL(`${e2e.server.url}/reliability`);
  await page.getByRole('heading', { name: 'Reliability', level: 1 }).waitFor();
  const machines = await api<{ _id: string; name: string; downtimeMinutes: number; availability: number }[]>(
    'analytics/machines/availability?days=30',
  );
  const title = 'Downtime Hours by Machine (Last 30 days)';
  // nivo's bars, in the order of the data: the machine with the most downtime first.
  const firstBar = chart(page, title).getByTestId('bar.item.count.0');
  await firstBar.waitFor({ timeout: 60_000 });
  await screenshot(page, 'reliability-engineer');
  const first = machines.find((row) => row.downtimeMinutes > 0)!;
  // The most downtime is the least availability: the table's first row, its name a link to the machine.
  const firstRow = page.getByRole('table').getByRole('row').nth(1);
  expect(await firstRow.getByRole('cell').allTextContents()).toEqual(
    expect.arrayContaining([first.name, `${first.availability}%`]),
  );
  expect(await firstRow.getByRole('link', { name: first.name }).getAttribute('href')).toBe(
    `/machines?machine=${first._id}`,
  );
  await firstBar.click();
  await page.waitForURL((url) => url.pathname === '/machines' && url.searchParams.get('machine') === first._id);
  await page.getByRole('dialog', { name: first.name }).waitFor();
  expect(errors).toEqual([]);
  await context.close();
});

it('keeps Reliability from the operator', async () => {
  const { context, page } = await open('operator', '/machines');
  await page.getByRole('heading', { name: 'Machines', level: 1 }).waitFor();
  expect(await page.getByRole('link', { name: 'Reliability' }).count()).toBe(0);
  await page.goto(`${e2e.server.url}/reliability`);
  await page.waitForURL(`${e2e.server.url}/unauthorized`);
  await context.close();
});
