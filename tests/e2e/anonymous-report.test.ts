import { expect, it } from 'vitest';
import type { HistoryEntry } from '#shared/schemas/common.ts';
import type { IncidentPage } from '#shared/schemas/incident.ts';
import { openControlledPage, screenshot, sendOnceOnline } from './helpers/browser.ts';
import { apiAs } from './helpers/api.ts';
import { useServerAndBrowser } from './helpers/setup.ts';

const e2e = useServerAndBrowser();
const api = apiAs(() => e2e.server.url, 'safety_officer');

it('sends a near miss reported anonymously offline once, and the safety officer sees no trace of the reporter', async () => {
  const title = 'Forklift reversing without a banksman at the billet yard';
  const reporter = await openControlledPage(e2e.browser, e2e.server.url, 'operator', '/incidents?new=1');
  const form = reporter.page.getByRole('dialog', { name: 'Report Incident' });
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Severity').selectOption('Critical');
  await form.getByLabel('Location').fill('Billet Yard');
  await form.getByLabel('Description').fill('Nobody behind the truck, a walker had to jump aside');
  await form.getByLabel('Report anonymously').check();
  await screenshot(reporter.page, 'anonymous-report');
  await reporter.context.setOffline(true);
  await form.getByRole('button', { name: 'Report Incident' }).click();
  await form.waitFor({ state: 'detached' });
  await sendOnceOnline(reporter.page);
  await reporter.context.close();

  const { incidents, total } = await api<IncidentPage>(`incidents?search=${encodeURIComponent('banksman billet')}`);
  expect(total, 'sent exactly once').toBe(1);
  const [report] = incidents;
  expect(report).toMatchObject({ title, reportedBy: null, type: 'Near Miss', severity: 'Critical' });
  const history = await api<HistoryEntry[]>(`incidents/${report!._id}/history`);
  expect(history.map((entry) => [entry.field, entry.changedBy, entry.clientTime])).toEqual([['created', null, null]]);

  const officer = await openControlledPage(e2e.browser, e2e.server.url, 'safety_officer', '/incidents');
  await officer.page.getByLabel('Search incidents').fill('banksman');
  await officer.page.getByRole('button', { name: `View Details of ${report!.incidentNumber}` }).click();
  const details = officer.page.getByRole('dialog', { name: report!.incidentNumber });
  await details.getByText('Anonymous').first().waitFor({ timeout: 30_000 });
  await screenshot(officer.page, 'anonymous-report-details');
  await officer.context.close();
});
