import { expect, it } from 'vitest';
import type { Incident } from '#shared/schemas/incident.ts';
import { apiToken, openControlledPage, screenshot, sendOnceOnline } from './helpers/browser.ts';
import { keepYearOfHistory } from './helpers/working-set.ts';
import { useServerAndBrowser } from './helpers/setup.ts';

const e2e = useServerAndBrowser();

async function serverIncidents(search: string): Promise<{ total: number; incidents: Incident[] }> {
  const token = await apiToken(e2e.server.url, 'admin');
  const response = await fetch(`${e2e.server.url}/api/incidents?search=${encodeURIComponent(search)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return (await response.json()) as { total: number; incidents: Incident[] };
}

// The PNG signature and a few bytes: the server checks the content against the declared type.
const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...Array<number>(64).fill(7)]);

it('reports an incident, changes a status and attaches a photo offline, survives a reload, and sends it all once online', async () => {
  const { total, incidents } = await serverIncidents('');
  const existing = incidents.find((incident) => incident.status !== 'Closed')!;
  const { context, page } = await openControlledPage(e2e.browser, e2e.server.url, 'safety_officer', '/incidents');
  await keepYearOfHistory(page, e2e.server.url, '/incidents');
  // The first pull has brought every incident when the list counts all of them.
  await page.getByText(`Showing page 1 of ${Math.ceil(total / 10)}`).waitFor({ timeout: 60_000 });

  await context.setOffline(true);
  const title = `Coolant mist in cold mill ${Date.now()}`;
  await page.getByRole('button', { name: 'Report Incident' }).click();
  const form = page.getByRole('dialog', { name: 'Report Incident' });
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Type').selectOption('Injury');
  await form.getByLabel('Severity').selectOption('Critical');
  await form.getByLabel('Department', { exact: true }).selectOption('Rolling Mill');
  await form.getByLabel('Location').fill('Cold Mill Hall');
  await form.getByLabel('Description').fill('Two operators coughing after a coolant nozzle burst');
  await form.getByLabel('Name of person 1').fill('Kofi Mensah');
  await form.getByLabel('Role of person 1').fill('Mill operator');
  await form.getByLabel('Department of person 1').fill('Rolling Mill');
  await form.getByRole('button', { name: 'Add Person' }).click();
  await form.getByLabel('Name of person 2').fill('Olga Petrova');
  await form.getByLabel('Role of person 2').fill('Fitter');
  await form.getByRole('button', { name: 'Add Witness' }).click();
  await form.getByLabel('Name of witness 1').fill('Callum Fraser');
  await form.getByLabel('Contact of witness 1').fill('ext. 4520');
  await form.getByLabel('Immediate Actions Taken').fill('Mill stopped, hall ventilated');
  const incidentDate = await form.getByLabel('Incident Date').inputValue();
  await form.getByRole('button', { name: 'Report Incident' }).click();
  await page.getByText('Incident reported successfully!').waitFor();

  const search = page.getByLabel('Search incidents');
  await search.fill(title);
  const card = page.getByRole('article').filter({ hasText: title });
  await card.getByText('Pending sync').waitFor();
  await card.getByText('Not numbered yet').waitFor();

  await search.fill(existing.incidentNumber);
  const existingCard = page.getByRole('article').filter({ hasText: existing.incidentNumber });
  const target = existing.status === 'Open' ? 'Under Investigation' : 'Closed';
  await existingCard.getByRole('combobox', { name: `Status of ${existing.incidentNumber}` }).selectOption(target);
  await page.getByText('Incident updated successfully!').waitFor();
  await existingCard.getByRole('button', { name: `View Details of ${existing.incidentNumber}` }).click();
  const detail = page.getByRole('dialog', { name: existing.incidentNumber });
  await detail
    .locator('input[type="file"]')
    .setInputFiles({ name: 'walkway-photo.png', mimeType: 'image/png', buffer: png });
  await page.getByText('File uploaded successfully!').waitFor();
  await detail.getByRole('listitem').filter({ hasText: 'walkway-photo.png' }).getByText('Pending sync').waitFor();
  await screenshot(page, 'incidents-offline-detail');
  await detail.getByRole('button', { name: 'Close' }).click();
  await expect.poll(() => page.getByTestId('pending-count').textContent()).toBe('3');

  await page.reload();
  await page.getByLabel('Search incidents').fill(title);
  await card.getByText('Pending sync').waitFor();
  await page.getByLabel('Search incidents').fill(existing.incidentNumber);
  expect(await existingCard.getByRole('combobox', { name: `Status of ${existing.incidentNumber}` }).inputValue()).toBe(
    target,
  );
  await existingCard.getByText('Pending sync').waitFor();
  expect(await page.getByTestId('pending-count').textContent()).toBe('3');
  await screenshot(page, 'incidents-offline-pending');
  expect((await serverIncidents(title)).total).toBe(0);

  await sendOnceOnline(page);

  const reported = await serverIncidents(title);
  expect(reported.total).toBe(1);
  const sentDate = await page.evaluate((day) => new Date(`${day}T00:00`).toISOString(), incidentDate);
  expect(reported.incidents[0]).toMatchObject({
    title,
    type: 'Injury',
    severity: 'Critical',
    status: 'Open',
    department: 'Rolling Mill',
    location: 'Cold Mill Hall',
    incidentDate: sentDate,
    involvedPersons: [
      { name: 'Kofi Mensah', role: 'Mill operator', department: 'Rolling Mill' },
      { name: 'Olga Petrova', role: 'Fitter', department: '' },
    ],
    witnesses: [{ name: 'Callum Fraser', contact: 'ext. 4520' }],
    immediateActions: 'Mill stopped, hall ventilated',
  });
  expect(reported.incidents[0]!.incidentNumber).toMatch(/^INC-\d{6}$/);

  const changed = await serverIncidents(existing.incidentNumber);
  expect(changed.incidents).toHaveLength(1);
  expect(changed.incidents[0]!.status).toBe(target);
  const photos = changed.incidents[0]!.attachments.filter((file) => file.originalName === 'walkway-photo.png');
  expect(photos).toEqual([expect.objectContaining({ mimeType: 'image/png', size: png.length })]);
  await page.getByLabel('Search incidents').fill(title);
  await card.getByText(reported.incidents[0]!.incidentNumber).waitFor();
  await context.close();
});
