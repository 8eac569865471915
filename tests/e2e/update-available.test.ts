import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, expect, it } from 'vitest';
import { newContext, signIn, waitForServiceWorker } from './helpers/browser.ts';
import { clientDir } from './helpers/client-dir.ts';
import { useServerAndBrowser } from './helpers/setup.ts';

const e2e = useServerAndBrowser();
const newVersionDir = mkdtempSync(path.join(tmpdir(), 'imsp-v2-'));
afterAll(() => rmSync(newVersionDir, { recursive: true, force: true }));

/**
 * A deploy of a new version: the same build with a service worker whose bytes changed. The new worker
 * also answers a version probe, so the test can tell which worker controls the page.
 */
function deployNewVersion(): string {
  cpSync(clientDir, newVersionDir, { recursive: true });
  appendFileSync(
    path.join(newVersionDir, 'sw.js'),
    "\nself.addEventListener('message', (event) => { if (event.data?.type === 'E2E_VERSION') event.ports[0].postMessage(2); });\n",
  );
  return newVersionDir;
}

/** The controlling worker's answer to the probe: 2 for the new version, null for the old one (it ignores the message). */
function controllerVersion(page: Page): Promise<number | null> {
  return page.evaluate(
    () =>
      new Promise<number | null>((resolve) => {
        const controller = navigator.serviceWorker.controller;
        if (!controller) return resolve(null);
        const channel = new MessageChannel();
        channel.port1.onmessage = (event) => resolve(event.data as number);
        controller.postMessage({ type: 'E2E_VERSION' }, [channel.port2]);
        setTimeout(() => resolve(null), 1_000);
      }),
  );
}

it('waits with a new version until the user accepts the Update available toast', async () => {
  const context = await newContext(e2e.browser);
  const page = await context.newPage();
  await signIn(page, e2e.server.url, 'operator');
  await waitForServiceWorker(page);
  await page.evaluate(() => Object.assign(window, { loadedBeforeUpdate: true }));

  await e2e.server.stop();
  await e2e.server.start(deployNewVersion());
  // The app checks for a new version whenever it regains focus.
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));

  const reload = page.getByRole('button', { name: 'Reload' });
  await reload.waitFor({ timeout: 30_000 });
  expect(await page.getByText('Update available').isVisible()).toBe(true);
  // The new worker waits: the old one still controls the page, and nothing reloaded on its own.
  expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))).toBe(
    true,
  );
  expect(await controllerVersion(page)).toBeNull();
  expect(await page.evaluate(() => 'loadedBeforeUpdate' in window)).toBe(true);

  // Toasts move aside as the top bar's controls change width (the server just came back), so the
  // click goes to the button itself rather than to where it was a frame ago.
  await reload.dispatchEvent('click');
  await expect
    .poll(() => page.evaluate(() => 'loadedBeforeUpdate' in window).catch(() => true), { timeout: 60_000 })
    .toBe(false);
  await page.waitForLoadState();
  expect(await controllerVersion(page)).toBe(2);
  expect(
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null),
  ).toBeNull();
  await context.close();
});
