import { expect, it } from 'vitest';
import type { HistoryEntry } from '#shared/schemas/common.ts';
import type { Incident } from '#shared/schemas/incident.ts';
import type { User } from '#shared/schemas/user.ts';
import { apiAs } from './helpers/api.ts';
import { openControlledPage, screenshot, sendOnceOnline } from './helpers/browser.ts';
import { useServerAndBrowser } from './helpers/setup.ts';

const e2e = useServerAndBrowser();
const admin = apiAs(() => e2e.server.url);
const operator = apiAs(() => e2e.server.url, 'operator');

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** A small PNG (the server checks a file's signature, not its name). */
const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);

async function reported(title: string): Promise<Incident> {
  return operator<Incident>('incidents', 'POST', {
    title,
    description: 'Coil slipped off the upender',
    location: 'Finishing bay',
    department: 'Rolling Mill',
    incidentDate: new Date().toISOString(),
  });
}

it('lets the reporter edit the report from its details offline, sent once, with its history', async () => {
  const report = await reported(`Coil slip ${Date.now()}`);
  const { context, page } = await openControlledPage(
    e2e.browser,
    e2e.server.url,
    'operator',
    `/incidents?incident=${report._id}`,
  );
  const dialog = page.getByRole('dialog', { name: report.incidentNumber });
  await dialog.getByRole('region', { name: 'History' }).getByText('Created').waitFor({ timeout: 60_000 });

  await context.setOffline(true);
  await dialog.getByRole('button', { name: 'Edit' }).click();
  await dialog.getByLabel('Location').fill('');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await dialog.getByText('Location is required').waitFor();
  await dialog.getByLabel('Location').fill('Finishing bay, upender 2');
  await dialog.getByLabel('Severity').selectOption('High');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await page.getByText('Incident updated successfully!').waitFor();
  await dialog.getByText('Finishing bay, upender 2').waitFor();
  await screenshot(page, 'incident-edited-offline');

  await sendOnceOnline(page);
  expect(await admin<Incident>(`incidents/${report._id}`)).toMatchObject({
    location: 'Finishing bay, upender 2',
    severity: 'High',
    title: report.title,
  });
  const recorded = await admin<HistoryEntry[]>(`incidents/${report._id}/history`);
  expect(recorded.map((entry) => entry.field)).toEqual(['created', 'severity', 'location']);
  const history = dialog.getByRole('region', { name: 'History' });
  await history.getByText('Severity: Medium → High').waitFor({ timeout: 30_000 });
  expect(await history.innerText()).toContain('Lars Eriksen');

  // Once safety staff took it on, the report is theirs to change.
  await admin(`incidents/${report._id}`, 'PUT', { status: 'Under Investigation' });
  await page.reload();
  // The badge, not the history's "Status: Reported → Under Investigation", which the server's history
  // can show before the device has the change.
  await dialog.getByText('Under Investigation', { exact: true }).first().waitFor({ timeout: 60_000 });
  expect(await dialog.getByRole('button', { name: 'Edit' }).count()).toBe(0);
  await context.close();
});

it('tells the safety officer when an owner marks an action Done with a note and a photo, and lists it to verify', async () => {
  const report = await reported(`Upender guard ${Date.now()}`);
  const { user: owner } = await operator<{ user: User }>('auth/me');
  const actionId = crypto.randomUUID();
  const title = 'Fit a guard rail on the upender';
  await admin(`incidents/${report._id}/actions`, 'POST', { _id: actionId, title, owner: owner._id, dueDate: day(3) });

  const floor = await openControlledPage(e2e.browser, e2e.server.url, 'operator', `/incidents?incident=${report._id}`);
  const dialog = floor.page.getByRole('dialog', { name: report.incidentNumber });
  const action = dialog.getByRole('listitem').filter({ hasText: title });
  await action.getByRole('button', { name: 'Mark Done' }).click({ timeout: 60_000 });
  await floor.context.setOffline(true);
  await action.getByLabel('What was done').fill('Rail fitted and bolted, checked with the shift lead');
  await action.getByLabel('Evidence photos').setInputFiles({ name: 'rail.png', mimeType: 'image/png', buffer: png });
  await action.getByRole('button', { name: 'Confirm Done' }).click();
  await floor.page.getByText('Action done').first().waitFor();
  await action.getByText('Rail fitted and bolted').waitFor();
  await sendOnceOnline(floor.page);
  const sent = await admin<Incident>(`incidents/${report._id}`);
  expect(sent.actions[0]).toMatchObject({
    status: 'Done',
    doneNote: 'Rail fitted and bolted, checked with the shift lead',
    evidence: [sent.attachments[0]!._id],
  });
  expect(sent.attachments.map((file) => file.originalName)).toEqual(['rail.png']);
  await floor.context.close();

  const desk = await openControlledPage(e2e.browser, e2e.server.url, 'safety_officer', '/');
  const awaiting = desk.page.getByRole('region', { name: 'Awaiting Verification' });
  await awaiting.getByRole('button', { name: new RegExp(title) }).waitFor({ timeout: 60_000 });
  await desk.page.getByRole('button', { name: /^Notifications/ }).click();
  const entry = desk.page
    .getByRole('region', { name: 'Inbox' })
    .getByRole('button', { name: new RegExp(report.incidentNumber) })
    .filter({ hasText: 'Action done: verify it' });
  await expect.poll(() => entry.textContent(), { timeout: 30_000 }).toContain('Rail fitted and bolted');
  await screenshot(desk.page, 'inbox-action-done');
  await entry.click();
  const opened = desk.page.getByRole('dialog', { name: report.incidentNumber });
  const row = opened.getByRole('listitem').filter({ hasText: title });
  await row.getByRole('list', { name: 'Evidence' }).getByText('rail.png').waitFor();
  const history = opened.getByRole('region', { name: 'History' });
  await history.getByText(`Action "${title}": status Open → Done`).waitFor({ timeout: 30_000 });
  await history.getByText(`Action "${title}": 1 evidence file`).waitFor();

  // A past due date is warned of inline while adding the next action.
  await opened.getByLabel('Due date').fill(day(-2));
  await opened.getByText('This date is already past').waitFor();

  await row.getByRole('button', { name: 'Verify' }).click();
  await row.getByText('Verified', { exact: true }).waitFor();
  await desk.page.keyboard.press('Escape');
  await desk.page.goto(`${e2e.server.url}/`);
  await desk.page.getByRole('region', { name: 'Awaiting Verification' }).waitFor({ timeout: 60_000 });
  await expect
    .poll(() => desk.page.getByRole('region', { name: 'Awaiting Verification' }).innerText())
    .not.toContain(title);
  await desk.context.close();
});
