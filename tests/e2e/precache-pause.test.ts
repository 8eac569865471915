import { setTimeout as sleep } from 'node:timers/promises';
import { expect, it } from 'vitest';
import { firstSyncEnded, newContext, signIn, waitForServiceWorker } from './helpers/browser.ts';
import { holdHistory } from './helpers/held-history.ts';
import { useServerAndBrowser } from './helpers/setup.ts';

const e2e = useServerAndBrowser();

it("holds the service worker's precache while a first sync downloads, and installs it once the download ends", async () => {
  const context = await newContext(e2e.browser);
  const history = await holdHistory(context);
  // Until the download is released, each precached file comes a little late, so the install is still
  // fetching when the first sync starts.
  let released = false;
  await context.route(/\/assets\//, async (route) => {
    if (route.request().serviceWorker() && !released) await sleep(50);
    await route.continue();
  });
  const precacheFetches: string[] = [];
  context.on('request', (request) => {
    if (request.serviceWorker() && /\/assets\//.test(request.url())) precacheFetches.push(request.url());
  });

  const page = await context.newPage();
  await signIn(page, e2e.server.url, 'maintenance_engineer');
  await expect.poll(() => history.asked, { timeout: 30_000, message: 'the first sync reached its history' }).toBe(true);
  // The worker hears of the download a moment after it starts, and the file it is fetching then ends.
  await sleep(1500);
  const fetchedBefore = precacheFetches.length;
  await sleep(3000);
  expect(precacheFetches.length, 'files the install fetched while the first sync downloaded').toBe(fetchedBefore);
  expect(await page.evaluate(() => navigator.serviceWorker.controller === null)).toBe(true);

  released = true;
  history.release();
  await firstSyncEnded(page);
  await waitForServiceWorker(page);
  expect(precacheFetches.length, 'files the install fetched after the download').toBeGreaterThan(fetchedBefore);
  await context.setOffline(true);
  await page.reload();
  await page.getByText('Total Machines').waitFor();
  await context.close();
});
