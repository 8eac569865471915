/**
 * One device's run: a fresh browser profile signs in, downloads its working set, then works the
 * Tickets, Incidents and Machines screens and opens the dashboard, every step timed as the user sees it.
 */
import type { Browser, Page, Response } from 'playwright-core';
import { screenTimings, type ScreenTimings } from './screen-steps.ts';
import { installProbe, longestTaskSince } from './screen-timing.ts';

export interface Credentials {
  email: string;
  password: string;
}

export interface DeviceRun extends ScreenTimings {
  /** Sign-in to machines and the open work stored (the history scope's first request). */
  usableMs: number;
  fullySyncedMs: number;
  bytes: number;
  indexedDbBytes: number;
  /** Tickets and incidents on the device after the first sync. */
  storedRecords: number;
  longestTaskMs: number;
  /** The longest animation frame during the sync and the scripts that ran in it. */
  longestFrameScripts: string;
}

interface RunOptions {
  base: string;
  credentials: Credentials;
  cpuThrottle: number;
  /** Bytes sent to the browser since the last reset. */
  wire: { reset(): void; bytes(): number };
}

/** Beyond any first sync worth measuring (the issue measured 294 s for 100,000 tickets before the work). */
const syncTimeoutMs = 15 * 60_000;

const isSyncCall = (url: string) => new URL(url).pathname === '/api/sync';

/** Resolves when the feed answered its last page: of the history scope, or of the unscoped feed. */
function lastSyncPage(page: Page) {
  return new Promise<void>((resolve) => {
    const onResponse = (response: Response) => {
      const url = new URL(response.url());
      if (!isSyncCall(response.url()) || !['history', null].includes(url.searchParams.get('scope'))) return;
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

/** Sign-in through the form; answers when the app had the core scope and when the whole first sync was stored. */
export async function signInAndSync(page: Page, { base, credentials }: Pick<RunOptions, 'base' | 'credentials'>) {
  await page.goto(`${base}/login`);
  await page.getByLabel('Email').fill(credentials.email);
  await page.getByLabel('Password', { exact: true }).fill(credentials.password);
  let usableAt: number | undefined;
  page.context().on('request', (request) => {
    if (isSyncCall(request.url()) && new URL(request.url()).searchParams.get('scope') === 'history') {
      usableAt ??= Date.now();
    }
  });
  const lastPage = lastSyncPage(page);
  const started = Date.now();
  await page.getByRole('button', { name: 'Sign In' }).click();
  await Promise.race([
    lastPage,
    new Promise((_, reject) =>
      setTimeout(() => reject(new Error('the first sync did not end')), syncTimeoutMs).unref(),
    ),
  ]);
  // The last page is stored when the pill stops turning.
  await page.waitForFunction(() => !document.querySelector('button[aria-label^="Sync:"] .animate-spin'), null, {
    polling: 50,
    timeout: syncTimeoutMs,
  });
  const syncedAt = Date.now();
  return { started, usableMs: (usableAt ?? syncedAt) - started, fullySyncedMs: syncedAt - started };
}

/** Runs in the page: the tickets and incidents in the app's database. */
function storedRecordCount(): Promise<number> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open('imsp');
    open.onerror = () => reject(open.error ?? new Error('IndexedDB did not open'));
    open.onsuccess = () => {
      const transaction = open.result.transaction(['tickets', 'incidents']);
      const counts = ['tickets', 'incidents'].map((store) => transaction.objectStore(store).count());
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
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: options.cpuThrottle });
    options.wire.reset();
    const { started, ...sync } = await signInAndSync(page, options);
    const bytes = options.wire.bytes();
    const longest = await longestTaskSince(page, started);
    const indexedDbBytes = await page.evaluate(async () => {
      const estimate = (await navigator.storage.estimate()) as StorageEstimate & {
        usageDetails?: { indexedDB?: number };
      };
      return estimate.usageDetails?.indexedDB ?? estimate.usage ?? Number.NaN;
    });
    const storedRecords = await page.evaluate(storedRecordCount);
    const timings = await screenTimings(page, options.cpuThrottle);
    return { ...sync, bytes, indexedDbBytes, storedRecords, ...longest, ...timings };
  } finally {
    await context.close();
  }
}
