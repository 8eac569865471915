import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { App } from '#server/app.ts';
import { historyEntry } from '#shared/schemas/common.ts';
import { authResponse, managedUser, resetCodeResponse } from '#shared/schemas/user.ts';
import {
  buildTestApp,
  createTestApp,
  registerTeam,
  registerUser,
  type Account,
  type Team,
  type TestApp,
} from './helpers/app.ts';
import { errorMessage } from './helpers/json.ts';

// Shared by a second server on the same database.
const secret = { JWT_SECRET: 'users-admin-test-secret-of-at-least-32-characters' };

let t: TestApp;
let team: Team;
beforeAll(async () => {
  t = await createTestApp(secret);
  team = await registerTeam(t.app);
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

const patch = (by: Account, id: string, payload: Record<string, unknown>, app: App = t.app) =>
  app.inject({ method: 'PATCH', url: `/api/users/${id}`, headers: by.headers, payload });
const history = async (id: string) => {
  const response = await t.app.inject({ url: `/api/users/${id}/history`, headers: team.admin.headers });
  expect(response.statusCode).toBe(200);
  return z.array(historyEntry).parse(response.json());
};
const signIn = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
const machines = (account: Account, app: App = t.app) => app.inject({ url: '/api/machines', headers: account.headers });

describe('the admins’ user list', () => {
  it('lists every account with its email, status and version, and finds by name or email', async () => {
    const all = await t.app.inject({ url: '/api/users/accounts', headers: team.admin.headers });
    expect(all.statusCode).toBe(200);
    const accounts = z.array(managedUser.strict()).parse(all.json());
    expect(accounts.find((one) => one._id === team.engineer._id)).toMatchObject({
      email: team.engineer.email,
      role: 'maintenance_engineer',
      active: true,
      requestedRole: null,
    });
    expect(all.body).not.toMatch(/hash|scrypt|password/i);

    const byEmail = await t.app.inject({
      url: `/api/users/accounts?search=${encodeURIComponent(team.safety.email.toUpperCase())}`,
      headers: team.admin.headers,
    });
    expect(
      z
        .array(managedUser)
        .parse(byEmail.json())
        .map((one) => one._id),
    ).toEqual([team.safety._id]);
    const byName = await t.app.inject({ url: `/api/users/accounts?search=operator%20`, headers: team.admin.headers });
    expect(
      z
        .array(managedUser)
        .parse(byName.json())
        .map((one) => one.name),
    ).toContain(team.operator.name);
  });

  it('is refused to everyone but admins, with the rule as { message }', async () => {
    for (const account of [team.engineer, team.safety, team.operator]) {
      const requests = [
        t.app.inject({ url: '/api/users/accounts', headers: account.headers }),
        patch(account, team.operator._id, { role: 'admin' }),
        t.app.inject({ method: 'POST', url: `/api/users/${team.operator._id}/reset-code`, headers: account.headers }),
        t.app.inject({ url: `/api/users/${team.operator._id}/history`, headers: account.headers }),
        t.app.inject({
          method: 'POST',
          url: `/api/users/${team.operator._id}/role-request`,
          headers: account.headers,
          payload: { decision: 'approve' },
        }),
      ];
      for (const response of await Promise.all(requests)) {
        expect(response.statusCode).toBe(403);
        expect(errorMessage(response)).toMatch(/role may not manage users\.$/);
      }
    }
  });
});

describe('changing a user', () => {
  it('sets role and department, applies the role at once on this server, and records who did it', async () => {
    const person = await registerUser(t.app, 'operator');
    expect((await t.app.inject({ url: '/api/analytics/tickets/mttr', headers: person.headers })).statusCode).toBe(403);
    const response = await patch(team.admin, person._id, { role: 'safety_officer', department: 'Safety' });
    expect(response.statusCode).toBe(200);
    expect(managedUser.parse(response.json())).toMatchObject({
      role: 'safety_officer',
      department: 'Safety',
      version: 2,
    });
    expect((await t.app.inject({ url: '/api/analytics/tickets/mttr', headers: person.headers })).statusCode).toBe(200);

    const entries = await history(person._id);
    expect(entries).toEqual([
      expect.objectContaining({
        version: 2,
        field: 'role',
        oldValue: 'operator',
        newValue: 'safety_officer',
        changedBy: { _id: team.admin._id, name: team.admin.name },
      }),
      expect.objectContaining({ version: 2, field: 'department', oldValue: 'Maintenance', newValue: 'Safety' }),
    ]);
    // Sending the same values again changes nothing.
    expect(managedUser.parse((await patch(team.admin, person._id, { role: 'safety_officer' })).json()).version).toBe(2);
  });

  it('refuses bad values and unknown users with { message }', async () => {
    const bad = await patch(team.admin, team.operator._id, { role: 'owner' });
    expect(bad.statusCode).toBe(400);
    expect(errorMessage(bad)).toMatch(/Role must be one of/);
    const empty = await patch(team.admin, team.operator._id, {});
    expect(empty.statusCode).toBe(400);
    expect(errorMessage(empty)).toMatch(/Say what to change/);
    const unknown = await patch(team.admin, crypto.randomUUID(), { department: 'Casting' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'User not found' });
  });

  it('never lets an admin demote or deactivate themselves', async () => {
    const demote = await patch(team.admin, team.admin._id, { role: 'operator' });
    expect(demote.statusCode).toBe(400);
    expect(demote.json()).toEqual({ message: 'You cannot change your own role. Another admin can.' });
    const deactivate = await patch(team.admin, team.admin._id, { active: false });
    expect(deactivate.json()).toEqual({ message: 'You cannot deactivate your own account. Another admin can.' });
    expect((await patch(team.admin, team.admin._id, { department: 'Operations' })).statusCode).toBe(200);
  });
});

describe('deactivating and reactivating', () => {
  it('ends the sessions within the recheck time on another server, refuses sign-in, and undoes it', async () => {
    const person = await registerUser(t.app, 'operator');
    const other = await buildTestApp(t.database, secret);
    try {
      expect((await machines(person, other)).statusCode).toBe(200);
      expect((await patch(team.admin, person._id, { active: false })).statusCode).toBe(200);

      // This server knows at once; another one within its recheck time (a minute).
      const here = await machines(person);
      expect(here.statusCode).toBe(401);
      expect(here.json()).toEqual({ message: 'This account has been deactivated. Ask an admin to reactivate it.' });
      expect((await machines(person, other)).statusCode).toBe(200);
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 60_000);
      expect((await machines(person, other)).statusCode).toBe(401);
      vi.useRealTimers();

      const refused = await signIn(person.email, 'correct horse 1');
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: 'This account has been deactivated. Ask an admin to reactivate it.' });
      const wrongPassword = await signIn(person.email, 'not the password');
      expect(wrongPassword.json()).toEqual({ message: 'Invalid email or password' });

      expect((await patch(team.admin, person._id, { active: true })).statusCode).toBe(200);
      expect((await signIn(person.email, 'correct horse 1')).statusCode).toBe(200);
      expect((await machines(person)).statusCode).toBe(200);
      expect((await history(person._id)).map(({ field, newValue }) => [field, newValue])).toEqual([
        ['active', false],
        ['active', true],
      ]);
    } finally {
      await other.close();
    }
  });
});

