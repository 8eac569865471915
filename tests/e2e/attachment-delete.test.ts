import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import type { Ticket } from '#shared/schemas/ticket.ts';
import { apiToken, openControlledPage, screenshot, type DemoRole, sendOnceOnline } from './helpers/browser.ts';
import { useServerAndBrowser } from './helpers/setup.ts';

const e2e = useServerAndBrowser();
let adminToken: string;
let ticket: Ticket;

async function serverTicket(): Promise<Ticket> {
  const response = await fetch(`${e2e.server.url}/api/tickets/${ticket._id}`, {
    headers: { authorization: `Bearer ${adminToken}` },
  });
  return (await response.json()) as Ticket;
}

const serverFileNames = async () => (await serverTicket()).attachments.map((file) => file.originalName);

beforeAll(async () => {
  adminToken = await apiToken(e2e.server.url, 'admin');
  const response = await fetch(`${e2e.server.url}/api/tickets?limit=1`, {
    headers: { authorization: `Bearer ${adminToken}` },
  });
  ticket = ((await response.json()) as { tickets: Ticket[] }).tickets[0]!;
});

const pdf = (text: string) => Buffer.from(`%PDF-1.7\n% ${text}\n`);

/** The ticket's details, once the first pull has brought it onto the device. */
async function openTicket(page: Page) {
  await page.goto(`${e2e.server.url}/tickets?ticket=${ticket._id}`);
  const detail = page.getByRole('dialog', { name: ticket.ticketNumber });
  await detail.getByRole('heading', { name: /^Attachments/ }).waitFor({ timeout: 60_000 });
  return detail;
}

async function signedIn(role: DemoRole) {
  const { context, page } = await openControlledPage(e2e.browser, e2e.server.url, role, '/tickets');
  return { context, page, detail: await openTicket(page) };
}

it('lets the uploader or an admin delete a file the server has, online, after a confirmation', async () => {
  const { context, page, detail } = await signedIn('operator');
  const fileRow = (name: string) =>
    detail
      .getByRole('region', { name: /^Attachments/ })
      .getByRole('listitem')
      .filter({ hasText: name });
  const deleteButton = (name: string) => detail.getByRole('button', { name: `Delete ${name}` });

  await detail.locator('input[type="file"]').setInputFiles({
    name: 'pump-report.pdf',
    mimeType: 'application/pdf',
    buffer: pdf('pump report'),
  });
  await page.getByText('File uploaded successfully!').waitFor();
  // The button shows once the server has the file (the pending mark may not even have rendered yet).
  await deleteButton('pump-report.pdf').waitFor({ timeout: 30_000 });
  expect(await serverFileNames()).toContain('pump-report.pdf');
  const box = (await deleteButton('pump-report.pdf').boundingBox())!;
  expect(box.width).toBeGreaterThanOrEqual(44);
  expect(box.height).toBeGreaterThanOrEqual(44);

  // Offline: the button is off and says why; a file still waiting to be sent has none.
  await page.getByText('File uploaded successfully!').waitFor({ state: 'detached' });
  await context.setOffline(true);
  await expect.poll(() => deleteButton('pump-report.pdf').isDisabled()).toBe(true);
  expect(await deleteButton('pump-report.pdf').getAttribute('title')).toBe(
    'Deleting needs a connection to the server.',
  );
  await detail.locator('input[type="file"]').setInputFiles({
    name: 'offline-note.pdf',
    mimeType: 'application/pdf',
    buffer: pdf('offline note'),
  });
  await fileRow('offline-note.pdf').getByText('Pending sync').waitFor();
  expect(await deleteButton('offline-note.pdf').count()).toBe(0);
  await sendOnceOnline(page);
  await deleteButton('offline-note.pdf').waitFor();
  await expect.poll(() => deleteButton('pump-report.pdf').isEnabled(), { timeout: 30_000 }).toBe(true);

  // Another user who is not an admin sees no delete button for the operator's files; an admin does.
  for (const [role, mayDelete] of [
    ['maintenance_engineer', false],
    ['admin', true],
  ] as const) {
    const other = await signedIn(role);
    await other.detail.getByRole('button', { name: 'pump-report.pdf', exact: true }).waitFor({ timeout: 30_000 });
    expect(await other.detail.getByRole('button', { name: 'Delete pump-report.pdf' }).count(), role).toBe(
      mayDelete ? 1 : 0,
    );
    await other.context.close();
  }

  await deleteButton('pump-report.pdf').click();
  const confirm = page.getByRole('dialog', { name: 'Delete File' });
  expect(await confirm.innerText()).toContain('Delete pump-report.pdf?');
  await screenshot(page, 'attachments-delete-confirm');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await confirm.waitFor({ state: 'detached' });
  expect(await serverFileNames()).toContain('pump-report.pdf');

  await deleteButton('pump-report.pdf').click();
  await confirm.getByRole('button', { name: 'Delete File' }).click();
  await page.getByText('File deleted successfully!').waitFor();
  await fileRow('pump-report.pdf').waitFor({ state: 'detached', timeout: 30_000 });
  await fileRow('offline-note.pdf').waitFor();
  expect(await serverFileNames()).not.toContain('pump-report.pdf');
  expect(await serverFileNames()).toContain('offline-note.pdf');

  await page.getByText('File deleted successfully!').waitFor({ state: 'detached' });
  await page.setViewportSize({ width: 390, height: 844 });
  await deleteButton('offline-note.pdf').click();
  await screenshot(page, 'attachments-delete-confirm');
  await confirm.getByRole('button', { name: 'Delete File' }).click();
  await page.getByText('File deleted successfully!').waitFor();
  await fileRow('offline-note.pdf').waitFor({ state: 'detached', timeout: 30_000 });
  expect(await serverFileNames()).not.toContain('offline-note.pdf');
  await context.close();
});
