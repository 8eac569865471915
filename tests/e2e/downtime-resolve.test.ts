import { expect, it } from 'vitest';
import type { DowntimeEvent } from '#shared/schemas/downtime.ts';
import type { Machine } from '#shared/schemas/machine.ts';
import { apiToken, openControlledPage, screenshot, sendOnceOnline } from './helpers/browser.ts';
import { apiAs } from './helpers/api.ts';
import { useServerAndBrowser } from './helpers/setup.ts';
import { chooseTicketStatus } from './helpers/ticket-status.ts';

const e2e = useServerAndBrowser();
const api = apiAs(() => e2e.server.url);

it('shows a stop in the open machine dialog at once; resolving its ticket offline brings the machine back to Running', async () => {
  const machines = await api<Machine[]>('machines');
  const machine = machines.find((candidate) => candidate.status === 'Running')!;
  const { context, page } = await openControlledPage(e2e.browser, e2e.server.url, 'maintenance_engineer', '/machines');
  await expect.poll(() => page.getByRole('article').count(), { timeout: 60_000 }).toBe(machines.length);
  const card = page.getByRole('article', { name: machine.name });
  await card.getByRole('button', { name: 'View Details' }).click();
  const details = page.getByRole('dialog', { name: machine.name });
  await details.getByText(/in the last 30 days/).waitFor({ timeout: 30_000 });

  await context.setOffline(true);
  await details.getByRole('combobox', { name: `Status of ${machine.name}` }).selectOption('Down');
  const question = page.getByRole('dialog', { name: `Why is ${machine.name} down?` });
  await question.getByRole('button', { name: 'Hydraulic' }).click();
  await question.getByRole('button', { name: 'Leak' }).click();
  await question.getByLabel('Note').fill('Oil under stand 2, drip tray full');
  await question.getByRole('button', { name: 'Save and raise ticket' }).click();
  await page.getByText('Machine status updated!').waitFor();
  // Offline, at once: the dialog's downtime lists the new stop, ongoing, with its reason and note.
  const ongoing = details.getByRole('listitem').filter({ hasText: 'ongoing' });
  await ongoing.getByText('Hydraulic: Leak').waitFor();
  await ongoing.getByText('Oil under stand 2, drip tray full').waitFor();
  await screenshot(page, 'downtime-stop-at-once');
  await details.getByRole('button', { name: 'Close' }).click();
  await card.getByText('Down 0 min').waitFor();

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Tickets' }).click();
  const title = `${machine.name} down: Hydraulic: Leak`;
  await page.getByLabel('Search tickets').fill(machine.name);
  // Open tickets only: the row leaves the list the moment it is resolved, and the question stays.
  await page.getByRole('combobox', { name: 'Status', exact: true }).selectOption('Pending');
  const row = page.getByRole('row').filter({ hasText: title });
  const asked = await chooseTicketStatus(page, row.getByRole('combobox', { name: `Status of ${title}` }), 'Resolved');
  expect(asked, 'a Hydraulic repair records its failure codes').toBe(true);
  const prompt = page.getByRole('dialog', { name: 'Machine back to Running?' });
  await prompt.getByText(`dealt with the stop of ${machine.name}`).waitFor();
  await row.waitFor({ state: 'detached' });
  await prompt.getByText(`dealt with the stop of ${machine.name}`).waitFor();
  await screenshot(page, 'downtime-back-up-prompt');
  await prompt.getByRole('button', { name: 'Set Running' }).click();
  await page.getByText('Machine status updated!').first().waitFor();
  // The dialog's click stayed in the dialog: the row under it did not open the ticket.
  expect(await page.getByRole('dialog').count()).toBe(0);

  await sendOnceOnline(page);
  const stored = await api<Machine>(`machines/${machine._id}`);
  expect(stored).toMatchObject({ status: 'Running', stop: null });
  const [stop] = await api<DowntimeEvent[]>(`machines/${machine._id}/downtime`);
  expect(stop).toMatchObject({
    status: 'Down',
    reason: { category: 'Hydraulic', detail: 'Leak', note: 'Oil under stand 2, drip tray full' },
    ticket: { status: 'Resolved' },
  });
  expect(stop!.endedAt).not.toBeNull();
  await context.close();
});

it('shows how long a machine has been down and lists Down machines first', async () => {
  const machines = await api<Machine[]>('machines');
  const target = machines.filter((candidate) => candidate.status === 'Running').at(-1)!;
  // Stopped on the floor 2 h 15 min ago (and a few seconds), as a device that was offline reports it.
  const token = await apiToken(e2e.server.url, 'operator');
  const stoppedAt = new Date(Date.now() - (2 * 60 + 15) * 60_000 - 10_000).toISOString();
  const response = await fetch(`${e2e.server.url}/api/machines/${target._id}/status`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-client-time': stoppedAt },
    body: JSON.stringify({ status: 'Down' }),
  });
  expect(response.status).toBe(200);

  const { context, page } = await openControlledPage(e2e.browser, e2e.server.url, 'operator', '/machines');
  await expect.poll(() => page.getByRole('article').count(), { timeout: 60_000 }).toBe(machines.length);
  const card = page.getByRole('article', { name: target.name });
  await card.getByText('Down 2 h 15 min').waitFor();
  const statuses = await page
    .locator('article select')
    .evaluateAll((selects) => selects.map((select) => (select as HTMLSelectElement).value));
  const down = statuses.filter((status) => status === 'Down').length;
  expect(down).toBeGreaterThan(0);
  expect(statuses.slice(0, down).every((status) => status === 'Down')).toBe(true);
  const names = await page.getByRole('article').getByRole('heading').allTextContents();
  expect(names.indexOf(target.name)).toBeLessThan(down);
  await screenshot(page, 'machines-down-first');
  await context.close();
});
