import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { actionFigures } from '#shared/schemas/analytics.ts';
import { incident, type Incident } from '#shared/schemas/incident.ts';
import { ticket } from '#shared/schemas/ticket.ts';
import { type Account, addMachine, useTeamApp } from './helpers/app.ts';
import { errorMessage } from './helpers/json.ts';
import { multipart } from './helpers/multipart.ts';
import type { InboxEntry } from '#shared/schemas/inbox.ts';
import { syncPage } from '#shared/schemas/sync.ts';

const t = useTeamApp();

function send(
  account: Account,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method,
    url,
    payload,
    headers: { ...account.headers, 'x-change-id': randomUUID(), ...headers },
  });
}

async function reportedIncident(): Promise<Incident> {
  const response = await send(t.team.operator, 'POST', '/api/incidents', {
    title: 'Hand near the press rollers',
    description: 'Guard was open during a coil change',
    location: 'Rolling mill stand 2',
    department: 'Rolling Mill',
    incidentDate: new Date().toISOString(),
  });
  expect(response.statusCode, response.body).toBe(201);
  return incident.parse(response.json());
}

async function addAction(incidentId: string, title: string, owner: Account, _id: string = randomUUID()) {
  const response = await send(t.team.safety, 'POST', `/api/incidents/${incidentId}/actions`, {
    _id,
    title,
    kind: 'corrective',
    owner: owner._id,
    dueDate: '2026-12-01',
  });
  expect(response.statusCode, response.body).toBe(201);
  return { _id, record: incident.parse(response.json()) };
}

/** The account's inbox entries about this incident, from its core feed. */
async function inboxAbout(account: Account, incidentId: string): Promise<InboxEntry[]> {
  const response = await t.app.inject({ url: '/api/sync?scope=core&limit=1000', headers: account.headers });
  return syncPage.parse(response.json()).inbox.filter((entry) => entry.recordId === incidentId);
}

