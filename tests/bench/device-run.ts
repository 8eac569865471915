/**
 * One device's run: a fresh browser profile signs in as a member of staff, opens Tickets and waits for
 * the newest ticket (raised a moment before), waits for the first sync to end, then works the
 * Tickets, Incidents and Machines screens and opens the dashboard, every step timed as the user sees it.
 */
import type { Browser, Page, Response } from 'playwright-core';
import { screenTimings, type ScreenTimings } from './screen-steps.ts';
import { installProbe, longestTaskSince, timeAction } from './screen-timing.ts';

export interface Credentials {
  email: string;
  password: string;
}

export interface DeviceRun extends Partial<ScreenTimings> {
  /** From the click on Sign In to the newest ticket on the Tickets screen. */
  newestOnScreenMs: number;
  fullySyncedMs: number;
  bytes: number;
  indexedDbBytes: number;
  /** Records on the device after the first sync: machines, tickets, incidents and schedules. */
  storedRecords: number;
  /** Records stored a second, from the first request of the sync to its end. */
  recordsPerSecond: number;
  /** The longest task from the sync's first request to its end (the app's start before it is not the sync's). */
  longestTaskMs: number;
  /** The longest animation frame during the sync and the scripts that ran in it. */
  longestFrameScripts: string;
}

interface RunOptions {
  base: string;
  credentials: Credentials;
  cpuThrottle: number;
  /** The part of it Chromium's page throttle applies (1 when the whole browser runs under a CPU quota). */
  pageThrottle: number;
  /** Bytes sent to the browser since the last reset. */
  wire: { reset(): void; bytes(): number };
  /** Raises a ticket on the server as someone else and answers its title. */
  raiseNewest: () => Promise<string>;
  withScreens: boolean;
}

/** Beyond any first sync worth measuring. */
const syncTimeoutMs = 15 * 60_000;

const isSyncCall = (url: string) => new URL(url).pathname === '/api/sync';

/** Resolves when the log answered its last page: the first sync, snapshot and log, has reached the end. */
function lastSyncPage(page: Page) {
  return new Promise<void>((resolve) => {
    const onResponse = (response: Response) => {
      if (!isSyncCall(response.url()) || !new URL(response.url()).searchParams.has('cursor')) return;
      void response
        .json()
        .then((body: { hasMore?: boolean }) => {
          if (body.hasMore !== false) return;
          page.context().off('response', onResponse);
          resolve();
        })
        .catch(() => {});
    };
    page.context().on('response', onResponse);
  });
}

const within = <T>(promise: Promise<T>, what: string) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(what)), syncTimeoutMs).unref()),
  ]);

/**
 * Sign-in through the form; answers when the newest ticket showed on Tickets (when `newest` names it)
 * and when the whole first sync was stored.
 */
export async function signInAndSync(
  page: Page,
  { base, credentials, newest }: Pick<RunOptions, 'base' | 'credentials'> & { newest?: string },
) {
  await page.goto(`${base}/login`);
  await page.getByLabel('Email').fill(credentials.email);
  await page.getByLabel('Password', { exact: true }).fill(credentials.password);
  const lastPage = lastSyncPage(page);
  let firstSyncAt: number | undefined;
  page.context().on('request', (request) => {
    if (isSyncCall(request.url())) firstSyncAt ??= Date.now();
  });
  const started = Date.now();
  await page.getByRole('button', { name: 'Sign In' }).click();
  let newestOnScreenMs = Number.NaN;
  if (newest) {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Tickets' }).click();
    // Polled in the page as a plain text check: Playwright's role and text locators, polled, walk
    // the whole document computing roles and visibility, a long task of their own (250 ms seen) that
    // was counted as the app's. The list and its cards draw the same rows at once; the locator then
    // confirms, once, that one of them shows.
    const newestIn = (title: string) => document.querySelector('main')?.textContent.includes(title) ?? false;
    await within(
      page.waitForFunction(newestIn, newest, { polling: 50, timeout: syncTimeoutMs }),
      'the newest ticket did not show',
    );
    newestOnScreenMs = Date.now() - started;
    await page.getByRole('main').getByText(newest).first().waitFor();
  }
  await within(lastPage, 'the first sync did not end');
  // The last page is stored when the pill stops turning.
  await page.waitForFunction(() => !document.querySelector('button[aria-label^="Sync:"] .animate-spin'), null, {
    polling: 50,
    timeout: syncTimeoutMs,
  });
  const syncedAt = Date.now();
  const syncStarted = firstSyncAt ?? started;
  return { syncStarted, newestOnScreenMs, fullySyncedMs: syncedAt - started, syncingMs: syncedAt - syncStarted };
}

/** Runs in the page: the records in the app's database. */
function storedRecordCount(): Promise<number> {
  const stores = ['machines', 'tickets', 'incidents', 'schedules'];
  return new Promise((resolve, reject) => {
    const open = indexedDB.open('imsp');
    open.onerror = () => reject(open.error ?? new Error('IndexedDB did not open'));
    open.onsuccess = () => {
      const transaction = open.result.transaction(stores);
      // Tickets and incidents are stored in blocks: their `ids` index has an entry a record.
      const counts = stores.map((store) =>
        (['tickets', 'incidents'].includes(store)
          ? transaction.objectStore(store).index('ids')
          : transaction.objectStore(store)
        ).count(),
      );
      transaction.oncomplete = () => {
        open.result.close();
        resolve(counts.reduce((sum, count) => sum + count.result, 0));
      };
    };
  });
}

export async function runDevice(browser: Browser, options: RunOptions): Promise<DeviceRun> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'allow' });
  try {
    await installProbe(context);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: options.pageThrottle });
    const newest = await options.raiseNewest();
    options.wire.reset();
    const { syncStarted, syncingMs, ...sync } = await signInAndSync(page, { ...options, newest });
    const bytes = options.wire.bytes();
    const longest = await longestTaskSince(page, syncStarted);
    const indexedDbBytes = await page.evaluate(async () => {
      const estimate = (await navigator.storage.estimate()) as StorageEstimate & {
        usageDetails?: { indexedDB?: number };
      };
      return estimate.usageDetails?.indexedDB ?? estimate.usage ?? Number.NaN;
    });
    const storedRecords = await page.evaluate(storedRecordCount);
    const recordsPerSecond = storedRecords / (syncingMs / 1000);
    let timings;
    if (options.withScreens) {
      // The screens are opened from the dashboard once its figures show, as a shift starts (clicked
      // before the dashboard had drawn, a screen's open also timed the dashboard's own loading).
      await timeAction(page, 'numbers', () =>
        page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click(),
      );
      timings = await screenTimings(page, options.cpuThrottle);
    }
    return { ...sync, bytes, indexedDbBytes, storedRecords, recordsPerSecond, ...longest, ...timings };
  } finally {
    await context.close();
  }
}
