import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readableLine } from '#server/lib/log-lines.ts';
import { startMessage } from '#server/lib/start-message.ts';
import { freePort, startScript, stopScript, waitForUrl } from './helpers/server-process.ts';

const root = mkdtempSync(path.join(tmpdir(), 'imsp-start-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('what the server says when it starts', () => {
  it('names the address to open and the demo accounts, or how to begin with an empty database', () => {
    const demo = startMessage({
      port: 3000,
      host: '127.0.0.1',
      storage: 'the embedded database',
      demoAccounts: [{ role: 'admin', email: 'admin@imsp.local', password: 'Admin#2026' }],
      hasUsers: true,
    });
    expect(demo).toMatch(/^IMSP is running: open http:\/\/127\.0\.0\.1:3000\n/);
    expect(demo).toMatch(/admin +admin@imsp\.local +Admin#2026/);
    const empty = startMessage({ port: 3000, host: '0.0.0.0', storage: 'x', demoAccounts: [], hasUsers: false });
    expect(empty).toMatch(/open http:\/\/localhost:3000/);
    expect(empty).toMatch(/the database is empty: register the first account at http:\/\/localhost:3000\/register/);
    const plantUsers = startMessage({ port: 3000, host: '0.0.0.0', storage: 'x', demoAccounts: [], hasUsers: true });
    expect(plantUsers).not.toMatch(/demo accounts|empty/);
  });

  it('writes a request as one readable line on a terminal', () => {
    const time = new Date(2026, 10, 25, 12, 1, 2).getTime();
    const json = JSON.stringify({
      level: 30,
      time,
      pid: 1,
      hostname: 'h',
      reqId: 'r',
      method: 'GET',
      url: '/api/tickets',
      statusCode: 200,
      ms: 12,
    });
    expect(readableLine(json)).toBe('12:01:02 info GET /api/tickets 200 12 ms\n');
    const warning = JSON.stringify({ level: 40, time, msg: 'JWT_SECRET is not set', pid: 1, hostname: 'h', port: 5 });
    expect(readableLine(warning)).toBe('12:01:02 WARN JWT_SECRET is not set port=5\n');
    const arrived = JSON.stringify({ level: 20, time, msg: 'request arrived', reqId: 'r', method: 'POST', url: '/x' });
    expect(readableLine(arrived)).toBe('12:01:02 debug request arrived POST /x\n');
  });

  it.skipIf(process.env.TEST_DATABASE_URL)(
    'prints the message once, then one JSON line per request when not on a terminal',
    { timeout: 120_000 },
    async () => {
      const port = await freePort();
      const child = startScript(
        'src/server/main.ts',
        { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: path.join(root, 'empty'), SEED_DEMO: '0', DATABASE_URL: '' },
        { output: 'pipe' },
      );
      let output = '';
      child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      try {
        await waitForUrl(`http://127.0.0.1:${port}/api/health`, child);
        await fetch(`http://127.0.0.1:${port}/api/tickets`);
        await expect.poll(() => output, { timeout: 10_000 }).toMatch(/"url":"\/api\/tickets"/);
      } finally {
        await stopScript(child);
      }
      expect(output.match(/IMSP is running/g)).toHaveLength(1);
      expect(output).toMatch(/the database is empty/);
      const requestLine = output.split('\n').find((line) => line.includes('"url":"/api/tickets"'))!;
      const line = JSON.parse(requestLine) as { method: string; statusCode: number; ms: unknown };
      expect(line).toMatchObject({ method: 'GET', statusCode: 401 });
      expect(typeof line.ms).toBe('number');
      expect(output).not.toMatch(/incoming request/);
    },
  );
});
