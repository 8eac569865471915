import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import type { Machine } from '#shared/schemas/machine.ts';
import type { Schedule } from '#shared/schemas/schedule.ts';
import type { Ticket } from '#shared/schemas/ticket.ts';
import { apiToken, newContext, screenshot, signIn, waitForServiceWorker, type DemoRole } from './helpers/browser.ts';
import { chooseMachineStatus } from './helpers/machine-status.ts';
import { useServerAndBrowser } from './helpers/setup.ts';

const e2e = useServerAndBrowser();
let adminToken: string;
let allMachines: Machine[];

async function api<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const response = await fetch(`${e2e.server.url}/api/${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
    ...(init.body ? { body: JSON.stringify(init.body) } : {}),
  });
  return (await response.json()) as T;
}

beforeAll(async () => {
  adminToken = await apiToken(e2e.server.url, 'admin');
  allMachines = await api<Machine[]>('machines');
});

async function openMachines(role: DemoRole, size = { width: 1280, height: 800 }) {
  const context = await newContext(e2e.browser, size);
  const page = await context.newPage();
  await signIn(page, e2e.server.url, role);
  await page.goto(`${e2e.server.url}/machines`);
  // The first pull has brought every machine when the grid shows all of them.
  const { length } = await api<Machine[]>('machines');
  await expect.poll(() => page.getByRole('article').count(), { timeout: 60_000 }).toBe(length);
  return { context, page };
}

const shownNames = async (page: Page) =>
  (await page.getByRole('article').getByRole('heading').allTextContents()).sort();

/** The grid shows exactly the machines the server lists for the same query. */
async function expectServerList(page: Page, query: string) {
  const expected = (await api<Machine[]>(`machines?${query}`)).map((machine) => machine.name).sort();
  expect(expected.length).toBeGreaterThan(0);
  await expect.poll(() => shownNames(page)).toEqual(expected);
}

const optionTexts = (page: Page, name: string) =>
  page.getByRole('combobox', { name, exact: true }).locator('option').allTextContents();

const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** Every page of the tickets with this status. */
async function ticketsWithStatus(status: string): Promise<Ticket[]> {
  const tickets: Ticket[] = [];
  for (let page = 1; ; page += 1) {
    const result = await api<{ tickets: Ticket[]; totalPages: number }>(
      `tickets?status=${encodeURIComponent(status)}&limit=100&page=${page}`,
    );
    tickets.push(...result.tickets);
    if (page >= result.totalPages) return tickets;
  }
}

it('lists and filters the machines on this device like the server does', async () => {
  const { context, page } = await openMachines('maintenance_engineer');
  await page.getByRole('heading', { name: 'Machines', level: 1 }).waitFor();
  await page.getByText('Monitor and manage all industrial machines').waitFor();
  await page.getByRole('button', { name: 'Add Machine' }).waitFor();
  expect(await optionTexts(page, 'Department')).toEqual([
    'All Departments',
    'Rolling Mill',
    'Smelting',
    'Casting',
    'Quality Control',
  ]);
  expect(await optionTexts(page, 'Status')).toEqual(['All Status', 'Running', 'Down', 'Maintenance', 'Idle']);

  // Operating hours with the 'h' suffix, in the user's number format.
  const sample = allMachines.find((machine) => machine.operatingHours >= 1000)!;
  const hours = await page.evaluate((value) => `${value.toLocaleString()}h`, sample.operatingHours);
  const card = page.getByRole('article', { name: sample.name });
  expect(await card.innerText()).toContain(hours);
  expect(await card.innerText()).toContain(sample.machineId);
  expect(await card.getByRole('combobox', { name: `Status of ${sample.name}` }).inputValue()).toBe(sample.status);
  await screenshot(page, 'machines-list');

  await page.getByRole('combobox', { name: 'Department', exact: true }).selectOption('Casting');
  await expectServerList(page, 'department=Casting');
  await page.getByRole('combobox', { name: 'Status', exact: true }).selectOption('Running');
  await expectServerList(page, 'department=Casting&status=Running');
  await page.getByRole('combobox', { name: 'Department', exact: true }).selectOption('');
  await page.getByRole('combobox', { name: 'Status', exact: true }).selectOption('Maintenance');
  await expectServerList(page, 'status=Maintenance');
  await page.getByRole('combobox', { name: 'Status', exact: true }).selectOption('');

  // Search is case-insensitive over name, machine ID and location, as on the server...
  for (const search of ['POTROOM', 'sm-ptm', 'potline']) {
    await page.getByLabel('Search machines').fill(search);
    await expectServerList(page, `search=${encodeURIComponent(search)}`);
  }
  // ...and over model and manufacturer too.
  await page.getByLabel('Search machines').fill('fives ecl');
  await expect
    .poll(() => shownNames(page))
    .toEqual(
      allMachines
        .filter((machine) => machine.manufacturer === 'Fives ECL')
        .map((machine) => machine.name)
        .sort(),
    );
  await page.getByLabel('Search machines').fill('no such machine anywhere');
  await page.getByText('No machines found').waitFor();
  await page.getByLabel('Search machines').fill('');

  const more = page.getByRole('button', { name: /More Filters/ });
  expect(await more.getAttribute('aria-expanded')).toBe('false');
  expect(await page.getByRole('combobox', { name: 'Location' }).count()).toBe(0);
  await more.click();
  expect(await more.getAttribute('aria-expanded')).toBe('true');
  await page.getByRole('combobox', { name: 'Location' }).selectOption('Potroom A');
  await expect
    .poll(() => shownNames(page))
    .toEqual(
      allMachines
        .filter((machine) => machine.location === 'Potroom A')
        .map((machine) => machine.name)
        .sort(),
    );
  await page.getByRole('combobox', { name: 'Manufacturer' }).selectOption('Fives ECL');
  await expect
    .poll(() => shownNames(page))
    .toEqual(
      allMachines
        .filter((machine) => machine.location === 'Potroom A' && machine.manufacturer === 'Fives ECL')
        .map((machine) => machine.name)
        .sort(),
    );
  await screenshot(page, 'machines-more-filters');
  await more.click();
  expect(await more.innerText()).toContain('2');

  await page.setViewportSize({ width: 390, height: 844 });
  await more.click();
  await page.getByRole('combobox', { name: 'Location' }).selectOption('');
  await page.getByRole('combobox', { name: 'Manufacturer' }).selectOption('');
  await more.click();
  await expect.poll(() => page.getByRole('article').count()).toBe(allMachines.length);
  expect(await horizontalOverflow(page)).toBe(0);
  await screenshot(page, 'machines-list');
  await context.close();
});

it('shows a machine in full with its open tickets and schedules, and starts a ticket for it', async () => {
  const open = [...(await ticketsWithStatus('Pending')), ...(await ticketsWithStatus('In Progress'))];
  const notDone = (await api<Schedule[]>('maintenance')).filter((schedule) => schedule.status !== 'Completed');
  // The machine with the most open work among those with both open tickets and schedules not completed.
  const ticketsOf = (id: string) => open.filter((ticket) => ticket.machine?._id === id).length;
  const schedulesOf = (id: string) => notDone.filter((schedule) => schedule.machine?._id === id).length;
  const work = (id: string) => (ticketsOf(id) > 0 && schedulesOf(id) > 0 ? ticketsOf(id) + schedulesOf(id) : 0);
  const machine = allMachines.reduce((best, candidate) => (work(candidate._id) > work(best._id) ? candidate : best));
  const machineId = machine._id;
  const itsTickets = open.filter((ticket) => ticket.machine?._id === machineId);
  const itsSchedules = notDone.filter((schedule) => schedule.machine?._id === machineId);
  expect(itsTickets.length).toBeGreaterThan(0);
  expect(itsSchedules.length).toBeGreaterThan(0);

  const { context, page } = await openMachines('operator');
  await page.getByRole('article', { name: machine.name }).getByRole('button', { name: 'View Details' }).click();
  const detail = page.getByRole('dialog', { name: machine.name });
  await detail.waitFor();
  expect(new URL(page.url()).searchParams.get('machine')).toBe(machineId);
  const text = await detail.innerText();
  for (const value of [
    machine.machineId,
    machine.status,
    machine.department,
    machine.location,
    machine.model,
    machine.manufacturer,
    machine.specifications.capacity,
    machine.specifications.power,
    machine.specifications.dimensions,
    machine.specifications.weight,
  ]) {
    expect(text).toContain(value);
  }
  expect(text).toContain(await page.evaluate((value) => `${value.toLocaleString()}h`, machine.operatingHours));
  expect(text).toContain(
    await page.evaluate(
      (date) => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(`${date}T00:00:00`)),
      machine.installationDate,
    ),
  );
  await detail.getByRole('heading', { name: 'Specifications' }).waitFor();
  await detail.getByRole('heading', { name: `Open Tickets (${itsTickets.length})` }).waitFor();
  await detail.getByRole('heading', { name: `Maintenance Schedules (${itsSchedules.length})` }).waitFor();
  for (const schedule of itsSchedules) await detail.getByText(schedule.title, { exact: true }).first().waitFor();
  const links = detail.getByRole('link', {
    name: new RegExp(itsTickets[0]!.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
  });
  expect(await links.first().getAttribute('href')).toBe(`/tickets?ticket=${itsTickets[0]!._id}`);
  // Its open tickets; the downtime list links tickets too, as 'TKT-000144 · Closed'.
  expect(await detail.getByRole('link').filter({ hasText: /TKT-/, hasNotText: ' · ' }).count()).toBe(itsTickets.length);
  await screenshot(page, 'machines-details');

  await links.first().click();
  await page.getByRole('dialog', { name: itsTickets[0]!.ticketNumber }).waitFor();

  await page.goto(`${e2e.server.url}/machines?machine=${machineId}`);
  await detail.getByRole('link', { name: 'Create Ticket' }).click();
  const form = page.getByRole('dialog', { name: 'Create Ticket' });
  await form.waitFor();
  expect(new URL(page.url()).searchParams.get('machine')).toBe(machineId);
  await expect.poll(() => form.getByLabel('Machine').inputValue()).toBe(machineId);
  await form.getByLabel('Title').fill('Noise from the gearbox');
  await form.getByLabel('Description').fill('Grinding noise at full speed');
  await form.getByRole('button', { name: 'Create Ticket' }).click();
  await page.getByText('Ticket created successfully!').waitFor();
  // The pending mark may not show before a quick send: poll the server rather than the mark.
  await expect
    .poll(
      async () =>
        (await api<{ tickets: Ticket[] }>('tickets?search=Noise%20from%20the%20gearbox')).tickets.map(
          (ticket) => ticket.machine?._id,
        ),
      { timeout: 30_000 },
    )
    .toEqual([machineId]);

  // From a card too; closing the form forgets the machine.
  await page.goto(`${e2e.server.url}/machines`);
  const other = allMachines.find((candidate) => candidate._id !== machineId)!;
  await page.getByRole('article', { name: other.name }).getByRole('link', { name: 'Create Ticket' }).click();
  await expect.poll(() => form.getByLabel('Machine').inputValue()).toBe(other._id);
  await form.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Create Ticket' }).click();
  expect(await form.getByLabel('Machine').inputValue()).toBe('');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${e2e.server.url}/machines?machine=${machineId}`);
  await detail.getByRole('heading', { name: 'Specifications' }).waitFor();
  await screenshot(page, 'machines-details');
  await context.close();
});

