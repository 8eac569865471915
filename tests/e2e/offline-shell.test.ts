import { expect, it } from 'vitest';
import { newContext, screenshot, signIn, waitForServiceWorker } from './helpers/browser.ts';
import { useServerAndBrowser } from './helpers/setup.ts';

const e2e = useServerAndBrowser();

it('opens from a cold start with no network, and never answers the API with the shell', async () => {
  const context = await newContext(e2e.browser);
  const page = await context.newPage();
  await signIn(page, e2e.server.url, 'maintenance_engineer');
  await waitForServiceWorker(page);
  await page.getByText('Total Machines').waitFor();
  for (const size of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    await screenshot(page, 'dashboard');
    await page.goto(`${e2e.server.url}/tickets`);
    await page.getByRole('heading', { name: 'Maintenance Tickets' }).waitFor();
    await page.getByText(/Showing page 1 of/).waitFor();
    await screenshot(page, 'tickets');
    await page.goto(`${e2e.server.url}/`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  await context.setOffline(true);
  await page.reload();
  await page.getByText('Tomás Herrera').first().waitFor();
  await screenshot(page, 'offline-reload');
  await page.goto(`${e2e.server.url}/tickets`);
  await page.getByRole('heading', { name: 'Maintenance Tickets' }).waitFor();
  await page.getByText('Offline').first().waitFor();
  const apiAnswer = await page.evaluate(async () => {
    try {
      const response = await fetch('/api/health');
      return response.headers.get('content-type') ?? 'none';
    } catch {
      return 'network error';
    }
  });
  expect(apiAnswer).toBe('network error');
  // A navigation to the API (the docs, a file link) is not a route of the app: no shell for it either.
  await expect(page.goto(`${e2e.server.url}/api/docs`)).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);
  await context.close();
});
