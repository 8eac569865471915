import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { incidentPage } from '#shared/schemas/incident.ts';
import { syncPage, type SyncPage } from '#shared/schemas/sync.ts';
import { ticketPage } from '#shared/schemas/ticket.ts';
import type { SyncScope } from '#shared/working-set.ts';
import { machineInput, useTeamApp, type Account } from './helpers/app.ts';
import { errorMessage, idOf } from './helpers/json.ts';
import { withRepairFound } from './helpers/repair.ts';

const t = useTeamApp();

async function send(method: 'POST' | 'PUT', url: string, payload: object, by: Account) {
  const response = await t.app.inject({ method, url, headers: by.headers, payload });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return idOf(response);
}

async function get(query: Record<string, string | number | undefined>, by: Account): Promise<SyncPage> {
  const params = Object.entries(query).flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)]]));
  const response = await t.app.inject({ url: `/api/sync?${new URLSearchParams(params)}`, headers: by.headers });
  expect(response.statusCode, response.body).toBe(200);
  return syncPage.parse(response.json());
}

const recordsOf = (page: SyncPage) => [...page.machines, ...page.tickets, ...page.incidents, ...page.schedules];

interface Delivered {
  _id: string;
  version: number;
}

/** One scope of a snapshot from its start (or `after`) to its end, under `mark` (none: the first page sets it). */
async function snapshot(
  scope: SyncScope,
  by: Account,
  options: { mark?: string; after?: string; limit?: number } = {},
) {
  const delivered: Delivered[] = [];
  const pages: SyncPage[] = [];
  let { mark, after } = options;
  let page: SyncPage;
  do {
    page = await get({ snapshot: scope, mark, after, limit: options.limit ?? 500 }, by);
    pages.push(page);
    delivered.push(...recordsOf(page).map(({ _id, version }) => ({ _id, version })));
    mark = page.cursor;
    after = page.after;
  } while (page.hasMore);
  return { delivered, ids: delivered.map((record) => record._id), mark, pages };
}

