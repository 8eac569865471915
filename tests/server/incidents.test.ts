import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { historyEntry } from '#shared/schemas/common.ts';
import { incident, incidentPage, incidentUpdated, type Incident } from '#shared/schemas/incident.ts';
import { type Account, useTeamApp } from './helpers/app.ts';
import { errorMessage } from './helpers/json.ts';

const t = useTeamApp();
const roles = () => [t.team.admin, t.team.engineer, t.team.safety, t.team.operator];

const incidentInput = (overrides: Record<string, unknown> = {}) => ({
  title: 'Molten metal splash at the launder',
  description: 'A splash hit the walkway next to the launder during tapping',
  location: 'Casthouse, launder 2',
  department: 'Casting',
  incidentDate: '2026-02-11T09:15:00.000Z',
  ...overrides,
});

async function createIncident(
  overrides: Record<string, unknown> = {},
  by: Account = t.team.operator,
): Promise<Incident> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/incidents',
    headers: by.headers,
    payload: incidentInput(overrides),
  });
  expect(response.statusCode, response.body).toBe(201);
  return incident.parse(response.json());
}

function put(id: string, payload: object, by: Account, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'PUT', url: `/api/incidents/${id}`, headers: { ...by.headers, ...headers }, payload });
}

async function list(query: string) {
  const response = await t.app.inject({ url: `/api/incidents?${query}`, headers: t.team.operator.headers });
  expect(response.statusCode, response.body).toBe(200);
  return incidentPage.parse(response.json());
}

describe('reporting incidents', () => {
  it('creates an incident with defaults, drops blank person rows, and reads it back', async () => {
    const created = await createIncident({
      involvedPersons: [
        { name: 'R. Okafor', role: 'Caster', department: 'Casting' },
        { name: '', role: ' ', department: '' },
      ],
      witnesses: [{ name: '', contact: '' }],
      immediateActions: 'Area cordoned off',
    });
    expect(created).toMatchObject({
      type: 'Near Miss',
      severity: 'Medium',
      status: 'Open',
      incidentDate: '2026-02-11T09:15:00.000Z',
      involvedPersons: [{ name: 'R. Okafor', role: 'Caster', department: 'Casting' }],
      witnesses: [],
      immediateActions: 'Area cordoned off',
      reportedBy: { _id: t.team.operator._id, name: t.team.operator.name },
      attachments: [],
      version: 1,
    });
    expect(created.incidentNumber).toMatch(/^INC-\d{6}$/);
    const read = await t.app.inject({ url: `/api/incidents/${created._id}`, headers: t.team.engineer.headers });
    expect(incident.parse(read.json())).toEqual(created);
  });

  it('lets every role report an incident', async () => {
    for (const account of roles()) {
      const created = await createIncident({ type: 'Injury', severity: 'High' }, account);
      expect(created.reportedBy?._id).toBe(account._id);
    }
  });

  it('names the field and the rule when input is invalid', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ title: '' }, /title: Title is required/],
      [{ location: undefined }, /location: Location is required/],
      [{ incidentDate: '11/02/2026' }, /incidentDate: Incident date must be an ISO date-time/],
      [{ department: 'Canteen' }, /department: Department must be one of/],
      [{ type: 'Fire' }, /type: Type must be one of/],
      [{ involvedPersons: [{ name: 3 }] }, /involvedPersons\.0\.name/],
      [{ witnesses: [{ name: 'Nul\u0000', contact: '' }] }, /NUL characters/],
    ];
    for (const [overrides, message] of cases) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/incidents',
        headers: t.team.operator.headers,
        payload: incidentInput(overrides),
      });
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(errorMessage(response)).toMatch(message);
    }
  });

  it('replays a report without a duplicate or a used number; another user gets 409', async () => {
    const payload = incidentInput({ _id: randomUUID(), title: `Replay ${randomUUID()}` });
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/incidents',
      headers: t.team.safety.headers,
      payload,
    });
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/incidents',
      headers: t.team.safety.headers,
      payload,
    });
    expect([first.statusCode, second.statusCode]).toEqual([201, 200]);
    expect(incident.parse(second.json())).toEqual(incident.parse(first.json()));
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/incidents', headers: t.team.operator.headers, payload }))
        .statusCode,
    ).toBe(409);
    expect((await list(`search=${encodeURIComponent(payload.title)}`)).total).toBe(1);
    const next = await createIncident();
    expect(Number(next.incidentNumber.slice(4))).toBe(Number(incident.parse(first.json()).incidentNumber.slice(4)) + 1);
  });

  it('gives concurrent reports distinct numbers', async () => {
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/incidents',
          headers: t.team.operator.headers,
          payload: incidentInput(),
        }),
      ),
    );
    const numbers = responses.map((response) => incident.parse(response.json()).incidentNumber);
    expect(new Set(numbers).size).toBe(10);
  });
});

