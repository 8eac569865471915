import { rmSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { apiToken, chromiumOptions, signIn } from './helpers/browser.ts';
import { startServer, type RunningServer } from './helpers/server.ts';

/**
 * A plant serves the app over plain HTTP on a LAN name: the page is not a secure context there, so
 * `crypto.randomUUID` and service workers are missing, and saving must still work.
 */
const lanName = 'imsp.plant.lan';
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({}, { seededFrom: inject('seededDataDir') });
  browser = await chromium.launch({
    ...chromiumOptions,
    args: [...chromiumOptions.args, `--host-resolver-rules=MAP ${lanName} 127.0.0.1`],
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (server) rmSync(server.dataDir, { recursive: true, force: true });
});

it('creates a ticket over plain HTTP on a LAN name, where the page is not a secure context', async () => {
  const lanUrl = server.url.replace('127.0.0.1', lanName);
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await signIn(page, lanUrl, 'operator');
  expect(await page.evaluate(() => window.isSecureContext)).toBe(false);

  const title = `Ladle preheater flame out ${Date.now()}`;
  await page.goto(`${lanUrl}/tickets`);
  await page.getByRole('button', { name: 'Create Ticket' }).click();
  const form = page.getByRole('dialog', { name: 'Create Ticket' });
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Machine').selectOption({ index: 1 });
  await form.getByLabel('Description').fill('Burner tripped twice on the night shift');
  await form.getByRole('button', { name: 'Create Ticket' }).click();
  await page.getByText('Ticket created successfully!').waitFor();

  const token = await apiToken(server.url, 'admin');
  await expect
    .poll(async () => {
      const response = await fetch(`${server.url}/api/tickets?search=${encodeURIComponent(title)}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      return ((await response.json()) as { total: number }).total;
    })
    .toBe(1);
});
