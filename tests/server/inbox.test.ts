import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { incident } from '#shared/schemas/incident.ts';
import type { InboxEntry } from '#shared/schemas/inbox.ts';
import { syncPage } from '#shared/schemas/sync.ts';
import { ticket } from '#shared/schemas/ticket.ts';
import { type Account, addMachine, registerUser, useTeamApp } from './helpers/app.ts';
import { errorMessage } from './helpers/json.ts';

const t = useTeamApp();

function send(account: Account, method: 'POST' | 'PUT', url: string, payload: object, changeId = randomUUID()) {
  return t.app.inject({ method, url, payload, headers: { ...account.headers, 'x-change-id': changeId } });
}

/** Everything the account's core feed holds for its inbox, from the start. */
async function inboxOf(account: Account): Promise<InboxEntry[]> {
  const entries = new Map<string, InboxEntry>();
  let cursor = '';
  for (;;) {
    const response = await t.app.inject({
      url: `/api/sync?scope=core&limit=1000&cursor=${cursor}`,
      headers: account.headers,
    });
    const page = syncPage.parse(response.json());
    for (const entry of page.inbox) entries.set(entry.key, entry);
    cursor = page.cursor;
    if (!page.hasMore) return [...entries.values()];
  }
}

async function reportedTicket(reporter: Account) {
  const machine = await addMachine(t);
  const response = await send(reporter, 'POST', '/api/tickets', {
    title: 'Hydraulic leak on the coiler',
    description: 'Oil under the mandrel',
    machine,
    priority: 'High',
    category: 'Mechanical',
  });
  expect(response.statusCode, response.body).toBe(201);
  return ticket.parse(response.json());
}

describe('the inbox', () => {
  it('tells an assignee, and the reporter of what others changed, once however often the change is replayed', async () => {
    const reporter = await registerUser(t.app, 'operator');
    const assignee = await registerUser(t.app, 'maintenance_engineer');
    const created = await reportedTicket(reporter);
    const changeId = randomUUID();
    const patch = { assignedTo: assignee._id, status: 'In Progress' };
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const response = await send(t.team.admin, 'PUT', `/api/tickets/${created._id}`, patch, changeId);
      expect(response.statusCode, response.body).toBe(200);
    }

    const assigned = await inboxOf(assignee);
    expect(assigned).toEqual([
      expect.objectContaining({
        key: `assigned:${created._id}:2`,
        kind: 'assigned',
        entity: 'ticket',
        recordId: created._id,
        title: `${created.ticketNumber} Hydraulic leak on the coiler`,
        by: { _id: t.team.admin._id, name: t.team.admin.name },
        readAt: null,
      }),
    ]);
    const told = await inboxOf(reporter);
    expect(told).toEqual([
      expect.objectContaining({
        key: `changed:${created._id}:2`,
        kind: 'changed',
        detail: `Status → In Progress, Assignee → ${assignee.name}`,
      }),
    ]);
    expect(await inboxOf(t.team.admin), 'the one who made the change is not told').toEqual([]);
  });

  it('tells the reporter and the assignee of a comment by someone else, not its author', async () => {
    const reporter = await registerUser(t.app, 'operator');
    const assignee = await registerUser(t.app, 'maintenance_engineer');
    const created = await reportedTicket(reporter);
    await send(t.team.admin, 'PUT', `/api/tickets/${created._id}`, { assignedTo: assignee._id });
    const commentId = randomUUID();
    const response = await send(assignee, 'POST', `/api/tickets/${created._id}/comments`, {
      _id: commentId,
      comment: 'Seal ordered,\n fitting it on the night shift',
    });
    expect(response.statusCode, response.body).toBe(201);

    const comments = (entries: InboxEntry[]) => entries.filter((entry) => entry.kind === 'comment');
    expect(comments(await inboxOf(reporter))).toEqual([
      expect.objectContaining({ key: `comment:${commentId}`, detail: 'Seal ordered, fitting it on the night shift' }),
    ]);
    expect(comments(await inboxOf(assignee))).toEqual([]);
  });

  it('tells safety officers and admins of a critical incident, and an owner of the action given to them', async () => {
    const officer = await registerUser(t.app, 'safety_officer');
    const reported = await send(t.team.operator, 'POST', '/api/incidents', {
      title: 'Molten metal spill at the caster',
      description: 'Breakout at casting pit 2',
      location: 'Cast house',
      department: 'Casting',
      severity: 'Critical',
      incidentDate: new Date().toISOString(),
    });
    expect(reported.statusCode, reported.body).toBe(201);
    const { _id } = incident.parse(reported.json());
    const critical: unknown = expect.objectContaining({ key: `critical:${_id}`, kind: 'critical', entity: 'incident' });
    expect(await inboxOf(officer)).toEqual([critical]);
    expect((await inboxOf(t.team.admin)).filter((entry) => entry.recordId === _id)).toEqual([critical]);
    expect((await inboxOf(t.team.operator)).filter((entry) => entry.recordId === _id)).toEqual([]);

    const actionId = randomUUID();
    const added = await send(officer, 'POST', `/api/incidents/${_id}/actions`, {
      _id: actionId,
      title: 'Dry the casting pit before each drop',
      owner: t.team.engineer._id,
      dueDate: '2026-12-01',
    });
    expect(added.statusCode, added.body).toBe(201);
    expect((await inboxOf(t.team.engineer)).filter((entry) => entry.recordId === _id)).toEqual([
      expect.objectContaining({
        key: `action:${actionId}:${t.team.engineer._id}`,
        kind: 'action',
        detail: 'Dry the casting pit before each drop',
      }),
    ]);
  });

  it('marks entries read for every device of the user, once, and keeps marks of entries the devices derive', async () => {
    const reporter = await registerUser(t.app, 'operator');
    const assignee = await registerUser(t.app, 'maintenance_engineer');
    const created = await reportedTicket(reporter);
    await send(t.team.admin, 'PUT', `/api/tickets/${created._id}`, { assignedTo: assignee._id });
    const [entry] = await inboxOf(assignee);
    const derived = `maintenanceDue:${randomUUID()}:2026-11-24`;

    const read = (keys: string[]) =>
      t.app.inject({ method: 'POST', url: '/api/inbox/read', payload: { keys }, headers: assignee.headers });
    const first = await read([entry!.key, derived]);
    expect(first.json()).toEqual({ marked: 2 });
    expect((await read([entry!.key, derived])).json(), 'marking again changes nothing').toEqual({ marked: 0 });

    const entries = await inboxOf(assignee);
    expect(entries.find((candidate) => candidate.key === entry!.key)?.readAt).toEqual(expect.any(String));
    expect(entries.find((candidate) => candidate.key === derived)).toEqual(
      expect.objectContaining({ kind: 'mark', readAt: expect.any(String) as string }),
    );
    expect(await inboxOf(reporter), "another user's marks stay theirs").not.toContainEqual(
      expect.objectContaining({ key: derived }),
    );
  });

  it('answers bad marks with a message', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/inbox/read',
      payload: { keys: [] },
      headers: t.team.operator.headers,
    });
    expect(response.statusCode).toBe(400);
    expect(errorMessage(response)).toMatch(/keys must not be empty/);
  });
});