describe('listing incidents', () => {
  const token = `zq${randomUUID().slice(0, 8)}`;
  let created: Incident[] = [];

  beforeAll(async () => {
    created = [];
    for (let index = 0; index < 7; index += 1) {
      created.push(
        await createIncident({
          title: `Forklift ${token} ${index}`,
          type: index < 3 ? 'Property Damage' : 'Near Miss',
          severity: index === 6 ? 'Critical' : 'Low',
          location: index === 4 ? `Coil Store ${token.toUpperCase()} bay 9` : 'Coil store',
        }),
      );
    }
    await put(created[1]!._id, { status: 'Under Investigation' }, t.team.safety);
  });

  it('pages newest first with currentPage, totalPages and total', async () => {
    const page = await list(`search=${token}&limit=3&page=2`);
    expect(page).toMatchObject({ currentPage: 2, totalPages: 3, total: 7 });
    expect(page.incidents.map((record) => record._id)).toEqual(
      created
        .slice(1, 4)
        .reverse()
        .map((record) => record._id),
    );
  });

  it('filters by type, severity and status, and searches number, title, description and location', async () => {
    expect((await list(`search=${token}&type=Property%20Damage`)).total).toBe(3);
    expect(
      (await list(`search=${token}&severity=Critical&type=&status=`)).incidents.map((record) => record._id),
    ).toEqual([created[6]!._id]);
    expect((await list(`search=${token}&status=Under%20Investigation`)).incidents.map((record) => record._id)).toEqual([
      created[1]!._id,
    ]);
    expect(
      (await list(`search=${encodeURIComponent(`coil store ${token} BAY 9`)}`)).incidents.map((record) => record._id),
    ).toEqual([created[4]!._id]);
    expect((await list(`search=${created[2]!.incidentNumber}`)).incidents.map((record) => record._id)).toEqual([
      created[2]!._id,
    ]);
    const bad = await t.app.inject({ url: '/api/incidents?severity=Severe', headers: t.team.operator.headers });
    expect(bad.statusCode).toBe(400);
    expect(errorMessage(bad)).toMatch(/^querystring severity/);
  });
});

describe('updating incidents', () => {
  it('lets admin and safety officers change the status; engineers and operators get 403', async () => {
    const record = await createIncident({}, t.team.engineer);
    for (const account of [t.team.admin, t.team.safety]) {
      const response = await put(
        record._id,
        { status: account === t.team.admin ? 'Under Investigation' : 'Closed', severity: 'High' },
        account,
      );
      expect(response.statusCode, response.body).toBe(200);
    }
    for (const account of [t.team.engineer, t.team.operator]) {
      const response = await put(record._id, { status: 'Open' }, account);
      expect(response.statusCode).toBe(403);
      expect(errorMessage(response)).toMatch(
        /role may not change status of this incident: Administrators and Safety Officers may edit every field/,
      );
    }
  });

  it('lets the reporter edit the report while it is Open, but not its status', async () => {
    const record = await createIncident({}, t.team.operator);
    const own = await put(
      record._id,
      {
        severity: 'High',
        witnesses: [
          { name: 'J. Berg', contact: 'ext. 214' },
          { name: '', contact: '' },
        ],
        location: 'Launder 3',
      },
      t.team.operator,
    );
    expect(own.statusCode, own.body).toBe(200);
    expect(incidentUpdated.parse(own.json())).toMatchObject({
      severity: 'High',
      location: 'Launder 3',
      witnesses: [{ name: 'J. Berg', contact: 'ext. 214' }],
      version: 2,
    });
    const status = await put(record._id, { status: 'Closed' }, t.team.operator);
    expect(status.statusCode).toBe(403);
    expect((await put(record._id, { title: 'Someone else' }, t.team.engineer)).statusCode).toBe(403);

    await put(record._id, { status: 'Under Investigation' }, t.team.safety);
    const late = await put(record._id, { description: 'More detail' }, t.team.operator);
    expect(late.statusCode).toBe(403);
    expect(errorMessage(late)).toMatch(/only while it is Open/);
  });

  it('changes only the fields sent, reports overwrites and keeps history', async () => {
    const record = await createIncident({ severity: 'Low' }, t.team.safety);
    await put(record._id, { severity: 'High' }, t.team.admin, { 'if-match': '"1"' });
    const response = await put(
      record._id,
      { severity: 'Critical', incidentDate: '2026-02-10T22:00:00+02:00' },
      t.team.safety,
      {
        'if-match': '"1"',
      },
    );
    const body = incidentUpdated.parse(response.json());
    expect(body).toMatchObject({
      severity: 'Critical',
      incidentDate: '2026-02-10T20:00:00.000Z',
      title: record.title,
      version: 3,
    });
    expect(body.overwritten).toEqual([
      expect.objectContaining({
        field: 'severity',
        value: 'High',
        changedBy: { _id: t.team.admin._id, name: t.team.admin.name },
      }),
    ]);
    const history = z
      .array(historyEntry)
      .parse(
        (await t.app.inject({ url: `/api/incidents/${record._id}/history`, headers: t.team.operator.headers })).json(),
      );
    expect(history.map((entry) => [entry.version, entry.field])).toEqual([
      [1, 'created'],
      [2, 'severity'],
      [3, 'severity'],
      [3, 'incidentDate'],
    ]);
  });

  it('answers 404 for an unknown incident and 400 for a malformed id', async () => {
    const id = randomUUID();
    for (const response of await Promise.all([
      t.app.inject({ url: `/api/incidents/${id}`, headers: t.team.admin.headers }),
      t.app.inject({ url: `/api/incidents/${id}/history`, headers: t.team.admin.headers }),
      put(id, { status: 'Closed' }, t.team.admin),
    ])) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Incident not found' });
    }
    expect((await t.app.inject({ url: '/api/incidents/42', headers: t.team.admin.headers })).statusCode).toBe(400);
  });
});
