import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { syncPage, type SyncPage } from '#shared/schemas/sync.ts';
import { machineInput, useTeamApp } from './helpers/app.ts';
import { errorMessage } from './helpers/json.ts';

const t = useTeamApp();

async function post(url: string, payload: object) {
  const response = await t.app.inject({ method: 'POST', url, headers: t.team.admin.headers, payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ _id: string; version: number }>();
}

async function pull(cursor: string, limit = 500): Promise<SyncPage> {
  const response = await t.app.inject({
    url: `/api/sync?cursor=${cursor}&limit=${limit}`,
    headers: t.team.operator.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return syncPage.parse(response.json());
}

function recordsOf(page: SyncPage) {
  return [...page.machines, ...page.tickets, ...page.incidents, ...page.schedules];
}

/** Pulls until hasMore is false; returns every (id, version) delivered and the final cursor. */
async function drain(cursor: string, limit: number) {
  const delivered: { _id: string; version: number }[] = [];
  let page: SyncPage;
  do {
    page = await pull(cursor, limit);
    delivered.push(...recordsOf(page).map(({ _id, version }) => ({ _id, version })));
    cursor = page.cursor;
  } while (page.hasMore);
  return { delivered, cursor, deleted: page.deleted };
}

const ticketInput = (machine: string, title: string) => ({ title, description: 'Found on the morning round', machine });
const incidentInput = (title: string) => ({
  title,
  description: 'Slipped near the casting pit',
  location: 'Casthouse',
  department: 'Casting',
  incidentDate: new Date().toISOString(),
});
const scheduleInput = (machine: string, title: string) => ({
  title,
  machine,
  scheduledDate: new Date(Date.now() + 86_400_000).toISOString(),
  checklist: [{ task: 'Check oil level' }],
});

describe('GET /api/sync', () => {
  it('returns every entity after the cursor, in pages, and then nothing', async () => {
    const start = (await drain('', 500)).cursor;
    const machine = await post('/api/machines', machineInput());
    const ticket = await post('/api/tickets', ticketInput(machine._id, 'Crane hoist noise'));
    const incident = await post('/api/incidents', incidentInput('Near miss at pit'));
    const schedule = await post('/api/maintenance', scheduleInput(machine._id, 'Quarterly crane inspection'));

    const first = await pull(start, 2);
    expect(first.hasMore).toBe(true);
    const all = await drain(start, 2);
    expect(all.delivered.map((record) => record._id)).toEqual([machine._id, ticket._id, incident._id, schedule._id]);
    const empty = await pull(all.cursor);
    expect(recordsOf(empty)).toEqual([]);
    expect(empty).toMatchObject({ cursor: all.cursor, hasMore: false });
  });

  it('delivers a changed record again, once, with its new version, and reports deletions', async () => {
    const machine = await post('/api/machines', machineInput());
    const { cursor } = await drain('', 500);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/machines/${machine._id}/status`,
      headers: t.team.operator.headers,
      payload: { status: 'Down' },
    });
    const after = await drain(cursor, 500);
    expect(after.delivered).toEqual([{ _id: machine._id, version: 2 }]);
    await t.app.inject({ method: 'DELETE', url: `/api/machines/${machine._id}`, headers: t.team.admin.headers });
    const deleted = await drain(after.cursor, 500);
    expect(deleted.delivered).toEqual([]);
    expect(deleted.deleted).toEqual([{ entity: 'machine', _id: machine._id }]);
  });

  it('misses and repeats nothing while writes commit concurrently', async () => {
    const base = await post('/api/machines', machineInput());
    let cursor = (await drain('', 500)).cursor;
    const delivered = new Map<string, number[]>();
    const remember = (records: { _id: string; version: number }[]) => {
      for (const { _id, version } of records) delivered.set(_id, [...(delivered.get(_id) ?? []), version]);
    };

    let writing = true;
    const puller = (async () => {
      while (writing) {
        // Yield to the event loop as a client across a network would; with in-process PGlite a
        // tight loop of injected requests would otherwise run on microtasks alone and starve the writers.
        await new Promise((resolve) => setImmediate(resolve));
        const page = await pull(cursor, 7);
        remember(recordsOf(page));
        cursor = page.cursor;
      }
    })();
    const writes = Array.from({ length: 30 }, (_, index) => {
      switch (index % 4) {
        case 0:
          return post('/api/machines', machineInput());
        case 1:
          return post('/api/tickets', ticketInput(base._id, `Concurrent ticket ${index}`));
        case 2:
          return post('/api/incidents', incidentInput(`Concurrent incident ${index}`));
        default:
          return t.app.inject({
            method: 'PATCH',
            url: `/api/machines/${base._id}/status`,
            headers: t.team.engineer.headers,
            payload: { status: index % 8 === 3 ? 'Down' : 'Running' },
          });
      }
    });
    await Promise.all(writes);
    writing = false;
    await puller;
    const rest = await drain(cursor, 7);
    remember(rest.delivered);

    const created = (await Promise.all(writes.filter((_, index) => index % 4 !== 3))) as { _id: string }[];
    for (const { _id } of created) expect(delivered.get(_id), _id).toEqual([1]);
    const baseVersions = delivered.get(base._id) ?? [];
    expect(new Set(baseVersions).size).toBe(baseVersions.length);
    expect([...baseVersions].sort((a, b) => a - b)).toEqual(baseVersions);
    const final = (await t.app.inject({ url: `/api/machines/${base._id}`, headers: t.team.admin.headers })).json<{
      version: number;
    }>();
    expect(baseVersions.at(-1)).toBe(final.version);
  });

  // The feed is sent as the repositories build it, unchecked (routes/api/sync): a field a record does
  // not declare, or one its schema would change, must not reach the devices.
  it('sends its pages exactly as the shared schema reads them, snapshot and log', async () => {
    const machine = await post('/api/machines', machineInput());
    const ticket = await post('/api/tickets', ticketInput(machine._id, 'Seal weeping at the feed pump'));
    await post(`/api/tickets/${ticket._id}/comments`, { comment: 'Seal ordered' });
    const incident = await post('/api/incidents', incidentInput('Slip beside the feed pump'));
    await post(`/api/incidents/${incident._id}/actions`, {
      _id: randomUUID(),
      title: 'Fit a drip tray',
      kind: 'corrective',
      owner: t.team.operator._id,
      dueDate: '2026-12-31',
    });
    await post('/api/maintenance', scheduleInput(machine._id, 'Monthly feed pump check'));
    const pages = ['snapshot=core', 'snapshot=history', 'cursor=0'].map(async (from) => {
      const response = await t.app.inject({ url: `/api/sync?${from}&limit=1000`, headers: t.team.admin.headers });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<SyncPage>();
      expect(syncPage.parse(body), from).toEqual(body);
      return body;
    });
    const [core, , log] = await Promise.all(pages);
    for (const page of [core!, log!]) {
      expect(page.tickets.find(({ _id }) => _id === ticket._id)?.comments).toHaveLength(1);
      expect(page.incidents.find(({ _id }) => _id === incident._id)?.actions).toHaveLength(1);
      expect(page.machines.map(({ _id }) => _id)).toContain(machine._id);
    }
  });

  it('rejects a malformed cursor with a message', async () => {
    const response = await t.app.inject({ url: '/api/sync?cursor=abc', headers: t.team.admin.headers });
    expect(response.statusCode).toBe(400);
    expect(errorMessage(response)).toContain('cursor');
  });
});