it('adds a machine with inline validation; the server gets it once', async () => {
  const { context, page } = await openMachines('admin');
  await page.getByRole('button', { name: 'Add Machine' }).click();
  const form = page.getByRole('dialog', { name: 'Add Machine' });
  expect(new URL(page.url()).search).toBe('?new=1');
  expect(await form.getByLabel('Department').inputValue()).toBe('Rolling Mill');
  expect(await form.getByLabel('Department').locator('option').allTextContents()).toEqual([
    'Rolling Mill',
    'Smelting',
    'Casting',
    'Quality Control',
  ]);
  expect(await form.getByLabel('Installation Date').getAttribute('type')).toBe('date');
  const specifications = form.getByRole('group', { name: 'Specifications' });
  for (const label of ['Capacity', 'Power', 'Dimensions', 'Weight']) await specifications.getByLabel(label).waitFor();
  await screenshot(page, 'machines-add');

  await form.getByRole('button', { name: 'Create Machine' }).click();
  for (const message of [
    'Machine name is required',
    'Machine ID is required',
    'Location is required',
    'Model is required',
    'Manufacturer is required',
    'Installation date is required',
  ]) {
    await form.getByText(message).waitFor();
  }
  await screenshot(page, 'machines-add-invalid');

  const code = `RM-TST-${Date.now() % 100000}`;
  await form.getByLabel('Machine Name').fill('Tension Leveller TL-1');
  await form.getByLabel('Machine ID').fill(allMachines[0]!.machineId);
  await form.getByLabel('Department').selectOption('Casting');
  await form.getByLabel('Location').fill('Finishing Hall');
  await form.getByLabel('Model').fill('TL 2000');
  await form.getByLabel('Manufacturer').fill('SMS group');
  await form.getByLabel('Installation Date').fill('2024-09-30');
  await specifications.getByLabel('Power').fill('850 kW');
  await form.getByRole('button', { name: 'Create Machine' }).click();
  await form.getByText(`Machine ID ${allMachines[0]!.machineId} is already in use`).waitFor();
  await form.getByLabel('Machine ID').fill(code);
  await form.getByRole('button', { name: 'Create Machine' }).click();
  await page.getByText('Machine created successfully!').waitFor();
  await form.waitFor({ state: 'detached' });
  await page.getByRole('article', { name: 'Tension Leveller TL-1' }).waitFor();
  await expect.poll(async () => (await api<Machine[]>(`machines?search=${code}`)).length, { timeout: 30_000 }).toBe(1);
  const onServer = await api<Machine[]>(`machines?search=${code}`);
  expect(onServer[0]).toMatchObject({
    name: 'Tension Leveller TL-1',
    machineId: code,
    department: 'Casting',
    location: 'Finishing Hall',
    model: 'TL 2000',
    manufacturer: 'SMS group',
    installationDate: '2024-09-30',
    specifications: { capacity: '', power: '850 kW', dimensions: '', weight: '' },
    status: 'Running',
    operatingHours: 0,
  });

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Add Machine' }).click();
  await form.getByRole('button', { name: 'Create Machine' }).click();
  await form.getByText('Machine name is required').waitFor();
  await screenshot(page, 'machines-add-invalid');
  await form.getByRole('button', { name: 'Cancel' }).click();
  await context.close();
});