async function attachPhoto(incidentId: string, by: Account): Promise<string> {
  const _id = randomUUID();
  const png = Buffer.alloc(256);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(png);
  const { payload, contentType } = multipart([
    { name: '_id', value: _id },
    { name: 'file', filename: 'guard-fitted.png', type: 'image/png', data: png },
  ]);
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/incidents/${incidentId}/attachments`,
    headers: { ...by.headers, 'content-type': contentType },
    payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return _id;
}

const actionUrl = (incidentId: string, actionId: string) => `/api/incidents/${incidentId}/actions/${actionId}`;

describe('investigations and corrective actions', () => {
  it('adds an action once per client id and answers it with owner names on GET and list', async () => {
    const report = await reportedIncident();
    const { _id, record } = await addAction(report._id, 'Interlock the stand 2 guard', t.team.engineer);
    expect(record.actions).toEqual([
      expect.objectContaining({
        _id,
        title: 'Interlock the stand 2 guard',
        status: 'Open',
        owner: { _id: t.team.engineer._id, name: t.team.engineer.name },
        ticket: null,
      }),
    ]);
    const replay = await send(t.team.safety, 'POST', `/api/incidents/${report._id}/actions`, {
      _id,
      title: 'Interlock the stand 2 guard',
      owner: t.team.engineer._id,
      dueDate: '2026-12-01',
    });
    expect(replay.statusCode).toBe(200);
    expect(incident.parse(replay.json()).actions).toHaveLength(1);

    const read = incident.parse((await send(t.team.operator, 'GET', `/api/incidents/${report._id}`)).json());
    expect(read.actions.map((action) => action._id)).toEqual([_id]);
    const list = await send(
      t.team.operator,
      'GET',
      `/api/incidents?search=${encodeURIComponent(report.incidentNumber)}`,
    );
    expect(list.json<{ incidents: Incident[] }>().incidents[0]!.actions).toHaveLength(1);
  });

  it('keeps the investigation with the incident, editable by safety staff only', async () => {
    const report = await reportedIncident();
    const investigation = {
      rootCause: 'Guard interlock bypassed',
      whys: ['Guard was open', 'Interlock was bridged', 'Coil changes took too long'],
      contributingFactors: 'Night shift, new crew',
    };
    const saved = await send(t.team.safety, 'PUT', `/api/incidents/${report._id}`, { investigation });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(incident.parse(saved.json()).investigation).toEqual(investigation);
    // The same value again is no change (and no refusal): an operator's different one is refused.
    const mine = { ...investigation, rootCause: 'Operator error' };
    const refused = await send(t.team.operator, 'PUT', `/api/incidents/${report._id}`, { investigation: mine });
    expect(refused.statusCode).toBe(403);
    const tooMany = await send(t.team.safety, 'PUT', `/api/incidents/${report._id}`, {
      investigation: { ...investigation, whys: ['1', '2', '3', '4', '5', '6'] },
    });
    expect(errorMessage(tooMany)).toMatch(/At most five whys/);
  });

  it('lets the owner mark Done, safety staff verify, and refuses everyone else with a message', async () => {
    const report = await reportedIncident();
    const { _id } = await addAction(report._id, 'Retrain the night crew', t.team.operator);
    const url = actionUrl(report._id, _id);

    const notOwner = await send(t.team.engineer, 'PATCH', url, { status: 'Done' });
    expect(notOwner.statusCode).toBe(403);
    expect(errorMessage(notOwner)).toMatch(/owner, a safety officer or an admin/);
    const tooEarly = await send(t.team.safety, 'PATCH', url, { status: 'Verified' });
    expect(errorMessage(tooEarly)).toBe('An action is verified after its owner marked it Done');
    const ownerEdits = await send(t.team.operator, 'PATCH', url, { dueDate: '2027-01-01' });
    expect(ownerEdits.statusCode).toBe(403);

    const done = await send(t.team.operator, 'PATCH', url, { status: 'Done' }, { 'if-match': '"2"' });
    expect(done.statusCode, done.body).toBe(200);
    const doneAction = incident.parse(done.json()).actions[0]!;
    expect(doneAction.status).toBe('Done');
    expect(doneAction.doneAt).not.toBeNull();
    const ownerVerifies = await send(t.team.operator, 'PATCH', url, { status: 'Verified' });
    expect(errorMessage(ownerVerifies)).toBe('Only a safety officer or an admin may verify an action');
    const verified = await send(t.team.safety, 'PATCH', url, { status: 'Verified' });
    expect(incident.parse(verified.json()).actions[0]).toMatchObject({
      status: 'Verified',
      verifiedBy: { _id: t.team.safety._id, name: t.team.safety.name },
    });
    const ownerReopens = await send(t.team.operator, 'PATCH', url, { status: 'Open' });
    expect(errorMessage(ownerReopens)).toMatch(/verified action may be reopened by a safety officer/);

    const history = await send(t.team.safety, 'GET', `/api/incidents/${report._id}/history`);
    expect(history.json<{ field: string }[]>().map((entry) => entry.field)).toEqual(
      expect.arrayContaining([`actions.${_id}`, `actions.${_id}.status`]),
    );
    const missing = await send(t.team.safety, 'PATCH', actionUrl(report._id, randomUUID()), { status: 'Done' });
    expect(missing.statusCode).toBe(404);
    const empty = await send(t.team.safety, 'PATCH', url, {});
    expect(errorMessage(empty)).toMatch(/Say what to change/);
    const noOwner = await send(t.team.safety, 'POST', `/api/incidents/${report._id}/actions`, {
      _id: randomUUID(),
      title: 'x',
      owner: randomUUID(),
      dueDate: '2026-12-01',
    });
    expect(errorMessage(noOwner)).toBe('owner: no user has this id');
  });

  it('marks Done with a note and photos of the incident, tells the verifiers once, and reopening drops them', async () => {
    const report = await reportedIncident();
    const { _id } = await addAction(report._id, 'Fit a fixed guard on stand 2', t.team.operator);
    const url = actionUrl(report._id, _id);
    const photo = await attachPhoto(report._id, t.team.operator);

    const noteAlone = await send(t.team.operator, 'PATCH', url, { note: 'Guard fitted' });
    expect(errorMessage(noteAlone)).toMatch(/note and evidence go with marking the action Done/);
    const foreign = await send(t.team.operator, 'PATCH', url, { status: 'Done', evidence: [randomUUID()] });
    expect(errorMessage(foreign)).toBe('Evidence must be files attached to this incident');

    const changeId = randomUUID();
    const patch = { status: 'Done', note: 'Guard fitted and interlock tested', evidence: [photo] };
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const done = await send(t.team.operator, 'PATCH', url, patch, { 'x-change-id': changeId });
      expect(done.statusCode, done.body).toBe(200);
      expect(incident.parse(done.json()).actions[0]).toMatchObject({
        status: 'Done',
        doneNote: 'Guard fitted and interlock tested',
        evidence: [photo],
      });
    }
    const told: unknown = expect.objectContaining({
      kind: 'actionDone',
      entity: 'incident',
      detail: 'Fit a fixed guard on stand 2: Guard fitted and interlock tested',
      by: { _id: t.team.operator._id, name: t.team.operator.name },
    });
    const toldOf = (entries: InboxEntry[]) => entries.filter((entry) => entry.kind === 'actionDone');
    expect(toldOf(await inboxAbout(t.team.safety, report._id)), 'once, though replayed').toEqual([told]);
    expect(toldOf(await inboxAbout(t.team.admin, report._id))).toEqual([told]);
    expect(toldOf(await inboxAbout(t.team.engineer, report._id))).toEqual([]);
    expect(toldOf(await inboxAbout(t.team.operator, report._id)), 'not the owner who did it').toEqual([]);

    const history = await send(t.team.safety, 'GET', `/api/incidents/${report._id}/history`);
    expect(history.json<{ field: string; newValue: unknown }[]>()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: `actions.${_id}.note`, newValue: 'Guard fitted and interlock tested' }),
        expect.objectContaining({ field: `actions.${_id}.evidence`, newValue: [photo] }),
      ]),
    );
    const reopened = await send(t.team.safety, 'PATCH', url, { status: 'Open' });
    expect(incident.parse(reopened.json()).actions[0]).toMatchObject({ status: 'Open', doneNote: '', evidence: [] });
  });

  it('closes only when every action is verified, unless an admin gives a reason', async () => {
    const report = await reportedIncident();
    const first = await addAction(report._id, 'Fit a fixed guard', t.team.engineer);
    await addAction(report._id, 'Update the coil change procedure', t.team.safety);
    const close = (account: Account, extra: object = {}) =>
      send(account, 'PUT', `/api/incidents/${report._id}`, { status: 'Closed', ...extra });

    const refused = await close(t.team.safety);
    expect(refused.statusCode).toBe(409);
    expect(errorMessage(refused)).toBe(
      `${report.incidentNumber} can be closed once every action is verified: 2 actions are not ("Fit a fixed guard" (Open), "Update the coil change procedure" (Open)). An admin may close it anyway with a reason.`,
    );
    const officerOverride = await close(t.team.safety, { closeReason: 'Plant closing' });
    expect(officerOverride.statusCode).toBe(403);

    const overridden = await close(t.team.admin, { closeReason: 'Line decommissioned; actions moved to project 42' });
    expect(overridden.statusCode, overridden.body).toBe(200);
    expect(incident.parse(overridden.json()).status).toBe('Closed');
    const history = await send(t.team.admin, 'GET', `/api/incidents/${report._id}/history`);
    expect(history.json<{ field: string; newValue: unknown }[]>()).toContainEqual(
      expect.objectContaining({ field: 'closeReason', newValue: 'Line decommissioned; actions moved to project 42' }),
    );
    const closedAdd = await send(t.team.safety, 'POST', `/api/incidents/${report._id}/actions`, {
      _id: randomUUID(),
      title: 'Late action',
      owner: t.team.safety._id,
      dueDate: '2026-12-01',
    });
    expect(errorMessage(closedAdd)).toBe(`${report.incidentNumber} is closed: reopen it to add actions`);

    const other = await reportedIncident();
    const only = await addAction(other._id, 'Fit a fixed guard', t.team.engineer);
    await send(t.team.engineer, 'PATCH', actionUrl(other._id, only._id), { status: 'Done' });
    await send(t.team.safety, 'PATCH', actionUrl(other._id, only._id), { status: 'Verified' });
    const closed = await send(t.team.safety, 'PUT', `/api/incidents/${other._id}`, { status: 'Closed' });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(first._id).not.toBe(only._id);
  });

  it('counts open, overdue, awaiting and verified actions and the days to close on Analytics', async () => {
    const figures = async () =>
      actionFigures.parse((await send(t.team.safety, 'GET', '/api/analytics/incidents/actions')).json());
    const before = await figures();
    const report = await reportedIncident();
    const late = await send(t.team.safety, 'POST', `/api/incidents/${report._id}/actions`, {
      _id: randomUUID(),
      title: 'Overdue guard check',
      owner: t.team.engineer._id,
      dueDate: '2020-01-01',
    });
    expect(late.statusCode).toBe(201);
    const { _id } = await addAction(report._id, 'Verified soon', t.team.engineer);
    await send(t.team.engineer, 'PATCH', actionUrl(report._id, _id), { status: 'Done' });
    const awaiting = await figures();
    expect(awaiting).toMatchObject({ open: before.open + 1, overdue: before.overdue + 1, done: before.done + 1 });
    await send(t.team.safety, 'PATCH', actionUrl(report._id, _id), { status: 'Verified' });
    const after = await figures();
    expect(after).toMatchObject({ done: before.done, verified: before.verified + 1 });
    expect(after.averageDaysToClose).toBeGreaterThanOrEqual(0);
    expect((await send(t.team.operator, 'GET', '/api/analytics/incidents/actions')).statusCode).toBe(403);
  });

  it('raises one ticket from an action, linked both ways with its live status', async () => {
    const report = await reportedIncident();
    const { _id } = await addAction(report._id, 'Replace the worn guard hinge', t.team.engineer);
    const machine = await addMachine(t);
    const source = { kind: 'incident', _id: report._id, itemId: _id };
    const raise = (ticketId: string) =>
      send(t.team.engineer, 'POST', '/api/tickets', {
        _id: ticketId,
        title: 'Replace the worn guard hinge',
        description: `From ${report.incidentNumber}`,
        machine,
        source,
      });
    const raised = await raise(randomUUID());
    expect(raised.statusCode, raised.body).toBe(201);
    const repair = ticket.parse(raised.json());
    expect(repair.source).toEqual(source);
    expect((await raise(randomUUID())).json<{ _id: string }>()._id).toBe(repair._id);

    await send(t.team.engineer, 'PUT', `/api/tickets/${repair._id}`, { status: 'In Progress' });
    const read = incident.parse((await send(t.team.safety, 'GET', `/api/incidents/${report._id}`)).json());
    expect(read.actions[0]!.ticket).toEqual({
      _id: repair._id,
      ticketNumber: repair.ticketNumber,
      status: 'In Progress',
    });
    const unknown = await send(t.team.engineer, 'POST', '/api/tickets', {
      title: 'x',
      description: 'y',
      machine,
      source: { ...source, itemId: randomUUID() },
    });
    expect(errorMessage(unknown)).toBe('source: action not found');
  });
});
