import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { apiAs } from './helpers/api.ts';
import { openControlledPage, screenshot } from './helpers/browser.ts';
import { readDeviceStore } from './helpers/device-store.ts';
import { useServerAndBrowser } from './helpers/setup.ts';
import { withoutIsolationPoints } from './helpers/isolation-points.ts';

const e2e = useServerAndBrowser();
withoutIsolationPoints(e2e);
const admin = apiAs(() => e2e.server.url);

/** Keeps every toast the page shows from now on, so a test can count them after they have gone. */
function recordToasts(page: Page) {
  return page.evaluate(() => {
    const earlier = new Set(document.querySelectorAll('[data-sonner-toast]'));
    const seen: Element[] = [];
    (window as unknown as { shownToasts: Element[] }).shownToasts = seen;
    new MutationObserver(() => {
      for (const toast of document.querySelectorAll('[data-sonner-toast]'))
        if (!earlier.has(toast) && !seen.includes(toast)) seen.push(toast);
    }).observe(document.body, { childList: true, subtree: true });
  });
}

const toastsSaying = (page: Page, text: string) =>
  page.evaluate(
    (wanted) =>
      (window as unknown as { shownToasts: Element[] }).shownToasts.filter((toast) =>
        toast.textContent?.includes(wanted),
      ).length,
    text,
  );

it('says offline as soon as the network goes, saves on the device, and says once that all was sent', async () => {
  const { context, page } = await openControlledPage(e2e.browser, e2e.server.url, 'maintenance_engineer', '/tickets');
  await page.getByRole('button', { name: /^Sync: online/ }).waitFor({ timeout: 60_000 });
  await page.getByRole('button', { name: 'Create Ticket' }).waitFor();
  // The ticket form offers the machines this device holds: the first sync must have brought them.
  await expect
    .poll(async () => (await readDeviceStore(page, 'machines')).length, { timeout: 60_000 })
    .toBeGreaterThan(0);

  await context.setOffline(true);
  // No request has failed yet: the browser's own signal is what says it, within two seconds.
  await page.getByRole('button', { name: /^Sync: offline/ }).waitFor({ timeout: 2000 });
  await page
    .locator('[aria-live]')
    .getByText('Offline: changes are saved on this device.')
    .waitFor({ state: 'attached', timeout: 2000 });

  const title = `Furnace door seal ${Date.now()}`;
  await page.getByRole('button', { name: 'Create Ticket' }).click();
  const form = page.getByRole('dialog', { name: 'Create Ticket' });
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Machine').selectOption({ index: 1 });
  await form.getByLabel('Description').fill('Door seal scorched on the charging side');
  await form.getByRole('button', { name: 'Create Ticket' }).click();
  const saved = page.locator('[data-sonner-toast]').filter({ hasText: 'Ticket created successfully!' });
  await saved.getByText('Saved on this device. It will be sent when the connection returns.').waitFor();
  await screenshot(page, 'offline-saved-toast');
  await expect.poll(() => page.getByTestId('pending-count').textContent()).toBe('1');

  await recordToasts(page);
  await context.setOffline(false);
  // Back online, the queue goes at once rather than at its next retry.
  await page.getByTestId('pending-count').waitFor({ state: 'detached', timeout: 15_000 });
  await page.getByRole('button', { name: /^Sync: online/ }).waitFor();
  await page.locator('[data-sonner-toast]').filter({ hasText: 'All changes sent' }).waitFor();

  // A change saved while online is sent without a word about the queue.
  await page.getByLabel('Search tickets').fill(title);
  const row = page.getByRole('row').filter({ hasText: title });
  const number = await row.getByText(/^TKT-\d{6}$/).textContent();
  await row.getByRole('combobox', { name: `Status of ${number}` }).selectOption('In Progress');
  await page.locator('[data-sonner-toast]').filter({ hasText: 'Ticket updated successfully!' }).waitFor();
  const statusOnServer = async () =>
    (await admin<{ tickets: { status: string }[] }>(`tickets?search=${encodeURIComponent(title)}`)).tickets[0]?.status;
  await expect.poll(statusOnServer, { timeout: 15_000 }).toBe('In Progress');
  await row.getByText('Pending sync').waitFor({ state: 'detached' });

  expect(await toastsSaying(page, 'All changes sent')).toBe(1);
  expect(await toastsSaying(page, 'Saved on this device')).toBe(0);
  await context.close();
});