it("shows the server's message when it refuses a machine ID this device did not know was taken", async () => {
  const { context, page } = await openMachines('maintenance_engineer');
  await waitForServiceWorker(page);
  await context.setOffline(true);
  const code = `CA-DUP-${Date.now() % 100000}`;
  await api('machines', {
    method: 'POST',
    body: {
      name: 'Holding Furnace HF-9',
      machineId: code,
      department: 'Casting',
      location: 'Cast House',
      model: 'HF 40',
      manufacturer: 'Hertwich',
      installationDate: '2020-01-15',
    },
  });

  await page.getByRole('button', { name: 'Add Machine' }).click();
  const form = page.getByRole('dialog', { name: 'Add Machine' });
  for (const [label, value] of [
    ['Machine Name', 'Second Holding Furnace'],
    ['Machine ID', code],
    ['Location', 'Cast House'],
    ['Model', 'HF 40'],
    ['Manufacturer', 'Hertwich'],
    ['Installation Date', '2021-03-01'],
  ] as const) {
    await form.getByLabel(label).fill(value);
  }
  await form.getByRole('button', { name: 'Create Machine' }).click();
  await page.getByText('Machine created successfully!').waitFor();
  await page.getByRole('article', { name: 'Second Holding Furnace' }).getByText('Pending sync').waitFor();

  await context.setOffline(false);
  await page.getByText(`Machine ID ${code} is already in use`).waitFor({ timeout: 30_000 });
  // The refused machine waits in the Sync panel; the server still has one machine with that ID.
  expect(await page.getByTestId('pending-count').textContent()).toBe('1');
  expect((await api<Machine[]>(`machines?search=${code}`)).map((machine) => machine.name)).toEqual([
    'Holding Furnace HF-9',
  ]);
  await context.close();
});

