import type { Browser } from 'playwright-core';
import { expect } from 'vitest';
import { openControlledPage, type DemoRole } from './browser.ts';
import { chooseTicketStatus } from './ticket-status.ts';

/**
 * Signs in, opens Tickets, goes offline and changes the first ticket's status: the starting point
 * of every test about what happens to a change saved on the device.
 */
export async function offlineStatusChange(browser: Browser, baseUrl: string, role: DemoRole) {
  const { context, page } = await openControlledPage(browser, baseUrl, role, '/tickets');
  const statusSelect = page.getByRole('combobox', { name: /^Status of TKT-/ }).first();
  await statusSelect.waitFor();
  const ticketNumber = (await statusSelect.getAttribute('aria-label'))!.replace('Status of ', '');
  const before = await statusSelect.inputValue();
  const target = before === 'Closed' ? 'In Progress' : 'Closed';

  await context.setOffline(true);
  await chooseTicketStatus(page, statusSelect, target);
  await expect.poll(() => page.getByTestId('pending-count').textContent()).toBe('1');
  return { context, page, statusSelect, ticketNumber, before, target };
}
