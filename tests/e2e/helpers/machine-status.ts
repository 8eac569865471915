import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { isStopped } from '#shared/downtime-reasons.ts';
import type { MachineStatus } from '#shared/enums.ts';

/**
 * Chooses a machine's status as a user does; a stop's question (why, and a ticket?) is skipped.
 * Whether the app asks is read from the screen after the choice, as a user does: the status it held
 * at that moment may differ from the one read before, when a sync brought another device's change.
 */
export async function chooseMachineStatus(page: Page, select: Locator, status: MachineStatus): Promise<void> {
  await select.selectOption(status);
  if (!isStopped(status)) return;
  const question = page.getByRole('dialog', { name: /^Why is / });
  // While the question is open the select still shows the saved status; without it, the new one.
  await expect
    .poll(async () => (await question.isVisible()) || (await select.inputValue()) === status, {
      message: `the stop's question or ${status} saved`,
    })
    .toBe(true);
  if (!(await question.isVisible())) return;
  await question.getByRole('button', { name: 'Skip reason' }).click();
  await question.getByRole('button', { name: 'Save without ticket' }).click();
}