it('lets every role change a status, and only admins and engineers add machines', async () => {
  const targets: Record<DemoRole, Machine> = {
    operator: allMachines[1]!,
    safety_officer: allMachines[2]!,
    admin: allMachines[3]!,
    maintenance_engineer: allMachines[4]!,
  };
  for (const [role, machine] of Object.entries(targets) as [DemoRole, Machine][]) {
    const { context, page } = await openMachines(role, { width: 390, height: 844 });
    const canAdd = role === 'admin' || role === 'maintenance_engineer';
    expect(await page.getByRole('button', { name: 'Add Machine' }).count(), role).toBe(canAdd ? 1 : 0);
    await page.goto(`${e2e.server.url}/machines?new=1`);
    await page.getByRole('article').first().waitFor();
    expect(await page.getByRole('dialog', { name: 'Add Machine' }).count(), role).toBe(canAdd ? 1 : 0);
    if (canAdd) await page.getByRole('dialog', { name: 'Add Machine' }).getByRole('button', { name: 'Cancel' }).click();

    const next = machine.status === 'Idle' ? 'Down' : 'Idle';
    await chooseMachineStatus(page, page.getByRole('combobox', { name: `Status of ${machine.name}` }), next);
    await page.getByText('Machine status updated!').waitFor();
    await page.getByTestId('pending-count').waitFor({ state: 'detached', timeout: 30_000 });
    // The pending mark may not have shown yet when the wait above looked: poll what reached the server.
    await expect.poll(async () => (await api<Machine>(`machines/${machine._id}`)).status, { message: role }).toBe(next);
    await context.close();
  }
});

