import { createRequire } from 'node:module';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Incident } from '#shared/schemas/incident.ts';
import type { Machine } from '#shared/schemas/machine.ts';
import type { Ticket } from '#shared/schemas/ticket.ts';
import { apiAs } from './helpers/api.ts';
import { screenshot, signIn } from './helpers/browser.ts';
import { useServerAndBrowser } from './helpers/setup.ts';

const e2e = useServerAndBrowser();
const admin = apiAs(() => e2e.server.url);
const axeScript = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const schemes = ['light', 'dark'] as const;

interface Screen {
  name: string;
  path: string;
  /** Resolves once the screen shows its records, so the check sees what a user sees. */
  ready: (page: Page) => Promise<unknown>;
}

interface AxeNode {
  target: string[];
  failureSummary?: string;
}
interface AxeResults {
  violations: { id: string; help: string; nodes: AxeNode[] }[];
}

/** Every WCAG 2 A and AA rule axe has (colour contrast among them), as one line per failing element. */
async function violations(page: Page, where: string): Promise<string[]> {
  // A colour still fading (a button the pointer just left) would be measured halfway.
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => !(animation instanceof CSSTransition)),
  );
  const results = await page.evaluate(() => {
    const { axe } = window as unknown as { axe: { run: (...args: unknown[]) => Promise<AxeResults> } };
    return axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] },
      resultTypes: ['violations'],
    });
  });
  return results.violations.flatMap(({ id, help, nodes }) =>
    nodes.map(
      (node) =>
        `${where}: ${id} (${help}) at ${node.target.join(' ')}: ${node.failureSummary?.replace(/\s+/g, ' ') ?? ''}`,
    ),
  );
}

const english = (options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' });

const dialog = (page: Page) => page.getByRole('dialog');
/** The demo records the screens open, read from the server before the page signs in. */
const records = {} as { machine: Machine; ticket: Ticket; incident: Incident };
const signedIn = {} as { context: BrowserContext; page: Page };

/** Every screen, dialogs and a form with errors among them, and when it is ready to check. */
const screens = (): Screen[] => [
  {
    name: 'dashboard',
    path: '/',
    // The first sync brings the records.
    ready: (page) => page.getByText(records.ticket.title).first().waitFor({ timeout: 60_000 }),
  },
  { name: 'machines', path: '/machines', ready: (page) => page.getByText(records.machine.name).first().waitFor() },
  {
    name: 'machine',
    path: `/machines/${records.machine._id}`,
    ready: (page) => dialog(page).getByText(records.machine.machineId).first().waitFor(),
  },
  { name: 'tickets', path: '/tickets', ready: (page) => page.getByText(records.ticket.ticketNumber).first().waitFor() },
  {
    name: 'ticket',
    path: `/tickets?ticket=${records.ticket._id}`,
    ready: (page) => dialog(page).getByRole('region', { name: 'History' }).getByText('Created').waitFor(),
  },
  {
    name: 'ticket form with its errors',
    path: '/tickets?new=1',
    ready: async (page) => {
      const form = page.getByRole('dialog', { name: 'Create Ticket' });
      await form.getByRole('button', { name: 'Create Ticket' }).click();
      await page.mouse.move(0, 0);
      await form.getByText('Title is required').waitFor();
    },
  },
  {
    name: 'incidents',
    path: '/incidents',
    ready: (page) => page.getByText(records.incident.incidentNumber).first().waitFor(),
  },
  {
    name: 'incident',
    path: `/incidents?incident=${records.incident._id}`,
    ready: (page) => dialog(page).getByRole('region', { name: 'History' }).getByText('Created').waitFor(),
  },
  {
    name: 'maintenance calendar',
    path: '/maintenance',
    ready: (page) => page.getByRole('region', { name: 'Maintenance calendar' }).getByRole('listitem').first().waitFor(),
  },
  {
    name: 'maintenance list',
    path: '/maintenance',
    ready: async (page) => {
      await page.getByRole('button', { name: 'List' }).click();
      await page.getByRole('button', { name: 'List', pressed: true }).waitFor();
      await page.mouse.move(0, 0);
      await page.getByRole('main').getByRole('listitem').first().waitFor();
    },
  },
  {
    name: 'analytics',
    path: '/analytics',
    ready: (page) => page.getByRole('main').locator('svg text').first().waitFor(),
  },
  {
    name: 'reliability',
    path: '/reliability',
    ready: (page) => page.getByRole('main').locator('svg text').first().waitFor(),
  },
  {
    name: 'requests',
    path: '/requests',
    ready: (page) => page.getByRole('button', { name: 'Accept' }).first().waitFor(),
  },
  { name: 'request page', path: '/request', ready: (page) => page.getByLabel('What is wrong?').waitFor() },
  {
    name: 'shift log',
    path: '/shift-log?department=Casting',
    ready: (page) => page.getByRole('article').first().getByText('Written by').waitFor({ timeout: 30_000 }),
  },
  { name: 'profile', path: '/profile', ready: (page) => page.getByText('admin@imsp.local').first().waitFor() },
  { name: 'scan', path: '/scan', ready: (page) => page.getByLabel('Machine name or ID').waitFor() },
  {
    name: 'labels',
    path: '/machines/labels',
    ready: (page) => page.getByText(records.machine.machineId).first().waitFor(),
  },
];

/** One tablet-sized page in English on UTC, with axe loaded into every document it opens. */
async function newPage() {
  const context = await e2e.browser.newContext({
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
    timezoneId: 'UTC',
  });
  await context.addInitScript({ path: axeScript });
  return { context, page: await context.newPage() };
}

beforeAll(async () => {
  [records.machine] = (await admin<Machine[]>('machines')) as [Machine];
  [records.ticket] = (await admin<{ tickets: Ticket[] }>('tickets?limit=1')).tickets as [Ticket];
  [records.incident] = (await admin<{ incidents: Incident[] }>('incidents?limit=1')).incidents as [Incident];
  Object.assign(signedIn, await newPage());
  await signIn(signedIn.page, e2e.server.url, 'admin');
});
afterAll(() => signedIn.context?.close());

it('passes the WCAG AA checks on the sign-in page in the light and the dark theme', async () => {
  const { context, page } = await newPage();
  const found: string[] = [];
  for (const scheme of schemes) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(`${e2e.server.url}/login`);
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    found.push(...(await violations(page, `login (${scheme})`)));
  }
  await context.close();
  expect(found).toEqual([]);
});

