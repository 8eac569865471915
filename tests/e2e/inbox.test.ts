import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import type { Machine } from '#shared/schemas/machine.ts';
import type { Ticket } from '#shared/schemas/ticket.ts';
import type { User } from '#shared/schemas/user.ts';
import { apiAs } from './helpers/api.ts';
import { newContext, openControlledPage, screenshot, signIn } from './helpers/browser.ts';
import { readDeviceStore } from './helpers/device-store.ts';
import { useServerAndBrowser } from './helpers/setup.ts';

const e2e = useServerAndBrowser();
const operator = apiAs(() => e2e.server.url, 'operator');
const engineer = apiAs(() => e2e.server.url, 'maintenance_engineer');

/** The unread count on the bell (its accessible name says it). */
async function unreadOn(page: Page): Promise<number> {
  const name = (await page.getByRole('button', { name: /^Notifications/ }).getAttribute('aria-label')) ?? '';
  return Number(/(\d+) unread/.exec(name)?.[1] ?? 0);
}

it("shows an assignment made in one browser in the other's bell at once, opens it, and marks it read for the user", async () => {
  const [machine] = await operator<Machine[]>('machines');
  const title = `Scalper head chatter ${Date.now()}`;
  const raised = await operator<Ticket>('tickets', 'POST', {
    title,
    description: 'Chatter marks on the slab face',
    machine: machine!._id,
    priority: 'High',
  });
  const me = await engineer<{ user: User }>('auth/me');

  const floor = await openControlledPage(e2e.browser, e2e.server.url, 'maintenance_engineer', '/');
  const bell = floor.page.getByRole('button', { name: /^Notifications/ });
  await bell.waitFor({ timeout: 60_000 });
  // The demo's own entries arrive with the first sync: the assignment is made once it has ended.
  const pulled = async () =>
    (await readDeviceStore<{ key: string }>(floor.page, 'meta')).some((row) => row.key === 'lastPulledAt');
  await expect.poll(pulled, { timeout: 60_000, interval: 500 }).toBe(true);
  await bell.click();
  const entry = floor.page.getByRole('region', { name: 'Inbox' }).getByRole('button', { name: new RegExp(title) });

  const desk = await openControlledPage(e2e.browser, e2e.server.url, 'admin', `/tickets?ticket=${raised._id}`);
  const assignee = desk.page.getByRole('combobox', { name: 'Assigned To' });
  await assignee.locator(`option[value="${me.user._id}"]`).waitFor({ state: 'attached', timeout: 60_000 });
  await assignee.selectOption(me.user._id);
  // Live, not by the next pull: a generous bound for a loaded machine, well under the pull's minute.
  await entry.waitFor({ timeout: 15_000 });
  await expect.poll(() => entry.textContent(), { timeout: 30_000 }).toMatch(/^Assigned to you/);
  const unread = await unreadOn(floor.page);
  await screenshot(floor.page, 'inbox');
  const marked = floor.page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/inbox/read' && response.ok(),
  );
  await entry.click();
  await floor.page.waitForURL(new RegExp(`/tickets\\?ticket=${raised._id}`));
  await floor.page.getByRole('dialog').getByText(title).first().waitFor();
  await expect.poll(() => unreadOn(floor.page), { timeout: 30_000 }).toBe(unread - 1);

  // The mark reached the server: marking again changes nothing.
  await marked;
  expect(await engineer('inbox/read', 'POST', { keys: [`assigned:${raised._id}:2`] })).toEqual({ marked: 0 });
  await desk.context.close();
  await floor.context.close();

  // On a phone the panel spans the screen under the top bar.
  const phone = await newContext(e2e.browser, { width: 390, height: 844 });
  const page = await phone.newPage();
  await signIn(page, e2e.server.url, 'maintenance_engineer');
  await page.getByRole('button', { name: /^Notifications/ }).click();
  const panel = page.getByRole('region', { name: 'Inbox' });
  await panel.getByRole('button', { name: new RegExp(title) }).waitFor({ timeout: 60_000 });
  await screenshot(page, 'inbox');
  const box = (await panel.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await phone.close();
});
