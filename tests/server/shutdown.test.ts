import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { multipart } from './helpers/multipart.ts';
import { exitOf, freePort, lineOf, startScript, stopScript, waitForUrl } from './helpers/server-process.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'imsp-shutdown-'));
const jwtSecret = randomBytes(48).toString('base64');
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function startServer(env: Record<string, string> = {}) {
  const port = await freePort();
  const child = startScript(
    'src/server/main.ts',
    { DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', SEED_DEMO: '0', JWT_SECRET: jwtSecret, ...env },
    { output: 'pipe' },
  );
  const exited = exitOf(child);
  const base = `http://127.0.0.1:${port}`;
  await waitForUrl(`${base}/api/health`, child);
  return { child, exited, base, port };
}

async function signUp(base: string) {
  const response = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Shift Engineer',
      email: `engineer.${randomUUID().slice(0, 8)}@imsp.local`,
      password: 'shift password 1',
      role: 'maintenance_engineer',
      department: 'Maintenance',
      phone: '',
    }),
  });
  expect(response.status).toBe(201);
  return `Bearer ${((await response.json()) as { token: string }).token}`;
}

type Upload = { payload: Buffer; contentType: string };

/** An upload's request with its headers sent; errors are the hang-ups the tests make. */
function startUpload(port: number, authorization: string, body: Upload) {
  const sent = request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/upload/single',
    headers: { authorization, 'content-type': body.contentType, 'content-length': body.payload.length },
  });
  sent.on('error', () => {});
  return sent;
}

/** Sends the whole upload, then hangs up without waiting for the answer. */
function uploadAndHangUp(port: number, authorization: string, body: Upload) {
  return new Promise<void>((resolve, reject) => {
    const sent = startUpload(port, authorization, body);
    sent.end(body.payload, () => {
      sent.destroy();
      resolve();
    });
    sent.once('response', (answer) =>
      reject(new Error(`answered ${answer.statusCode} before the hang-up: the test proves nothing`)),
    );
  });
}

it('finishes the requests still running before it closes the database on SIGTERM', { timeout: 120_000 }, async () => {
  const first = await startServer();
  const authorization = await signUp(first.base);
  const fileId = randomUUID();
  const png = Buffer.alloc(8 * 1024 * 1024);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(png);
  const body = multipart([
    { name: '_id', value: fileId },
    { name: 'file', filename: 'scan.png', type: 'image/png', data: png },
  ]);

  await uploadAndHangUp(first.port, authorization, body);
  first.child.kill('SIGTERM');
  const { code, stdout } = await first.exited;
  expect(code).toBe(0);
  expect(stdout, 'no request failed on a closed database').not.toContain('"level":50');

  const second = await startServer();
  try {
    const stored = await fetch(`${second.base}/api/upload/${fileId}`, { headers: { authorization } });
    expect(stored.status).toBe(200);
    expect((await stored.arrayBuffer()).byteLength).toBe(png.length);
  } finally {
    await stopScript(second.child);
  }
});

/** Starts an upload and stops sending halfway, keeping the connection open: a tablet that lost its Wi-Fi. */
function stallUpload(port: number, authorization: string, body: Upload) {
  const sent = startUpload(port, authorization, body);
  sent.write(body.payload.subarray(0, body.payload.length / 2));
  return sent;
}

// The request timeout (2 minutes) is longer than the test may take: the server stops because it cuts the upload.
it(
  'stops on SIGTERM, without waiting for the request timeout, when a request never finishes, naming it',
  { timeout: 60_000 },
  async () => {
    // The server logs each request's arrival at debug level, and waits a shorter while before it cuts.
    const server = await startServer({ LOG_LEVEL: 'debug', SHUTDOWN_WAIT_MS: '500' });
    const authorization = await signUp(server.base);
    const body = multipart([
      { name: '_id', value: randomUUID() },
      { name: 'file', filename: 'scan.png', type: 'image/png', data: Buffer.alloc(1024 * 1024) },
    ]);
    const arrived = lineOf(
      server.child,
      (line) => line.includes('request arrived') && line.includes('/api/upload/single'),
    );
    const stalled = stallUpload(server.port, authorization, body);
    await arrived;
    server.child.kill('SIGTERM');
    const { code, stdout } = await server.exited;
    stalled.destroy();
    expect(stdout).toContain('cutting the connections of unfinished handlers: POST /api/upload/single');
    expect(code).toBe(0);
  },
);
