import { expect, it } from 'vitest';
import { screenshot } from './helpers/browser.ts';
import { offlineStatusChange } from './helpers/offline-status-change.ts';
import { useServerAndBrowser } from './helpers/setup.ts';
import { withoutIsolationPoints } from './helpers/isolation-points.ts';

const e2e = useServerAndBrowser();
withoutIsolationPoints(e2e);

it('lists an unsent change in the Sync panel and rolls it back when discarded', async () => {
  const { context, page, statusSelect, before, target } = await offlineStatusChange(
    e2e.browser,
    e2e.server.url,
    'admin',
  );
  await expect.poll(() => statusSelect.inputValue()).toBe(target);

  await page.getByRole('button', { name: /^Sync:/ }).click();
  const panel = page.getByRole('dialog', { name: 'Sync' });
  await panel.getByText(`Status -> ${target}`).waitFor();
  await expect.poll(() => panel.getByText('Waiting to be sent (1)').isVisible()).toBe(true);
  await screenshot(page, 'sync-panel');
  await panel.getByRole('button', { name: 'Discard' }).click();
  await page
    .getByRole('dialog', { name: 'Discard this change?' })
    .getByRole('button', { name: 'Discard change' })
    .click();
  await expect.poll(() => panel.getByText('Waiting to be sent (0)').isVisible()).toBe(true);
  await page.keyboard.press('Escape');

  await expect.poll(() => page.getByTestId('pending-count').count()).toBe(0);
  await expect.poll(() => statusSelect.inputValue()).toBe(before);
  await context.close();
});

it('warns before logout when changes are unsent, then clears this user’s local data', async () => {
  const { context, page } = await offlineStatusChange(e2e.browser, e2e.server.url, 'admin');

  await page.getByRole('button', { name: 'Logout' }).click();
  const warning = page.getByRole('dialog', { name: 'Unsent changes' });
  await warning.getByText('1 change has not reached the server yet', { exact: false }).waitFor();
  await warning.getByRole('button', { name: 'Log out anyway' }).click();
  await page.waitForURL(`${e2e.server.url}/login`);
  const left = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('imsp');
        open.onsuccess = () => {
          const count = open.result.transaction('outbox').objectStore('outbox').count();
          count.onsuccess = () => resolve(count.result);
        };
      }),
  );
  expect(left).toBe(0);
  expect(await page.evaluate(() => localStorage.getItem('imsp.token'))).toBeNull();
  await context.close();
});
