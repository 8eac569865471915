import { expect, it } from 'vitest';
import type { Machine } from '#shared/schemas/machine.ts';
import { apiAs } from './helpers/api.ts';
import { openControlledPage, screenshot } from './helpers/browser.ts';
import { useServerAndBrowser } from './helpers/setup.ts';

const e2e = useServerAndBrowser();
const admin = apiAs(() => e2e.server.url);

it('without a camera, finds a machine by part of its name or ID, offline, and opens it', async () => {
  const machines = await admin<Machine[]>('machines');
  const machine = machines[0]!;
  const { context, page } = await openControlledPage(e2e.browser, e2e.server.url, 'operator', '/machines');
  await page.getByRole('heading', { name: machine.name }).first().waitFor({ timeout: 60_000 });
  await context.setOffline(true);
  await page.getByRole('link', { name: 'Scan machine label' }).click();

  // Headless Chromium has no camera: no dark viewfinder, a sentence that says so, and the search.
  await page.getByRole('status').filter({ hasText: 'No camera was found on this device.' }).waitFor();
  expect(await page.getByLabel('Camera').count()).toBe(0);
  const search = page.getByLabel('Machine name or ID');
  const results = page.getByRole('list', { name: 'Matching machines' });

  // Part of the name, in other letters' case.
  const word = machine.name.split(/\s+/).find((part) => part.length >= 4) ?? machine.name;
  await search.fill(word.slice(1, 4).toUpperCase());
  await results.getByRole('link', { name: new RegExp(machine.machineId) }).waitFor();
  const shown = await results.getByRole('link').allTextContents();
  expect(shown.every((text) => text.toLowerCase().includes(word.slice(1, 4).toLowerCase()))).toBe(true);

  // Part of the ID.
  await search.fill(machine.machineId.slice(-3).toLowerCase());
  await results.getByRole('link', { name: new RegExp(machine.machineId) }).waitFor();
  await screenshot(page, 'scan-no-camera');

  await search.fill('no such machine');
  await page.getByRole('button', { name: 'Open' }).click();
  await page.getByText('No machine matching "no such machine" on this device').waitFor();

  await search.fill(machine.machineId.slice(0, -1).toLowerCase());
  await results.getByRole('link', { name: new RegExp(machine.machineId) }).click();
  await page.waitForURL(new RegExp(`/machines\\?machine=${machine._id}`));
  await page.getByRole('dialog').getByRole('heading', { name: machine.name }).waitFor();
  await context.close();
});
