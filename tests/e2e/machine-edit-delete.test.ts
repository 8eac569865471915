import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import type { Machine } from '#shared/schemas/machine.ts';
import type { Ticket } from '#shared/schemas/ticket.ts';
import {
  apiToken,
  newContext,
  openControlledPage,
  screenshot,
  signIn,
  type DemoRole,
  sendOnceOnline,
} from './helpers/browser.ts';
import { useServerAndBrowser } from './helpers/setup.ts';

const e2e = useServerAndBrowser();
let adminToken: string;
let allMachines: Machine[];

/** What the server has now, read as an admin. */
async function serverGet<T>(path: string): Promise<T> {
  const response = await fetch(`${e2e.server.url}/api/${path}`, { headers: { authorization: `Bearer ${adminToken}` } });
  return (await response.json()) as T;
}

beforeAll(async () => {
  adminToken = await apiToken(e2e.server.url, 'admin');
  allMachines = await serverGet<Machine[]>('machines');
});

/** Signed in on Machines, with every machine the server has pulled onto the device. */
async function openMachines(role: DemoRole) {
  const opened = await openControlledPage(e2e.browser, e2e.server.url, role, '/machines');
  const { length } = await serverGet<Machine[]>('machines');
  await expect.poll(() => opened.page.getByRole('article').count(), { timeout: 60_000 }).toBe(length);
  return opened;
}

async function openDetails(page: Page, machine: Machine) {
  await page.getByRole('article', { name: machine.name }).getByRole('button', { name: 'View Details' }).click();
  const detail = page.getByRole('dialog', { name: machine.name });
  await detail.getByRole('heading', { name: 'Specifications' }).waitFor();
  return detail;
}

it('edits a machine offline: only the changed fields reach the server, once back online', async () => {
  const machine = allMachines[5]!;
  const other = allMachines[6]!;
  const { context, page } = await openMachines('maintenance_engineer');
  const detail = await openDetails(page, machine);
  await detail.getByRole('button', { name: 'Edit Machine' }).click();
  const form = page.getByRole('dialog', { name: 'Edit Machine' });
  expect(new URL(page.url()).searchParams.get('edit')).toBe(machine._id);
  expect(await form.getByLabel('Machine Name').inputValue()).toBe(machine.name);
  expect(await form.getByLabel('Machine ID').inputValue()).toBe(machine.machineId);
  expect(await form.getByLabel('Department').inputValue()).toBe(machine.department);
  expect(await form.getByLabel('Location').inputValue()).toBe(machine.location);
  expect(await form.getByLabel('Installation Date').inputValue()).toBe(machine.installationDate);
  const specifications = form.getByRole('group', { name: 'Specifications' });
  expect(await specifications.getByLabel('Power').inputValue()).toBe(machine.specifications.power);
  await form.getByRole('button', { name: 'Save Changes' }).waitFor();
  await screenshot(page, 'machines-edit');

  // Another machine's ID is refused here already; its own ID is fine.
  await form.getByLabel('Machine ID').fill(other.machineId);
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await form.getByText(`Machine ID ${other.machineId} is already in use`).waitFor();
  await form.getByLabel('Machine ID').fill(machine.machineId);

  await context.setOffline(true);
  await form.getByLabel('Location').fill('Potroom C, bay 4');
  await specifications.getByLabel('Power').fill('999 kW');
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await page.getByText('Machine updated successfully!').waitFor();
  await form.waitFor({ state: 'detached' });
  // Back on the details it was opened from, with the new values, marked until sent.
  await detail.getByText('Potroom C, bay 4').waitFor();
  await detail.getByText('999 kW').waitFor();
  await detail.getByText('Pending sync').waitFor();
  expect(await page.getByTestId('pending-count').textContent()).toBe('1');
  expect((await serverGet<Machine>(`machines/${machine._id}`)).location).toBe(machine.location);

  await sendOnceOnline(page);
  const { version, updatedAt: _updatedAt, ...after } = await serverGet<Machine>(`machines/${machine._id}`);
  const { version: before, updatedAt: _, ...unchanged } = machine;
  expect(version).toBe(before + 1);
  expect(after).toEqual({
    ...unchanged,
    location: 'Potroom C, bay 4',
    specifications: { ...machine.specifications, power: '999 kW' },
  });
  await detail.getByText('Pending sync').waitFor({ state: 'detached' });

  await page.getByText('Machine updated successfully!').waitFor({ state: 'detached' });
  await page.setViewportSize({ width: 390, height: 844 });
  await detail.getByRole('button', { name: 'Edit Machine' }).click();
  await form.getByLabel('Machine Name').waitFor();
  await screenshot(page, 'machines-edit');
  // Nothing changed: nothing is sent.
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await form.waitFor({ state: 'detached' });
  expect(await page.getByTestId('pending-count').count()).toBe(0);
  await context.close();
});

