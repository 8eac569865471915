import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { incidentStatuses, incidentTypes, severities } from '#shared/enums.ts';
import type { Incident } from '#shared/schemas/incident.ts';
import { datedThisMonth } from '#client/features/incidents/incident-list.ts';
import { apiToken, newContext, screenshot, signIn, type DemoRole } from './helpers/browser.ts';
import { keepYearOfHistory } from './helpers/working-set.ts';
import { useServerAndBrowser } from './helpers/setup.ts';

const e2e = useServerAndBrowser();
let adminToken: string;

beforeAll(async () => {
  adminToken = await apiToken(e2e.server.url, 'admin');
});

interface IncidentPage {
  incidents: Incident[];
  currentPage: number;
  totalPages: number;
  total: number;
}

async function api<T>(path: string): Promise<T> {
  const response = await fetch(`${e2e.server.url}/api/${path}`, { headers: { authorization: `Bearer ${adminToken}` } });
  return (await response.json()) as T;
}

const serverPage = (query: Record<string, string>) => api<IncidentPage>(`incidents?${new URLSearchParams(query)}`);

/** Opens Incidents once the first pull has brought every incident (the list counts as many pages as the server). */
async function openIncidents(role: DemoRole, size = { width: 1280, height: 800 }) {
  const { totalPages } = await serverPage({});
  const context = await newContext(e2e.browser, size);
  const page = await context.newPage();
  await signIn(page, e2e.server.url, role);
  await keepYearOfHistory(page, e2e.server.url, '/incidents');
  await page.getByText(`Showing page 1 of ${totalPages}`).waitFor({ timeout: 60_000 });
  return { context, page };
}

const cards = (page: Page) => page.getByRole('article');

/** The numbers of the incidents shown, in order. */
const shownNumbers = async (page: Page) =>
  (
    await cards(page)
      .getByText(/^INC-\d{6}$/)
      .allTextContents()
  ).map((text) => text.trim());

/** The four counters as the screen shows them. */
async function counters(page: Page) {
  const value = async (name: string) =>
    Number((await page.getByRole('group', { name }).innerText()).replace(name, '').trim());
  return {
    open: await value('Open Incidents'),
    underInvestigation: await value('Under Investigation'),
    critical: await value('Critical Severity'),
    thisMonth: await value('This Month'),
  };
}

/** The counters from the server: its totals for the filters with the counter's value added (not one page). */
async function serverCounters(query: Record<string, string>) {
  const { page: _page, ...filters } = query;
  const total = async (field: 'status' | 'severity', value: string) =>
    filters[field] && filters[field] !== value
      ? 0
      : (await serverPage({ ...filters, [field]: value, limit: '1' })).total;
  const first = await serverPage({ ...filters, limit: '100' });
  const incidents = [...first.incidents];
  for (let next = 2; next <= first.totalPages; next += 1) {
    incidents.push(...(await serverPage({ ...filters, limit: '100', page: String(next) })).incidents);
  }
  return {
    open: await total('status', 'Open'),
    underInvestigation: await total('status', 'Under Investigation'),
    critical: await total('severity', 'Critical'),
    // Browser and test share the time zone, so "this month" is the same month for both.
    thisMonth: incidents.filter((incident) => datedThisMonth(incident)).length,
  };
}

/** The screen shows the page the server gives for the same filters: same incidents, same order, same counters. */
async function expectAsServer(page: Page, query: Record<string, string>) {
  const expected = await serverPage(query);
  const numbers = expected.incidents.map((incident) => incident.incidentNumber);
  await expect.poll(() => shownNumbers(page), { timeout: 20_000 }).toEqual(numbers);
  if (expected.totalPages > 1) {
    await page.getByText(`Showing page ${expected.currentPage} of ${expected.totalPages}`).waitFor();
  } else {
    expect(await page.getByRole('navigation', { name: 'Pagination' }).count()).toBe(0);
  }
  await expect.poll(() => counters(page), { timeout: 10_000 }).toEqual(await serverCounters(query));
  return expected;
}

