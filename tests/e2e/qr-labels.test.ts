import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import type { Machine } from '#shared/schemas/machine.ts';
import { apiAs } from './helpers/api.ts';
import { newContext, screenshot, signIn, waitForServiceWorker } from './helpers/browser.ts';
import { browserFilming, decodeQr } from './helpers/fake-camera.ts';
import { useServerAndBrowser } from './helpers/setup.ts';

const e2e = useServerAndBrowser();
const admin = apiAs(() => e2e.server.url, 'admin');
const work = mkdtempSync(path.join(tmpdir(), 'imsp-qr-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

it('prints a machine label to PDF whose QR decodes to the machine, and the scanner opens it offline from a camera', async () => {
  const [machine] = await admin<Machine[]>('machines');
  const desk = await newContext(e2e.browser);
  const page = await desk.newPage();
  await signIn(page, e2e.server.url, 'admin');
  await page.goto(`${e2e.server.url}/machines/labels?machine=${machine!._id}`);
  const label = page.locator(`[data-machine-label="${machine!._id}"]`);
  await label.waitFor({ timeout: 60_000 });
  await expect.poll(() => label.textContent()).toContain(machine!.machineId);
  await screenshot(page, 'qr-labels');

  await page.emulateMedia({ media: 'print' });
  const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  // One A4 sheet (595 x 842 points), the label sheet's own size.
  expect(pdf.toString('latin1')).toMatch(/\/MediaBox \[0 0 59[45]\.\d+ 84[12]\.\d+\]/);
  expect(pdf.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(1);

  // The label as printed, photographed: its QR holds the machine's link.
  const photo = await label.screenshot();
  const link = `${e2e.server.url}/machines/${machine!._id}`;
  expect(await decodeQr(photo)).toEqual([link]);

  // A browser with no camera says so, and the ID printed under the code finds the machine instead.
  await page.emulateMedia({ media: 'screen' });
  await page.goto(`${e2e.server.url}/scan`);
  await expect.poll(() => page.getByRole('status').first().textContent(), { timeout: 10_000 }).toMatch(/camera/);
  const typed = page.getByLabel('Machine name or ID');
  await typed.fill('NO-SUCH-01');
  await page.getByRole('button', { name: 'Open' }).click();
  await page.getByText('No machine matching "NO-SUCH-01" on this device').waitFor();
  await typed.fill(machine!.machineId.toLowerCase());
  await page.getByRole('button', { name: 'Open' }).click();
  await page.waitForURL(new RegExp(`/machines\\?machine=${machine!._id}`));
  await desk.close();

  // The photo becomes a camera.
  const withCamera = await browserFilming(e2e.browser, photo, work);
  try {
    const tablet = await newContext(withCamera);
    const floor = await tablet.newPage();
    await signIn(floor, e2e.server.url, 'operator');
    await waitForServiceWorker(floor);
    await floor.goto(`${e2e.server.url}/machines`);
    await floor.getByRole('heading', { name: machine!.name }).first().waitFor({ timeout: 60_000 });

    await tablet.setOffline(true);
    await floor.getByRole('link', { name: 'Scan machine label' }).click();
    await floor.waitForURL(new RegExp(`/machines\\?machine=${machine!._id}`), { timeout: 30_000 });
    const details = floor.getByRole('dialog');
    await details.getByRole('heading', { name: machine!.name }).waitFor();
    // From there one tap raises a ticket or reports the machine's status.
    await details.getByRole('link', { name: 'Create Ticket' }).waitFor();
    await details.getByRole('combobox', { name: `Status of ${machine!.name}` }).waitFor();
    await screenshot(floor, 'qr-scanned');
    await tablet.close();
  } finally {
    await withCamera.close();
  }
});
