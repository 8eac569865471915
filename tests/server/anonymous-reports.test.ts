import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { historyEntry } from '#shared/schemas/common.ts';
import { incident } from '#shared/schemas/incident.ts';
import { rowsOf } from '#server/db/client.ts';
import { createTestApp, registerTeam, type Team, type TestApp } from './helpers/app.ts';
import { multipart } from './helpers/multipart.ts';

let t: TestApp & { team: Team };
const log: string[] = [];

beforeAll(async () => {
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => log.push(...chunk.toString().split('\n').filter(Boolean)));
  const app = await createTestApp({ LOG_LEVEL: 'info', LOG_FORMAT: 'json' }, stream);
  t = Object.assign(app, { team: await registerTeam(app.app) });
});
afterAll(() => t.close());

/** A small PNG, as a phone's camera would send it. */
function sendPhoto(url: string, headers: Record<string, string>) {
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10]);
  const { payload, contentType } = multipart([{ name: 'file', filename: 'photo.png', type: 'image/png', data: png }]);
  return t.app.inject({ method: 'POST', url, headers: { ...headers, 'content-type': contentType }, payload });
}

/** Every row of every table of the app, as text: where a link to the reporter would be. */
async function everyRow(): Promise<string[]> {
  const tables = rowsOf<{ name: string }>(
    await t.database.db.execute(
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    ),
  );
  const rows: string[] = [];
  for (const { name } of tables) {
    const result = await t.database.db.execute(sql.raw(`select * from "${name}"`));
    rows.push(...rowsOf<object>(result).map((row) => `${name}: ${JSON.stringify(row)}`));
  }
  return rows;
}

it('keeps no link from an anonymous report to its reporter: record, history, photo, log, feed, inbox', async () => {
  const reporter = t.team.safety;
  const id = randomUUID();
  const report = {
    _id: id,
    title: 'Guard missing on the coil conveyor',
    description: 'Nip point exposed at the exit of the coiler',
    location: 'Cold mill exit',
    department: 'Rolling Mill',
    incidentDate: new Date().toISOString(),
    type: 'Near Miss',
    severity: 'Critical',
    anonymous: true,
  };
  const headers = { ...reporter.headers, 'x-client-time': new Date().toISOString() };
  const created = await t.app.inject({ method: 'POST', url: '/api/incidents', headers, payload: report });
  expect(created.statusCode, created.body).toBe(201);
  expect(incident.parse(created.json())).toMatchObject({ reportedBy: null, title: report.title });
  // A lost answer sent again finds the same report, not a second one.
  const replay = await t.app.inject({ method: 'POST', url: '/api/incidents', headers, payload: report });
  expect(replay.statusCode).toBe(200);

  const photo = await sendPhoto(`/api/incidents/${id}/attachments?anonymous=true`, reporter.headers);
  expect(photo.statusCode, photo.body).toBe(201);
  expect(incident.parse(photo.json()).attachments[0]).toMatchObject({ uploadedBy: null });

  const history = await t.app.inject({ url: `/api/incidents/${id}/history`, headers: t.team.admin.headers });
  const entries = z.array(historyEntry).parse(history.json());
  expect(entries.map(({ field, changedBy, clientTime }) => ({ field, changedBy, clientTime }))).toEqual([
    { field: 'created', changedBy: null, clientTime: null },
    { field: 'attachment', changedBy: null, clientTime: null },
  ]);

  // The feed brings the reporter the same record as anybody else; a critical report is told to every
  // safety officer and admin, the reporter too, naming nobody.
  const feed = async (headers: { authorization: string }) => {
    const page = await t.app.inject({ url: '/api/sync?snapshot=core', headers });
    return page.json<{ incidents: { _id: string }[]; inbox: { recordId: string | null; by: unknown }[] }>();
  };
  const [mine, theirs] = [await feed(reporter.headers), await feed(t.team.operator.headers)];
  const record = (page: typeof mine) => page.incidents.find((candidate) => candidate._id === id);
  expect(record(mine)).toEqual(record(theirs));
  expect(mine.inbox.filter((entry) => entry.recordId === id)).toEqual([expect.objectContaining({ by: null })]);

  // Every row that names the report, but the notices each verifier received (the reporter's among
  // them, as everybody's): none names the reporter.
  const rows = (await everyRow()).filter((row) => row.includes(id));
  const notices = rows.filter((row) => row.startsWith('inbox_entries:'));
  expect(
    notices.map((row) => JSON.parse(row.slice('inbox_entries: '.length)) as { user_id: string; by_id: null }),
  ).toEqual(expect.arrayContaining([expect.objectContaining({ user_id: reporter._id, by_id: null })]));
  const others = rows.filter((row) => !notices.includes(row));
  expect(others.length).toBeGreaterThan(2);
  for (const row of others) expect(row, row).not.toContain(reporter._id);
  const lines = log.filter((line) => line.includes('/api/incidents'));
  expect(lines.length).toBeGreaterThan(0);
  for (const line of lines) {
    expect(line).not.toContain(reporter._id);
    expect(line).not.toMatch(/remoteAddress|"ip"|127\.0\.0\.1/);
  }
});

