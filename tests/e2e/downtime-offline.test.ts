import { expect, it } from 'vitest';
import type { DowntimeEvent } from '#shared/schemas/downtime.ts';
import type { Machine } from '#shared/schemas/machine.ts';
import { openControlledPage, screenshot, sendOnceOnline } from './helpers/browser.ts';
import { apiAs } from './helpers/api.ts';
import { useServerAndBrowser } from './helpers/setup.ts';

const e2e = useServerAndBrowser();

const api = apiAs(() => e2e.server.url);

it('records a stop made offline with its reason and ticket once, with the length it had on the floor', async () => {
  const machines = await api<Machine[]>('machines');
  const machine = machines.find((candidate) => candidate.status === 'Running')!;
  const { context, page } = await openControlledPage(e2e.browser, e2e.server.url, 'operator', '/machines');
  await expect.poll(() => page.getByRole('article').count(), { timeout: 60_000 }).toBe(machines.length);
  const card = page.getByRole('article', { name: machine.name });
  const status = card.getByRole('combobox', { name: `Status of ${machine.name}` });

  await context.setOffline(true);
  // The stop is made on an injected clock 20 minutes back and lasts 10 minutes of it: both ends lie in
  // the server's past, so neither is clamped to the moment it arrives.
  const minute = 60_000;
  await page.clock.install({ time: Date.now() - 20 * minute });
  await status.selectOption('Down');
  const question = page.getByRole('dialog', { name: `Why is ${machine.name} down?` });
  await question.getByRole('button', { name: 'Hydraulic' }).click();
  await question.getByRole('button', { name: 'Leak' }).click();
  await screenshot(page, 'downtime-offline-question');
  const stoppedAt = await page.evaluate(() => Date.now());
  await question.getByRole('button', { name: 'Save and raise ticket' }).click();
  await page.getByText('Machine status updated!').waitFor();
  await card.getByText('Pending sync').waitFor();

  await page.clock.setSystemTime(stoppedAt + 10 * minute);
  const restartedAt = await page.evaluate(() => Date.now());
  await status.selectOption('Running');
  await expect.poll(() => page.getByTestId('pending-count').textContent()).toBe('3');

  await page.clock.setSystemTime(Date.now());
  await sendOnceOnline(page);

  const events = await api<DowntimeEvent[]>(`machines/${machine._id}/downtime`);
  const recent = events.filter((event) => Date.parse(event.startedAt) > stoppedAt - minute);
  expect(recent).toHaveLength(1);
  const [stop] = recent;
  expect(stop).toMatchObject({ status: 'Down', reason: { category: 'Hydraulic', detail: 'Leak' } });
  const seconds = (Date.parse(stop!.endedAt!) - Date.parse(stop!.startedAt)) / 1000;
  expect(Math.abs(seconds - (restartedAt - stoppedAt) / 1000)).toBeLessThan(2);

  const title = `${machine.name} down: Hydraulic: Leak`;
  const raised = await api<{ tickets: { _id: string; title: string; priority: string }[] }>(
    `tickets?search=${encodeURIComponent(machine.name)}&limit=100`,
  );
  const tickets = raised.tickets.filter((ticket) => ticket.title === title);
  expect(tickets).toHaveLength(1);
  expect(tickets[0]!.priority).toBe('High');
  expect(stop!.ticket?._id).toBe(tickets[0]!._id);
  expect((await api<Machine>(`machines/${machine._id}`)).status).toBe('Running');

  await card.getByRole('button', { name: 'View Details' }).click();
  const details = page.getByRole('dialog', { name: machine.name });
  await details.getByText('Hydraulic: Leak').first().waitFor();
  await screenshot(page, 'downtime-machine-details');
  await context.close();
});
