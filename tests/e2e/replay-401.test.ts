import { expect, it } from 'vitest';
import { apiToken, signIn } from './helpers/browser.ts';
import { offlineStatusChange } from './helpers/offline-status-change.ts';
import { useServerAndBrowser } from './helpers/setup.ts';
import { withoutIsolationPoints } from './helpers/isolation-points.ts';

const e2e = useServerAndBrowser();
withoutIsolationPoints(e2e);

async function serverTicket(number: string) {
  const token = await apiToken(e2e.server.url, 'admin');
  const response = await fetch(`${e2e.server.url}/api/tickets?search=${number}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await response.json()) as { tickets: { ticketNumber: string; status: string }[] }).tickets[0];
}

it('keeps the change saved offline through an expired session and sends it after the next sign-in', async () => {
  const {
    context,
    page,
    ticketNumber: number,
    target,
  } = await offlineStatusChange(e2e.browser, e2e.server.url, 'maintenance_engineer');

  // The token expires while the device is offline.
  await page.evaluate(() => localStorage.setItem('imsp.token', 'expired.token.value'));
  await context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await page.waitForURL(`${e2e.server.url}/login`);
  await expect.poll(() => page.getByText(/session has expired/i).isVisible()).toBe(true);
  expect((await serverTicket(number))!.status).not.toBe(target);

  await signIn(page, e2e.server.url, 'maintenance_engineer');
  await page.goto(`${e2e.server.url}/tickets`);
  await expect.poll(async () => (await serverTicket(number))!.status, { timeout: 20_000 }).toBe(target);
  await expect.poll(() => page.getByTestId('pending-count').count()).toBe(0);
  await context.close();
});