/** The log from `cursor` to its end. */
async function log(cursor: string, by: Account, limit = 500) {
  const delivered: Delivered[] = [];
  let page: SyncPage;
  do {
    page = await get({ cursor, limit }, by);
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

const setTicket = (id: string, changes: { status?: string; [field: string]: unknown }) =>
  send('PUT', `/api/tickets/${id}`, withRepairFound(changes), t.team.engineer);

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

async function currentVersion(id: string) {
  const response = await t.app.inject({ url: `/api/tickets/${id}`, headers: t.team.admin.headers });
  return response.json<{ version: number }>().version;
}

describe('the working set and its scopes', () => {
  it('core: machines, open work, schedules from three months back, and the user’s own records in the window', async () => {
    const { operator, engineer, admin } = t.team;
    const open = await createTicket(admin);
    const closed = await createTicket(admin);
    await setTicket(closed, { status: 'Closed' });
    const closedYesterday = await createTicket(operator);
    await setTicket(closedYesterday, { status: 'Closed' });
    await age('tickets', closedYesterday, 1);
    const closedLongAgo = await createTicket(operator);
    await setTicket(closedLongAgo, { status: 'Closed' });
    await age('tickets', closedLongAgo, 200);
    const reopened = await createTicket(operator);
    await setTicket(reopened, { status: 'Closed' });
    await age('tickets', reopened, 200);
    await setTicket(reopened, { status: 'In Progress' });
    const assigned = await createTicket(admin);
    await setTicket(assigned, { status: 'Resolved', assignedTo: operator._id });
    const reassigned = await createTicket(admin);
    await setTicket(reassigned, { status: 'Resolved', assignedTo: operator._id });
    await setTicket(reassigned, { assignedTo: engineer._id });
    const openIncident = await createIncident(admin);
    const closedIncident = await createIncident(admin);
    await closeIncident(closedIncident);
    const myIncident = await createIncident(operator);
    await closeIncident(myIncident);
    const myOldIncident = await createIncident(operator);
    await closeIncident(myOldIncident);
    await age('incidents', myOldIncident, 200);
    const soon = await createSchedule(1);
    const lastMonth = await createSchedule(-30);
    const longAgo = await createSchedule(-120);

    const core = (await snapshot('core', operator)).ids;
    const history = (await snapshot('history', operator)).ids;
    const inCore = [machine, open, closedYesterday, reopened, assigned, openIncident, myIncident, soon, lastMonth];
    expect(core).toEqual(expect.arrayContaining(inCore));
    expect(history).toEqual(expect.arrayContaining([closed, closedIncident, reassigned]));
    for (const id of [closed, closedIncident, reassigned, longAgo, closedLongAgo, myOldIncident]) {
      expect(core, id).not.toContain(id);
    }
    for (const id of [...inCore, longAgo, closedLongAgo, myOldIncident]) expect(history, id).not.toContain(id);

    // Another user's own records are history for this one.
    const engineersHistory = (await snapshot('history', engineer)).ids;
    expect(engineersHistory).toEqual(expect.arrayContaining([closedYesterday, myIncident, closed, closedIncident]));
    expect(engineersHistory).not.toContain(open);
    expect(engineersHistory).not.toContain(reassigned);
  });

  it('a record enters the window by changing and leaves it by time; a longer window reaches further back', async () => {
    const { operator, admin } = t.team;
    const ticket = await createTicket(admin);
    await setTicket(ticket, { status: 'Closed' });
    const { cursor } = await log('', operator);
    expect((await snapshot('history', operator)).ids).toContain(ticket);

    await age('tickets', ticket, 200);
    expect((await snapshot('history', operator)).ids).not.toContain(ticket);
    expect((await get({ snapshot: 'history', windowDays: 365 }, operator)).tickets.map((r) => r._id)).toContain(ticket);
    expect((await log(cursor, operator)).ids).toEqual([]);

    const comment = await t.app.inject({
      method: 'POST',
      url: `/api/tickets/${ticket}/comments`,
      headers: admin.headers,
      payload: { comment: 'Seal replaced last spring' },
    });
    expect(comment.statusCode, comment.body).toBe(201);
    expect((await log(cursor, operator)).delivered).toEqual([{ _id: ticket, version: 3 }]);
  });
});

describe('a first sync: a snapshot newest first, then the log from its mark', () => {
  it('delivers the newest change first, and the page count the server expects', async () => {
    const { operator, admin } = t.team;
    await Promise.all([1, 2, 3].map(() => createTicket(admin)));
    const newest = await createTicket(admin, 'Pot 214 anode effect');
    const first = await get({ snapshot: 'core', limit: 2 }, operator);
    expect(first.tickets[0]!._id).toBe(newest);
    expect(first.hasMore).toBe(true);
    const whole = [first, ...(await snapshot('core', operator, { mark: first.cursor, after: first.after })).pages];
    const history = await snapshot('history', operator, { mark: first.cursor });
    const delivered = [...whole, ...history.pages].reduce((sum, page) => sum + recordsOf(page).length, 0);
    expect(first.total).toBe(delivered);
    expect(whole.slice(1).every((page) => page.total === undefined)).toBe(true);
  });

  it('misses nothing and repeats no change made while it runs, and resumes from any page', async () => {
    const { operator, admin } = t.team;
    const before = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => createTicket(admin, `Before ${n}`)));
    const seen = new Map<string, number[]>();
    const note = (records: Delivered[]) => {
      for (const { _id, version } of records) seen.set(_id, [...(seen.get(_id) ?? []), version]);
    };
    const first = await get({ snapshot: 'core', limit: 2 }, operator);
    note(recordsOf(first));
    const mark = first.cursor;

    // Meanwhile: one delivered already changes, one not yet delivered changes, a new one, one closed.
    const delivered = first.tickets[0]!._id;
    const waiting = before[0]!;
    await setTicket(delivered, { priority: 'High' });
    await setTicket(waiting, { priority: 'Critical' });
    const created = await createTicket(admin, 'During the first sync');
    await setTicket(before[1]!, { status: 'Closed' });

    // A reload in the middle asks again from the stored position: the same page.
    const second = await get({ snapshot: 'core', mark, after: first.after, limit: 2 }, operator);
    const again = await get({ snapshot: 'core', mark, after: first.after, limit: 2 }, operator);
    expect(recordsOf(again)).toEqual(recordsOf(second));
    note(recordsOf(second));
    const rest = await snapshot('core', operator, { mark, after: second.after, limit: 2 });
    note(rest.delivered);
    note((await snapshot('history', operator, { mark, limit: 2 })).delivered);
    const tail = await log(mark, operator, 2);
    note(tail.delivered);

    expect(tail.ids).toEqual(expect.arrayContaining([delivered, waiting, created, before[1]]));
    for (const id of [...before, created]) {
      const versions = seen.get(id) ?? [];
      expect(new Set(versions).size, `${id} delivered twice: ${versions.join(',')}`).toBe(versions.length);
      expect(versions.at(-1), `${id} ends at its last version`).toBe(await currentVersion(id));
    }
    expect(seen.get(waiting)).toEqual([await currentVersion(waiting)]);
  });

  it('misses and repeats nothing while records change and move between scopes concurrently', async () => {
    const { operator, admin } = t.team;
    const ids = await Promise.all([1, 2, 3, 4].map((n) => createTicket(admin, `Moving ticket ${n}`)));
    const seen = new Map<string, number[]>();
    const note = (records: Delivered[]) => {
      for (const { _id, version } of records) seen.set(_id, [...(seen.get(_id) ?? []), version]);
    };
    let writing = true;
    let cursor = '';
    const puller = (async () => {
      let position: { scope: SyncScope; mark?: string; after?: string } | null = { scope: 'core' };
      while (writing || position) {
        await new Promise((resolve) => setImmediate(resolve));
        if (position) {
          const page = await get(
            { snapshot: position.scope, mark: position.mark, after: position.after, limit: 3 },
            operator,
          );
          note(recordsOf(page));
          if (page.hasMore) position = { ...position, mark: page.cursor, after: page.after };
          else if (position.scope === 'core') position = { scope: 'history', mark: page.cursor };
          else [position, cursor] = [null, page.cursor];
        } else {
          const page = await get({ cursor, limit: 3 }, operator);
          note(recordsOf(page));
          cursor = page.cursor;
        }
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
    note((await log(cursor, operator)).delivered);
    for (const id of ids) {
      const versions = seen.get(id) ?? [];
      expect(new Set(versions).size, `${id} delivered twice: ${versions.join(',')}`).toBe(versions.length);
      expect(versions.at(-1), `${id} ends at its last version`).toBe(await currentVersion(id));
      expect([...versions].sort((a, b) => a - b)).toEqual(versions);
    }
  });

  it('the log never ends a page inside one write: a ticket assigned and its inbox entry arrive together', async () => {
    const { operator, admin } = t.team;
    const ticket = await createTicket(admin);
    const { cursor } = await log('', operator);
    await setTicket(ticket, { assignedTo: operator._id });
    const page = await get({ cursor, limit: 1 }, operator);
    expect(page.tickets.map((record) => record._id)).toEqual([ticket]);
    expect(page.inbox.map((entry) => entry.recordId)).toContain(ticket);
    expect((await log(page.cursor, operator)).ids).toEqual([]);
  });

  it('moves the log’s cursor past changes outside the working set at its end', async () => {
    const { operator } = t.team;
    const { cursor: start } = await log('', operator);
    const old = await createSchedule(-120);
    expect(old).toBeTruthy();
    const page = await get({ cursor: start }, operator);
    expect(recordsOf(page)).toEqual([]);
    expect(BigInt(page.cursor)).toBeGreaterThan(BigInt(start));
  });

  it('answers 410 to a position past every change it numbered (a database restored from an older backup)', async () => {
    const { cursor } = await log('', t.team.operator);
    const beyond = String(BigInt(cursor) + 1000n);
    for (const query of [`cursor=${beyond}`, `snapshot=history&mark=${beyond}`]) {
      const response = await t.app.inject({ url: `/api/sync?${query}`, headers: t.team.operator.headers });
      expect(response.statusCode, query).toBe(410);
      expect(errorMessage(response), query).toMatch(/restored from a backup/);
    }
    const current = await t.app.inject({ url: `/api/sync?cursor=${cursor}`, headers: t.team.operator.headers });
    expect(current.statusCode).toBe(200);
  });

  it('refuses an unknown scope, a position it did not give, and a window outside 1 to 3650 days', async () => {
    const queries = [
      'snapshot=all',
      'snapshot=core&after=12:ticket',
      'snapshot=core&after=x:ticket:1',
      'snapshot=core&mark=abc',
      'cursor=-1',
      'snapshot=history&windowDays=0',
      'windowDays=3651',
    ];
    for (const query of queries) {
      const response = await t.app.inject({ url: `/api/sync?${query}`, headers: t.team.operator.headers });
      expect(response.statusCode, query).toBe(400);
      expect(errorMessage(response), query).toBeTruthy();
    }
  });
});

describe('GET /api/sync/older', () => {
  it('lists the records outside the working set that match the list filters, the user’s own among them', async () => {
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
    expect(found.tickets.map((ticket) => ticket._id).sort()).toEqual([old, oldMine].sort());
    expect(found.total).toBe(2);
    expect((await list(`search=${encodeURIComponent(title)}&status=Pending`)).total).toBe(0);
    expect((await list(`search=${encodeURIComponent(title)}&windowDays=3650`)).total).toBe(0);

    const incident = await createIncident(admin);
    await closeIncident(incident);
    await age('incidents', incident, 400);
    const incidents = await t.app.inject({ url: '/api/sync/older/incidents?status=Closed', headers: operator.headers });
    expect(incidentPage.parse(incidents.json()).incidents.map((record) => record._id)).toContain(incident);
  });
});
