import type { Locator } from 'playwright-core';
import { expect, it } from 'vitest';
import type { Machine } from '#shared/schemas/machine.ts';
import type { Ticket } from '#shared/schemas/ticket.ts';
import { apiAs } from './helpers/api.ts';
import { openControlledPage, screenshot } from './helpers/browser.ts';
import { useServerAndBrowser } from './helpers/setup.ts';

const e2e = useServerAndBrowser();
const admin = apiAs(() => e2e.server.url);

// A real 2x2 PNG, so the browser can draw it.
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGP4z8AARAwQCgAf7gP9i18U1AAAAABJRU5ErkJggg==',
  'base64',
);

const thumbnailWidth = (row: Locator) =>
  row.locator('img').evaluate((image) => (image as HTMLImageElement).naturalWidth);

it('shows a thumbnail of an attached image, before and after it is sent, and offline from the cache', async () => {
  const [machine] = await admin<Machine[]>('machines');
  const ticket = await admin<Ticket>('tickets', 'POST', {
    title: `Strip edge crack ${Date.now()}`,
    description: 'Cracks on the drive side',
    machine: machine!._id,
    priority: 'Medium',
  });
  const { context, page } = await openControlledPage(
    e2e.browser,
    e2e.server.url,
    'maintenance_engineer',
    `/tickets?ticket=${ticket._id}`,
  );
  const dialog = page.getByRole('dialog', { name: ticket.ticketNumber });
  await dialog.getByText('No attachments.').waitFor({ timeout: 60_000 });

  await dialog
    .locator('input[type="file"]')
    .setInputFiles({ name: 'edge-crack.png', mimeType: 'image/png', buffer: png });
  const row = dialog.getByRole('listitem').filter({ hasText: 'edge-crack.png' });
  await expect.poll(() => thumbnailWidth(row), { timeout: 10_000 }).toBeGreaterThan(0);
  await row.getByText('Pending sync').waitFor({ state: 'detached', timeout: 30_000 });
  await screenshot(page, 'attachment-thumbnail');

  // Opened again, the image comes from the server (and stays in the worker's cache), then offline.
  await page.reload();
  await expect.poll(() => thumbnailWidth(row), { timeout: 30_000 }).toBeGreaterThan(0);
  await context.setOffline(true);
  await page.reload();
  await expect.poll(() => thumbnailWidth(row), { timeout: 30_000 }).toBeGreaterThan(0);

  // A file that is not an image keeps its icon.
  await context.setOffline(false);
  await dialog
    .locator('input[type="file"]')
    .setInputFiles({ name: 'report.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
  const pdfRow = dialog.getByRole('listitem').filter({ hasText: 'report.pdf' });
  await pdfRow.locator('svg').first().waitFor();
  expect(await pdfRow.locator('img').count()).toBe(0);
  await context.close();
});
