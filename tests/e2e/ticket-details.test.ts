import { expect, it } from 'vitest';
import type { HistoryEntry } from '#shared/schemas/common.ts';
import type { Machine } from '#shared/schemas/machine.ts';
import type { Ticket } from '#shared/schemas/ticket.ts';
import { apiAs } from './helpers/api.ts';
import { openControlledPage, screenshot, sendOnceOnline } from './helpers/browser.ts';
import { useServerAndBrowser } from './helpers/setup.ts';
import { withoutIsolationPoints } from './helpers/isolation-points.ts';

const e2e = useServerAndBrowser();
withoutIsolationPoints(e2e);
const admin = apiAs(() => e2e.server.url);

async function newTicket(title: string): Promise<Ticket> {
  const [machine] = await admin<Machine[]>('machines');
  return admin<Ticket>('tickets', 'POST', {
    title,
    description: 'Oil under the coiler mandrel',
    machine: machine!._id,
    priority: 'Low',
  });
}

it('edits a ticket and moves its status from its details, offline too, each change once, with its history', async () => {
  const created = await newTicket(`Coiler leak ${Date.now()}`);
  const { context, page } = await openControlledPage(
    e2e.browser,
    e2e.server.url,
    'maintenance_engineer',
    `/tickets?ticket=${created._id}`,
  );
  const dialog = page.getByRole('dialog', { name: created.ticketNumber });
  const history = dialog.getByRole('region', { name: 'History' });
  await history.getByText('Created').waitFor({ timeout: 60_000 });

  await dialog.getByRole('button', { name: 'Edit' }).click();
  await dialog.getByLabel('Estimated Hours').fill('1.25');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await dialog.getByText('Estimated hours must be a multiple of 0.5').waitFor();

  await context.setOffline(true);
  await dialog.getByLabel('Title').fill('Coiler leak, seal worn');
  await dialog.getByLabel('Priority').selectOption('High');
  await dialog.getByLabel('Category').selectOption('Hydraulic');
  await dialog.getByLabel('Estimated Hours').fill('3.5');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await page.getByText('Ticket updated successfully!').first().waitFor();
  await dialog.getByRole('heading', { name: 'Coiler leak, seal worn' }).waitFor();
  await dialog.getByText('3.5h').waitFor();
  await dialog.getByRole('combobox', { name: `Status of ${created.ticketNumber}` }).selectOption('In Progress');
  await dialog.getByText('In Progress', { exact: true }).first().waitFor();
  await dialog.getByLabel('Assigned To').selectOption({ label: 'Aisha Okafor' });
  await screenshot(page, 'ticket-details-offline');

  await sendOnceOnline(page);
  const sent = await admin<Ticket>(`tickets/${created._id}`);
  expect(sent).toMatchObject({
    title: 'Coiler leak, seal worn',
    priority: 'High',
    category: 'Hydraulic',
    estimatedHours: 3.5,
    status: 'In Progress',
    assignedTo: { name: 'Aisha Okafor' },
  });
  const recorded = await admin<HistoryEntry[]>(`tickets/${created._id}/history`);
  expect(recorded.map((entry) => entry.field)).toEqual([
    'created',
    'title',
    'priority',
    'category',
    'estimatedHours',
    'status',
    'assignedTo',
  ]);

  await history.getByText('Status: Pending → In Progress').waitFor({ timeout: 30_000 });
  await history.getByText('Title: ' + created.title + ' → Coiler leak, seal worn').waitFor();
  await history.getByText('Assigned to: empty → Aisha Okafor').waitFor();
  expect(await history.innerText()).toContain('Tomás Herrera');
  await screenshot(page, 'ticket-details-history');

  // Someone else renames it while this form is open: saving says whose title was replaced.
  await dialog.getByRole('button', { name: 'Edit' }).click();
  await admin(`tickets/${created._id}`, 'PUT', { title: 'Coiler leak (admin)' });
  await dialog.getByLabel('Title').fill('Coiler leak, seal replaced');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await page.getByText(/replaced title 'Coiler leak \(admin\)' set by/).waitFor({ timeout: 30_000 });

  // A tap on a row opens the ticket; the row's status control is only where it is drawn. The dialog
  // is closed first: on a loaded machine it may still be drawing the server's answer, which moves its
  // Close button, and a click that lands as it moves is made again.
  await expect
    .poll(async () => {
      const close = dialog.getByRole('button', { name: 'Close' });
      // A dialog that closes between the look and the click leaves nothing to click.
      if (await dialog.isVisible()) await close.click({ timeout: 2_000 }).catch(() => {});
      return dialog.isVisible();
    })
    .toBe(false);
  await page.getByLabel('Search tickets').fill(created.ticketNumber);
  const row = page.getByRole('row').filter({ hasText: created.ticketNumber });
  await row.getByRole('cell').nth(1).click();
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await page.setViewportSize({ width: 390, height: 844 });
  const card = page.getByRole('main').getByRole('listitem').filter({ hasText: created.ticketNumber });
  await screenshot(page, 'tickets-list-phone');
  const box = (await card.boundingBox())!;
  await page.mouse.click(box.x + box.width * 0.75, box.y + box.height / 2);
  await dialog.waitFor();
  await context.close();
});