it('draws the first 48 machine cards, the next ones on Show more, and 48 again when a filter changes', async () => {
  const stamp = Date.now() % 100000;
  for (let index = (await api<Machine[]>('machines')).length; index < 60; index += 1) {
    await api('machines', {
      method: 'POST',
      body: {
        name: `Extrusion Press EP-${index}`,
        machineId: `EP-${stamp}-${index}`,
        department: 'Casting',
        location: 'Press Hall',
        model: 'EP 25',
        manufacturer: 'SMS',
        installationDate: '2021-03-01',
      },
    });
  }
  const context = await newContext(e2e.browser, { width: 1280, height: 800 });
  const page = await context.newPage();
  await signIn(page, e2e.server.url, 'operator');
  await page.goto(`${e2e.server.url}/machines`);
  await page.getByText('Showing 48 of 60 machines').waitFor({ timeout: 60_000 });
  expect(await page.getByRole('article').count()).toBe(48);
  await page.getByRole('button', { name: 'Show more machines' }).click();
  await expect.poll(() => page.getByRole('article').count()).toBe(60);
  expect(await page.getByRole('button', { name: 'Show more machines' }).count()).toBe(0);

  const department = page.getByRole('combobox', { name: 'Department', exact: true });
  await department.selectOption('Casting');
  const casting = (await api<Machine[]>('machines?department=Casting')).length;
  await expect.poll(() => page.getByRole('article').count()).toBe(Math.min(48, casting));
  await department.selectOption('');
  await page.getByText('Showing 48 of 60 machines').waitFor();
  await page.getByRole('button', { name: 'Show more machines' }).scrollIntoViewIfNeeded();
  await screenshot(page, 'machines-show-more');
  await context.close();
});
