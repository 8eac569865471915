import { expect, it } from 'vitest';
import { apiToken, openControlledPage, screenshot, sendOnceOnline } from './helpers/browser.ts';
import { keepYearOfHistory } from './helpers/working-set.ts';
import { useServerAndBrowser } from './helpers/setup.ts';
import { withoutIsolationPoints } from './helpers/isolation-points.ts';

const e2e = useServerAndBrowser();
withoutIsolationPoints(e2e);

interface ServerTicket {
  ticketNumber: string;
  status: string;
  priority: string;
  estimatedHours: number | null;
  comments: { comment: string }[];
}

async function serverTickets(search: string): Promise<{ total: number; tickets: ServerTicket[] }> {
  const token = await apiToken(e2e.server.url, 'admin');
  const response = await fetch(`${e2e.server.url}/api/tickets?search=${encodeURIComponent(search)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return (await response.json()) as { total: number; tickets: ServerTicket[] };
}

it('creates a ticket, comments and changes its status offline, survives a reload, and sends it all once online', async () => {
  const { total } = await serverTickets('');
  const { context, page } = await openControlledPage(e2e.browser, e2e.server.url, 'maintenance_engineer', '/tickets');
  await keepYearOfHistory(page, e2e.server.url, '/tickets');
  // The first pull has brought every ticket when the list counts all of them.
  await page.getByText(`Showing page 1 of ${Math.ceil(total / 10)}`).waitFor({ timeout: 60_000 });

  await context.setOffline(true);
  const title = `Coiler hydraulic leak ${Date.now()}`;
  await page.getByRole('button', { name: 'Create Ticket' }).click();
  const form = page.getByRole('dialog', { name: 'Create Ticket' });
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Machine').selectOption({ index: 1 });
  await form.getByLabel('Priority').selectOption('High');
  await form.getByLabel('Estimated Hours').fill('2.5');
  await form.getByLabel('Description').fill('Oil under the mandrel, drip tray full');
  await form.getByRole('button', { name: 'Create Ticket' }).click();
  await page.getByText('Ticket created successfully!').waitFor();

  await page.getByLabel('Search tickets').fill(title);
  const row = page.getByRole('row').filter({ hasText: title });
  await row.getByText('Pending sync').waitFor();
  await row.getByRole('button', { name: `View ${title}` }).click();
  const detail = page.getByRole('dialog', { name: 'New ticket' });
  await detail.getByLabel('Add a comment').fill('Isolated the pump, waiting for seals');
  await detail.getByRole('button', { name: 'Add Comment' }).click();
  await page.getByText('Comment added successfully!').waitFor();
  await detail.getByRole('button', { name: 'Close' }).click();
  await row.getByRole('combobox', { name: `Status of ${title}` }).selectOption('In Progress');
  await page.getByText('Ticket updated successfully!').waitFor();
  await expect.poll(() => page.getByTestId('pending-count').textContent()).toBe('3');

  await page.reload();
  await page.getByLabel('Search tickets').fill(title);
  await row.getByText('Pending sync').waitFor();
  expect(await row.getByRole('combobox', { name: `Status of ${title}` }).inputValue()).toBe('In Progress');
  expect(await page.getByTestId('pending-count').textContent()).toBe('3');
  await screenshot(page, 'tickets-offline-pending');
  expect((await serverTickets(title)).total).toBe(0);

  await sendOnceOnline(page);
  const shownNumber = await row.getByText(/^TKT-\d{6}$/).textContent();

  const onServer = await serverTickets(title);
  expect(onServer.total).toBe(1);
  expect(onServer.tickets[0]).toMatchObject({
    ticketNumber: shownNumber,
    status: 'In Progress',
    priority: 'High',
    estimatedHours: 2.5,
    comments: [expect.objectContaining({ comment: 'Isolated the pump, waiting for seals' })],
  });
  await context.close();
});
