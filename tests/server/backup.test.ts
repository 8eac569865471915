import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { staff } from '#server/seed/plant.ts';
import { freePort, repositoryRoot, startScript, stopScript, waitForUrl } from './helpers/server-process.ts';

const scratch = mkdtempSync(path.join(tmpdir(), 'imsp-backup-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const cli = (command: 'backup' | 'restore', file: string, dataDir: string) =>
  spawnSync(process.execPath, ['src/server/backup/cli.ts', command, file], {
    cwd: repositoryRoot,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    encoding: 'utf8',
  });

async function serve(dataDir: string) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = startScript('src/server/main.ts', {
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    PORT: String(port),
    HOST: '127.0.0.1',
    JWT_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'error',
  });
  await waitForUrl(`${base}/api/health`, child);
  const admin = staff.find((member) => member.role === 'admin')!;
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: admin.email, password: admin.password }),
  });
  const { token } = (await login.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  return { base, headers, stop: () => stopScript(child) };
}

// The embedded database's own tools; a PostgreSQL server is backed up with pg_dump.
describe.skipIf(process.env.TEST_DATABASE_URL)('backup and restore of the embedded database', () => {
  it(
    'copies the database while the server runs (or not), and restores it only into an empty data directory',
    { timeout: 180_000 },
    async () => {
      const dataDir = path.join(scratch, 'plant');
      const file = path.join(scratch, 'plant.tar.gz');
      const server = await serve(dataDir);
      let title: string;
      try {
        const machines = (await (
          await fetch(`${server.base}/api/machines?limit=1`, { headers: server.headers })
        ).json()) as { _id: string }[];
        title = `Before the backup ${Date.now()}`;
        const created = await fetch(`${server.base}/api/tickets`, {
          method: 'POST',
          headers: server.headers,
          body: JSON.stringify({ title, description: 'Kept by the backup', machine: machines[0]!._id }),
        });
        expect(created.status).toBe(201);

        const copied = cli('backup', file, dataDir);
        expect(copied.stderr).toBe('');
        expect(copied.stdout).toMatch(/copied from the running server/);
        expect(existsSync(file)).toBe(true);
        // The server kept serving while it was copied.
        expect((await fetch(`${server.base}/api/health`)).status).toBe(200);
      } finally {
        await server.stop();
      }

      const offline = cli('backup', path.join(scratch, 'offline.tar.gz'), dataDir);
      expect(offline.stdout).toMatch(/copied with no server running/);

      const refused = cli('restore', file, dataDir);
      expect(refused.status).toBe(1);
      expect(refused.stderr).toMatch(/holds a database already: restore into an empty DATA_DIR/);

      const fresh = path.join(scratch, 'restored');
      const restored = cli('restore', file, fresh);
      expect(restored.stderr).toBe('');
      expect(restored.stdout).toMatch(/Restored .* \d+ users, \d+ machines, \d+ tickets/);

      const again = await serve(fresh);
      try {
        const found = await fetch(`${again.base}/api/tickets?search=${encodeURIComponent(title)}`, {
          headers: again.headers,
        });
        const body = (await found.json()) as { data?: { title: string }[] } | { title: string }[];
        expect(JSON.stringify(body)).toContain(title);
      } finally {
        await again.stop();
      }
    },
  );

  it('names a missing file and the usage', () => {
    const missing = cli('restore', path.join(scratch, 'nothing.tar.gz'), path.join(scratch, 'empty'));
    expect(missing.status).toBe(1);
    expect(missing.stderr).toMatch(/nothing\.tar\.gz does not exist/);
    const usage = cli('backup', '', scratch);
    expect(usage.status).toBe(1);
    expect(usage.stderr).toMatch(/Usage: npm run backup -- FILE/);
  });
});
