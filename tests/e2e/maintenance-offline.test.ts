import { expect, it } from 'vitest';
import { openControlledPage, screenshot, sendOnceOnline } from './helpers/browser.ts';
import { apiAs } from './helpers/api.ts';
import { useServerAndBrowser } from './helpers/setup.ts';
import { withoutIsolationPoints } from './helpers/isolation-points.ts';

const e2e = useServerAndBrowser();
withoutIsolationPoints(e2e);

interface ServerSchedule {
  _id: string;
  title: string;
  status: string;
  checklist: { _id: string; task: string; completed: boolean; notes: string }[];
}

const api = apiAs(() => e2e.server.url);

const named = async (title: string) =>
  (await api<ServerSchedule[]>('maintenance')).filter((item) => item.title === title);

it('schedules, ticks the checklist and changes a status offline, survives a reload, and sends it all once online', async () => {
  const stamp = Date.now();
  const [machine] = await api<{ _id: string }[]>('machines');
  // An item the device will have pulled before going offline.
  const existing = await api<ServerSchedule>('maintenance', 'POST', {
    title: `Potline crane rope inspection ${stamp}`,
    machine: machine!._id,
    scheduledDate: new Date(Date.now() + 3 * 86_400_000).toISOString(),
    checklist: [{ task: 'Measure rope diameter' }, { task: 'Check hook latch' }],
  });
  const total = (await api<ServerSchedule[]>('maintenance')).length;

  const { context, page } = await openControlledPage(
    e2e.browser,
    e2e.server.url,
    'maintenance_engineer',
    '/maintenance',
  );
  const cards = page.getByRole('list', { name: 'Maintenance schedules' }).getByRole('listitem');
  await page.getByRole('button', { name: 'List' }).click();
  // The first pull has brought every schedule when the list shows all of them.
  await expect.poll(() => cards.count(), { timeout: 60_000 }).toBe(total);

  await context.setOffline(true);
  const title = `Casting pit pump overhaul ${stamp}`;
  await page.getByRole('button', { name: 'Schedule Maintenance' }).click();
  const form = page.getByRole('dialog', { name: 'Schedule Maintenance' });
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Machine').selectOption({ index: 1 });
  await form.getByLabel('Scheduled Date').fill('2030-03-04T07:00');
  await form.getByRole('button', { name: 'Add Task' }).click();
  await form.getByRole('button', { name: 'Add Task' }).click();
  await form.getByLabel('Task 1', { exact: true }).fill('Drain the sump');
  await form.getByLabel('Task 2', { exact: true }).fill('Replace impeller');
  await form.getByRole('button', { name: 'Schedule Maintenance' }).click();
  await page.getByText('Maintenance scheduled successfully!').waitFor();

  const created = cards.filter({ hasText: title });
  await created.getByText('Pending sync').waitFor();
  await created.getByRole('button', { name: title, exact: true }).click();
  const detail = page.getByRole('dialog', { name: title });
  const pass = detail.getByRole('group', { name: 'Result of Drain the sump' }).getByRole('button', { name: 'Pass' });
  await pass.click();
  await expect.poll(() => pass.getAttribute('aria-pressed')).toBe('true');
  await detail.getByRole('button', { name: 'Close' }).click();

  const old = cards.filter({ hasText: existing.title });
  await old.getByRole('button', { name: existing.title, exact: true }).click();
  const oldDetail = page.getByRole('dialog', { name: existing.title });
  const oldPass = oldDetail
    .getByRole('group', { name: 'Result of Check hook latch' })
    .getByRole('button', { name: 'Pass' });
  await oldPass.click();
  await expect.poll(() => oldPass.getAttribute('aria-pressed')).toBe('true');
  await oldDetail.getByLabel('Notes for Measure rope diameter').fill('27.6 mm, within limits');
  await oldDetail.getByRole('button', { name: 'Save note for Measure rope diameter' }).click();
  await expect.poll(() => page.getByTestId('pending-count').textContent()).toBe('4');
  await oldDetail.getByRole('button', { name: 'Close' }).click();
  await old.getByRole('combobox', { name: `Status of ${existing.title}` }).selectOption('In Progress');
  await page.getByText('Maintenance schedule updated!').waitFor();
  await expect.poll(() => page.getByTestId('pending-count').textContent()).toBe('5');

  await page.reload();
  await page.getByRole('button', { name: 'List' }).click();
  await created.getByText('Pending sync').waitFor();
  await old.getByText('Pending sync').waitFor();
  expect(await old.getByRole('combobox', { name: `Status of ${existing.title}` }).inputValue()).toBe('In Progress');
  expect(await page.getByTestId('pending-count').textContent()).toBe('5');
  await old.getByRole('button', { name: existing.title, exact: true }).click();
  expect(await oldDetail.getByLabel('Notes for Measure rope diameter').inputValue()).toBe('27.6 mm, within limits');
  await screenshot(page, 'maintenance-offline-pending');
  await oldDetail.getByRole('button', { name: 'Close' }).click();
  expect(await named(title)).toEqual([]);

  await sendOnceOnline(page);

  const sent = await named(title);
  expect(sent).toHaveLength(1);
  expect(sent[0]!.checklist).toEqual([
    expect.objectContaining({ task: 'Drain the sump', result: 'Pass', notes: '' }),
    expect.objectContaining({ task: 'Replace impeller', result: null, notes: '' }),
  ]);
  const [updated] = await named(existing.title);
  expect(updated).toMatchObject({
    status: 'In Progress',
    checklist: [
      expect.objectContaining({ task: 'Measure rope diameter', result: null, notes: '27.6 mm, within limits' }),
      expect.objectContaining({ task: 'Check hook latch', result: 'Pass', notes: '' }),
    ],
  });
  expect(await created.getByText('Pending sync').count()).toBe(0);
  await context.close();
});
