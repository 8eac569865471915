import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Locator, Page, Request } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ActionFigures, PreviousFigures } from '#shared/schemas/analytics.ts';
import { apiToken, newContext, screenshot, signIn, waitForServiceWorker, type DemoRole } from './helpers/browser.ts';
import { clientDir } from './helpers/client-dir.ts';
import { useServerAndBrowser } from './helpers/setup.ts';

const e2e = useServerAndBrowser();

interface Row {
  _id: string;
  count: number;
}
interface TrendRow {
  _id: { year: number; month: number };
  count: number;
}
interface Figures {
  summary: { machines: { total: number; running: number }; incidents: { open: number; critical: number } };
  statuses: Row[];
  departments: Row[];
  ticketTrends: TrendRow[];
  mttr: { mttr: number; totalResolvedTickets: number };
  incidentTypes: Row[];
  incidentTrends: TrendRow[];
  completion: { completionRate: number; completed: number; total: number };
  actions: ActionFigures;
  previous: PreviousFigures;
}

let figures: Figures;

beforeAll(async () => {
  const token = await apiToken(e2e.server.url, 'admin');
  const get = async (endpoint: string) => {
    const response = await fetch(`${e2e.server.url}/api/analytics/${endpoint}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return (await response.json()) as never;
  };
  figures = {
    summary: await get('dashboard'),
    statuses: await get('machines/status-distribution'),
    departments: await get('machines/department-distribution'),
    // The screen opens on the last 30 days.
    ticketTrends: await get('tickets/trends?days=30'),
    mttr: await get('tickets/mttr?days=30'),
    incidentTypes: await get('incidents/type-trends?days=30'),
    incidentTrends: await get('incidents/monthly-trends?days=30'),
    completion: await get('maintenance/completion-rate?days=30'),
    actions: await get('incidents/actions'),
    previous: await get('previous?days=30'),
  };
});

const month = ({ year, month }: TrendRow['_id']) => `${year}-${String(month).padStart(2, '0')}`;
const hours = (value: number) => String(Number(value.toFixed(1)));

const signed = (change: number, suffix = '') =>
  `${change > 0 ? '+' : change < 0 ? '-' : '±'}${String(Number(Math.abs(change).toFixed(1)))}${suffix}`;
const uptimeOf = ({ running, total }: { running: number; total: number }) =>
  total ? Math.round((running / total) * 100) : 0;

/**
 * The KPI cards from the server's figures, each line of a card joined: label, what it measures,
 * value, and the change against the previous 30 days (nothing without earlier figures).
 */
function expectedKpis(): string[] {
  const { summary, mttr, completion, previous } = figures;
  const uptime = uptimeOf(summary.machines);
  const change = (now: number, before: number | null | undefined, note: string, suffix = '') =>
    typeof before === 'number' ? ` ${signed(now - before, suffix)} ${note}` : '';
  return [
    `Running now Machines running at this moment, of all machines ${uptime}%` +
      change(uptime, previous.machines && uptimeOf(previous.machines), 'vs 30 days ago', ' pts'),
    `Mean Time to Repair ${hours(mttr.mttr)}h` +
      (mttr.totalResolvedTickets ? change(mttr.mttr, previous.mttr, 'vs previous 30 days', 'h') : ''),
    `Open Incidents ${summary.incidents.open}` +
      change(summary.incidents.open, previous.openIncidents, 'vs 30 days ago'),
    `Maintenance Completion ${completion.completionRate}%` +
      (completion.total
        ? change(completion.completionRate, previous.completionRate, 'vs previous 30 days', ' pts')
        : ''),
  ];
}

const kpiNames = ['Running now', 'Mean Time to Repair', 'Open Incidents', 'Maintenance Completion'];

const chartTitles = [
  'Machine Status Distribution',
  'Machines by Department',
  'Ticket Trends (Last 30 days, by Month)',
  'Incidents by Type (Last 30 days)',
  'Monthly Incident Trends (Last 30 days)',
];

async function lines(locator: Locator): Promise<string[]> {
  return (await locator.innerText())
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

const kpiCards = (page: Page) =>
  Promise.all(kpiNames.map(async (name) => (await lines(page.getByRole('group', { name }))).join(' ')));

const chart = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });

/** The texts nivo drew in a chart's SVG (slice labels, axis ticks). */
const svgTexts = (page: Page, title: string) => chart(page, title).locator('svg text').allTextContents();

const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

async function openAnalytics(role: DemoRole, size = { width: 1280, height: 800 }) {
  const context = await newContext(e2e.browser, size);
  const page = await context.newPage();
  await signIn(page, e2e.server.url, role);
  await page.goto(`${e2e.server.url}/analytics`);
  await page.getByRole('heading', { name: 'Analytics Dashboard' }).waitFor();
  return { context, page };
}

/** The pie's slice labels, which nivo draws a moment after the chart's SVG. */
const pieLabels = async (page: Page) => (await svgTexts(page, 'Machine Status Distribution')).toSorted();
const expectedPieLabels = () => figures.statuses.map(({ _id, count }) => `${_id}: ${count}`).toSorted();

/** Waits until every chart has drawn its SVG. */
async function chartsDrawn(page: Page) {
  for (const title of chartTitles) {
    await chart(page, title).locator('svg').first().waitFor({ timeout: 60_000 });
  }
}

it('shows the KPI, charts and detail cards from the server figures (admin)', async () => {
  const { context, page } = await openAnalytics('admin');
  expect(await page.getByText('Monitor performance metrics and trends').isVisible()).toBe(true);
  await expect.poll(() => kpiCards(page), { timeout: 60_000 }).toEqual(expectedKpis());
  for (const [index, name] of kpiNames.entries()) {
    const change = / ([+-])[\d.]+/.exec(expectedKpis()[index]!)?.[1];
    const arrows = page.getByRole('group', { name }).locator('svg.lucide-arrow-down-right, svg.lucide-arrow-up-right');
    expect(await arrows.count()).toBe(change ? 1 : 0);
    if (change === '-') expect(await arrows.first().getAttribute('class')).toContain('arrow-down-right');
  }

  await chartsDrawn(page);
  await expect.poll(() => pieLabels(page)).toEqual(expectedPieLabels());
  const departmentTexts = await svgTexts(page, 'Machines by Department');
  for (const { _id } of figures.departments) expect(departmentTexts).toContain(_id);
  const typeTexts = await svgTexts(page, chartTitles[3]!);
  for (const { _id } of figures.incidentTypes) expect(typeTexts).toContain(_id);
  const monthTicks = async (title: string) =>
    (await svgTexts(page, title)).filter((text) => /^\d{4}-\d{2}$/.test(text));
  expect(await monthTicks(chartTitles[2]!)).toEqual(figures.ticketTrends.map((row) => month(row._id)));
  expect(figures.ticketTrends).toHaveLength(2);
  expect(await monthTicks(chartTitles[4]!)).toEqual(figures.incidentTrends.map((row) => month(row._id)));

  for (const title of chartTitles) {
    const drawing = chart(page, title).getByRole('img', { name: new RegExp(`^${title.replace(/[()]/g, '\\$&')}: `) });
    const height = (await drawing.boundingBox())!.height;
    expect(height, title).toBe(title === chartTitles[4] ? 400 : 300);
    expect((await drawing.locator('svg').first().boundingBox())!.height, title).toBe(height);
  }
  // Screen readers get the figures of a chart as its name.
  const pieName = figures.statuses.map(({ _id, count }) => `${_id}: ${count}`).join(', ');
  await chart(page, 'Machine Status Distribution')
    .getByRole('img', { name: `Machine Status Distribution: ${pieName}` })
    .waitFor();

  const { mttr, completion, summary } = figures;
  expect(await lines(chart(page, 'MTTR Details'))).toEqual([
    'MTTR Details',
    'Average Repair Time',
    `${hours(mttr.mttr)} hours`,
    'Resolved Tickets',
    String(mttr.totalResolvedTickets),
  ]);
  expect(await lines(chart(page, 'Maintenance Performance'))).toEqual([
    'Maintenance Performance',
    'Completion Rate',
    `${completion.completionRate}%`,
    'Completed Tasks',
    String(completion.completed),
    'Total Tasks',
    String(completion.total),
  ]);
  expect(await lines(chart(page, 'Safety Overview'))).toEqual([
    'Safety Overview',
    'Open Incidents',
    String(summary.incidents.open),
    'Critical Incidents',
    String(summary.incidents.critical),
  ]);
  const { actions } = figures;
  expect(await lines(chart(page, 'Corrective Actions'))).toEqual([
    'Corrective Actions',
    'Open',
    String(actions.open),
    'Overdue',
    String(actions.overdue),
    'Awaiting Verification',
    String(actions.done),
    'Verified',
    String(actions.verified),
    'Average Days to Close',
    String(actions.averageDaysToClose),
  ]);

  // Two charts side by side on a tablet, one column on a phone.
  const box = (title: string) => chart(page, title).boundingBox();
  const [pie, bars] = [(await box(chartTitles[0]!))!, (await box(chartTitles[1]!))!];
  expect(pie.y).toBe(bars.y);
  expect(bars.x).toBeGreaterThan(pie.x + pie.width);
  await screenshot(page, 'analytics-admin');
  await chart(page, chartTitles[2]!).scrollIntoViewIfNeeded();
  await screenshot(page, 'analytics-admin-charts');
  await chart(page, 'MTTR Details').scrollIntoViewIfNeeded();
  await screenshot(page, 'analytics-admin-details');

  await page.setViewportSize({ width: 390, height: 844 });
  await expect
    .poll(async () => (await box(chartTitles[1]!))!.y, { timeout: 10_000 })
    .toBeGreaterThan((await box(chartTitles[0]!))!.y);
  expect((await box(chartTitles[1]!))!.x).toBe((await box(chartTitles[0]!))!.x);
  // The charts follow the new width once their resize observers have drawn them again.
  await expect.poll(() => horizontalOverflow(page), { timeout: 10_000 }).toBe(0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, 'analytics-admin');
  for (const title of ['Machine Status Distribution', 'Machines by Department', chartTitles[4]!]) {
    await chart(page, title).scrollIntoViewIfNeeded();
    await screenshot(
      page,
      `analytics-phone-${title.split(' ')[0]!.toLowerCase()}-${title.split(' ').at(-1)!.toLowerCase()}`,
    );
  }
  await context.close();
});

describe('access', () => {
  it('lets the safety officer in', async () => {
    const { context, page } = await openAnalytics('safety_officer');
    await expect.poll(() => kpiCards(page), { timeout: 60_000 }).toEqual(expectedKpis());
    await chartsDrawn(page);
    await context.close();
  });

  for (const role of ['operator', 'maintenance_engineer'] as const) {
    it(`sends the ${role} to /unauthorized`, async () => {
      const context = await newContext(e2e.browser);
      const page = await context.newPage();
      await signIn(page, e2e.server.url, role);
      await page.goto(`${e2e.server.url}/analytics`);
      await page.waitForURL(`${e2e.server.url}/unauthorized`);
      await context.close();
    });
  }
});

it('falls back to zeros and empty charts when the figures cannot be loaded, without an error message', async () => {
  // Requests a service worker makes are out of page.route's reach.
  const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
  const signInPage = await context.newPage();
  await signIn(signInPage, e2e.server.url, 'admin');
  // The dashboard the sign-in opened asks for figures too; closed, none of its requests are counted.
  await signInPage.close();
  const page = await context.newPage();
  await page.route('**/api/analytics/**', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Database unavailable"}' }),
  );
  const answered = new Map<string, number>();
  page.on('requestfinished', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/analytics/')) answered.set(pathname, (answered.get(pathname) ?? 0) + 1);
  });
  await page.goto(`${e2e.server.url}/analytics`);
  await expect
    .poll(() => kpiCards(page), { timeout: 30_000 })
    .toEqual([
      'Running now Machines running at this moment, of all machines 0%',
      'Mean Time to Repair 0h',
      'Open Incidents 0',
      'Maintenance Completion 0%',
    ]);
  await chartsDrawn(page);
  for (const title of chartTitles)
    await chart(page, title)
      .getByRole('img', { name: `${title}: No data` })
      .waitFor();
  expect(await lines(chart(page, 'Safety Overview'))).toEqual([
    'Safety Overview',
    'Open Incidents',
    '0',
    'Critical Incidents',
    '0',
  ]);
  // Every query has given up: each of the fourteen endpoints was asked three times (two retries) and answered,
  // and the page has rendered what followed the last answer.
  await expect
    .poll(() => [answered.size, ...answered.values()], { timeout: 30_000 })
    .toEqual([14, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3]);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))));
  expect(await page.getByText('Database unavailable').count()).toBe(0);
  expect(await page.locator('[data-sonner-toast][data-type="error"]').count()).toBe(0);
  await screenshot(page, 'analytics-no-data');
  await context.close();
});

/** The persisted query cache holds an answer for every analytics endpoint. */
async function persistedAnalytics(page: Page): Promise<number> {
  return page.evaluate(() => {
    const saved = JSON.parse(localStorage.getItem('imsp.query-cache') ?? '{}') as {
      clientState?: { queries: { queryKey: unknown[]; state: { data: unknown } }[] };
    };
    return (saved.clientState?.queries ?? []).filter((query) => query.queryKey[0] === 'analytics' && query.state.data)
      .length;
  });
}

it('shows the last loaded figures offline, with the time they were loaded', async () => {
  const context: BrowserContext = await newContext(e2e.browser);
  const page = await context.newPage();
  await signIn(page, e2e.server.url, 'safety_officer');
  await waitForServiceWorker(page);
  const before = Date.now();
  await page.goto(`${e2e.server.url}/analytics`);
  await expect.poll(() => kpiCards(page), { timeout: 60_000 }).toEqual(expectedKpis());
  await chartsDrawn(page);
  const after = Date.now();
  expect(await page.getByTestId('offline-figures').count()).toBe(0);
  await expect.poll(() => persistedAnalytics(page), { timeout: 10_000 }).toBe(13);

  await context.setOffline(true);
  await page.reload();
  await expect.poll(() => kpiCards(page), { timeout: 30_000 }).toEqual(expectedKpis());
  await chartsDrawn(page);
  await expect.poll(() => pieLabels(page)).toEqual(expectedPieLabels());
  const note = page.getByTestId('offline-figures');
  expect(await note.innerText()).toMatch(/^Offline: figures as of /);
  const loadedAt = Date.parse((await note.locator('time').getAttribute('datetime'))!);
  // Whole seconds: the page's clock and this process's may round apart.
  expect(loadedAt).toBeGreaterThanOrEqual(before - 1000);
  expect(loadedAt).toBeLessThanOrEqual(after + 1000);
  expect(await note.locator('time').innerText()).toBe(
    await page.evaluate(
      (time) => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(time),
      loadedAt,
    ),
  );
  await screenshot(page, 'analytics-offline');
  await context.setOffline(false);
  await context.close();
});

/** Whether the built chunk at `url` holds `pattern`: chunks are found by content, their names are hashed. */
function chunkHolds(url: string, pattern: RegExp): boolean {
  const file = path.join(path.resolve(clientDir), new URL(url).pathname);
  return pattern.test(readFileSync(file, 'utf8'));
}

/** nivo's code: its colour schemes and curve names. */
const holdsNivo = (url: string) => chunkHolds(url, /is not a valid curve interpolator identifier/);
/** The analytics screen's own code. */
const holdsAnalyticsScreen = (url: string) => chunkHolds(url, /Monitor performance metrics and trends/);

it('loads nivo only with the analytics screen, not with the login page or the dashboard', async () => {
  const context = await newContext(e2e.browser);
  const page = await context.newPage();
  const scripts: string[] = [];
  const loading = new Set<string>();
  // By address, not resource type: a chunk fetched as a module preload is not always typed 'script'.
  page.on('request', (request) => {
    if (!request.url().endsWith('.js')) return;
    scripts.push(request.url());
    loading.add(request.url());
  });
  const settled = (request: Request) => loading.delete(request.url());
  page.on('requestfinished', settled);
  page.on('requestfailed', settled);
  await signIn(page, e2e.server.url, 'admin');
  await page.getByRole('group', { name: 'Total Machines' }).waitFor();
  // Hovering the link preloads the analytics screen's own code, which must not pull nivo in either.
  await page.getByRole('navigation').first().getByRole('link', { name: 'Analytics' }).hover();
  // Its chunk arrives with everything it imports (Vite preloads them together), so nivo would be among them.
  await expect.poll(() => loading.size === 0 && scripts.some(holdsAnalyticsScreen), { timeout: 30_000 }).toBe(true);
  expect(scripts.filter(holdsNivo)).toEqual([]);

  await page.getByRole('navigation').first().getByRole('link', { name: 'Analytics' }).click();
  await chartsDrawn(page);
  // The request's event may reach this process after the charts drew (it can come from the service worker).
  await expect.poll(() => scripts.filter(holdsNivo)).toHaveLength(1);
  await context.close();
});
