import type { Locator } from 'playwright-core';
import { expect, it } from 'vitest';
import type { Machine } from '#shared/schemas/machine.ts';
import type { Schedule } from '#shared/schemas/schedule.ts';
import { apiAs } from './helpers/api.ts';
import { newContext, screenshot, screenSizes, signIn } from './helpers/browser.ts';
import { useServerAndBrowser } from './helpers/setup.ts';

const e2e = useServerAndBrowser();
const admin = apiAs(() => e2e.server.url);

const longTitle = 'Weekly crane inspection of the casthouse hoist, hooks and wire ropes';

/** A day of this month with no other schedule, so the new one is among the three a cell shows. */
async function quietDay(now: Date): Promise<Date> {
  const month = await admin<Schedule[]>(`maintenance/calendar/${now.getFullYear()}/${now.getMonth() + 1}`);
  const busy = new Set(month.map((item) => new Date(item.scheduledDate).getDate()));
  const last = new Date(now.getFullYear(), now.getMonth() + 1, 0).getDate();
  const day = Array.from({ length: last }, (_, index) => index + 1).find((date) => !busy.has(date)) ?? 1;
  return new Date(now.getFullYear(), now.getMonth(), day, 9);
}

/** Shown in full: on as many lines as it takes, nothing cut off or ended with '…'. */
async function expectWhole(title: Locator) {
  const shape = await title.evaluate((element) => ({
    text: element.textContent,
    fits: element.scrollWidth <= element.clientWidth,
    ellipsis: getComputedStyle(element).textOverflow === 'ellipsis',
  }));
  expect(shape).toEqual({ text: expect.stringContaining(longTitle) as unknown, fits: true, ellipsis: false });
}

it('shows long schedule titles whole and explains its colours and marks, on a desktop, a tablet and a phone', async () => {
  const [machine] = await admin<Machine[]>('machines');
  const day = await quietDay(new Date());
  const dayKey = [day.getFullYear(), day.getMonth() + 1, day.getDate()].map((part) => String(part).padStart(2, '0'));
  await admin<Schedule>('maintenance', 'POST', {
    title: longTitle,
    description: 'Hooks, latches, rope wear',
    machine: machine!._id,
    scheduledDate: day.toISOString(),
    estimatedDuration: 2,
    priority: 'High',
  });

  for (const size of screenSizes) {
    const context = await newContext(e2e.browser, size);
    const page = await context.newPage();
    await signIn(page, e2e.server.url, 'maintenance_engineer');
    await page.goto(`${e2e.server.url}/maintenance`);
    const calendar = page.getByRole('region', { name: 'Maintenance calendar' });

    const legend = calendar.getByRole('group', { name: 'Calendar legend' });
    const statuses = legend.getByRole('list', { name: 'Mark: status' });
    const priorities = legend.getByRole('list', { name: 'Colour: priority' });
    await statuses.waitFor();
    for (const status of ['Scheduled', 'In Progress', 'Completed', 'Overdue'])
      await statuses.getByText(status, { exact: true }).waitFor();
    for (const priority of ['Critical', 'High', 'Medium', 'Low'])
      await priorities.getByText(priority, { exact: true }).waitFor();

    if (size.width >= 640) {
      const item = calendar.getByRole('button', { name: new RegExp(longTitle) });
      await item.waitFor({ timeout: 60_000 });
      await expectWhole(item.locator('span').first());
      await item.scrollIntoViewIfNeeded();
    } else {
      // A phone's cell shows priority dots; a tap on the day lists its titles whole.
      const cell = calendar.getByRole('cell').filter({ has: page.locator(`time[datetime="${dayKey.join('-')}"]`) });
      await cell.getByRole('button', { name: /: 1 maintenance item$/ }).click({ timeout: 60_000 });
      const item = page.getByRole('dialog').getByRole('button', { name: new RegExp(longTitle) });
      await expectWhole(item.locator('span').first());
    }
    await screenshot(page, 'calendar-legend');
    await context.close();
  }
});
