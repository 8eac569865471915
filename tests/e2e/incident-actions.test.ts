import { expect, it } from 'vitest';
import type { Incident } from '#shared/schemas/incident.ts';
import type { Ticket } from '#shared/schemas/ticket.ts';
import { apiAs } from './helpers/api.ts';
import { firstSyncEnded, openControlledPage, screenshot, sendOnceOnline } from './helpers/browser.ts';
import { useServerAndBrowser } from './helpers/setup.ts';

const e2e = useServerAndBrowser();
const admin = apiAs(() => e2e.server.url);
const engineer = apiAs(() => e2e.server.url, 'maintenance_engineer');

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

it('investigates an incident offline with two actions, one raising a ticket; online they are verified and it closes', async () => {
  const report = await admin<Incident>('incidents', 'POST', {
    title: `Guard opened at speed ${Date.now()}`,
    description: 'Stand 2 guard opened while the rolls turned',
    location: 'Cold Mill Hall',
    department: 'Rolling Mill',
    incidentDate: new Date().toISOString(),
  });
  const { context, page } = await openControlledPage(
    e2e.browser,
    e2e.server.url,
    'safety_officer',
    `/incidents?incident=${report._id}`,
  );
  const dialog = page.getByRole('dialog', { name: report.incidentNumber });
  await dialog.getByRole('button', { name: 'Edit Investigation' }).waitFor({ timeout: 60_000 });
  // The ticket an action raises names a machine: the first sync brings them after the newest work.
  await firstSyncEnded(page);

  await context.setOffline(true);
  await dialog.getByRole('button', { name: 'Edit Investigation' }).click();
  await dialog.getByLabel('Root cause').fill('Interlock bridged with a cable tie');
  await dialog.getByLabel('Why 1?').fill('The guard opened while the rolls turned');
  await dialog.getByLabel('Why 2?').fill('The interlock had been bridged');
  await dialog.getByRole('button', { name: 'Save Investigation' }).click();
  await page.getByText('Investigation saved').waitFor();

  const addAction = async (title: string, owner: string, kind: string) => {
    await dialog.getByLabel('Action', { exact: true }).fill(title);
    await dialog.getByLabel('Kind').selectOption(kind);
    await dialog.getByLabel('Owner').selectOption({ label: owner });
    await dialog.getByLabel('Due date').fill(tomorrow());
    await dialog.getByRole('button', { name: 'Add Action' }).click();
    await dialog.getByRole('listitem').filter({ hasText: title }).waitFor();
  };
  await addAction('Fit a tamper-proof interlock', 'Aisha Okafor', 'corrective');
  await addAction('Replace the stand 2 guard hinge', 'Tomás Herrera', 'preventive');
  const interlock = dialog.getByRole('listitem').filter({ hasText: 'Fit a tamper-proof interlock' });
  const hinge = dialog.getByRole('listitem').filter({ hasText: 'Replace the stand 2 guard hinge' });
  await interlock.getByRole('button', { name: 'Mark Done' }).click();
  await interlock.getByRole('button', { name: 'Confirm Done' }).click();
  await interlock.getByText('Done', { exact: true }).waitFor();
  await hinge.getByRole('button', { name: 'Raise Ticket' }).click();
  await hinge.getByLabel('Machine').selectOption({ index: 1 });
  await hinge.getByRole('button', { name: 'Raise', exact: true }).click();
  await page.getByText('Ticket created successfully!').waitFor();
  await hinge.getByRole('link', { name: /Ticket/ }).waitFor();
  await screenshot(page, 'incident-actions-offline');

  await sendOnceOnline(page);
  const sent = await admin<Incident>(`incidents/${report._id}`);
  expect(sent.investigation.whys).toEqual([
    'The guard opened while the rolls turned',
    'The interlock had been bridged',
  ]);
  expect(sent.actions.map(({ title, status }) => ({ title, status }))).toEqual([
    { title: 'Fit a tamper-proof interlock', status: 'Done' },
    { title: 'Replace the stand 2 guard hinge', status: 'Open' },
  ]);
  const { tickets } = await admin<{ tickets: Ticket[] }>('tickets?limit=100');
  const raised = tickets.filter((ticket) => ticket.source?._id === report._id);
  expect(raised).toHaveLength(1);
  expect(sent.actions[1]!.ticket).toMatchObject({ _id: raised[0]!._id, status: 'Pending' });
  await expect.poll(() => hinge.getByRole('link', { name: /Ticket/ }).textContent()).toMatch(/TKT-\d{6}/);

  // The engineer finishes the repair's action on their own device; this one pulls it.
  await engineer(`incidents/${report._id}/actions/${sent.actions[1]!._id}`, 'PATCH', { status: 'Done' });
  await page.reload();
  await interlock.getByRole('button', { name: 'Verify' }).click({ timeout: 60_000 });
  await interlock.getByText('Verified', { exact: true }).waitFor();
  await hinge.getByRole('button', { name: 'Verify' }).waitFor();
  await page.keyboard.press('Escape');

  // The card's status: Closed is refused while an action waits for its verification.
  const status = page.getByLabel(`Status of ${report.incidentNumber}`);
  await page.getByPlaceholder('Search incidents...').fill(report.incidentNumber);
  await status.selectOption('Closed');
  await page.getByText(`${report.incidentNumber} can be closed once every action is verified`).waitFor();
  expect(await status.inputValue()).not.toBe('Closed');

  await page.getByRole('button', { name: `View Details of ${report.incidentNumber}` }).click();
  await hinge.getByRole('button', { name: 'Verify' }).click();
  await hinge.getByText('Verified', { exact: true }).waitFor();
  await page.keyboard.press('Escape');
  await status.selectOption('Closed');
  await page.getByText('Incident updated successfully!').waitFor();
  // The status may still be on its way to the outbox when the toast shows: the server is asked until it arrives.
  await expect
    .poll(async () => (await admin<Incident>(`incidents/${report._id}`)).status, { timeout: 60_000 })
    .toBe('Closed');
  const closed = await admin<Incident>(`incidents/${report._id}`);
  expect(closed.actions.every((action) => action.verifiedBy?.name === 'Aisha Okafor')).toBe(true);
  await context.close();
});
