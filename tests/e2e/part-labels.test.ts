import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import type { Machine } from '#shared/schemas/machine.ts';
import type { PartPage } from '#shared/schemas/part.ts';
import type { Ticket } from '#shared/schemas/ticket.ts';
import { apiAs } from './helpers/api.ts';
import { newContext, screenshot, signIn } from './helpers/browser.ts';
import { browserFilming, decodeQr } from './helpers/fake-camera.ts';
import { useServerAndBrowser } from './helpers/setup.ts';

const e2e = useServerAndBrowser();
const admin = apiAs(() => e2e.server.url, 'admin');
const work = mkdtempSync(path.join(tmpdir(), 'imsp-part-qr-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

it("prints part labels whose QR opens the part; the Scan screen and a ticket's Issue part dialog read them", async () => {
  const part = (await admin<PartPage>('parts?limit=50')).parts.find((candidate) => candidate.bins.length > 0)!;
  const [machine] = await admin<Machine[]>('machines');
  const ticket = await admin<Ticket>('tickets', 'POST', {
    title: 'Seal leaking on the feed pump',
    description: 'Oil under the pump',
    machine: machine!._id,
  });

  const desk = await newContext(e2e.browser);
  const page = await desk.newPage();
  await signIn(page, e2e.server.url, 'admin');
  await page.goto(`${e2e.server.url}/parts/labels?search=${encodeURIComponent(part.partNumber)}`);
  const label = page.locator(`[data-part-label="${part._id}"]`);
  await label.waitFor({ timeout: 60_000 });
  // A QR code on every part's label.
  const labels = await page.locator('[data-part-label]').count();
  expect(await page.locator('[data-part-label] svg[role="img"]').count()).toBe(labels);
  await screenshot(page, 'part-labels');
  const photo = await label.screenshot();
  expect(await decodeQr(photo)).toEqual([`${e2e.server.url}/parts?part=${part._id}`]);
  await desk.close();

  const withCamera = await browserFilming(e2e.browser, photo, work);
  try {
    const tablet = await newContext(withCamera);
    const floor = await tablet.newPage();
    await signIn(floor, e2e.server.url, 'maintenance_engineer');
    await floor.goto(`${e2e.server.url}/parts`);
    await floor.getByText(part.partNumber).first().waitFor({ timeout: 60_000 });

    await floor.goto(`${e2e.server.url}/scan`);
    await floor.waitForURL(new RegExp(`/parts\\?part=${part._id}`), { timeout: 30_000 });
    await floor
      .getByRole('dialog')
      .getByRole('heading', { name: `${part.partNumber} · ${part.name}` })
      .waitFor();

    await floor.goto(`${e2e.server.url}/tickets?ticket=${ticket._id}`);
    await floor.getByRole('dialog').getByRole('button', { name: 'Issue part' }).click({ timeout: 60_000 });
    await floor.getByRole('dialog').getByRole('button', { name: 'Scan label' }).click();
    await floor
      .getByRole('dialog')
      .getByRole('heading', { name: `Issue part · ${part.partNumber}` })
      .waitFor({
        timeout: 30_000,
      });
    await screenshot(floor, 'part-scanned-to-ticket');
    await tablet.close();
  } finally {
    await withCamera.close();
  }
});
