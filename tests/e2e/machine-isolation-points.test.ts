import { expect, it } from 'vitest';
import type { Machine } from '#shared/schemas/machine.ts';
import { apiToken, openControlledPage, screenshot, sendOnceOnline } from './helpers/browser.ts';
import { useServerAndBrowser } from './helpers/setup.ts';

const e2e = useServerAndBrowser();

async function serverGet<T>(path: string): Promise<T> {
  const token = await apiToken(e2e.server.url, 'admin');
  const response = await fetch(`${e2e.server.url}/api/${path}`, { headers: { authorization: `Bearer ${token}` } });
  return (await response.json()) as T;
}

const added = {
  location: 'Mandrel brake air supply, coiler pit valve V-17',
  isolate: 'Close V-17, lock it with the valve cover and open the bleed valve',
  verify: 'Read 0 bar at the brake gauge; press brake release: nothing moves',
};

it('an engineer adds an isolation point offline: shown at once, on the server once after reconnecting', async () => {
  const machines = await serverGet<Machine[]>('machines');
  const machine = machines.find((candidate) => candidate.machineId === 'RM-CO-01')!;
  const { context, page } = await openControlledPage(e2e.browser, e2e.server.url, 'maintenance_engineer', '/machines');
  await expect.poll(() => page.getByRole('article').count(), { timeout: 60_000 }).toBe(machines.length);
  await page.getByRole('article', { name: machine.name }).getByRole('button', { name: 'View Details' }).click();
  const detail = page.getByRole('dialog', { name: machine.name });
  const section = detail.getByRole('region', { name: 'Energy Isolation Points' });
  await section.getByText(machine.isolationPoints[0]!.location).waitFor();

  await context.setOffline(true);
  await section.getByRole('button', { name: 'Add Isolation Point' }).click();
  const form = page.getByRole('dialog', { name: 'Add Isolation Point' });
  await form.getByRole('button', { name: 'Add Point' }).click();
  await form.getByText('Point location is required').waitFor();
  await form.getByText('How to verify zero energy is required').waitFor();
  await form.getByLabel('Energy kind').selectOption({ label: 'Pneumatic' });
  await form.getByLabel('Point location').fill(added.location);
  await form.getByLabel('How to isolate').fill(added.isolate);
  await form.getByLabel('How to verify zero energy').fill(added.verify);
  await form.getByRole('button', { name: 'Add Point' }).click();
  await form.waitFor({ state: 'detached' });
  await page.getByText('Isolation point added').first().waitFor();

  const shown = section.getByRole('listitem', { name: `Isolation point ${machine.isolationPoints.length + 1}` });
  await shown.getByText(added.location).waitFor();
  await shown.getByText('Pneumatic').waitFor();
  await detail.getByText('Pending sync').waitFor();
  await screenshot(page, 'machine-isolation-point-offline');
  expect((await serverGet<Machine>(`machines/${machine._id}`)).isolationPoints).toHaveLength(
    machine.isolationPoints.length,
  );

  await sendOnceOnline(page);
  const stored = await serverGet<Machine>(`machines/${machine._id}`);
  expect(stored.version).toBe(machine.version + 1);
  expect(stored.isolationPoints.slice(0, -1)).toEqual(machine.isolationPoints);
  const sent = stored.isolationPoints.filter((point) => point.location === added.location);
  expect(sent.map(({ _id: _, ...point }) => point)).toEqual([{ kind: 'pneumatic', ...added }]);
  await context.close();
});

it('lets operators read the points only; an engineer removes one after confirming', async () => {
  const machine = (await serverGet<Machine[]>('machines')).find((candidate) => candidate.machineId === 'CA-DC-01')!;
  const [metal, hydraulics] = machine.isolationPoints;
  for (const role of ['operator', 'maintenance_engineer'] as const) {
    const { context, page } = await openControlledPage(
      e2e.browser,
      e2e.server.url,
      role,
      `/machines?machine=${machine._id}`,
    );
    const section = page
      .getByRole('dialog', { name: machine.name })
      .getByRole('region', { name: 'Energy Isolation Points' });
    await section.getByText(metal!.location).waitFor({ timeout: 60_000 });
    await section.getByText('Molten metal').waitFor();
    if (role === 'operator') {
      expect(await section.getByRole('button').count()).toBe(0);
    } else {
      await section.getByRole('button', { name: 'Remove isolation point 2' }).click();
      const confirm = page.getByRole('dialog', { name: 'Remove Isolation Point' });
      await confirm.getByText(hydraulics!.location).waitFor();
      await confirm.getByRole('button', { name: 'Remove Point' }).click();
      await page.getByText('Isolation point removed').first().waitFor();
      await confirm.waitFor({ state: 'detached' });
      await expect
        .poll(
          async () => (await serverGet<Machine>(`machines/${machine._id}`)).isolationPoints.map((point) => point._id),
          { timeout: 30_000 },
        )
        .toEqual(machine.isolationPoints.filter((point) => point !== hydraulics).map((point) => point._id));
      expect(await section.getByText(hydraulics!.location).count()).toBe(0);
    }
    await context.close();
  }
});