describe('a password reset code', () => {
  const issue = async (id: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/users/${id}/reset-code`,
      headers: team.admin.headers,
    });
    expect(response.statusCode).toBe(201);
    return resetCodeResponse.parse(response.json());
  };
  const reset = (email: string, code: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { email, code, password } });

  it('sets a new password once, signs the user in, and is recorded without the code', async () => {
    const person = await registerUser(t.app, 'operator');
    const { code, expiresAt } = await issue(person._id);
    expect(code).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(23 * 3_600_000);

    const wrong = await reset(person.email, 'AAAAA-AAAAA', 'brand new password');
    expect(wrong.statusCode).toBe(400);
    expect(errorMessage(wrong)).toMatch(/^This reset code is not valid/);

    // Typed in lower case without the dash, it still works.
    const done = await reset(person.email, code.toLowerCase().replace('-', ''), 'brand new password');
    expect(done.statusCode).toBe(200);
    expect(authResponse.parse(done.json()).user._id).toBe(person._id);
    expect((await signIn(person.email, 'brand new password')).statusCode).toBe(200);
    expect((await signIn(person.email, 'correct horse 1')).statusCode).toBe(401);

    const again = await reset(person.email, code, 'another password 2');
    expect(again.statusCode).toBe(400);
    expect(errorMessage(again)).toMatch(/used already or expired/);

    const entries = await history(person._id);
    expect(entries.map(({ field, changedBy }) => [field, changedBy?._id])).toEqual([
      ['passwordResetCode', team.admin._id],
      ['password', person._id],
    ]);
    expect(JSON.stringify(entries)).not.toContain(code);
  });

  it('expires after a day', async () => {
    const person = await registerUser(t.app, 'operator');
    const { code } = await issue(person._id);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 24 * 3_600_000 + 1000);
    const late = await reset(person.email, code, 'brand new password');
    expect(late.statusCode).toBe(400);
    expect(errorMessage(late)).toMatch(/^This reset code is not valid/);
  });

  it('is only issued by admins for active accounts', async () => {
    const person = await registerUser(t.app, 'operator');
    await patch(team.admin, person._id, { active: false });
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/users/${person._id}/reset-code`,
      headers: team.admin.headers,
    });
    expect(response.statusCode).toBe(400);
    expect(errorMessage(response)).toMatch(/is deactivated: reactivate it first/);
  });
});
