import { expect, it } from 'vitest';
import type { Ticket } from '#shared/schemas/ticket.ts';
import { apiAs } from './helpers/api.ts';
import { demoAccounts, screenshot } from './helpers/browser.ts';
import { readDeviceStore } from './helpers/device-store.ts';
import { holdHistory } from './helpers/held-history.ts';
import { useServerAndBrowser } from './helpers/setup.ts';

const e2e = useServerAndBrowser();
const api = apiAs(() => e2e.server.url);
const engineerApi = apiAs(() => e2e.server.url, 'maintenance_engineer');

const daysAgo = (iso: string) => (Date.now() - Date.parse(iso)) / 86_400_000;

/** A closed ticket of somebody else, changed within the window: the history scope brings it, after the core. */
async function historyTicket(engineerId: string): Promise<Ticket> {
  const { tickets } = await api<{ tickets: Ticket[] }>('tickets?status=Closed&limit=100');
  const ticket = tickets.find(
    (candidate) =>
      candidate.reportedBy?._id !== engineerId &&
      candidate.assignedTo?._id !== engineerId &&
      daysAgo(candidate.updatedAt) < 150,
  );
  expect(ticket, 'the demo plant has a recently closed ticket of somebody else').toBeDefined();
  return ticket!;
}

it("shows the newest ticket from the first page, stored by the pull's worker, and ends with the edits made on the server meanwhile", async () => {
  const { user: engineer } = await engineerApi<{ user: { _id: string } }>('auth/me');
  const [machine] = await api<{ _id: string }[]>('machines?limit=1');
  const newest = await api<Ticket>('tickets', 'POST', {
    title: `Coiler 3 mandrel seized ${Date.now()}`,
    description: 'Raised a moment before the engineer signed in',
    machine: machine!._id,
  });
  const older = await historyTicket(engineer._id);

  // The history scope waits until the edits are made: they fall in the middle of the first sync.
  const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
  const history = await holdHistory(context);
  // The sync's worker starts while the person types, so the first pull goes out as the sign-in is answered.
  const syncWorkerRuns = () => page.workers().some((worker) => /pull\.worker/.test(worker.url()));
  let workerBeforeAnswer = false;
  await context.route(/\/api\/auth\/login$/, async (route) => {
    workerBeforeAnswer = await expect
      .poll(syncWorkerRuns, { timeout: 10_000 })
      .toBe(true)
      .then(
        () => true,
        () => false,
      );
    await route.continue();
  });
  const page = await context.newPage();
  await page.goto(`${e2e.server.url}/login`);
  await page.getByLabel('Email').fill(demoAccounts.maintenance_engineer.email);
  await page.getByLabel('Password', { exact: true }).fill(demoAccounts.maintenance_engineer.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Tickets' }).click();
  // The Dashboard lists the newest ticket too: the row looked for is the Tickets screen's.
  await page.getByRole('heading', { name: 'Maintenance Tickets' }).waitFor({ timeout: 30_000 });
  const newestRow = page.getByRole('main').getByRole('table').getByText(newest.title);
  await newestRow.waitFor({ timeout: 30_000 });
  await page
    .getByRole('button', { name: /^Sync: online/ })
    .getByText(/^Downloading plant data/)
    .waitFor();
  await screenshot(page, 'first-sync-newest');
  expect(await newestRow.isVisible(), 'the screenshot shows the newest ticket').toBe(true);
  expect(workerBeforeAnswer, 'the sync worker runs before the sign-in is answered').toBe(true);
  // The pages are fetched and stored off the screen's thread.
  expect(page.workers().map((worker) => worker.url())).toContainEqual(expect.stringMatching(/pull\.worker/));
  const meta = await readDeviceStore<{ key: string }>(page, 'meta');
  expect(meta.map((row) => row.key)).toContain('sync:snapshot');
  expect((await readDeviceStore<{ _id: string }>(page, 'tickets')).map((row) => row._id)).not.toContain(older._id);

  await expect.poll(() => history.asked, { timeout: 30_000 }).toBe(true);
  await api(`tickets/${older._id}`, 'PUT', { title: `${older.title} (rechecked)` });
  await api(`tickets/${newest._id}`, 'PUT', { priority: 'Critical' });
  history.release();

  // Both edits come after the snapshot's mark: the log brings them once the snapshot has ended.
  const storedTicket = async (id: string) =>
    (await readDeviceStore<Ticket>(page, 'tickets')).find((row) => row._id === id);
  await expect
    .poll(() => storedTicket(older._id), { timeout: 60_000 })
    .toMatchObject({ title: `${older.title} (rechecked)`, version: older.version + 1 });
  expect(await storedTicket(newest._id)).toMatchObject({ priority: 'Critical', version: newest.version + 1 });
  expect((await readDeviceStore<{ key: string }>(page, 'meta')).map((row) => row.key)).not.toContain('sync:snapshot');
  await context.close();
});
