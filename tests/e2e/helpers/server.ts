import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { clientDir as builtClient } from './client-dir.ts';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

/** Until the server answers or exits: a slow start on a loaded machine is bounded by the hook's timeout only. */
async function waitForHealth(url: string, child: ChildProcess): Promise<void> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(5000) })).ok) return;
    } catch {
      // not listening yet
    }
    await delay(200);
  }
}

export interface RunningServer {
  url: string;
  dataDir: string;
  /** Stops the process: the app sees the server as unreachable. */
  stop(): Promise<void>;
  /** Starts it again on the same port and data, optionally serving another client build. */
  start(clientDir?: string): Promise<void>;
}

const compileCache = path.resolve('.tmp/node-compile-cache');

/** Files of a data directory that belong to the server that made it, not to its database. */
const ownedByServer = new Set(['server.lock', 'backup.sock', 'jwt-secret']);

/**
 * The real server (embedded PGlite with demo data) serving the app built for this run. With
 * `seededFrom` its data directory starts as a copy of that one (see global-setup.ts), which spares
 * each file the demo seeding; the copy leaves out the first server's lock and secret.
 */
export async function startServer(
  env: Record<string, string> = {},
  { seededFrom }: { seededFrom?: string } = {},
): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'imsp-e2e-'));
  if (seededFrom) {
    cpSync(seededFrom, dataDir, { recursive: true, filter: (source) => !ownedByServer.has(path.basename(source)) });
  }
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;

  const server: RunningServer = {
    url,
    dataDir,
    async start(clientDir = builtClient) {
      child = spawn(process.execPath, ['src/server/main.ts'], {
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          CLIENT_DIR: clientDir,
          LOG_LEVEL: 'warn',
          AUTH_RATE_LIMIT_IP: '10000',
          AUTH_RATE_LIMIT_EMAIL_IP: '1000',
          // Each file starts its own server: compiling the server's modules once, not at each start.
          NODE_COMPILE_CACHE: compileCache,
          ...env,
        },
        stdio: ['ignore', 'inherit', 'inherit'],
      });
      await waitForHealth(url, child);
    },
    async stop() {
      if (!child || child.exitCode !== null) return;
      const exited = new Promise((resolve) => child!.once('exit', resolve));
      child.kill('SIGTERM');
      // The server gives up on its own after 20 s (src/server/main.ts); a test must not wait longer.
      const stopped = await Promise.race([exited.then(() => true), delay(30_000).then(() => false)]);
      if (!stopped) {
        console.warn(`the server (pid ${child.pid}) did not stop within 30 s of SIGTERM: killed`);
        child.kill('SIGKILL');
        await exited;
      }
    },
  };
  await server.start();
  return server;
}
