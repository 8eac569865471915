import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { incidentPage } from '../../src/shared/schemas/incident.ts';
import { syncPage, type SyncPage } from '../../src/shared/schemas/sync.ts';
import { ticketPage } from '../../src/shared/schemas/ticket.ts';
import type { SyncScope } from '../../src/shared/working-set.ts';
import { machineInput, useTeamApp, type Account } from './helpers/app.ts';
import { idOf } from './helpers/json.ts';

const t = useTeamApp();

async function send(method: 'POST' | 'PUT', url: string, payload: object, by: Account) {
  const response = await t.app.inject({ method, url, headers: by.headers, payload });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return idOf(response);
}

async function pull(scope: SyncScope, cursor: string, by: Account, extra = '', limit = 500): Promise<SyncPage> {
  const response = await t.app.inject({
    url: `/api/sync?scope=${scope}&cursor=${cursor}&limit=${limit}${extra}`,
    headers: by.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return syncPage.parse(response.json());
}

const recordsOf = (page: SyncPage) => [...page.machines, ...page.tickets, ...page.incidents, ...page.schedules];

/** Pulls one scope to its end; returns every (id, version) delivered and the final cursor. */
async function drain(scope: SyncScope, cursor: string, by: Account, extra = '', limit = 500) {
  const delivered: { _id: string; version: number }[] = [];
  let page: SyncPage;
  do {
    page = await pull(scope, cursor, by, extra, limit);
    delivered.push(...recordsOf(page).map(({ _id, version }) => ({ _id, version })));
    cursor = page.cursor;
  } while (page.hasMore);
  return { delivered, ids: delivered.map((record) => record._id), cursor };
}

let machine = '';
async function machineId() {
  machine ||= await send('POST', '/api/machines', machineInput(), t.team.admin);
  return machine;
}

async function createTicket(by: Account, title = 'Mandrel leaks oil') {
  return send('POST', '/api/tickets', { title, description: 'About a litre an hour', machine: await machineId() }, by);
}

const setTicket = (id: string, changes: object) => send('PUT', `/api/tickets/${id}`, changes, t.team.engineer);

async function createIncident(by: Account) {
  const input = {
    title: 'Slip near the casting pit',
    description: 'Wet floor',
    location: 'Casthouse',
    department: 'Casting',
    incidentDate: new Date().toISOString(),
  };
  return send('POST', '/api/incidents', input, by);
}

const closeIncident = (id: string) => send('PUT', `/api/incidents/${id}`, { status: 'Closed' }, t.team.safety);

async function createSchedule(daysFromNow: number) {
  const input = {
    title: 'Quarterly crane inspection',
    machine: await machineId(),
    scheduledDate: new Date(Date.now() + daysFromNow * 86_400_000).toISOString(),
    checklist: [],
  };
  return send('POST', '/api/maintenance', input, t.team.admin);
}

/** Moves a record's last change back in time, as if nobody had touched it since. */
async function age(table: 'tickets' | 'incidents', id: string, days: number) {
  await t.database.db.execute(
    sql`update ${sql.identifier(table)} set updated_at = now() - make_interval(days => ${days}) where id = ${id}`,
  );
}

describe('GET /api/sync?scope=', () => {
  it('core holds every machine, open work, schedules from three months back and the user’s own; history the rest of the window', async () => {
    const { operator, engineer, admin } = t.team;
    const open = await createTicket(admin);
    const closed = await createTicket(admin);
    await setTicket(closed, { status: 'Closed' });
    const mine = await createTicket(operator);
    await setTicket(mine, { status: 'Closed' });
    const assigned = await createTicket(admin);
    await setTicket(assigned, { status: 'Resolved', assignedTo: operator._id });
    const openIncident = await createIncident(admin);
    const closedIncident = await createIncident(admin);
    await closeIncident(closedIncident);
    const myIncident = await createIncident(operator);
    await closeIncident(myIncident);
    const soon = await createSchedule(1);
    const lastMonth = await createSchedule(-30);
    const longAgo = await createSchedule(-120);

    const core = (await drain('core', '', operator)).ids;
    const history = (await drain('history', '', operator)).ids;
    expect(core).toEqual(
      expect.arrayContaining([machine, open, mine, assigned, openIncident, myIncident, soon, lastMonth]),
    );
    expect(core).not.toContain(closed);
    expect(core).not.toContain(closedIncident);
    expect(core).not.toContain(longAgo);
    expect(history).toEqual(expect.arrayContaining([closed, closedIncident]));
    for (const id of [machine, open, mine, assigned, openIncident, myIncident, soon, lastMonth, longAgo]) {
      expect(history).not.toContain(id);
    }

    // Another user's own records are history for this one.
    const engineersHistory = (await drain('history', '', engineer)).ids;
    expect(engineersHistory).toEqual(expect.arrayContaining([mine, myIncident, closed, closedIncident]));
    expect(engineersHistory).not.toContain(open);
  });

  it('a record enters the window, leaves it by time, and re-enters when it changes', async () => {
    const { operator, admin } = t.team;
    const ticket = await createTicket(admin);
    await setTicket(ticket, { status: 'Closed' });
    const first = await drain('history', '', operator);
    expect(first.ids).toContain(ticket);

    await age('tickets', ticket, 200);
    expect((await drain('history', '', operator)).ids).not.toContain(ticket);
    expect((await drain('history', '', operator, '&windowDays=365')).ids).toContain(ticket);
    expect((await drain('history', first.cursor, operator)).ids).toEqual([]);

    const comment = await t.app.inject({
      method: 'POST',
      url: `/api/tickets/${ticket}/comments`,
      headers: admin.headers,
      payload: { comment: 'Seal replaced last spring' },
    });
    expect(comment.statusCode, comment.body).toBe(201);
    const again = await drain('history', first.cursor, operator);
    expect(again.delivered).toEqual([{ _id: ticket, version: 3 }]);
    expect((await drain('core', first.cursor, operator)).ids).not.toContain(ticket);
  });

  it('delivers a record that moves between core and history once, from the other scope, and misses no change', async () => {
    const { operator, admin } = t.team;
    const ticket = await createTicket(admin);
    let core = (await drain('core', '', operator)).cursor;
    let history = (await drain('history', '', operator)).cursor;
    const delivered: { _id: string; version: number; scope: SyncScope }[] = [];
    const pullBoth = async (historyFirst: boolean) => {
      for (const scope of historyFirst ? (['history', 'core'] as const) : (['core', 'history'] as const)) {
        const result = await drain(scope, scope === 'core' ? core : history, operator, '', 1);
        delivered.push(...result.delivered.filter((r) => r._id === ticket).map((r) => ({ ...r, scope })));
        if (scope === 'core') core = result.cursor;
        else history = result.cursor;
      }
    };

    const statuses = ['Closed', 'In Progress', 'Resolved', 'Pending', 'Closed'] as const;
    for (const [index, status] of statuses.entries()) {
      await setTicket(ticket, { status });
      await pullBoth(index % 2 === 1);
    }
    expect(delivered).toEqual([
      { _id: ticket, version: 2, scope: 'history' },
      { _id: ticket, version: 3, scope: 'core' },
      { _id: ticket, version: 4, scope: 'history' },
      { _id: ticket, version: 5, scope: 'core' },
      { _id: ticket, version: 6, scope: 'history' },
    ]);

    // Changes between pulls: a record changed twice is delivered once, in its latest state, by the scope it ends in.
    await setTicket(ticket, { status: 'Pending' });
    await setTicket(ticket, { status: 'Closed' });
    delivered.length = 0;
    await pullBoth(false);
    expect(delivered).toEqual([{ _id: ticket, version: 8, scope: 'history' }]);
  });

  it('misses and repeats nothing across the two feeds while records move between them concurrently', async () => {
    const { operator, admin } = t.team;
    const ids = await Promise.all([1, 2, 3, 4].map((n) => createTicket(admin, `Moving ticket ${n}`)));
    const cursors = { core: (await drain('core', '', operator)).cursor, history: '' };
    cursors.history = (await drain('history', '', operator)).cursor;
    const seen = new Map<string, number[]>();
    let writing = true;
    const puller = (async () => {
      for (let round = 0; writing; round += 1) {
        await new Promise((resolve) => setImmediate(resolve));
        const scope: SyncScope = round % 2 === 0 ? 'core' : 'history';
        const page = await pull(scope, cursors[scope], operator, '', 3);
        for (const { _id, version } of recordsOf(page)) seen.set(_id, [...(seen.get(_id) ?? []), version]);
        cursors[scope] = page.cursor;
      }
    })();
    const statuses = ['Closed', 'In Progress', 'Resolved', 'Pending'] as const;
    await Promise.all(
      ids.map(async (id, index) => {
        for (let step = 0; step < 6; step += 1) await setTicket(id, { status: statuses[(index + step) % 4]! });
      }),
    );
    writing = false;
    await puller;
    for (const scope of ['core', 'history'] as const) {
      for (const { _id, version } of (await drain(scope, cursors[scope], operator)).delivered) {
        seen.set(_id, [...(seen.get(_id) ?? []), version]);
      }
    }
    for (const id of ids) {
      const versions = seen.get(id) ?? [];
      expect(new Set(versions).size, `${id} delivered twice: ${versions.join(',')}`).toBe(versions.length);
      const current = await t.app.inject({ url: `/api/tickets/${id}`, headers: operator.headers });
      expect(versions.at(-1), `${id} ends at its last version`).toBe(current.json<{ version: number }>().version);
      expect([...versions].sort((a, b) => a - b)).toEqual(versions);
    }
  });

  it('moves the cursor past changes outside the scope at the end of the feed', async () => {
    const { operator, admin } = t.team;
    const start = (await drain('history', '', operator)).cursor;
    await createTicket(admin);
    const page = await pull('history', start, operator);
    expect(recordsOf(page)).toEqual([]);
    expect(BigInt(page.cursor)).toBeGreaterThan(BigInt(start));
  });

  it('refuses an unknown scope and a window outside 1 to 3650 days', async () => {
    for (const query of ['scope=all', 'scope=history&windowDays=0', 'scope=history&windowDays=3651']) {
      const response = await t.app.inject({ url: `/api/sync?${query}`, headers: t.team.operator.headers });
      expect(response.statusCode, query).toBe(400);
    }
  });
});

describe('GET /api/sync/older', () => {
  it('lists only the records outside the user’s working set that match the list filters', async () => {
    const { operator, admin } = t.team;
    const title = `Casting wheel crack ${Date.now()}`;
    const [old, recent, oldMine, oldOpen] = await Promise.all([
      createTicket(admin, title),
      createTicket(admin, title),
      createTicket(operator, title),
      createTicket(admin, title),
    ]);
    for (const id of [old, recent, oldMine]) await setTicket(id, { status: 'Closed' });
    for (const id of [old, oldMine, oldOpen]) await age('tickets', id, 400);

    const list = async (query: string) => {
      const response = await t.app.inject({ url: `/api/sync/older/tickets?${query}`, headers: operator.headers });
      expect(response.statusCode, response.body).toBe(200);
      return ticketPage.parse(response.json());
    };
    const found = await list(`search=${encodeURIComponent(title)}`);
    expect(found.tickets.map((ticket) => ticket._id)).toEqual([old]);
    expect(found.total).toBe(1);
    expect((await list(`search=${encodeURIComponent(title)}&status=Pending`)).total).toBe(0);
    expect((await list(`search=${encodeURIComponent(title)}&windowDays=3650`)).total).toBe(0);

    const incident = await createIncident(admin);
    await closeIncident(incident);
    await age('incidents', incident, 400);
    const incidents = await t.app.inject({ url: '/api/sync/older/incidents?status=Closed', headers: operator.headers });
    expect(incidentPage.parse(incidents.json()).incidents.map((record) => record._id)).toContain(incident);
  });
});
