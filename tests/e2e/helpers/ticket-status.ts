import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Chooses a ticket's status in its select. Ending a corrective repair asks for failure codes first
 * (src/shared/failure-codes.ts): the first problem of the machine's type, its first cause, Replaced.
 * Answers whether they were asked for.
 */
export async function chooseTicketStatus(page: Page, select: Locator, value: string): Promise<boolean> {
  await select.selectOption(value);
  const dialog = page.getByRole('dialog', { name: /^What did the repair find/ });
  // Saved on the device, the select shows the new status (or its row leaves a filtered list); else the
  // codes are asked for. A start of work first reads the machine and its permits on the device: on a
  // loaded machine that takes more than the poll's default second.
  const shown = () => select.inputValue({ timeout: 500 }).catch(() => value);
  await expect
    .poll(async () => (await dialog.isVisible()) || (await shown()) === value, { timeout: 10_000 })
    .toBe(true);
  if (!(await dialog.isVisible())) return false;
  await dialog.getByLabel('Problem').selectOption({ index: 1 });
  await dialog.getByLabel('Cause').selectOption({ index: 1 });
  await dialog.getByLabel('Remedy').selectOption('Replaced');
  await dialog.getByRole('button', { name: /^(Resolve|Close) Ticket$/ }).click();
  await dialog.waitFor({ state: 'detached' });
  return true;
}
