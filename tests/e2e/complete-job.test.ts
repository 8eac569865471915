import { expect, it } from 'vitest';
import { apiToken, openControlledPage, screenshot, sendOnceOnline } from './helpers/browser.ts';
import { apiAs } from './helpers/api.ts';
import { useServerAndBrowser } from './helpers/setup.ts';

const e2e = useServerAndBrowser();
const api = apiAs(() => e2e.server.url);

interface ServerSchedule {
  status: string;
  completedBy: { _id: string } | null;
  checklist: { task: string; result: string | null }[];
}

it('the operator answers their overdue job offline and completes it; it leaves My Maintenance and the bell', async () => {
  const title = `Ladle crane rope check ${Date.now()}`;
  const token = await apiToken(e2e.server.url, 'operator');
  const me = await fetch(`${e2e.server.url}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } });
  const operator = ((await me.json()) as { user: { _id: string } }).user;
  const [machine] = await api<{ _id: string }[]>('machines');
  const job = await api<{ _id: string }>('maintenance', 'POST', {
    title,
    machine: machine!._id,
    scheduledDate: new Date(Date.now() - 2 * 86_400_000).toISOString(),
    assignedTo: operator._id,
    checklist: [{ task: 'Measure rope diameter' }, { task: 'Check hook latch' }],
  });

  const { context, page } = await openControlledPage(e2e.browser, e2e.server.url, 'operator', '/');
  const mine = page.getByRole('region', { name: 'My Maintenance' });
  const row = mine.getByRole('button', { name: new RegExp(title) });
  await row.waitFor({ timeout: 60_000 });
  expect(await row.textContent()).toContain('Overdue');
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await bell.click();
  const inbox = page.getByRole('region', { name: 'Inbox' });
  await inbox.getByRole('button', { name: new RegExp(title) }).waitFor();
  await bell.click();

  await row.click();
  const detail = page.getByRole('dialog', { name: title });
  // Overdue is not a status anyone picks; the operator completes with the button.
  const status = detail.getByRole('combobox', { name: `Status of ${title}` });
  await status.waitFor();
  expect(await status.locator('option').allInnerTexts()).toEqual(['Scheduled', 'In Progress', 'Completed']);
  expect(await detail.getByRole('checkbox').count()).toBe(0);

  await context.setOffline(true);
  const answer = async (task: string, result: string) => {
    const group = detail.getByRole('group', { name: `Result of ${task}` });
    await group.getByRole('button', { name: result }).click();
    await expect
      .poll(() => group.getByRole('button', { name: result }).getAttribute('aria-pressed'), { timeout: 15_000 })
      .toBe('true');
  };
  await answer('Measure rope diameter', 'Pass');
  await answer('Check hook latch', 'Fail');
  await detail.getByText('Checklist (2/2 done)').waitFor();
  await detail.getByRole('button', { name: 'Complete', exact: true }).click();
  const warning = page.getByRole('dialog', { name: 'Complete with failed checks?' });
  await warning.getByText('Check hook latch').waitFor();
  await screenshot(page, 'complete-job-warning');
  await warning.getByRole('button', { name: 'Complete Anyway' }).click();
  await page.getByText('Maintenance schedule updated!').first().waitFor();
  await detail.getByText('Completed', { exact: true }).first().waitFor();
  expect(await detail.getByRole('button', { name: 'Complete', exact: true }).count()).toBe(0);
  await detail.getByRole('button', { name: 'Close' }).click();
  await expect.poll(() => mine.getByRole('button', { name: new RegExp(title) }).count(), { timeout: 15_000 }).toBe(0);
  await bell.click();
  await expect.poll(() => inbox.getByRole('button', { name: new RegExp(title) }).count(), { timeout: 15_000 }).toBe(0);
  await bell.click();

  await sendOnceOnline(page);
  const stored = await api<ServerSchedule>(`maintenance/${job._id}`);
  expect(stored).toMatchObject({
    status: 'Completed',
    completedBy: { _id: operator._id },
    checklist: [
      expect.objectContaining({ task: 'Measure rope diameter', result: 'Pass' }),
      expect.objectContaining({ task: 'Check hook latch', result: 'Fail' }),
    ],
  });
  const overdue = await api<{ _id: string }[]>('maintenance?status=Overdue');
  expect(overdue.some((item) => item._id === job._id)).toBe(false);
  await context.close();
});
