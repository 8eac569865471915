import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statfsSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { storageFullMessage } from '#server/lib/database-unavailable.ts';
import { multipart } from './helpers/multipart.ts';
import { exitOf, freePort, startScript, stopScript, waitForUrl } from './helpers/server-process.ts';

// The server runs in a mount namespace of its own with DATA_DIR on a small tmpfs: a real full disk,
// also without root where unprivileged user namespaces are allowed, and gone when the server exits.
const onSmallTmpfs = [
  'unshare',
  '-rm',
  '--',
  'sh',
  '-c',
  'mount -t tmpfs -o size=96m tmpfs "$DATA_DIR" && exec "$@"',
  'sh',
];
const canMount =
  spawnSync(onSmallTmpfs[0]!, [...onSmallTmpfs.slice(1), 'true'], { env: { ...process.env, DATA_DIR: tmpdir() } })
    .status === 0;

const png = () =>
  multipart([
    {
      name: 'file',
      filename: 'crack.png',
      type: 'image/png',
      data: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(1_000_000)]),
    },
  ]);

// The embedded database only: a PostgreSQL server's full disk is its own (storage-full.test.ts simulates it).
describe.skipIf(!canMount || process.env.TEST_DATABASE_URL)('PGlite on a disk that fills up', () => {
  it(
    'answers 503 storage full, logs the directory, and works again once there is space',
    { timeout: 120_000 },
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'imsp-disk-full-'));
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const child = startScript(
        'src/server/main.ts',
        {
          DATA_DIR: dataDir,
          PORT: String(port),
          HOST: '127.0.0.1',
          SEED_DEMO: '0',
          JWT_SECRET: randomBytes(32).toString('hex'),
          LOG_LEVEL: 'error',
        },
        { output: 'pipe', wrapper: onSmallTmpfs },
      );
      const exited = exitOf(child);
      let output = '';
      child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      try {
        await waitForUrl(`${base}/api/health`, child);
        const registered = await fetch(`${base}/api/auth/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            name: 'Shift Engineer',
            email: 'engineer@imsp.local',
            password: 'shift password 1',
            role: 'maintenance_engineer',
            department: 'Maintenance',
          }),
        });
        const authorization = `Bearer ${((await registered.json()) as { token: string }).token}`;
        const upload = async () => {
          const body = png();
          return fetch(`${base}/api/upload/single`, {
            method: 'POST',
            headers: { authorization, 'content-type': body.contentType },
            body: body.payload,
            signal: AbortSignal.timeout(15_000),
          });
        };

        // The tmpfs as the server sees it, filled but for 14 MB by a file that is not the database's: the
        // table files still have room when PostgreSQL needs its next WAL file (16 MB), a PANIC that PGlite
        // survives only by being started again (db/pglite-client.ts). storage-full.test.ts has the other case.
        const mounted = `/proc/${child.pid}/root${dataDir}`;
        const ballast = path.join(mounted, 'ballast');
        const { bavail, bsize } = statfsSync(mounted);
        writeFileSync(ballast, Buffer.alloc(bavail * bsize - 14 * 1024 * 1024));

        const answers: number[] = [];
        let full: Response | undefined;
        while (!full && answers.length < 30) {
          const response = await upload();
          answers.push(response.status);
          if (response.status === 201) await response.body?.cancel();
          else full = response;
        }
        expect(answers.slice(0, -1).every((status) => status === 201)).toBe(true);
        expect(full?.status).toBe(503);
        expect(full!.headers.get('retry-after')).toBe('60');
        expect(await full!.json()).toEqual({ message: storageFullMessage });
        await vi.waitFor(() => {
          expect(output).toContain(path.join(dataDir, 'pgdata'));
          expect(output).toMatch(/stopped; starting it again.*No space left on device/);
        });
        // Nothing hangs: the health check answers at once, ok or storage full.
        const health = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(5000) });
        expect([200, 503]).toContain(health.status);

        unlinkSync(ballast);
        await vi.waitFor(async () => expect((await upload()).status).toBe(201), { timeout: 30_000, interval: 1000 });
        expect(child.exitCode).toBeNull();
      } finally {
        await stopScript(child);
        rmSync(dataDir, { recursive: true, force: true });
      }
      expect((await exited).code).toBe(0);
    },
  );
});
