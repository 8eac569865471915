import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { historyEntry } from '#shared/schemas/common.ts';
import { syncPage, type SyncPage } from '#shared/schemas/sync.ts';
import { authResponse, managedUser } from '#shared/schemas/user.ts';
import { createTestApp, machineInput, registerUser, type Account, type TestApp } from './helpers/app.ts';

let t: TestApp;
let admin: Account;
let secondAdmin: Account;
beforeAll(async () => {
  t = await createTestApp();
  admin = await registerUser(t.app, 'admin');
  secondAdmin = await registerUser(t.app, 'admin');
});
afterAll(() => t.close());

/** Registers through the API as the form does, without the test helpers' approval. */
async function register(role: string, name: string) {
  const email = `${name.toLowerCase().replace(' ', '.')}.${crypto.randomUUID().slice(0, 6)}@plant.test`;
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { name, email, password: 'correct horse 1', role, department: 'Casting', phone: '' },
  });
  expect(response.statusCode).toBe(201);
  const body = authResponse.parse(response.json());
  return { ...body, headers: { authorization: `Bearer ${body.token}` } };
}

async function inboxOf(headers: { authorization: string }): Promise<SyncPage['inbox']> {
  const response = await t.app.inject({ url: '/api/sync?cursor=0&limit=2000', headers });
  expect(response.statusCode).toBe(200);
  return syncPage.parse(response.json()).inbox;
}

const decide = (id: string, decision: string, by: Account = admin) =>
  t.app.inject({ method: 'POST', url: `/api/users/${id}/role-request`, headers: by.headers, payload: { decision } });

describe('a registration for a privileged role', () => {
  it('makes an operator with the role waiting, told to every admin', async () => {
    const { user, headers } = await register('maintenance_engineer', 'Ivo Petrak');
    expect(user).toMatchObject({ role: 'operator', requestedRole: 'maintenance_engineer' });
    // Signed in as an operator meanwhile.
    expect((await t.app.inject({ url: '/api/machines', headers })).statusCode).toBe(200);
    const machine = await t.app.inject({ method: 'POST', url: '/api/machines', headers, payload: machineInput() });
    expect(machine.statusCode).toBe(403);

    for (const each of [admin, secondAdmin]) {
      expect(await inboxOf(each.headers)).toContainEqual(
        expect.objectContaining({
          kind: 'roleRequest',
          entity: 'user',
          recordId: user._id,
          title: 'Ivo Petrak',
          detail: 'Asks for the Maintenance Engineer role',
          readAt: null,
        }),
      );
    }
    const listed = await t.app.inject({ url: '/api/users/accounts', headers: admin.headers });
    expect(
      z
        .array(managedUser)
        .parse(listed.json())
        .find((one) => one._id === user._id)?.requestedRole,
    ).toBe('maintenance_engineer');
  });

  it('approved: the role applies to the next request, the requester is told, the request is done for all admins', async () => {
    const { user, headers } = await register('safety_officer', 'Mara Lind');
    expect((await t.app.inject({ url: '/api/analytics/tickets/mttr', headers })).statusCode).toBe(403);

    const approved = await decide(user._id, 'approve');
    expect(approved.statusCode).toBe(200);
    expect(managedUser.parse(approved.json())).toMatchObject({ role: 'safety_officer', requestedRole: null });
    expect((await t.app.inject({ url: '/api/analytics/tickets/mttr', headers })).statusCode).toBe(200);
    const me = await t.app.inject({ url: '/api/auth/me', headers });
    expect(me.json()).toMatchObject({ user: { role: 'safety_officer', requestedRole: null } });

    expect(await inboxOf(headers)).toContainEqual(
      expect.objectContaining({
        kind: 'roleDecided',
        recordId: user._id,
        detail: 'Safety Officer role approved',
        by: { _id: admin._id, name: admin.name },
      }),
    );
    const request = (await inboxOf(secondAdmin.headers)).find(
      (entry) => entry.kind === 'roleRequest' && entry.recordId === user._id,
    );
    expect(request?.readAt).not.toBeNull();

    const again = await decide(user._id, 'decline', secondAdmin);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'Mara Lind has no role request waiting: it was answered already.' });

    const entries = z
      .array(historyEntry)
      .parse((await t.app.inject({ url: `/api/users/${user._id}/history`, headers: admin.headers })).json());
    expect(
      entries.map(({ field, oldValue, newValue, changedBy }) => [field, oldValue, newValue, changedBy?._id]),
    ).toEqual([
      ['requestedRole', null, 'safety_officer', user._id],
      ['role', 'operator', 'safety_officer', admin._id],
      ['requestedRole', 'safety_officer', null, admin._id],
      ['roleRequest', null, 'approved', admin._id],
    ]);
  });

  it('declined: the user stays an operator and is told', async () => {
    const { user, headers } = await register('admin', 'Tomas Berg');
    const declined = await decide(user._id, 'decline');
    expect(managedUser.parse(declined.json())).toMatchObject({ role: 'operator', requestedRole: null });
    expect(await inboxOf(headers)).toContainEqual(
      expect.objectContaining({
        kind: 'roleDecided',
        detail: 'Administrator role declined: you stay Operator',
      }),
    );
    const entries = z
      .array(historyEntry)
      .parse((await t.app.inject({ url: `/api/users/${user._id}/history`, headers: admin.headers })).json());
    expect(entries.at(-1)).toMatchObject({ field: 'roleRequest', newValue: 'declined' });
  });

  it('is answered only by admins', async () => {
    const { user, headers } = await register('maintenance_engineer', 'Lea Horn');
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/users/${user._id}/role-request`,
      headers,
      payload: { decision: 'approve' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'The Operator role may not manage users.' });
    const bad = await decide(user._id, 'maybe');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'decision: Decision must be one of: approve, decline' });
  });

  it('an operator registration has nothing waiting', async () => {
    const { user } = await register('operator', 'Nils Ek');
    expect(user).toMatchObject({ role: 'operator', requestedRole: null });
  });
});

describe('the first account of an empty plant', () => {
  it('gets the role it chose, as nobody could approve it', async () => {
    const empty = await createTestApp();
    try {
      const response = await empty.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: {
          name: 'First Admin',
          email: 'first@plant.test',
          password: 'correct horse 1',
          role: 'admin',
          department: 'Maintenance',
        },
      });
      expect(authResponse.parse(response.json()).user).toMatchObject({ role: 'admin', requestedRole: null });
    } finally {
      await empty.close();
    }
  });
});
