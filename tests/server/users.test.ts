import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { authResponse, user, userSummary } from '#shared/schemas/user.ts';
import { createTestApp, registerTeam, registerUser, type TestApp } from './helpers/app.ts';
import { errorMessage } from './helpers/json.ts';

const password = 'correct horse 1';
const uniqueEmail = (prefix: string) => `${prefix}.${randomUUID().slice(0, 8)}@plant.test`;

/** The original server's answers, which clients built for it read. */
const meAnswer = z.strictObject({ user: user.strict() });
const profileAnswer = z.strictObject({ message: z.string(), user: user.strict() });

/** Every response body of this file, checked at the end for anything password-like. */
const bodies: string[] = [];

function recorded(t: TestApp) {
  return async (options: InjectOptions) => {
    const response = await t.app.inject(options);
    bodies.push(response.body);
    return response;
  };
}

const registration = (overrides: Record<string, unknown> = {}) => ({
  name: 'Dana Kovac',
  email: uniqueEmail('dana'),
  password,
  role: 'maintenance_engineer',
  department: 'Casting',
  phone: '555-0142',
  ...overrides,
});

let t: TestApp;
let inject: ReturnType<typeof recorded>;
let team: Awaited<ReturnType<typeof registerTeam>>;

beforeAll(async () => {
  t = await createTestApp();
  inject = recorded(t);
  team = await registerTeam(t.app);
});
afterAll(() => t.close());

describe('GET /api/users', () => {
  it('lists every user as _id, name, role and department only', async () => {
    const response = await inject({ url: '/api/users', headers: team.operator.headers });
    expect(response.statusCode).toBe(200);
    const users = z.array(userSummary.strict()).parse(response.json());
    expect(users).toEqual(
      expect.arrayContaining([
        { _id: team.engineer._id, name: team.engineer.name, role: 'maintenance_engineer', department: 'Maintenance' },
      ]),
    );
    expect(response.body).not.toMatch(/email|password|hash|phone|scrypt/i);
  });

  it('needs a token', async () => {
    const response = await inject({ url: '/api/users' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Please sign in' });
  });
});

describe('register', () => {
  it('answers 201 with a token and the user, an operator until an admin approves the role asked for', async () => {
    const input = registration({ email: uniqueEmail('Mixed.Case').toUpperCase() });
    const response = await inject({ method: 'POST', url: '/api/auth/register', payload: input });
    expect(response.statusCode).toBe(201);
    const body = authResponse.parse(response.json());
    expect(body.user).toMatchObject({
      name: 'Dana Kovac',
      email: input.email.toLowerCase(),
      role: 'operator',
      requestedRole: 'maintenance_engineer',
      department: 'Casting',
      phone: '555-0142',
    });
    expect(Object.keys(body.user).sort()).toEqual(Object.keys(user.shape).sort());
    const me = await inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${body.token}` } });
    expect(meAnswer.parse(me.json()).user._id).toBe(body.user._id);
  });

  it('names the field in validation messages', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, 'name: Full name is required'],
      [{ email: 'not-an-email' }, 'email: Email must be a valid email address'],
      [{ password: 'short' }, 'password: Password must be at least 8 characters'],
      [{ password: undefined }, 'password: Password is required'],
      [{ role: 'superuser' }, 'role: Role must be one of: operator, maintenance_engineer, safety_officer, admin'],
      [
        { department: 'Safety' },
        'department: Department must be one of: Rolling Mill, Smelting, Casting, Quality Control, Maintenance',
      ],
    ];
    for (const [overrides, message] of cases) {
      const response = await inject({ method: 'POST', url: '/api/auth/register', payload: registration(overrides) });
      expect(response.statusCode, message).toBe(400);
      expect(response.json()).toEqual({ message });
    }
  });

  it('refuses an email that is already registered, whatever its case', async () => {
    const response = await inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: registration({ email: team.admin.email.toUpperCase() }),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'An account with this email already exists' });
  });

  it('offers only REGISTRATION_ROLES when the plant restricts them', async () => {
    const locked = await createTestApp({ REGISTRATION_ROLES: 'operator,maintenance_engineer' });
    try {
      const post = recorded(locked);
      const admin = await post({ method: 'POST', url: '/api/auth/register', payload: registration({ role: 'admin' }) });
      expect(admin.statusCode).toBe(403);
      expect(admin.json()).toEqual({ message: 'Self-registration as Administrator is not allowed at this plant' });
      const operator = await post({
        method: 'POST',
        url: '/api/auth/register',
        payload: registration({ role: 'operator' }),
      });
      expect(operator.statusCode).toBe(201);
    } finally {
      await locked.close();
    }
  });
});

describe('login', () => {
  it('signs in with the right password, whatever the email case', async () => {
    const response = await inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: ` ${team.safety.email.toUpperCase()} `, password },
    });
    expect(response.statusCode).toBe(200);
    const body = authResponse.parse(response.json());
    expect(body.user).toMatchObject({ _id: team.safety._id, role: 'safety_officer' });
    expect(Date.now() - Date.parse(body.user.lastLogin!)).toBeLessThan(60_000);
  });

  it('gives the same 401 for a wrong password and an unknown email', async () => {
    const wrong = await inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: team.admin.email, password: 'wrong horse 1' },
    });
    const unknown = await inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: uniqueEmail('nobody'), password },
    });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Invalid email or password' });
    }
  });

  it('names the missing field', async () => {
    const response = await inject({ method: 'POST', url: '/api/auth/login', payload: { email: team.admin.email } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'password: Password is required' });
  });
});

describe('me', () => {
  it('answers 401 without a token or with a bad one, 200 with a good one', async () => {
    const none = await inject({ url: '/api/auth/me' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ message: 'Please sign in' });
    const forged = await inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${team.admin.token}x` } });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual({ message: 'Your session has expired. Please sign in again.' });
    const me = await inject({ url: '/api/auth/me', headers: team.admin.headers });
    expect(me.statusCode).toBe(200);
    expect(meAnswer.parse(me.json()).user).toMatchObject({
      _id: team.admin._id,
      name: team.admin.name,
      email: team.admin.email,
    });
  });
});

