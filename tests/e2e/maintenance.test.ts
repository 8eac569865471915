import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiToken, newContext, screenshot, signIn, type DemoRole } from './helpers/browser.ts';
import { useServerAndBrowser } from './helpers/setup.ts';
import { withoutIsolationPoints } from './helpers/isolation-points.ts';

const e2e = useServerAndBrowser();
withoutIsolationPoints(e2e);
let adminToken: string;

interface Ref {
  _id: string;
  name: string;
}

interface ServerSchedule {
  _id: string;
  title: string;
  description: string;
  status: string;
  priority: string;
  scheduledDate: string;
  estimatedDuration: number;
  machine: Ref | null;
  assignedTo: Ref | null;
  checklist: { _id: string; task: string; completed: boolean; notes: string }[];
}

beforeAll(async () => {
  adminToken = await apiToken(e2e.server.url, 'admin');
});

async function api<T>(path: string, method = 'GET', body?: unknown): Promise<T> {
  const response = await fetch(`${e2e.server.url}/api/${path}`, {
    method,
    headers: { authorization: `Bearer ${adminToken}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (response.status === 204 ? undefined : await response.json()) as T;
}

const schedules = (query = '') => api<ServerSchedule[]>(`maintenance${query}`);

function createMachine(name: string) {
  return api<Ref>('machines', 'POST', {
    name,
    machineId: `SP-${Date.now()}`,
    department: 'Casting',
    location: 'Bay 4',
    model: 'X1',
    manufacturer: 'Acme',
    installationDate: '2024-01-15',
  });
}

async function openMaintenance(role: DemoRole, size = { width: 1280, height: 800 }) {
  const context = await newContext(e2e.browser, size);
  const page = await context.newPage();
  await signIn(page, e2e.server.url, role);
  await page.goto(`${e2e.server.url}/maintenance`);
  return { context, page };
}

const monthTitle = (date: Date) => date.toLocaleString('en-US', { month: 'long', year: 'numeric' });
const optionTexts = (select: Locator) => select.locator('option').allInnerTexts();
const cards = (page: Page) => page.getByRole('list', { name: 'Maintenance schedules' }).getByRole('listitem');
const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** The list shows as many cards as the server lists for the same filters. */
async function expectCards(page: Page, count: number) {
  if (count === 0) await page.getByText('No maintenance scheduled').waitFor();
  else await expect.poll(() => cards(page).count(), { timeout: 60_000 }).toBe(count);
}

describe('the Preventive Maintenance screen', () => {
  it('shows a month calendar and a list from this device, filtered like the server filters', async () => {
    const spare = await createMachine(`Spare band saw ${Date.now()}`);
    const engineer = (await api<(Ref & { role: string })[]>('users')).find(
      (user) => user.role === 'maintenance_engineer',
    )!;
    const now = new Date();
    const priorities = ['Critical', 'High', 'Medium', 'Low', 'Low'];
    const someMachine = (await api<Ref[]>('machines'))[0]!;
    // Five items early today: today's cell shows three and '+N more'.
    const mine = await Promise.all(
      priorities.map((priority, index) =>
        api<ServerSchedule>('maintenance', 'POST', {
          title: `Roll grinder check ${index + 1}`,
          description: `Grinder step ${index + 1}`,
          machine: someMachine._id,
          scheduledDate: new Date(now.getFullYear(), now.getMonth(), now.getDate(), 0, index + 1).toISOString(),
          estimatedDuration: 1.5,
          priority,
          assignedTo: engineer._id,
        }),
      ),
    );
    const dayStart = new Date(now.getFullYear(), now.getMonth(), now.getDate());
    const dayEnd = new Date(dayStart.getFullYear(), dayStart.getMonth(), dayStart.getDate() + 1, 0, 0, 0, -1);
    const today = await schedules(`?from=${dayStart.toISOString()}&to=${dayEnd.toISOString()}`);
    const all = await schedules();
    const machines = await api<Ref[]>('machines');
    const users = await api<Ref[]>('users');

    const { context, page } = await openMaintenance('maintenance_engineer');
    await page.getByRole('heading', { name: 'Preventive Maintenance', level: 1 }).waitFor();
    await page.getByText('Schedule and track maintenance activities').waitFor();
    expect(await page.getByRole('button', { name: 'Calendar' }).getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByRole('button', { name: 'List' }).getAttribute('aria-pressed')).toBe('false');

    // Calendar: this month, Sunday first, today marked, cells at least 120px, three items then '+N more'.
    const calendar = page.getByRole('region', { name: 'Maintenance calendar' });
    await calendar.getByRole('heading', { name: monthTitle(now) }).waitFor();
    expect(await calendar.getByRole('columnheader').allTextContents()).toEqual([
      'Sun',
      'Mon',
      'Tue',
      'Wed',
      'Thu',
      'Fri',
      'Sat',
    ]);
    const todayCell = calendar.locator('[role=cell][aria-current=date]');
    expect(await todayCell.count()).toBe(1);
    expect(await todayCell.locator('time').textContent()).toBe(String(now.getDate()));
    const more = todayCell.getByRole('button', { name: `+${today.length - 3} more` });
    await more.waitFor({ timeout: 60_000 });
    expect(await todayCell.getByRole('listitem').count()).toBe(3);
    const shownFirst = today.slice(0, 3);
    for (const [index, item] of shownFirst.entries()) {
      const button = todayCell.getByRole('listitem').nth(index).getByRole('button');
      expect(await button.innerText()).toBe(`${item.title}\n${item.machine!.name}`);
      const colour = { Critical: 'red', High: 'orange', Medium: 'yellow' }[item.priority] ?? 'green';
      expect(await button.getAttribute('class')).toContain(`border-${colour}-500`);
    }
    const cells = calendar.locator('[role=cell]');
    const lead = new Date(now.getFullYear(), now.getMonth(), 1).getDay();
    for (let index = 0; index < lead; index += 1) expect(await cells.nth(index).innerText()).toBe('');
    expect(await cells.nth(lead).locator('time').textContent()).toBe('1');
    const heights = await calendar
      .locator('[role=cell]:has(time)')
      .evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().height));
    expect(Math.min(...heights)).toBeGreaterThanOrEqual(120);
    const background = (locator: Locator) => locator.evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(await background(todayCell)).not.toBe(await background(cells.nth(lead + (now.getDate() === 1 ? 1 : 0))));
    await screenshot(page, 'maintenance-calendar');

    await more.click();
    const day = page.getByRole('dialog', {
      name: now.toLocaleDateString('en-US', { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' }),
    });
    expect(await day.getByRole('listitem').count()).toBe(today.length);
    await screenshot(page, 'maintenance-day');
    await day.getByRole('button', { name: /^Roll grinder check 4\b/ }).click();
    const detail = page.getByRole('dialog', { name: 'Roll grinder check 4' });
    await detail.getByText('Grinder step 4').waitFor();
    await detail.getByRole('button', { name: 'Close' }).click();

    await calendar.getByRole('button', { name: 'Next month' }).click();
    await calendar
      .getByRole('heading', { name: monthTitle(new Date(now.getFullYear(), now.getMonth() + 1, 1)) })
      .waitFor();
    expect(await calendar.locator('[aria-current=date]').count()).toBe(0);
    await calendar.getByRole('button', { name: 'Previous month' }).click();
    await calendar.getByRole('button', { name: 'Previous month' }).click();
    await calendar
      .getByRole('heading', { name: monthTitle(new Date(now.getFullYear(), now.getMonth() - 1, 1)) })
      .waitFor();
    await calendar.getByRole('button', { name: 'Today' }).click();
    await calendar.getByRole('heading', { name: monthTitle(now) }).waitFor();

    // Filters apply to the calendar too.
    await page.getByRole('button', { name: 'More Filters' }).click();
    expect(await page.getByRole('button', { name: 'More Filters' }).getAttribute('aria-expanded')).toBe('true');
    await page.getByRole('combobox', { name: 'Priority' }).selectOption('Critical');
    const criticalToday = today.filter((item) => item.priority === 'Critical');
    await expect.poll(() => todayCell.getByRole('listitem').count()).toBe(Math.min(3, criticalToday.length));
    await page.getByRole('button', { name: 'More Filters' }).click();
    expect(await page.getByRole('button', { name: 'More Filters' }).getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByRole('combobox', { name: 'Priority' }).count()).toBe(0);
    await expect.poll(() => todayCell.getByRole('listitem').count()).toBe(3);

    // List: every item, by scheduled date, with its fields.
    await page.getByRole('button', { name: 'List' }).click();
    expect(await page.getByRole('button', { name: 'List' }).getAttribute('aria-pressed')).toBe('true');
    await expectCards(page, all.length);
    expect(await cards(page).getByRole('heading').allInnerTexts()).toEqual(all.map((item) => item.title));
    const card = cards(page).filter({ hasText: 'Roll grinder check 2' });
    const created = mine[1]!;
    const shownDate = await page.evaluate(
      (iso) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }),
      created.scheduledDate,
    );
    const text = await card.innerText();
    for (const part of [
      created.status,
      'High',
      someMachine.name,
      shownDate,
      '1.5h',
      'Grinder step 2',
      `Assigned to ${engineer.name}`,
    ]) {
      expect(text).toContain(part);
    }
    await screenshot(page, 'maintenance-list');

    const [status, machine, assignee] = ['Status', 'Machine', 'Assignee'].map((name) =>
      page.getByRole('combobox', { name, exact: true }),
    ) as [Locator, Locator, Locator];
    expect(await optionTexts(status)).toEqual(['All Status', 'Scheduled', 'In Progress', 'Completed', 'Overdue']);
    expect(await optionTexts(machine)).toEqual([
      'All Machines',
      ...machines.map((item) => item.name).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
    ]);
    expect(await optionTexts(assignee)).toEqual(['All Assignees', ...users.map((user) => user.name)]);

    const overdue = all.find((item) => item.status === 'Overdue' && item.machine && item.assignedTo)!;
    await status.selectOption('Overdue');
    await expectCards(page, (await schedules('?status=Overdue')).length);
    expect(await cards(page).filter({ hasText: 'Overdue' }).count()).toBe(await cards(page).count());
    await machine.selectOption(overdue.machine!._id);
    await expectCards(page, (await schedules(`?status=Overdue&machine=${overdue.machine!._id}`)).length);
    await assignee.selectOption(overdue.assignedTo!._id);
    const query = `?status=Overdue&machine=${overdue.machine!._id}&assignee=${overdue.assignedTo!._id}`;
    await expectCards(page, (await schedules(query)).length);
    await status.selectOption('');
    await page.getByRole('button', { name: 'More Filters' }).click();
    await page.getByRole('combobox', { name: 'Priority' }).selectOption(overdue.priority);
    const byPriority = await schedules(`?machine=${overdue.machine!._id}&assignee=${overdue.assignedTo!._id}`);
    await expectCards(page, byPriority.filter((item) => item.priority === overdue.priority).length);
    await page.getByRole('button', { name: 'More Filters' }).click();
    await assignee.selectOption('');

    await machine.selectOption(spare._id);
    await page.getByText('No maintenance scheduled').waitFor();
    await page.getByText('Get started by scheduling preventive maintenance.').waitFor();
    await screenshot(page, 'maintenance-empty');
    await page.getByRole('main').getByRole('button', { name: 'Schedule Maintenance' }).last().click();
    await page.getByRole('dialog', { name: 'Schedule Maintenance' }).getByRole('button', { name: 'Cancel' }).click();
    await machine.selectOption('');
    await expectCards(page, all.length);

    // The status dropdown saves at once.
    await card.getByRole('combobox', { name: 'Status of Roll grinder check 2' }).selectOption('In Progress');
    await page.getByText('Maintenance schedule updated!').waitFor();
    await expect
      .poll(async () => (await api<ServerSchedule>(`maintenance/${created._id}`)).status, { timeout: 30_000 })
      .toBe('In Progress');
    // The list renders a change as a transition: a loaded machine may draw it after the toast and the server.
    await expect
      .poll(() =>
        card
          .locator('span')
          .filter({ hasText: /^In Progress$/ })
          .count(),
      )
      .toBe(1);

    await page.setViewportSize({ width: 390, height: 844 });
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, 'maintenance-list');
    await page.getByRole('button', { name: 'Calendar' }).click();
    await calendar.getByRole('heading', { name: monthTitle(now) }).waitFor();
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, 'maintenance-calendar');
    // On a phone a day with items is one button that lists them.
    await todayCell.getByRole('button', { name: new RegExp(`: ${today.length} maintenance items$`) }).click();
    expect(await day.getByRole('listitem').count()).toBe(today.length);
    await screenshot(page, 'maintenance-day');
    await context.close();
  });

  it('schedules with inline validation, edits with the form filled, and ticks the checklist', async () => {
    const { context, page } = await openMaintenance('maintenance_engineer');
    await page.goto(`${e2e.server.url}/maintenance?new=1`);
    const form = page.getByRole('dialog', { name: 'Schedule Maintenance' });
    expect(await form.getByLabel('Priority').inputValue()).toBe('Medium');
    expect(await form.getByLabel('Assigned To').inputValue()).toBe('');
    expect((await optionTexts(form.getByLabel('Assigned To')))[0]).toBe('Unassigned');
    await form.getByRole('button', { name: 'Schedule Maintenance' }).click();
    for (const message of ['Title is required', 'Machine is required', 'Scheduled date is required']) {
      await form.getByText(message).waitFor();
    }
    await screenshot(page, 'maintenance-form-invalid');

    const title = `Furnace burner service ${Date.now()}`;
    const now = new Date();
    const when = new Date(now.getFullYear(), now.getMonth() + 1, 10, 9, 30);
    const local = `${when.getFullYear()}-${String(when.getMonth() + 1).padStart(2, '0')}-10T09:30`;
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Machine').selectOption({ index: 1 });
    const machineName = (await form.getByLabel('Machine').locator('option:checked').innerText()).replace(
      / \(.*\)$/,
      '',
    );
    await form.getByLabel('Scheduled Date').fill(local);
    await form.getByLabel('Estimated Duration').fill('2.5');
    await form.getByLabel('Priority').selectOption('High');
    await form.getByLabel('Assigned To').selectOption({ index: 1 });
    const assigneeName = await form.getByLabel('Assigned To').locator('option:checked').innerText();
    await form.getByLabel('Description').fill('Clean burner nozzles, check flame');
    await form.getByRole('button', { name: 'Add Task' }).click();
    await form.getByRole('button', { name: 'Add Task' }).click();
    await form.getByRole('button', { name: 'Add Task' }).click();
    await form.getByLabel('Task 1', { exact: true }).fill('Isolate gas supply');
    await form.getByLabel('Task 2', { exact: true }).fill('Left blank, then removed');
    await form.getByLabel('Task 3', { exact: true }).fill('Clean nozzles');
    await form.getByRole('button', { name: 'Remove task 2' }).click();
    expect(await form.getByLabel('Task 2', { exact: true }).inputValue()).toBe('Clean nozzles');
    await screenshot(page, 'maintenance-form');
    await form.getByRole('button', { name: 'Schedule Maintenance' }).click();
    await page.getByText('Maintenance scheduled successfully!').waitFor();
    await form.waitFor({ state: 'detached' });

    const find = async () => (await schedules()).filter((item) => item.title === title);
    await expect.poll(async () => (await find()).length, { timeout: 30_000 }).toBe(1);
    const [stored] = await find();
    expect(stored).toMatchObject({
      scheduledDate: when.toISOString(),
      estimatedDuration: 2.5,
      priority: 'High',
      status: 'Scheduled',
      description: 'Clean burner nozzles, check flame',
      machine: { name: machineName },
      assignedTo: { name: assigneeName },
      checklist: [
        { task: 'Isolate gas supply', completed: false, notes: '' },
        { task: 'Clean nozzles', completed: false, notes: '' },
      ],
    });

    await page.getByRole('button', { name: 'List' }).click();
    await page.getByRole('button', { name: `Edit ${title}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Maintenance' });
    expect(await edit.getByLabel('Title').inputValue()).toBe(title);
    expect(await edit.getByLabel('Machine').inputValue()).toBe(stored!.machine!._id);
    expect(await edit.getByLabel('Scheduled Date').inputValue()).toBe(local);
    expect(await edit.getByLabel('Estimated Duration').inputValue()).toBe('2.5');
    expect(await edit.getByLabel('Priority').inputValue()).toBe('High');
    expect(await edit.getByLabel('Assigned To').inputValue()).toBe(stored!.assignedTo!._id);
    expect(await edit.getByLabel('Description').inputValue()).toBe('Clean burner nozzles, check flame');
    expect(await edit.getByLabel('Task 2', { exact: true }).inputValue()).toBe('Clean nozzles');
    await edit.getByLabel('Title').fill(`${title} (rescheduled)`);
    await edit.getByLabel('Estimated Duration').fill('3');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Maintenance schedule updated!').waitFor();
    await expect
      .poll(async () => (await api<ServerSchedule>(`maintenance/${stored!._id}`)).title, { timeout: 30_000 })
      .toBe(`${title} (rescheduled)`);
    const history = await api<{ field: string }[]>(`maintenance/${stored!._id}/history`);
    // Only what changed was sent.
    expect(
      history
        .map((entry) => entry.field)
        .filter((field) => field !== 'created')
        .sort(),
    ).toEqual(['estimatedDuration', 'title']);

    await page.getByRole('button', { name: `${title} (rescheduled)`, exact: true }).click();
    const detail = page.getByRole('dialog', { name: `${title} (rescheduled)` });
    await detail.getByText('Checklist (0/2 done)').waitFor();
    // Saved on the device, then shown: the button follows the stored record.
    const pass = detail
      .getByRole('group', { name: 'Result of Isolate gas supply' })
      .getByRole('button', { name: 'Pass' });
    await pass.click();
    await expect.poll(() => pass.getAttribute('aria-pressed')).toBe('true');
    await page.getByText('Checklist updated!').first().waitFor();
    await detail.getByText('Checklist (1/2 done)').waitFor();
    await detail.getByLabel('Notes for Clean nozzles').fill('Nozzle 3 cracked, replaced');
    await detail.getByRole('button', { name: 'Save note for Clean nozzles' }).click();
    await expect
      .poll(async () => (await api<ServerSchedule>(`maintenance/${stored!._id}`)).checklist, { timeout: 30_000 })
      .toEqual([
        expect.objectContaining({ task: 'Isolate gas supply', result: 'Pass', notes: '' }),
        expect.objectContaining({ task: 'Clean nozzles', result: null, notes: 'Nozzle 3 cracked, replaced' }),
      ]);
    await screenshot(page, 'maintenance-detail');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'maintenance-detail');
    await detail.getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('dialog', { name: 'Edit Maintenance' }).waitFor();
    await screenshot(page, 'maintenance-form');
    await context.close();
  });

  it("shows the server's message when it refuses a schedule", async () => {
    const doomed = await createMachine(`Retired saw ${Date.now()}`);
    const { context, page } = await openMaintenance('admin');
    await page.getByRole('button', { name: 'Schedule Maintenance' }).click();
    const form = page.getByRole('dialog', { name: 'Schedule Maintenance' });
    const machine = form.getByLabel('Machine');
    await expect
      .poll(() => machine.locator('option').allInnerTexts(), { timeout: 60_000 })
      .toContain(`${doomed.name} (${(await api<{ machineId: string }>(`machines/${doomed._id}`)).machineId})`);
    await form.getByLabel('Title').fill('Blade change on a retired saw');
    await machine.selectOption(doomed._id);
    await form.getByLabel('Scheduled Date').fill('2030-01-15T08:00');
    // The machine goes while the form is open; the client cannot know, the server refuses.
    await api(`machines/${doomed._id}`, 'DELETE');
    await form.getByRole('button', { name: 'Schedule Maintenance' }).click();
    await page.getByText('Maintenance scheduled successfully!').waitFor();
    await page.getByText('Machine not found').waitFor({ timeout: 30_000 });
    expect((await schedules()).some((item) => item.title === 'Blade change on a retired saw')).toBe(false);
    await context.close();
  });

  it('is open to admins and maintenance engineers only', async () => {
    for (const role of ['admin', 'maintenance_engineer', 'operator', 'safety_officer'] as const) {
      const { context, page } = await openMaintenance(role);
      if (role === 'admin' || role === 'maintenance_engineer') {
        await page.getByRole('heading', { name: 'Preventive Maintenance' }).waitFor();
      } else {
        await page.waitForURL(`${e2e.server.url}/unauthorized`);
      }
      await context.close();
    }
  });
});