const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

async function optionsOf(page: Page, name: string) {
  return page.getByRole('combobox', { name, exact: true }).locator('option').allTextContents();
}

it('lists, counts, filters, searches and pages incidents as the server does', async () => {
  const all = await serverPage({});
  const { context, page } = await openIncidents('safety_officer');
  await page.getByRole('heading', { name: 'Safety Incidents', level: 1 }).waitFor();
  await page.getByRole('button', { name: 'Report Incident' }).waitFor();
  await expectAsServer(page, {});
  // The counters count every incident, not the ten on screen.
  const onScreen = (await serverPage({})).incidents;
  const counted = await counters(page);
  expect(counted.underInvestigation + counted.critical).toBeGreaterThan(
    onScreen.filter((incident) => incident.status === 'Under Investigation').length +
      onScreen.filter((incident) => incident.severity === 'Critical').length,
  );
  await screenshot(page, 'incidents-list');

  expect(await optionsOf(page, 'Type')).toEqual(['All Types', ...incidentTypes]);
  expect(await optionsOf(page, 'Severity')).toEqual(['All Severities', ...severities]);
  expect(await optionsOf(page, 'Status')).toEqual(['All Status', ...incidentStatuses]);

  await page.getByRole('button', { name: 'Next' }).click();
  await expectAsServer(page, { page: '2' });
  await page.getByRole('button', { name: 'Previous' }).click();
  await expectAsServer(page, {});

  // Online the counters are the server's totals (the device may no longer keep older incidents).
  const totalsAsked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/incidents' && url.searchParams.get('limit') === '1') totalsAsked.push(url.search);
  });
  await page.getByRole('combobox', { name: 'Type', exact: true }).selectOption('Injury');
  await expectAsServer(page, { type: 'Injury' });
  expect(totalsAsked.some((search) => search.includes('type=Injury') && search.includes('severity=Critical'))).toBe(
    true,
  );
  await page.getByRole('combobox', { name: 'Severity', exact: true }).selectOption('Medium');
  await expectAsServer(page, { type: 'Injury', severity: 'Medium' });
  await page.getByRole('combobox', { name: 'Type', exact: true }).selectOption('');
  await page.getByRole('combobox', { name: 'Severity', exact: true }).selectOption('');
  await page.getByRole('combobox', { name: 'Status', exact: true }).selectOption('Closed');
  await expectAsServer(page, { status: 'Closed' });
  await page.getByRole('combobox', { name: 'Severity', exact: true }).selectOption('High');
  await expectAsServer(page, { status: 'Closed', severity: 'High' });
  await page.getByRole('combobox', { name: 'Severity', exact: true }).selectOption('');
  await page.getByRole('combobox', { name: 'Status', exact: true }).selectOption('');

  const search = page.getByLabel('Search incidents');
  // Location, title across the description, a number: the server searches one text of all four.
  for (const text of ['POTROOM', 'tapping metal', all.incidents.at(-1)!.incidentNumber.toLowerCase()]) {
    await search.fill(text);
    await expectAsServer(page, { search: text });
  }
  await search.fill('no such incident anywhere');
  await page.getByText('No incidents found').waitFor();
  // Online the counters are the server's totals, asked apart from the list: they may follow it a moment later.
  await expect.poll(() => counters(page)).toEqual({ open: 0, underInvestigation: 0, critical: 0, thisMonth: 0 });
  await search.fill('');
  await expectAsServer(page, {});

  await page.setViewportSize({ width: 390, height: 844 });
  expect(await horizontalOverflow(page)).toBe(0);
  await screenshot(page, 'incidents-list');
  await context.close();
});