it('offers Edit to admins and engineers, and Delete to admins only', async () => {
  const machine = allMachines[7]!;
  const expected: Record<DemoRole, { edit: boolean; delete: boolean }> = {
    operator: { edit: false, delete: false },
    safety_officer: { edit: false, delete: false },
    maintenance_engineer: { edit: true, delete: false },
    admin: { edit: true, delete: true },
  };
  for (const [role, may] of Object.entries(expected) as [DemoRole, { edit: boolean; delete: boolean }][]) {
    const context = await newContext(e2e.browser);
    const page = await context.newPage();
    await signIn(page, e2e.server.url, role);
    await page.goto(`${e2e.server.url}/machines?machine=${machine._id}`);
    const detail = page.getByRole('dialog', { name: machine.name });
    await detail.getByRole('heading', { name: 'Specifications' }).waitFor({ timeout: 60_000 });
    expect(await detail.getByRole('button', { name: 'Edit Machine' }).count(), role).toBe(may.edit ? 1 : 0);
    expect(await detail.getByRole('button', { name: 'Delete Machine' }).count(), role).toBe(may.delete ? 1 : 0);
    // The form's address does not open it for a role that may not edit.
    await page.goto(`${e2e.server.url}/machines?edit=${machine._id}`);
    await page.getByRole('article').first().waitFor();
    expect(await page.getByRole('dialog', { name: 'Edit Machine' }).count(), role).toBe(may.edit ? 1 : 0);
    await context.close();
  }
});

it('deletes a machine online after a confirmation; its tickets keep it; offline the button says why it is off', async () => {
  const tickets = (await serverGet<{ tickets: Ticket[] }>('tickets?limit=100')).tickets;
  const machine = allMachines.find((candidate) => tickets.some((ticket) => ticket.machine?._id === candidate._id))!;
  const ticket = tickets.find((candidate) => candidate.machine?._id === machine._id)!;
  const { context, page } = await openMachines('admin');
  const detail = await openDetails(page, machine);
  await detail.getByRole('button', { name: 'Delete Machine' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Machine' });
  expect(await confirm.innerText()).toContain(`Delete ${machine.name} (${machine.machineId})?`);
  expect(await confirm.innerText()).toContain('Its tickets keep it');
  await screenshot(page, 'machines-delete-confirm');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'machines-delete-confirm');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await confirm.waitFor({ state: 'detached' });
  await detail.waitFor();
  await page.setViewportSize({ width: 1280, height: 800 });

  await detail.getByRole('button', { name: 'Delete Machine' }).click();
  await confirm.getByRole('button', { name: 'Delete Machine' }).click();
  await page.getByText('Machine deleted successfully!').waitFor();
  await detail.waitFor({ state: 'detached' });
  expect(new URL(page.url()).search).toBe('');
  await page.getByRole('article', { name: machine.name }).waitFor({ state: 'detached' });
  expect((await serverGet<Machine[]>('machines')).map((candidate) => candidate._id)).not.toContain(machine._id);
  expect(await page.getByRole('article').count()).toBe(allMachines.length - 1);
  expect((await serverGet<Ticket>(`tickets/${ticket._id}`)).machine?.name).toBe(machine.name);

  const next = allMachines.find((candidate) => candidate._id !== machine._id)!;
  const nextDetail = await openDetails(page, next);
  await context.setOffline(true);
  const remove = nextDetail.getByRole('button', { name: 'Delete Machine' });
  await expect.poll(() => remove.isDisabled()).toBe(true);
  await nextDetail.getByText('Deleting needs a connection to the server.').waitFor();
  const reasonId = await remove.getAttribute('aria-describedby');
  expect(await page.locator(`[id="${reasonId}"]`).textContent()).toBe('Deleting needs a connection to the server.');
  expect(await nextDetail.getByRole('button', { name: 'Edit Machine' }).isEnabled()).toBe(true);
  await screenshot(page, 'machines-delete-offline');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'machines-delete-offline');
  await context.setOffline(false);
  await expect.poll(() => remove.isEnabled(), { timeout: 30_000 }).toBe(true);
  await context.close();
});
