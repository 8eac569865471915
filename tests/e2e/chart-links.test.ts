import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { apiAs } from './helpers/api.ts';
import { newContext, signIn } from './helpers/browser.ts';
import { useServerAndBrowser } from './helpers/setup.ts';

const e2e = useServerAndBrowser();
const api = apiAs(() => e2e.server.url);

/** How many records the list shows: on this device, plus the older ones the server says match. */
async function listed(page: Page, noun: string): Promise<number> {
  const total = page.getByTestId('list-total');
  await total.waitFor();
  const count = (text: string) => Number(text.replaceAll(',', ''));
  const onDevice = count((await total.innerText()).split(' ')[0]!);
  const older = page.getByTestId('older-on-server');
  const olderText = (await older.count()) > 0 ? await older.innerText() : `0 older ${noun}`;
  return onDevice + count(/([\d,]+) older/.exec(olderText)![1]!);
}

/**
 * Clicks the chart's parts (bars or slices) in turn until one opens another screen. The click is sent
 * to the shape itself: the middle of a slice's box can be another slice, or the gap between two. While
 * the first sync brings records the chart is drawn again, so a round that found no shape, or clicked
 * ones drawn over since, is tried again.
 */
async function clickUntilNavigated(page: Page, chart: RegExp, parts: string) {
  const from = page.url();
  const shapes = page.getByRole('img', { name: chart }).locator(parts);
  await expect
    .poll(
      async () => {
        for (const shape of await shapes.all()) {
          if (page.url() !== from) break;
          await shape.dispatchEvent('click', undefined, { timeout: 1_000 }).catch(() => undefined);
        }
        return page.url();
      },
      { timeout: 30_000 },
    )
    .not.toBe(from);
  return new URL(page.url());
}

it('opens the incidents of the type whose bar was clicked, as many as the server counts', async () => {
  const context = await newContext(e2e.browser);
  const page = await context.newPage();
  await signIn(page, e2e.server.url, 'admin');
  await page.goto(`${e2e.server.url}/analytics`);
  const url = await clickUntilNavigated(page, /^Incidents by Type/, '[data-testid^="bar.item"]');
  expect(url.pathname).toBe('/incidents');
  const type = url.searchParams.get('type')!;
  expect(await page.getByRole('combobox', { name: 'Type' }).inputValue()).toBe(type);
  const server = await api<{ total: number }>(`incidents?type=${encodeURIComponent(type)}&limit=1`);
  // The first sync may still be bringing records: the count settles on the server's.
  await expect.poll(() => listed(page, 'incidents'), { timeout: 30_000 }).toBe(server.total);
  await context.close();
});

it('opens the machines of the status whose slice was clicked', async () => {
  const context = await newContext(e2e.browser);
  const page = await context.newPage();
  await signIn(page, e2e.server.url, 'admin');
  await page.goto(`${e2e.server.url}/analytics`);
  // Once the figures are in (a status with machines in its name): until then the pie is a placeholder.
  const url = await clickUntilNavigated(page, /^Machine Status Distribution: .*: [1-9]/, 'path:not([fill="none"])');
  expect(url.pathname).toBe('/machines');
  const status = url.searchParams.get('status')!;
  const server = await api<unknown[]>(`machines?status=${encodeURIComponent(status)}`);
  const cards = page.getByRole('list', { name: 'Machines' }).locator(':scope > li');
  await expect.poll(() => cards.count(), { timeout: 30_000 }).toBe(server.length);
  await context.close();
});

it('opens the tickets of the status whose row the dashboard shows', async () => {
  const context = await newContext(e2e.browser);
  const page = await context.newPage();
  await signIn(page, e2e.server.url, 'admin');
  const row = page.getByTestId('status-In Progress').getByRole('link');
  await row.click();
  await page.waitForURL(/\/tickets\?status=In(%20|\+)Progress/);
  const server = await api<{ total: number }>('tickets?status=In%20Progress&limit=1');
  await expect.poll(() => listed(page, 'tickets'), { timeout: 30_000 }).toBe(server.total);
  const statuses = page.locator('main table select');
  for (const value of await statuses.evaluateAll((selects) => selects.map((s) => (s as HTMLSelectElement).value))) {
    expect(value).toBe('In Progress');
  }
  await context.close();
});