it('shows the whole report in the details, opened from the list or from the dashboard', async () => {
  const { incidents } = await serverPage({ limit: '100' });
  const full = incidents.find((incident) => incident.involvedPersons.length > 0 && incident.witnesses.length > 0)!;
  const { context, page } = await openIncidents('operator');
  await page.getByLabel('Search incidents').fill(full.incidentNumber);
  await page.getByRole('button', { name: `View Details of ${full.incidentNumber}` }).click();
  const detail = page.getByRole('dialog', { name: full.incidentNumber });
  await detail.getByRole('heading', { name: full.title }).waitFor();
  // The router writes the address as it navigates, after the click has returned.
  await expect.poll(() => new URL(page.url()).searchParams.get('incident')).toBe(full._id);
  const text = await detail.innerText();
  const incidentDay = await page.evaluate(
    (iso) => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(iso)),
    full.incidentDate,
  );
  for (const value of [
    full.description,
    full.type,
    full.severity,
    full.status,
    full.location,
    full.department,
    full.immediateActions,
    full.reportedBy!.name,
    incidentDay,
    ...full.involvedPersons.flatMap((person) => [person.name, person.role, person.department]),
    ...full.witnesses.flatMap((witness) => [witness.name, witness.contact]),
  ]) {
    expect(text).toContain(value);
  }
  await detail.getByRole('heading', { name: /^Attachments/ }).waitFor();
  await screenshot(page, 'incidents-detail');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'incidents-detail');
  await detail.getByRole('button', { name: 'Close' }).click();
  // Closing keeps the list's filters in the URL (`?search=`) and drops the open record.
  await page.waitForURL((url) => url.pathname === '/incidents' && !url.searchParams.has('incident'));

  const newest = (await serverPage({ limit: '1' })).incidents[0]!;
  await page.goto(`${e2e.server.url}/`);
  await page.getByRole('region', { name: 'Recent Incidents' }).getByRole('listitem').first().getByRole('link').click();
  await page.getByRole('dialog', { name: newest.incidentNumber }).waitFor();
  await context.close();
});

