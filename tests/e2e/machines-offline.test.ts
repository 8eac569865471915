import { expect, it } from 'vitest';
import type { Machine } from '#shared/schemas/machine.ts';
import { apiToken, openControlledPage, screenshot, sendOnceOnline } from './helpers/browser.ts';
import { chooseMachineStatus } from './helpers/machine-status.ts';
import { useServerAndBrowser } from './helpers/setup.ts';

const e2e = useServerAndBrowser();

async function serverMachines(query = ''): Promise<Machine[]> {
  const token = await apiToken(e2e.server.url, 'admin');
  const response = await fetch(`${e2e.server.url}/api/machines?${query}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return (await response.json()) as Machine[];
}

it('adds a machine and changes another one offline, survives a reload, and sends both once online', async () => {
  const machines = await serverMachines();
  const other = machines.find((machine) => machine.status === 'Running')!;
  const { context, page } = await openControlledPage(e2e.browser, e2e.server.url, 'maintenance_engineer', '/machines');
  // The first pull has brought every machine when the grid shows all of them.
  await expect.poll(() => page.getByRole('article').count(), { timeout: 60_000 }).toBe(machines.length);

  await context.setOffline(true);
  const code = `RM-OFF-${Date.now() % 100000}`;
  await page.getByRole('button', { name: 'Add Machine' }).click();
  const form = page.getByRole('dialog', { name: 'Add Machine' });
  for (const [label, value] of [
    ['Machine Name', 'Edge Trimmer ET-2'],
    ['Machine ID', code],
    ['Location', 'Cold Mill Exit'],
    ['Model', 'ET 1800'],
    ['Manufacturer', 'Primetals'],
    ['Installation Date', '2025-11-03'],
    ['Capacity', '1,800 mm strip'],
  ] as const) {
    await form.getByLabel(label).fill(value);
  }
  await form.getByRole('button', { name: 'Create Machine' }).click();
  await page.getByText('Machine created successfully!').waitFor();
  const added = page.getByRole('article', { name: 'Edge Trimmer ET-2' });
  await added.getByText('Pending sync').waitFor();

  const changed = page.getByRole('article', { name: other.name });
  await chooseMachineStatus(page, changed.getByRole('combobox', { name: `Status of ${other.name}` }), 'Down');
  await page.getByText('Machine status updated!').waitFor();
  await changed.getByText('Pending sync').waitFor();
  await expect.poll(() => page.getByTestId('pending-count').textContent()).toBe('2');
  await screenshot(page, 'machines-offline-pending');

  await page.reload();
  await added.getByText('Pending sync').waitFor({ timeout: 30_000 });
  await changed.getByText('Pending sync').waitFor();
  expect(await changed.getByRole('combobox', { name: `Status of ${other.name}` }).inputValue()).toBe('Down');
  expect(await page.getByTestId('pending-count').textContent()).toBe('2');
  await added.getByRole('button', { name: 'View Details' }).click();
  const detail = page.getByRole('dialog', { name: 'Edge Trimmer ET-2' });
  await detail.getByText('1,800 mm strip').waitFor();
  await detail.getByRole('button', { name: 'Close' }).click();
  expect(await serverMachines(`search=${code}`)).toHaveLength(0);

  await sendOnceOnline(page);
  expect(await added.getByText('Pending sync').count()).toBe(0);
  expect(await changed.getByText('Pending sync').count()).toBe(0);

  const onServer = await serverMachines(`search=${code}`);
  expect(onServer).toHaveLength(1);
  expect(onServer[0]).toMatchObject({
    name: 'Edge Trimmer ET-2',
    department: 'Rolling Mill',
    status: 'Running',
    operatingHours: 0,
    specifications: { capacity: '1,800 mm strip', power: '', dimensions: '', weight: '' },
  });
  expect(await serverMachines()).toHaveLength(machines.length + 1);
  expect((await serverMachines(`search=${other.machineId}`)).find((machine) => machine._id === other._id)?.status).toBe(
    'Down',
  );
  await context.close();
});
