import { describe, expect, it } from 'vitest';
import { LocalDatabase } from '#client/data/store/db.ts';
import { markRead, pruneInbox, sendReadMarks } from '#client/data/sync/inbox-store.ts';
import { pullChanges } from '#client/data/sync/pull.ts';
import { createSyncStatus } from '#client/data/sync/sync-status.ts';
import { dueEntries, inboxItems } from '#client/features/inbox/inbox-entries.ts';
import { newId } from '#shared/ids.ts';
import { inboxDays } from '#shared/inbox.ts';
import type { Transport } from '#client/lib/api.ts';
import { useLiveDevice } from './helpers/device.ts';

const device = useLiveDevice('maintenance_engineer');

/** The inbox a device shows, the way the bell reads it (use-inbox.ts) without the time window. */
async function inboxOn(db: LocalDatabase) {
  const now = new Date();
  const [stored, incidents, schedules] = await Promise.all([
    db.inbox.toArray(),
    db.incidents.toArray(),
    db.schedules.toArray(),
  ]);
  return inboxItems(stored, dueEntries(device.account._id, incidents, schedules, now), now);
}

const pull = (db: LocalDatabase, transport: Transport = device.network.transport) =>
  pullChanges(db, transport, createSyncStatus());

async function asAdmin(method: 'POST' | 'PUT', url: string, payload: object) {
  const response = await device.server.t.app.inject({
    method,
    url,
    payload,
    headers: { ...device.admin.headers, 'x-change-id': newId() },
  });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json<{ _id: string }>();
}

/** A ticket the admin assigns to the device's user, and maintenance of theirs due an hour ago. */
async function workForTheUser() {
  const machine = await device.server.createMachine(device.admin);
  const ticket = await asAdmin('POST', '/api/tickets', {
    title: 'Coiler mandrel bearing runs hot',
    description: 'Reads 95 °C at full speed',
    machine: machine._id,
    priority: 'High',
    category: 'Mechanical',
  });
  await asAdmin('PUT', `/api/tickets/${ticket._id}`, { assignedTo: device.account._id });
  const schedule = await asAdmin('POST', '/api/maintenance', {
    title: 'Grease the coiler bearings',
    machine: machine._id,
    scheduledDate: new Date(Date.now() - 3_600_000).toISOString(),
    assignedTo: device.account._id,
  });
  return { ticket, schedule };
}

describe('the inbox on devices', () => {
  it('shows each entry once across pulls and devices, and a mark made offline on one reaches the other', async () => {
    const { ticket, schedule } = await workForTheUser();
    const other = new LocalDatabase(`test-${newId()}`);
    await pull(device.db);
    await pull(device.db);
    await pull(other);

    const shown = await inboxOn(device.db);
    expect(shown.map((item) => [item.kind, item.recordId, item.unread])).toEqual(
      expect.arrayContaining([
        ['assigned', ticket._id, true],
        ['maintenanceDue', schedule._id, true],
      ]),
    );
    expect(shown).toHaveLength(2);
    expect((await inboxOn(other)).map((item) => item.key)).toEqual(shown.map((item) => item.key));

    device.network.isDown = true;
    await markRead(device.db, shown, new Date());
    await sendReadMarks(device.db, device.network.transport);
    expect(
      (await inboxOn(device.db)).filter((item) => item.unread),
      'read at once offline',
    ).toEqual([]);
    expect(await device.db.inbox.where('readPending').equals(1).count(), 'the marks wait').toBe(2);

    device.network.isDown = false;
    await pull(device.db);
    expect(
      (await inboxOn(device.db)).filter((item) => item.unread),
      'a pull keeps marks not sent yet',
    ).toEqual([]);
    await sendReadMarks(device.db, device.network.transport);
    expect(await device.db.inbox.where('readPending').equals(1).count()).toBe(0);

    await pull(other);
    const onOther = await inboxOn(other);
    expect(onOther).toHaveLength(2);
    expect(
      onOther.filter((item) => item.unread),
      'read on the other device too',
    ).toEqual([]);
  });

  it('sends a mark again when its answer was lost, and the server counts it once', async () => {
    await workForTheUser();
    await pull(device.db);
    const [first] = (await inboxOn(device.db)).filter((item) => item.kind === 'assigned');
    await markRead(device.db, [first!], new Date());
    let answers = 0;
    const losesAnswers: Transport = {
      ...device.network.transport,
      fetch: async (...args) => {
        await device.network.transport.fetch(...args);
        answers += 1;
        throw new TypeError('Failed to fetch');
      },
    };
    await sendReadMarks(device.db, losesAnswers);
    expect(answers).toBe(1);
    await sendReadMarks(device.db, device.network.transport);
    const again = await device.server.t.app.inject({
      method: 'POST',
      url: '/api/inbox/read',
      payload: { keys: [first!.key] },
      headers: device.account.headers,
    });
    expect(again.json(), 'marked once, by the first try').toEqual({ marked: 0 });
  });

  it('leaves out entries older than the inbox reaches, and derives due actions for tomorrow only', () => {
    const now = new Date('2026-11-24T10:00:00');
    const old = new Date(now.getTime() - (inboxDays + 1) * 86_400_000).toISOString();
    const entry = {
      key: 'comment:x',
      kind: 'comment' as const,
      entity: 'ticket' as const,
      recordId: null,
      title: 'TKT-000001',
      detail: '',
      by: null,
      at: old,
      readAt: null,
    };
    expect(inboxItems([entry], [], now)).toEqual([]);
    const action = (dueDate: string, status: 'Open' | 'Done') => ({
      _id: newId(),
      title: `Guard due ${dueDate}`,
      kind: 'corrective' as const,
      owner: { _id: 'me', name: 'Me' },
      dueDate,
      status,
      doneAt: null,
      verifiedBy: null,
      verifiedAt: null,
      ticket: null,
      createdAt: old,
    });
    const incident = {
      _id: newId(),
      incidentNumber: 'INC-000007',
      title: 'Guard open',
      actions: [action('2026-11-25', 'Open'), action('2026-11-25', 'Done'), action('2026-11-26', 'Open')],
    };
    const due = dueEntries('me', [incident as never], [], now);
    expect(due.map((item) => [item.kind, item.detail])).toEqual([['actionDue', 'Guard due 2026-11-25']]);
  });

  it('forgets entries older than the inbox shows, but not a mark still to be sent', async () => {
    const now = new Date();
    const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();
    const entry = (key: string, at: string) => ({
      key,
      kind: 'comment' as const,
      entity: 'ticket' as const,
      recordId: null,
      title: 'TKT-000001',
      detail: '',
      by: null,
      at,
      readAt: null,
    });
    await device.db.inbox.bulkPut([
      entry('comment:old', daysAgo(inboxDays + 2)),
      { ...entry('mark:old', daysAgo(inboxDays + 2)), readAt: daysAgo(inboxDays + 2), readPending: 1 as const },
      entry('comment:new', daysAgo(1)),
    ]);
    expect(await pruneInbox(device.db, now)).toBe(1);
    expect((await device.db.inbox.toArray()).map((row) => row.key).sort()).toEqual(['comment:new', 'mark:old']);
  });
});
