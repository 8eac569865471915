import { expect, it } from 'vitest';
import { newContext, screenshot, signIn, waitForServiceWorker } from './helpers/browser.ts';
import { useServerAndBrowser } from './helpers/setup.ts';

const e2e = useServerAndBrowser();

it('opens from a cold start with no network, and never answers the API with the shell', async () => {
  const context = await newContext(e2e.browser);
  const page = await context.newPage();
  await signIn(page, e2e.server.url, 'maintenance_engineer');
  await waitForServiceWorker(page);
  await expect.poll(() => page.getByText('Total Machines').isVisible()).toBe(true);
  for (const size of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    await page.setViewportSize(size);
    await screenshot(page, 'dashboard');
    await page.goto(`${e2e.server.url}/tickets`);
    await expect.poll(() => page.getByRole('heading', { name: 'Maintenance Tickets' }).isVisible()).toBe(true);
    await page.waitForTimeout(500);
    await screenshot(page, 'tickets');
    await page.goto(`${e2e.server.url}/`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  await context.setOffline(true);
  await page.reload();
  await screenshot(page, 'offline-reload');
  await expect.poll(() => page.getByText('Tomás Herrera').first().isVisible(), { timeout: 15_000 }).toBe(true);
  await page.goto(`${e2e.server.url}/tickets`);
  await expect.poll(() => page.getByRole('heading', { name: 'Maintenance Tickets' }).isVisible()).toBe(true);
  await expect.poll(() => page.getByText('Offline').first().isVisible()).toBe(true);
  const apiAnswer = await page.evaluate(async () => {
    try {
      const response = await fetch('/api/health');
      return response.headers.get('content-type') ?? 'none';
    } catch {
      return 'network error';
    }
  });
  expect(apiAnswer).toBe('network error');
  await context.close();
});
