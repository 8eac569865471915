/** What both benchmarks need: a fresh database on each engine, seeding, and the real server on it. */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '#server/db/client.ts';
import { users } from '#server/db/schema.ts';
import { hashPassword } from '#server/lib/passwords.ts';
import type { Role } from '#shared/enums.ts';
import { seedDemoIfEmpty } from '#server/seed/demo.ts';
import { seedVolume } from '#server/seed/volume.ts';
import { freePort, startScript, stopScript, waitForUrl } from '../server/helpers/server-process.ts';

export interface Target {
  label: string;
  env: Record<string, string>;
  /** Opens the database for seeding (the server must not hold it yet). */
  url?: string;
  dataDir?: string;
  cleanup: () => Promise<void>;
}

export function pglite(): Target {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'imsp-bench-'));
  return {
    label: 'PGlite (embedded)',
    dataDir,
    env: { DATA_DIR: dataDir },
    cleanup: () => Promise.resolve(rmSync(dataDir, { recursive: true, force: true })),
  };
}

/** A fresh database on the PostgreSQL server, or nothing when no server answers. */
export async function postgres(): Promise<Target | undefined> {
  const serverUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
  const name = `imsp_bench_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
    await admin.query(`create database ${name}`);
  } catch (error) {
    console.log(`PostgreSQL at ${serverUrl} is not reachable (${(error as Error).message}): PGlite only.`);
    return undefined;
  } finally {
    await admin.end().catch(() => {});
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'imsp-bench-'));
  return {
    label: `PostgreSQL (${url.host})`,
    url: url.toString(),
    env: { DATABASE_URL: url.toString(), DATA_DIR: dataDir },
    cleanup: async () => {
      rmSync(dataDir, { recursive: true, force: true });
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/**
 * Seeds the target and answers the seconds it took. With `demo`, the demo plant and its staff come
 * first, and the volume's records are theirs: the people a benchmark signs in as have years of history.
 */
export async function seed(target: Target, volume: Parameters<typeof seedVolume>[1], { demo = false } = {}) {
  const started = Date.now();
  const database = await openDatabase({ url: target.url, dataDir: target.dataDir });
  try {
    if (demo) await seedDemoIfEmpty(database);
    await seedVolume(database, volume);
    await database.db.insert(users).values({ ...approver, passwordHash: await hashPassword(approver.password) });
  } finally {
    await database.close();
  }
  return (Date.now() - started) / 1000;
}

/** The real server on the target, listening on a free loopback port. */
export async function startServer(target: Target) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = startScript('src/server/main.ts', {
    ...target.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    SEED_DEMO: '0',
    LOG_LEVEL: 'warn',
    JWT_SECRET: randomBytes(48).toString('base64'),
  });
  await waitForUrl(`${base}/api/health`, child, 60);
  return { child, base, stop: () => stopScript(child) };
}

/** Resident memory of a process in MB (Linux), or NaN elsewhere. */
export function rssMegabytes(pid: number): number {
  try {
    const kilobytes = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return Number(kilobytes) / 1024;
  } catch {
    return Number.NaN;
  }
}

/** A fresh account of `role` on the server: its credentials for a sign-in form and its API headers. */
export async function registerAccount(base: string, role: Role) {
  const email = `bench.${randomUUID().slice(0, 8)}@imsp.local`;
  const password = 'bench password 1';
  const response = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bench User', email, password, role, department: 'Maintenance', phone: '' }),
  });
  if (response.status !== 201) throw new Error(`register: ${response.status} ${await response.text()}`);
  const { token, user } = (await response.json()) as { token: string; user: { _id: string; role: Role } };
  if (user.role !== role) await approve(base, user._id);
  return { email, password, headers: { authorization: `Bearer ${token}` } };
}

/**
 * An admin of the bench's own, seeded with the plant: a registration for any role but operator waits for
 * an admin (src/docs/permissions.md), and this one approves it.
 */
const approver = {
  name: 'Bench Approver',
  email: 'bench.approver@imsp.local',
  password: 'bench approver 1',
  role: 'admin' as const,
  department: 'Maintenance',
};

async function approve(base: string, userId: string) {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: approver.email, password: approver.password }),
  });
  const { token } = (await login.json()) as { token: string };
  const response = await fetch(`${base}/api/users/${userId}/role-request`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ decision: 'approve' }),
  });
  if (response.status !== 200) throw new Error(`approve: ${response.status} ${await response.text()}`);
}

export async function registerAdmin(base: string): Promise<Record<string, string>> {
  return (await registerAccount(base, 'admin')).headers;
}
