import { appendFileSync, cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { newContext, signIn, waitForServiceWorker } from './helpers/browser.ts';
import { useServerAndBrowser } from './helpers/setup.ts';

const e2e = useServerAndBrowser();

/** A deploy of a new version: the same build with a service worker whose bytes changed. */
function newVersion(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'imsp-v2-'));
  cpSync('dist', dir, { recursive: true });
  appendFileSync(path.join(dir, 'sw.js'), '\n// version 2\n');
  return dir;
}

it('waits with a new version until the user accepts the Update available toast', async () => {
  const context = await newContext(e2e.browser);
  const page = await context.newPage();
  await signIn(page, e2e.server.url, 'operator');
  await waitForServiceWorker(page);
  await page.evaluate(() => Object.assign(window, { loadedBeforeUpdate: true }));

  await e2e.server.stop();
  await e2e.server.start(newVersion());
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));

  const reload = page.getByRole('button', { name: 'Reload' });
  await reload.waitFor({ timeout: 30_000 });
  expect(await page.getByText('Update available').isVisible()).toBe(true);
  // Still the old page: nothing reloaded on its own.
  expect(await page.evaluate(() => 'loadedBeforeUpdate' in window)).toBe(true);

  await reload.click();
  await expect.poll(() => page.evaluate(() => 'loadedBeforeUpdate' in window), { timeout: 20_000 }).toBe(false);
  await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null)).toBeNull();
  await context.close();
});