describe('profile', () => {
  it('changes only the fields sent', async () => {
    const account = await registerUser(t.app, 'operator');
    const response = await inject({
      method: 'PUT',
      url: '/api/auth/profile',
      headers: account.headers,
      payload: { phone: '555-0199' },
    });
    expect(response.statusCode).toBe(200);
    const answer = profileAnswer.parse(response.json());
    expect(answer.message).toBe('Profile updated successfully');
    expect(answer.user).toMatchObject({
      name: account.name,
      email: account.email,
      phone: '555-0199',
      department: 'Maintenance',
    });

    const moved = await inject({
      method: 'PUT',
      url: '/api/auth/profile',
      headers: account.headers,
      payload: { department: 'Operations', email: account.email.toUpperCase(), name: 'Renamed Operator' },
    });
    expect(moved.statusCode).toBe(200);
    expect(profileAnswer.parse(moved.json()).user).toMatchObject({
      name: 'Renamed Operator',
      email: account.email,
      phone: '555-0199',
      department: 'Operations',
    });
  });

  it('refuses an email another account uses (409) and a department outside the profile list (400)', async () => {
    const account = await registerUser(t.app, 'operator');
    const taken = await inject({
      method: 'PUT',
      url: '/api/auth/profile',
      headers: account.headers,
      payload: { email: team.admin.email },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ message: 'An account with this email already exists' });
    const department = await inject({
      method: 'PUT',
      url: '/api/auth/profile',
      headers: account.headers,
      payload: { department: 'Canteen' },
    });
    expect(department.statusCode).toBe(400);
    expect(errorMessage(department)).toBe(
      'department: Department must be one of: Rolling Mill, Smelting, Casting, Quality Control, Maintenance, Safety, Operations',
    );
    const unsigned = await inject({ method: 'PUT', url: '/api/auth/profile', payload: { phone: '1' } });
    expect(unsigned.statusCode).toBe(401);
  });

  it('signs in with the new email after changing it', async () => {
    const account = await registerUser(t.app, 'safety_officer');
    const email = uniqueEmail('new.address');
    await inject({ method: 'PUT', url: '/api/auth/profile', headers: account.headers, payload: { email } });
    const login = await inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
    expect(login.statusCode).toBe(200);
    const old = await inject({ method: 'POST', url: '/api/auth/login', payload: { email: account.email, password } });
    expect(old.statusCode).toBe(401);
  });
});