it.each(schemes)('passes the WCAG AA checks on every screen in the %s theme', async (scheme) => {
  const { page } = signedIn;
  await page.emulateMedia({ colorScheme: scheme });
  const found: string[] = [];
  for (const screen of screens()) {
    await page.goto(`${e2e.server.url}${screen.path}`);
    await screen.ready(page);
    found.push(...(await violations(page, `${screen.name} (${scheme})`)));
  }
  await screenshot(page, `contrast-${scheme}`);
  expect(found).toEqual([]);
});

it('shows a date the same way in a list and in the record', async () => {
  const { page } = signedIn;
  const { ticket, incident } = records;
  const day = english({ dateStyle: 'medium' });
  const occurred = day.format(new Date(incident.incidentDate));
  const created = day.format(new Date(ticket.createdAt));
  expect(occurred).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);

  await page.goto(`${e2e.server.url}/incidents`);
  const incidentInList = page
    .getByRole('main')
    .locator('article, tr, li')
    .filter({ hasText: incident.incidentNumber })
    .first();
  await incidentInList.waitFor({ timeout: 60_000 });
  expect(await incidentInList.innerText()).toContain(occurred);
  await page.goto(`${e2e.server.url}/incidents?incident=${incident._id}`);
  await dialog(page).getByText(occurred, { exact: true }).first().waitFor();

  await page.goto(`${e2e.server.url}/tickets`);
  const ticketInList = page.getByRole('main').locator('tr, li').filter({ hasText: ticket.ticketNumber }).first();
  await ticketInList.waitFor();
  expect(await ticketInList.innerText()).toContain(created);
  await page.goto(`${e2e.server.url}/tickets?ticket=${ticket._id}`);
  const shownCreated = english({ dateStyle: 'medium', timeStyle: 'short' }).format(new Date(ticket.createdAt));
  expect(shownCreated.startsWith(`${created}, `)).toBe(true);
  await dialog(page).getByText(shownCreated, { exact: true }).first().waitFor();
});
