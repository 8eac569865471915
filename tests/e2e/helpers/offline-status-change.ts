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
  const firstSelect = page.getByRole('combobox', { name: /^Status of TKT-/ }).first();
  await firstSelect.waitFor();
  const ticketNumber = (await firstSelect.getAttribute('aria-label'))!.replace('Status of ', '');
  // That ticket's own select: the first sync may still put newer tickets above it.
  const statusSelect = page.getByRole('combobox', { name: `Status of ${ticketNumber}`, exact: true });
  const before = await statusSelect.inputValue();
  const target = before === 'Closed' ? 'In Progress' : 'Closed';

  await context.setOffline(true);
  await chooseTicketStatus(page, statusSelect, target);
  await expect.poll(() => page.getByTestId('pending-count').textContent()).toBe('1');
  return { context, page, statusSelect, ticketNumber, before, target };
}
