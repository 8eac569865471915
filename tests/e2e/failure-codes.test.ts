import { expect, it } from 'vitest';
import type { FailureModes } from '#shared/schemas/downtime.ts';
import type { Ticket } from '#shared/schemas/ticket.ts';
import { openControlledPage, screenshot, screenSizes, sendOnceOnline } from './helpers/browser.ts';
import { apiAs } from './helpers/api.ts';
import { useServerAndBrowser } from './helpers/setup.ts';

const e2e = useServerAndBrowser();
const api = apiAs(() => e2e.server.url);

it('asks what a repair found when it is resolved, offline too, and Reliability and the machine show it', async () => {
  const machine = await api<{ _id: string; name: string }>('machines', 'POST', {
    name: 'Cold mill stand 9',
    machineId: 'RM-CM-09',
    department: 'Rolling Mill',
    location: 'Cold mill hall',
    model: 'CM-4',
    manufacturer: 'Danieli',
    installationDate: '2019-04-01',
    specifications: { capacity: '12 t/h', power: '2 MW', dimensions: '9 x 4 m', weight: '80 t' },
  });
  const title = 'Stand 9 work roll chatter';
  const created = await api<Ticket>('tickets', 'POST', {
    title,
    description: 'Chatter marks on the strip',
    machine: machine._id,
    category: 'Mechanical',
  });

  const { context, page } = await openControlledPage(e2e.browser, e2e.server.url, 'maintenance_engineer', '/tickets');
  await page.getByLabel('Search tickets').fill(title);
  const status = page.getByRole('combobox', { name: `Status of ${created.ticketNumber}` });
  await status.waitFor({ timeout: 60_000 });

  await context.setOffline(true);
  await status.selectOption('Resolved');
  const dialog = page.getByRole('dialog', { name: /^What did the repair find/ });
  await dialog.getByText('Failure codes for rolling mill machines').waitFor();
  expect(await dialog.getByLabel('Cause').isDisabled(), 'the cause follows the problem').toBe(true);
  for (const size of screenSizes) {
    await page.setViewportSize(size);
    await screenshot(page, 'failure-codes-dialog');
  }
  await page.setViewportSize(screenSizes[0]);
  await dialog.getByLabel('Problem').selectOption('Other');
  await dialog.getByLabel('Cause').selectOption('Other');
  await dialog.getByLabel('Remedy').selectOption('Replaced');
  await dialog.getByRole('button', { name: 'Resolve Ticket' }).click();
  await dialog.getByText('Describe the failure in the note when you choose Other').waitFor();
  await dialog.getByLabel('Problem').selectOption('Roll damage');
  await dialog.getByLabel('Cause').selectOption('Spalling');
  await dialog.getByRole('button', { name: 'Resolve Ticket' }).click();
  await dialog.waitFor({ state: 'detached' });
  await expect.poll(() => status.inputValue(), { message: 'saved on the device' }).toBe('Resolved');

  await sendOnceOnline(page);
  const onServer = await api<Ticket>(`tickets/${created._id}`);
  expect(onServer).toMatchObject({
    status: 'Resolved',
    failure: { problem: 'Roll damage', cause: 'Spalling', remedy: 'Replaced', note: '' },
  });

  await page.goto(`${e2e.server.url}/reliability`);
  const table = page.getByRole('table', { name: 'Rolling mill' });
  const row = table.getByRole('row').filter({ hasText: 'Roll damage' });
  const modes = await api<FailureModes>('analytics/failure-modes?days=30');
  const rollDamage = modes
    .find((type) => type._id === 'rolling mill')!
    .modes.find((mode) => mode.problem === 'Roll damage')!;
  await expect
    .poll(() => row.getByRole('cell').nth(1).textContent(), { timeout: 30_000 })
    .toBe(String(rollDamage.failures));
  await table.scrollIntoViewIfNeeded();
  await screenshot(page, 'failure-modes');

  await page.goto(`${e2e.server.url}/machines?machine=${machine._id}`);
  const details = page.getByRole('dialog', { name: machine.name });
  const mostFrequent = details.getByRole('region', { name: 'Most Frequent Failure Modes' });
  await expect
    .poll(() => mostFrequent.getByRole('listitem').allTextContents(), { timeout: 30_000 })
    .toEqual(['Roll damage1 repair']);
  await context.close();
});
