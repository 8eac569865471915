import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchBrowser, newContext, screenshot, signIn, waitForServiceWorker } from './helpers/browser.ts';
import { startServer, type RunningServer } from './helpers/server.ts';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

it('lists an unsent change in the Sync panel and rolls it back when discarded', async () => {
  const context = await newContext(browser);
  const page = await context.newPage();
  await signIn(page, server.url, 'admin');
  await waitForServiceWorker(page);
  await page.goto(`${server.url}/tickets`);
  const statusSelect = page.getByRole('combobox', { name: /^Status of TKT-/ }).first();
  await statusSelect.waitFor();
  const before = await statusSelect.inputValue();
  const target = before === 'Closed' ? 'Pending' : 'Closed';

  await context.setOffline(true);
  await statusSelect.selectOption(target);
  await expect.poll(() => page.getByTestId('pending-count').textContent()).toBe('1');
  await expect.poll(() => statusSelect.inputValue()).toBe(target);

  await page.getByRole('button', { name: /^Sync:/ }).click();
  const panel = page.getByRole('dialog', { name: 'Sync' });
  await panel.getByText(`Status -> ${target}`).waitFor();
  await expect.poll(() => panel.getByText('Waiting to be sent (1)').isVisible()).toBe(true);
  await screenshot(page, 'sync-panel');
  await panel.getByRole('button', { name: 'Discard' }).click();
  await page.getByRole('dialog', { name: 'Discard this change?' }).getByRole('button', { name: 'Discard change' }).click();
  await expect.poll(() => panel.getByText('Waiting to be sent (0)').isVisible()).toBe(true);
  await page.keyboard.press('Escape');

  await expect.poll(() => page.getByTestId('pending-count').count()).toBe(0);
  await expect.poll(() => statusSelect.inputValue()).toBe(before);
  await context.close();
});
