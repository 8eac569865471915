import { expect, it } from 'vitest';
import { openControlledPage, screenshot, sendOnceOnline } from './helpers/browser.ts';
import { apiAs } from './helpers/api.ts';
import { useServerAndBrowser } from './helpers/setup.ts';

const e2e = useServerAndBrowser();

interface ServerSchedule {
  _id: string;
  title: string;
  status: string;
  scheduledDate: string;
  seriesId: string | null;
}

const api = apiAs(() => e2e.server.url);

it('completes a weekly occurrence offline: its successor is on the calendar at once, planned ones after it, one on the server', async () => {
  const title = `Crane hook inspection ${Date.now()}`;
  // A machine of its own, and the calendar filtered to it: the demo plan fills some days past the
  // three items a day cell shows.
  const machine = await api<{ _id: string }>('machines', 'POST', {
    name: 'Anode crane 7',
    machineId: `AC-${Date.now()}`,
    department: 'Casting',
    location: 'Anode yard',
    model: 'AC-20',
    manufacturer: 'Demag',
    installationDate: '2018-06-01',
  });
  // Next month, so the successor and two planned weeks fall in the same month.
  const now = new Date();
  const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1, 12));
  const day = (date: number) => new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth(), date, 12));
  const first = await api<ServerSchedule>('maintenance', 'POST', {
    title,
    machine: machine._id,
    scheduledDate: day(2).toISOString(),
    recurrence: { every: 1, unit: 'week' },
  });
  expect(first.seriesId).toBe(first._id);

  const { context, page } = await openControlledPage(
    e2e.browser,
    e2e.server.url,
    'maintenance_engineer',
    '/maintenance',
  );
  await page.getByRole('combobox', { name: 'Machine', exact: true }).selectOption(machine._id);
  await page.getByRole('button', { name: 'Next month' }).click();
  const calendar = page.getByRole('region', { name: 'Maintenance calendar' });
  const cell = (date: number) =>
    calendar
      .getByRole('cell')
      .filter({ has: page.locator(`time[datetime="${day(date).toISOString().slice(0, 10)}"]`) });
  const entry = (date: number) => cell(date).getByRole('button').filter({ hasText: title });
  // The first pull brings the occurrence; the weeks after it are planned.
  await entry(2).waitFor({ timeout: 60_000 });
  await expect.poll(() => entry(9).textContent()).toContain('Planned:');

  await context.setOffline(true);
  await entry(2).click();
  const detail = page.getByRole('dialog', { name: title });
  await detail.getByRole('combobox', { name: `Status of ${title}` }).selectOption('Completed');
  await page.getByText('Maintenance schedule updated!').waitFor();
  await detail.getByRole('button', { name: 'Close' }).click();
  await expect.poll(() => entry(9).textContent()).not.toContain('Planned:');
  await expect.poll(() => entry(16).textContent()).toContain('Planned:');
  await screenshot(page, 'recurrence-successor-offline');

  await sendOnceOnline(page);
  const series = (await api<ServerSchedule[]>('maintenance')).filter((item) => item.seriesId === first._id);
  expect(series.map((item) => [item.scheduledDate, item.status])).toEqual([
    [day(2).toISOString(), 'Completed'],
    [day(9).toISOString(), 'Scheduled'],
  ]);
  await context.close();
});
