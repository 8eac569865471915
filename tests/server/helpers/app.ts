import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp, type App } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { openDatabase, type Database } from '#server/db/client.ts';
import { openPglite } from '#server/db/pglite.ts';
import type { Role } from '#shared/enums.ts';
import { hashPassword } from '#server/lib/passwords.ts';

/** A fresh database on the PostgreSQL server `serverUrl`, and a way to drop it. */
export async function createScratchDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `imsp_test_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** PGlite in memory, restored from the run's migrated database when there is one (global-setup.ts). */
async function openMigratedPglite(): Promise<Database> {
  const migrated = inject('migratedPglite');
  return migrated
    ? openPglite(undefined, undefined, { restoreFrom: new Uint8Array(readFileSync(migrated)) })
    : openDatabase({});
}

/** PGlite in memory, or a fresh database on the PostgreSQL server named by TEST_DATABASE_URL. */
export async function openTestDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return { database: await openMigratedPglite(), drop: async () => {} };
  const { url, drop } = await createScratchDatabase(serverUrl);
  return { database: await openDatabase({ url }), drop };
}

export interface TestApp {
  app: App;
  database: Database;
  close(): Promise<void>;
}

export async function createTestApp(
  env: Record<string, string> = {},
  logStream?: NodeJS.WritableStream,
): Promise<TestApp> {
  const { database, drop } = await openTestDatabase();
  const app = await buildTestApp(database, env, logStream);
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
      await drop();
    },
  };
}

/** The app with the tests' configuration on an open database, which it leaves open when it closes. */
export async function buildTestApp(
  database: Database,
  env: Record<string, string> = {},
  logStream?: NodeJS.WritableStream,
): Promise<App> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'imsp-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    CLIENT_DIR: path.join(dataDir, 'no-client'),
    ...env,
  });
  const app = await buildApp({ config, database, closeDatabase: false, logStream });
  await app.ready();
  return app;
}

export interface Account {
  _id: string;
  token: string;
  role: Role;
  name: string;
  email: string;
  headers: { authorization: string };
}

let counter = 0;

/**
 * A registration for a role other than operator waits for an admin (registration-approval.test.ts tests
 * that); the other tests want the role at once, without the request's trace in admins' inboxes.
 */
async function grantRole(app: App, userId: string, role: Role) {
  await app.database.db.execute(sql`update users set role = ${role}, requested_role = null where id = ${userId}`);
  await app.database.db.execute(sql`delete from inbox_entries where kind = 'roleRequest' and record_id = ${userId}`);
  app.forgetAccount(userId);
}

/** The fixtures' one password, hashed once per test file: each hash takes half a second of a core. */
export const fixturePassword = 'correct horse 1';
let fixturePasswordHash: Promise<string> | undefined;

/**
 * An account of `role` with a token, made through the users repository (the register route is tested in
 * auth and registration tests; hashing a password for each fixture account would take most of a run).
 */
export async function registerUser(app: App, role: Role, overrides: Partial<{ name: string; email: string }> = {}) {
  counter += 1;
  const email = overrides.email ?? `${role}.${counter}.${randomUUID().slice(0, 8)}@plant.test`;
  const name = overrides.name ?? `${role} ${counter}`;
  fixturePasswordHash ??= hashPassword(fixturePassword);
  const profile = { name, email, role, department: 'Maintenance', phone: '555-0100' };
  const user = await app.repos.users.create({ ...profile, passwordHash: await fixturePasswordHash });
  if (user.role !== role) await grantRole(app, user._id, role);
  const token = app.issueToken({ _id: user._id, role, name });
  return { _id: user._id, token, role, name, email, headers: { authorization: `Bearer ${token}` } } satisfies Account;
}

/** One account of each role. */
export async function registerTeam(app: App) {
  const [admin, engineer, safety, operator] = await Promise.all([
    registerUser(app, 'admin'),
    registerUser(app, 'maintenance_engineer'),
    registerUser(app, 'safety_officer'),
    registerUser(app, 'operator'),
  ]);
  return { admin, engineer, safety, operator };
}

export const machineInput = (overrides: Record<string, unknown> = {}) => ({
  name: 'Potline 3 Crane',
  machineId: `PL3-CR-${randomUUID().slice(0, 6)}`,
  department: 'Smelting',
  location: 'Potroom B',
  model: 'PTM-40',
  manufacturer: 'Fives ECL',
  installationDate: '2019-04-12',
  specifications: { capacity: '40 t', power: '250 kW', dimensions: '30 x 8 m', weight: '120 t' },
  ...overrides,
});

export type Team = Awaited<ReturnType<typeof registerTeam>>;

/** A new machine, added by the team's admin; answers its id. */
export async function addMachine(t: { app: App; team: Team }, overrides: Record<string, unknown> = {}) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/machines',
    headers: t.team.admin.headers,
    payload: machineInput(overrides),
  });
  if (response.statusCode !== 201) throw new Error(`adding a machine failed: ${response.statusCode} ${response.body}`);
  return response.json<{ _id: string }>()._id;
}

/** A fresh app and database with one account per role for the tests of one file (filled in beforeAll). */
export function useTeamApp(): TestApp & { team: Team } {
  const holder = {} as TestApp & { team: Team };
  beforeAll(async () => {
    Object.assign(holder, await createTestApp());
    holder.team = await registerTeam(holder.app);
  });
  afterAll(() => holder.close?.());
  return holder;
}