it('refuses anything but true or false', async () => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/incidents',
    headers: t.team.operator.headers,
    payload: {
      title: 'Slip',
      description: 'Wet floor',
      location: 'Casthouse',
      department: 'Casting',
      incidentDate: new Date().toISOString(),
      anonymous: 'yes',
    },
  });
  expect(response.statusCode).toBe(400);
  expect(response.json<{ message: string }>().message).toMatch(/anonymous must be true or false/);
});

it('keeps no link from a near miss sent on the request page to its sender: address, device, code or name', async () => {
  const device = randomUUID();
  const sender = { 'x-device-id': device, 'x-forwarded-for': '10.20.30.40' };
  const photo = await sendPhoto('/api/requests/photos', sender);
  expect(photo.statusCode, photo.body).toBe(201);
  const requestId = randomUUID();
  const hazard = {
    _id: requestId,
    kind: 'hazard',
    description: 'Forklift reversed past the pedestrian gate without looking',
    location: 'Casthouse gate 2',
    department: 'Casting',
    urgency: 'now, unsafe',
    name: 'Jan Smit',
    contact: 'jan@contractor.test',
    photo: photo.json<{ _id: string }>()._id,
  };
  const sent = await t.app.inject({ method: 'POST', url: '/api/requests', headers: sender, payload: hazard });
  expect(sent.statusCode, sent.body).toBe(201);
  const { code, status } = sent.json<{ code: string; status: string }>();
  expect(status).toBe('Reported');
  expect((await t.app.inject({ url: `/api/requests/status/${code}` })).json()).toEqual({ code, status: 'Reported' });

  // The safety officer sees a near miss by "Anonymous", with the photo and a notice naming nobody.
  const feed = (await t.app.inject({ url: '/api/sync?snapshot=core', headers: t.team.safety.headers })).json<{
    incidents: {
      _id: string;
      title: string;
      type: string;
      severity: string;
      reportedBy: null;
      attachments: object[];
    }[];
    inbox: { kind: string; recordId: string; by: null }[];
  }>();
  const nearMiss = feed.incidents.find((candidate) => candidate.title.startsWith('Forklift reversed'))!;
  expect(nearMiss).toMatchObject({ type: 'Near Miss', severity: 'High', reportedBy: null });
  expect(nearMiss.attachments).toEqual([expect.objectContaining({ uploadedBy: null })]);
  expect(feed.inbox.filter((entry) => entry.kind === 'nearMiss')).toEqual([
    expect.objectContaining({ recordId: nearMiss._id, by: null }),
  ]);

  // No row anywhere holds the device, the address, the name or the contact; the code only its request.
  const rows = await everyRow();
  for (const trace of [device, '10.20.30.40', 'Jan Smit', 'jan@contractor.test', requestId.slice(0, 8)]) {
    expect(
      rows.filter((row) => row.includes(trace) && !row.startsWith('work_requests:')),
      trace,
    ).toEqual([]);
  }
  const withCode = rows.filter((row) => row.includes(code));
  expect(withCode).toHaveLength(1);
  expect(withCode[0]).toMatch(/^work_requests: /);
  expect(withCode[0]).not.toContain(nearMiss._id);
  expect(withCode[0]).not.toMatch(/Jan|Forklift|gate/);
  for (const row of rows.filter((candidate) => candidate.includes(nearMiss._id))) expect(row).not.toContain(requestId);

  const lines = log.filter((line) => line.includes('/api/requests'));
  expect(lines.length).toBeGreaterThan(1);
  for (const line of lines)
    expect(line).not.toMatch(new RegExp(`${device}|10\\.20\\.30\\.40|127\\.0\\.0\\.1|remoteAddress|"ip"`));
});
