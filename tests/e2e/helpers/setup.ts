import { rmSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, inject } from 'vitest';
import { launchBrowser } from './browser.ts';
import { takePageLog } from './page-log.ts';
import { startServer, type RunningServer } from './server.ts';

/** A fresh server (demo data) and a Chromium for the tests of one file. */
export function useServerAndBrowser(env: Record<string, string> = {}) {
  const e2e = {} as { server: RunningServer; browser: Browser };
  beforeAll(async () => {
    [e2e.server, e2e.browser] = await Promise.all([
      startServer(env, { seededFrom: inject('seededDataDir') }),
      launchBrowser(),
    ]);
  });
  beforeEach(({ onTestFailed }) => {
    takePageLog();
    onTestFailed(() => {
      const log = takePageLog();
      if (log.length > 0) console.log(`The pages' newest log lines:\n${log.join('\n')}`);
    });
  });
  afterAll(async () => {
    await e2e.browser?.close();
    await e2e.server?.stop();
    if (e2e.server) rmSync(e2e.server.dataDir, { recursive: true, force: true });
  });
  return e2e;
}
