import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { exitOf, freePort, startScript, stopScript, waitForUrl } from './helpers/server-process.ts';

const root = mkdtempSync(path.join(tmpdir(), 'imsp-data-dir-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function startServer(dataDir: string, wrapper?: string[]) {
  const port = await freePort();
  const child = startScript(
    'src/server/main.ts',
    { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: '0', LOG_LEVEL: 'warn', DATABASE_URL: '' },
    { output: 'pipe', wrapper },
  );
  return { child, exit: exitOf(child), health: `http://127.0.0.1:${port}/api/health` };
}

/** Root ignores file permissions; without these capabilities it obeys them like any other user. */
const asUnprivileged =
  process.getuid?.() === 0 ? ['setpriv', '--bounding-set=-dac_override,-dac_read_search', '--'] : [];

// The data directory belongs to the embedded database; the PostgreSQL project has nothing to add here.
// Each case starts real server processes, which takes seconds on a busy machine.
describe.skipIf(process.env.TEST_DATABASE_URL)('the data directory', { timeout: 180_000 }, () => {
  it('refuses a second server on the same directory and takes over the lock of a killed one', async () => {
    const dataDir = path.join(root, 'shared');
    const first = await startServer(dataDir);
    await waitForUrl(first.health, first.child);

    const second = await startServer(dataDir);
    const refused = await second.exit;
    expect(refused.code).not.toBe(0);
    expect(refused.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(
        new RegExp(`^Data directory ${dataDir} is in use by another IMSP server \\(pid ${first.child.pid}`),
      ),
    ]);
    expect((await fetch(first.health)).status).toBe(200);

    await stopScript(first.child, 'SIGKILL');
    expect(existsSync(path.join(dataDir, 'server.lock'))).toBe(true);
    const third = await startServer(dataDir);
    await waitForUrl(third.health, third.child);
    expect((JSON.parse(readFileSync(path.join(dataDir, 'server.lock'), 'utf8')) as { pid: number }).pid).toBe(
      third.child.pid,
    );
    await stopScript(third.child);
    expect(existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
  });

  it('exits with one line naming a read-only directory and the missing permission', async () => {
    const dataDir = path.join(root, 'read-only');
    mkdirSync(dataDir, 0o555);
    const { code, stderr } = await (await startServer(dataDir, asUnprivileged)).exit;
    expect(code).not.toBe(0);
    expect(stderr.trim()).toBe(`Data directory ${dataDir} is not usable: write permission missing`);
  });

  it('exits with one line naming a missing directory it may not create', async () => {
    const parent = path.join(root, 'read-only-parent');
    mkdirSync(parent, 0o555);
    const dataDir = path.join(parent, 'data');
    const { code, stderr } = await (await startServer(dataDir, asUnprivileged)).exit;
    expect(code).not.toBe(0);
    expect(stderr.trim()).toBe(
      `Data directory ${dataDir} is missing and cannot be created: write permission missing on a parent directory`,
    );
  });
});
