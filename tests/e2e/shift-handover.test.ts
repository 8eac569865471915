import { expect, it } from 'vitest';
import { openControlledPage, screenshot, setOffline } from './helpers/browser.ts';
import { useServerAndBrowser } from './helpers/setup.ts';

const e2e = useServerAndBrowser();

it('a handover written offline is acknowledged by the next shift on another device, and both see who and when', async () => {
  const outgoing = await openControlledPage(
    e2e.browser,
    e2e.server.url,
    'operator',
    '/shift-log?department=Maintenance',
  );
  const { page } = outgoing;
  const current = page.getByRole('region', { name: /^Current shift: / });
  // The server's list for the shift has arrived (it is kept for offline).
  await current.getByText(/^Machines down or in maintenance \(\d+\)$/).waitFor({ timeout: 60_000 });
  await screenshot(page, 'shift-log');

  await setOffline(outgoing.context, true);
  const notes = `Crane 3 waits for a hydraulic hose ${Date.now()}`;
  await current.getByLabel('Notes for the incoming shift').fill(notes);
  await current.getByRole('button', { name: 'Hand Over' }).click();
  await page.getByText('Shift handed over').first().waitFor();
  const card = page.getByRole('article').filter({ hasText: notes });
  await card.getByText('Pending sync').waitFor();
  await card.getByText('Not acknowledged').waitFor();
  // Still there after a reload without a network: it is kept on the device.
  await page.reload();
  await card.getByText('Pending sync').waitFor({ timeout: 30_000 });

  await setOffline(outgoing.context, false);
  await card.getByText('Pending sync').waitFor({ state: 'detached', timeout: 60_000 });

  // The incoming lead (Maintenance's engineer) is reminded in the inbox on another device.
  const incoming = await openControlledPage(e2e.browser, e2e.server.url, 'maintenance_engineer', '/');
  await incoming.page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click({ timeout: 60_000 });
  const reminder = incoming.page
    .getByRole('region', { name: 'Inbox' })
    .getByRole('button', { name: new RegExp(`Shift handover to acknowledge.*${notes}`) });
  await reminder.click({ timeout: 60_000 });
  await incoming.page.waitForURL(/\/shift-log\?handover=/);
  const received = incoming.page.getByRole('article').filter({ hasText: notes });
  await received.getByText('Written by Lars Eriksen').waitFor({ timeout: 30_000 });
  await received.getByRole('button', { name: 'Acknowledge' }).click();
  await incoming.page.getByText('Handover acknowledged').first().waitFor();
  await received.getByText(/^Acknowledged by Tomás Herrera at /).waitFor();
  await received.getByText('Pending sync').waitFor({ state: 'detached', timeout: 60_000 });

  // The writer's device learns it from the server, and the dashboard of the department shows it.
  await card.getByText(/^Acknowledged by Tomás Herrera at /).waitFor({ timeout: 90_000 });
  await incoming.page.goto(`${e2e.server.url}/`);
  const last = incoming.page.getByRole('region', { name: 'Last Handover' });
  await last.getByText(/^Acknowledged by Tomás Herrera at /).waitFor({ timeout: 30_000 });
  await last.getByText('Acknowledged', { exact: true }).waitFor();
  await screenshot(incoming.page, 'dashboard-last-handover');

  // On paper: the log alone, without its buttons.
  await page.emulateMedia({ media: 'print' });
  expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
  expect(await page.getByRole('navigation').first().isVisible()).toBe(false);
  expect(await card.isVisible()).toBe(true);
  await screenshot(page, 'shift-log-print');

  await outgoing.context.close();
  await incoming.context.close();
});
