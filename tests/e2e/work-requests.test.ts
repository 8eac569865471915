import { expect, it } from 'vitest';
import type { IncidentPage } from '#shared/schemas/incident.ts';
import type { InboxEntry } from '#shared/schemas/inbox.ts';
import type { Machine } from '#shared/schemas/machine.ts';
import type { WorkRequest } from '#shared/schemas/request.ts';
import { newContext, openControlledPage, screenshot, waitForServiceWorker } from './helpers/browser.ts';
import { apiAs } from './helpers/api.ts';
import { useServerAndBrowser } from './helpers/setup.ts';

const e2e = useServerAndBrowser();
const engineerApi = apiAs(() => e2e.server.url, 'maintenance_engineer');
const safetyApi = apiAs(() => e2e.server.url, 'safety_officer');

const png = {
  name: 'leak.png',
  mimeType: 'image/png',
  buffer: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  ),
};

/** A kiosk tablet nobody signs in on, the app installed by a first visit. */
async function openKiosk(path: string, size = { width: 1024, height: 768 }) {
  const context = await newContext(e2e.browser, size);
  const page = await context.newPage();
  await page.goto(`${e2e.server.url}${path}`);
  await waitForServiceWorker(page);
  return { context, page };
}

it('sends a request made offline on a kiosk once; an engineer accepts it into a ticket and its status page follows', async () => {
  const admin = apiAs(() => e2e.server.url, 'admin');
  const [machine] = await admin<Machine[]>('machines');
  const description = 'Oil dripping under the gearbox of the coiler, a puddle forming';
  // The machine's label: anyone without a session lands on the request page for that machine.
  const kiosk = await openKiosk(`/machines/${machine!._id}`);
  const { page } = kiosk;
  await page.waitForURL(`${e2e.server.url}/request/${machine!._id}`);
  await page.getByRole('heading', { name: `${machine!.name} (${machine!.machineId})` }).waitFor();

  await kiosk.context.setOffline(true);
  await page.getByLabel('What is wrong?').fill(description);
  await page.getByLabel('Where?').fill('Coiler 2, drive side');
  await page.getByLabel('This shift').check();
  await page.locator('input[type=file]').setInputFiles(png);
  await page.getByLabel('Your name (optional)').fill('Piet, contractor');
  await page.getByRole('button', { name: 'Send Request' }).click();
  await page.getByRole('heading', { name: 'Saved on this device' }).waitFor();
  await screenshot(page, 'request-saved-offline');
  await page.getByRole('link', { name: 'Status page' }).click();
  await page.getByRole('heading', { name: 'Waiting to be sent' }).waitFor();
  // The page opens offline from the worker, and the request still waits on the device.
  await page.reload();
  await page.getByRole('heading', { name: 'Waiting to be sent' }).waitFor();

  await kiosk.context.setOffline(false);
  const heading = page.getByRole('heading', { name: /^Request [A-Z0-9]{6}$/ });
  await heading.waitFor({ timeout: 60_000 });
  const code = (await heading.textContent())!.replace('Request ', '');
  await page.getByText('Received: waiting for a maintenance engineer').waitFor();

  const sent = (await engineerApi<WorkRequest[]>('requests')).filter((request) => request.description === description);
  expect(sent, 'sent exactly once').toHaveLength(1);
  expect(sent[0]).toMatchObject({ code, name: 'Piet, contractor', photo: { mimeType: 'image/png' } });

  const engineer = await openControlledPage(e2e.browser, e2e.server.url, 'maintenance_engineer', '/requests');
  const card = engineer.page.getByRole('listitem').filter({ hasText: code });
  await card.getByRole('button', { name: 'Accept' }).click();
  const dialog = engineer.page.getByRole('dialog', { name: `Accept Request ${code}` });
  await dialog.getByLabel('Priority').selectOption('High');
  await screenshot(engineer.page, 'request-accept');
  await dialog.getByRole('button', { name: 'Open Ticket' }).click();
  await engineer.page.getByText(/Ticket TKT-\d{6} opened from request/).waitFor();
  await card.waitFor({ state: 'detached' });

  const [accepted] = (await engineerApi<WorkRequest[]>('requests?status=all')).filter(
    (request) => request.code === code,
  );
  const ticketNumber = accepted!.ticket!.ticketNumber;
  await engineer.page.goto(`${e2e.server.url}/tickets?ticket=${accepted!.ticket!._id}`);
  const details = engineer.page.getByRole('dialog', { name: new RegExp(ticketNumber) });
  await details.getByText(`Request ${code}`).first().waitFor({ timeout: 30_000 });
  await details.getByText('leak.png').waitFor();
  await engineer.context.close();

  await page.reload();
  await page.getByText('Accepted: a maintenance ticket was opened').waitFor();
  await page.getByText(ticketNumber).waitFor();
  await screenshot(page, 'request-status-accepted');
  await kiosk.context.close();
});

it('turns a near miss reported on a phone without an account into an anonymous Near Miss for the safety officer', async () => {
  const what = 'Forklift reversed past the pedestrian gate without a banksman';
  const phone = await openKiosk('/request', { width: 390, height: 844 });
  const { page } = phone;
  await page.getByRole('button', { name: 'Report a near miss or hazard' }).click();
  await page.getByLabel('What happened?').fill(what);
  await page.getByLabel('Where?').fill('Casthouse gate 2');
  await page.getByLabel('Department').selectOption('Casting');
  await page.getByLabel('Now, it is unsafe').check();
  await page.getByRole('button', { name: 'Send Report' }).click();
  await page.getByRole('heading', { name: 'Thank you: the safety team has your report' }).waitFor({ timeout: 60_000 });
  await screenshot(page, 'hazard-sent');
  await phone.context.close();

  const { incidents, total } = await safetyApi<IncidentPage>(
    `incidents?search=${encodeURIComponent('pedestrian gate banksman')}`,
  );
  expect(total, 'reported exactly once').toBe(1);
  expect(incidents[0]).toMatchObject({ type: 'Near Miss', severity: 'High', reportedBy: null, department: 'Casting' });

  const officer = await openControlledPage(e2e.browser, e2e.server.url, 'safety_officer', '/');
  await officer.page.getByRole('button', { name: /^Notifications/ }).click();
  const entry = officer.page
    .getByRole('region', { name: 'Inbox' })
    .getByRole('button', { name: new RegExp(incidents[0]!.incidentNumber) });
  await entry.getByText('Near miss reported without a name').waitFor({ timeout: 60_000 });
  await entry.click();
  const details = officer.page.getByRole('dialog', { name: incidents[0]!.incidentNumber });
  await details.getByText('Anonymous').first().waitFor({ timeout: 30_000 });
  await screenshot(officer.page, 'hazard-for-safety-officer');
  await officer.context.close();
  const inbox = await safetyApi<{ inbox: InboxEntry[] }>('sync?snapshot=core');
  expect(inbox.inbox.find((entry) => entry.kind === 'nearMiss')).toMatchObject({ by: null });
});