describe('rate limits', () => {
  // scrypt makes every sign-in take a while on a busy machine.
  const timeout = 120_000;
  afterEach(() => vi.useRealTimers());

  let addresses = 0;
  /** An address no test has used yet. */
  const newAddress = () => `10.0.${Math.floor(addresses / 250)}.${(addresses++ % 250) + 1}`;

  /** The app with these limits, and sign-ins to it from a given address. */
  function limitedApp(env: Record<string, string>) {
    const limited = {} as TestApp & { post: ReturnType<typeof recorded> };
    beforeAll(async () => {
      Object.assign(limited, await createTestApp(env));
      limited.post = recorded(limited);
    });
    afterAll(() => limited.close());
    const login = (remoteAddress: string, email: string, attempt = password) =>
      limited.post({ method: 'POST', url: '/api/auth/login', remoteAddress, payload: { email, password: attempt } });
    const fail = async (remoteAddress: string, email: string) =>
      expect((await login(remoteAddress, email, 'wrong horse 1')).statusCode).toBe(401);
    return { limited, login, fail };
  }

  describe('per address', () => {
    const { limited, login, fail } = limitedApp({ AUTH_RATE_LIMIT_IP: '3' });

    it('caps the failed attempts of one address trying many emails, but not its sign-ins', { timeout }, async () => {
      const account = await registerUser(limited.app, 'operator');
      const sprayer = newAddress();
      for (let attempt = 1; attempt <= 4; attempt += 1) {
        expect((await login(sprayer, account.email)).statusCode, `sign-in ${attempt}`).toBe(200);
      }
      for (let attempt = 1; attempt <= 3; attempt += 1) await fail(sprayer, uniqueEmail(`guess${attempt}`));
      const capped = await login(sprayer, uniqueEmail('guess4'));
      expect(capped.statusCode).toBe(429);
      expect(errorMessage(capped)).toBe(
        'Too many failed attempts from this address. Please wait 15 minutes and try again.',
      );
      expect(Number(capped.headers['retry-after'])).toBeGreaterThan(14 * 60);
      expect((await login(sprayer, account.email)).statusCode).toBe(429);
      const register = await limited.post({
        method: 'POST',
        url: '/api/auth/register',
        remoteAddress: sprayer,
        payload: registration(),
      });
      expect(register.statusCode).toBe(429);
      expect((await login(newAddress(), account.email)).statusCode).toBe(200);
    });
  });

  describe('per email and address', () => {
    const { limited, login, fail } = limitedApp({ AUTH_RATE_LIMIT_EMAIL_IP: '3', AUTH_RATE_LIMIT_MAX_DELAY: '4' });

    it('slow the address guessing a password; the right one from another address signs in', { timeout }, async () => {
      const account = await registerUser(limited.app, 'operator');
      const attacker = newAddress();
      for (let attempt = 1; attempt <= 3; attempt += 1) await fail(attacker, account.email);
      const slowed = await login(attacker, account.email);
      expect(slowed.statusCode).toBe(429);
      expect(slowed.headers['retry-after']).toBe('1');
      expect(errorMessage(slowed)).toBe(
        'Too many failed sign-ins for this email from this address. Please wait 1 second and try again.',
      );
      expect((await login(newAddress(), account.email)).statusCode).toBe(200);
      // Other emails from the attacker's address are counted on their own.
      await fail(attacker, uniqueEmail('other'));
    });

    it(
      'make each next attempt wait twice as long, up to AUTH_RATE_LIMIT_MAX_DELAY, attempts sent at once too',
      { timeout },
      async () => {
        const account = await registerUser(limited.app, 'operator');
        const attacker = newAddress();
        vi.useFakeTimers({ toFake: ['Date'] });
        for (let attempt = 1; attempt <= 3; attempt += 1) await fail(attacker, account.email);
        const waits: number[] = [];
        for (let round = 1; round <= 4; round += 1) {
          const refused = await login(attacker, account.email, 'wrong horse 1');
          expect(refused.statusCode, `round ${round}`).toBe(429);
          waits.push(Number(refused.headers['retry-after']));
          vi.setSystemTime(Date.now() + waits.at(-1)! * 1000);
          const atOnce = await Promise.all([1, 2].map(() => login(attacker, account.email, 'wrong horse 1')));
          expect(atOnce.map((answer) => answer.statusCode).toSorted()).toEqual([401, 429]);
        }
        expect(waits).toEqual([1, 2, 4, 4]);
      },
    );

    it('start again from nothing after the right password', { timeout }, async () => {
      const account = await registerUser(limited.app, 'operator');
      const owner = newAddress();
      vi.useFakeTimers({ toFake: ['Date'] });
      for (let attempt = 1; attempt <= 3; attempt += 1) await fail(owner, account.email);
      vi.setSystemTime(Date.now() + 1000);
      expect((await login(owner, account.email)).statusCode).toBe(200);
      for (let attempt = 1; attempt <= 3; attempt += 1) await fail(owner, account.email);
      expect((await login(owner, account.email)).statusCode).toBe(429);
    });
  });
});

describe('secrets', () => {
  it('never sends a password or its hash in any response of this file', () => {
    expect(bodies.length).toBeGreaterThan(20);
    for (const body of bodies) {
      expect(body).not.toContain(password);
      expect(body).not.toMatch(/scrypt\$|passwordHash|password_hash/);
    }
  });
});
