import type { Locator, Page } from 'playwright-core';
import { isStopped } from '#shared/downtime-reasons.ts';
import type { MachineStatus } from '#shared/enums.ts';

/** Chooses a machine's status as a user does; a stop's question (why, and a ticket?) is skipped. */
export async function chooseMachineStatus(page: Page, select: Locator, status: MachineStatus): Promise<void> {
  const shown = (await select.inputValue()) as MachineStatus;
  await select.selectOption(status);
  if (!isStopped(status) || isStopped(shown)) return;
  const question = page.getByRole('dialog', { name: /^Why is / });
  await question.getByRole('button', { name: 'Skip reason' }).click();
  await question.getByRole('button', { name: 'Save without ticket' }).click();
}
