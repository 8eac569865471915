import { expect, it } from 'vitest';
import { apiToken, openControlledPage, screenshot, sendOnceOnline } from './helpers/browser.ts';
import { apiAs } from './helpers/api.ts';
import { useServerAndBrowser } from './helpers/setup.ts';

const e2e = useServerAndBrowser();

interface ServerTicket {
  _id: string;
  title: string;
  description: string;
  source: { kind: string; _id: string; itemId: string } | null;
}

const api = apiAs(() => e2e.server.url);

it('an operator fails a check offline and raises its repair ticket; online the server has one ticket linked to the item', async () => {
  const title = `Press guard inspection ${Date.now()}`;
  const operatorToken = await apiToken(e2e.server.url, 'operator');
  const me = await fetch(`${e2e.server.url}/api/auth/me`, { headers: { authorization: `Bearer ${operatorToken}` } });
  const operator = ((await me.json()) as { user: { _id: string } }).user;
  const [machine] = await api<{ _id: string }[]>('machines');
  const job = await api<{ _id: string; checklist: { _id: string }[] }>('maintenance', 'POST', {
    title,
    machine: machine!._id,
    scheduledDate: new Date(Date.now() + 86_400_000).toISOString(),
    assignedTo: operator._id,
    checklist: [{ task: 'Light curtain test' }, { task: 'Two-hand control test' }],
  });

  // Operators do not open the Maintenance screen (spec); their jobs are on the dashboard.
  const { context, page } = await openControlledPage(e2e.browser, e2e.server.url, 'operator', '/');
  const mine = page.getByRole('region', { name: 'My Maintenance' });
  await mine.getByRole('button', { name: new RegExp(title) }).click({ timeout: 60_000 });
  const detail = page.getByRole('dialog', { name: title });
  await detail.getByRole('group', { name: 'Result of Light curtain test' }).waitFor({ timeout: 60_000 });

  await context.setOffline(true);
  await detail.getByLabel('Notes for Light curtain test').fill('Beam 4 does not trip');
  await detail.getByLabel('Notes for Light curtain test').blur();
  await page.getByText('Checklist updated!').first().waitFor();
  await detail
    .getByRole('group', { name: 'Result of Light curtain test' })
    .getByRole('button', { name: 'Fail' })
    .click();
  await detail.getByRole('button', { name: 'Raise Ticket' }).click();
  await page.getByText('Ticket created successfully!').waitFor();
  const link = detail.getByRole('link', { name: /Repair ticket/ });
  await link.waitFor();
  expect(await link.textContent()).toContain('Pending');
  await detail
    .getByRole('group', { name: 'Result of Two-hand control test' })
    .getByRole('button', { name: 'Pass' })
    .click();
  await screenshot(page, 'checklist-fail-offline');

  await sendOnceOnline(page);
  await expect.poll(() => link.textContent(), { timeout: 30_000 }).toMatch(/TKT-\d{6}/);
  const { tickets } = await api<{ tickets: ServerTicket[] }>('tickets?limit=100');
  const raised = tickets.filter((ticket) => ticket.source?._id === job._id);
  expect(raised).toEqual([
    expect.objectContaining({
      title: 'Light curtain test',
      description: 'Beam 4 does not trip',
      source: { kind: 'schedule', _id: job._id, itemId: job.checklist[0]!._id },
    }),
  ]);

  // The ticket shows where it came from and opens the maintenance item.
  await link.click();
  const ticketDialog = page.getByRole('dialog', { name: /^TKT-/ });
  await ticketDialog.getByText('Raised by a failed check (Light curtain test) during').waitFor();
  await context.close();
});