it('reports an incident: defaults, inline errors, rows added and removed, saved once on the server', async () => {
  const { context, page } = await openIncidents('operator');
  await page.goto(`${e2e.server.url}/incidents?new=1`);
  const form = page.getByRole('dialog', { name: 'Report Incident' });
  const today = await page.evaluate(() => {
    const now = new Date();
    return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
  });
  expect(await form.getByLabel('Incident Date').inputValue()).toBe(today);
  expect(await form.getByLabel('Type').inputValue()).toBe('Near Miss');
  expect(await form.getByLabel('Severity').inputValue()).toBe('Medium');
  expect(await form.getByLabel('Type').locator('option').allTextContents()).toEqual([...incidentTypes]);
  expect(await form.getByLabel('Department', { exact: true }).locator('option').allTextContents()).toEqual([
    'Rolling Mill',
    'Smelting',
    'Casting',
    'Quality Control',
    'Maintenance',
  ]);
  expect(await form.getByLabel(/^Name of person/).count()).toBe(1);
  expect(await form.getByLabel(/^Name of witness/).count()).toBe(0);

  await form.getByLabel('Incident Date').fill('');
  await form.getByRole('button', { name: 'Report Incident' }).click();
  for (const message of [
    'Title is required',
    'Incident Date is required',
    'Location is required',
    'Description is required',
  ]) {
    await form.getByText(message).waitFor();
  }
  await screenshot(page, 'incidents-report-invalid');

  const title = `Guard rail loose at coil yard ${Date.now()}`;
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Incident Date').fill('2026-03-02');
  await form.getByLabel('Type').selectOption('Property Damage');
  await form.getByLabel('Severity').selectOption('High');
  await form.getByLabel('Department', { exact: true }).selectOption('Casting');
  await form.getByLabel('Location').fill('Billet Yard');
  await form.getByLabel('Description').fill('Rail bolts sheared, rail leaning over the walkway');
  await form.getByRole('button', { name: 'Add Person' }).click();
  await form.getByLabel('Name of person 2').fill('Diego Ramos');
  await form.getByLabel('Role of person 2').fill('Crane driver');
  await form.getByRole('button', { name: 'Remove person 1' }).click();
  expect(await form.getByLabel('Name of person 1').inputValue()).toBe('Diego Ramos');
  await form.getByRole('button', { name: 'Add Witness' }).click();
  await form.getByRole('button', { name: 'Add Witness' }).click();
  await form.getByLabel('Name of witness 1').fill('Grace Mwangi');
  await form.getByLabel('Contact of witness 1').fill('ext. 4410');
  await form.getByLabel('Immediate Actions Taken').fill('Walkway closed');
  await form.getByRole('button', { name: 'Report Incident' }).click();
  await page.getByText('Incident reported successfully!').waitFor();
  await form.waitFor({ state: 'detached' });

  await page.getByLabel('Search incidents').fill(title);
  await cards(page)
    .filter({ hasText: title })
    .getByText(/^INC-\d{6}$/)
    .waitFor({ timeout: 30_000 });
  const onServer = await serverPage({ search: title });
  expect(onServer.total).toBe(1);
  const sentDate = await page.evaluate(() => new Date('2026-03-02T00:00').toISOString());
  expect(onServer.incidents[0]).toMatchObject({
    title,
    type: 'Property Damage',
    severity: 'High',
    status: 'Open',
    department: 'Casting',
    location: 'Billet Yard',
    incidentDate: sentDate,
    involvedPersons: [{ name: 'Diego Ramos', role: 'Crane driver', department: '' }],
    witnesses: [{ name: 'Grace Mwangi', contact: 'ext. 4410' }],
    immediateActions: 'Walkway closed',
    reportedBy: { name: expect.any(String) as string },
  });

  await page.getByText('Incident reported successfully!').waitFor({ state: 'detached' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Report Incident' }).click();
  expect(await form.getByLabel('Title').inputValue()).toBe('');
  await screenshot(page, 'incidents-report');
  await page.setViewportSize({ width: 1280, height: 800 });
  await screenshot(page, 'incidents-report');
  await context.close();
});

it("shows the server's message when it refuses a change the app allowed", async () => {
  const { context, page } = await openIncidents('operator');
  await page
    .getByRole('button', { name: /^View Details of INC-/ })
    .first()
    .click();
  const detail = page.getByRole('dialog', { name: /^INC-/ });
  // Named and typed as a PNG, which the app accepts; the server reads the content and refuses it.
  await detail.locator('input[type="file"]').setInputFiles({
    name: 'site-photo.png',
    mimeType: 'image/png',
    buffer: Buffer.from('this is not a picture'),
  });
  await page.getByText('File uploaded successfully!').waitFor();
  await page
    .getByText('"site-photo.png" is not really a image/png file: its content does not match its type')
    .first()
    .waitFor({ timeout: 30_000 });
  await context.close();
});

it('lets only safety officers and admins change an incident’s status', async () => {
  for (const role of ['operator', 'maintenance_engineer'] as const) {
    const { context, page } = await openIncidents(role, { width: 390, height: 844 });
    const status = page.getByRole('combobox', { name: /^Status of INC-/ }).first();
    expect(await status.isDisabled()).toBe(true);
    expect(await status.getAttribute('title')).toBe('Only safety officers and admins change an incident’s status');
    await page.getByRole('button', { name: 'Report Incident' }).waitFor();
    await context.close();
  }

  for (const role of ['safety_officer', 'admin'] as const) {
    const { context, page } = await openIncidents(role);
    const status = page.getByRole('combobox', { name: /^Status of INC-/ }).first();
    const number = (await status.getAttribute('aria-label'))!.replace('Status of ', '');
    const target = (await status.inputValue()) === 'Closed' ? 'Under Investigation' : 'Closed';
    await status.selectOption(target);
    await page.getByText('Incident updated successfully!').waitFor();
    await expect
      .poll(async () => (await serverPage({ search: number })).incidents.map((incident) => incident.status), {
        timeout: 30_000,
      })
      .toEqual([target]);
    await context.close();
  }
});
