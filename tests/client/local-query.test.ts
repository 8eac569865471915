import { Dexie } from 'dexie';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { LocalDatabase } from '#client/data/store/db.ts';
import {
  countIncidents,
  noIncidentFilters,
  readIncidentPage,
  type IncidentFilters,
} from '#client/features/incidents/incident-list.ts';
import { noTicketFilters, readTicketPage, type TicketFilters } from '#client/features/tickets/ticket-list.ts';
import { incidentStatuses, incidentTypes, priorities, ticketStatuses } from '#shared/enums.ts';
import { incidentPage, type Incident } from '#shared/schemas/incident.ts';
import { ticketPage, type Ticket } from '#shared/schemas/ticket.ts';
import { searchWordsOf } from '#server/repositories/numbered-records.ts';
import { incidents, tickets } from '#server/db/schema.ts';
import { insertInChunks, nextChangeSeq } from '#server/seed/insert.ts';
import { createRandom } from '#server/seed/random.ts';
import { useLiveDevice } from './helpers/device.ts';

const device = useLiveDevice('admin');
const random = createRandom(9);

// Words that share prefixes (pump, pumps, pumping), punctuation that splits them, letters beyond ASCII.
const vocabulary = [
  'pump',
  'pumps',
  'pumping',
  'press',
  'pressure',
  'leak',
  'leaking',
  'bearing',
  'bear',
  'belt',
  'coil',
  'coiler',
  'cool',
  'coolant',
  'über',
  'überhitzung',
  'öl',
  'line-4',
  '100%',
  'stand_2',
  'A/B',
];
const phrase = (min: number, max: number) =>
  Array.from({ length: random.int(min, max) }, () => random.pick(vocabulary)).join(' ');

/** Creation times over 60 days; every tenth repeats the one before, so ties are ordered too. */
function createdTimes(count: number): Date[] {
  const now = Date.now();
  const times: Date[] = [];
  for (let index = 0; index < count; index += 1) {
    times.push(index % 10 === 9 ? times[index - 1]! : new Date(now - random.int(0, 60 * 86_400_000)));
  }
  return times;
}

/** Half the rows get the words the app writes, half the database's approximation (rows written by SQL alone). */
const appWritten = (index: number) => index % 2 === 0;

async function seedServer() {
  const { db } = device.server.t.database;
  const ticketRows = createdTimes(1200).map((createdAt, index) => {
    const row = {
      title: phrase(2, 5),
      description: phrase(3, 9),
      priority: random.pick(priorities),
      category: 'Mechanical' as const,
      status: random.pick(ticketStatuses),
      createdAt,
      updatedAt: createdAt,
      changeSeq: nextChangeSeq,
    };
    return appWritten(index) ? { ...row, searchWords: searchWordsOf('ticket', row) } : row;
  });
  const incidentRows = createdTimes(800).map((createdAt, index) => {
    const row = {
      title: phrase(2, 5),
      description: phrase(3, 9),
      location: phrase(1, 2),
      department: 'Casting',
      type: random.pick(incidentTypes),
      severity: random.pick(priorities),
      status: random.pick(incidentStatuses),
      incidentDate: createdAt,
      createdAt,
      updatedAt: createdAt,
      changeSeq: nextChangeSeq,
    };
    return appWritten(index) ? { ...row, searchWords: searchWordsOf('incident', row) } : row;
  });
  await db.transaction(async (tx) => {
    await insertInChunks(tx, tickets, ticketRows);
    await insertInChunks(tx, incidents, incidentRows);
  });
  await db.execute(sql`analyze`);
}

async function serverList<T>(path: string, query: Record<string, string>, read: (body: unknown) => T): Promise<T> {
  const response = await device.adminGet(`/api/${path}?${new URLSearchParams(query)}`);
  expect(response.statusCode, response.body).toBe(200);
  return read(response.json());
}

/** Every record the server lists, stored on the device as a pull stores it. */
async function copyToDevice(db: LocalDatabase) {
  for (let page = 1; ; page += 1) {
    const [ticketList, incidentList] = await Promise.all([
      serverList('tickets', { limit: '100', page: String(page) }, (body) => ticketPage.parse(body)),
      serverList('incidents', { limit: '100', page: String(page) }, (body) => incidentPage.parse(body)),
    ]);
    await db.tickets.bulkPut(ticketList.tickets.map((record: Ticket) => ({ ...record, _server: record, _pending: 0 })));
    await db.incidents.bulkPut(
      incidentList.incidents.map((record: Incident) => ({ ...record, _server: record, _pending: 0 })),
    );
    if (page >= ticketList.totalPages && page >= incidentList.totalPages) return;
  }
}

/** Pages 1 to 3 and the last; they must hold the same ids in the same order, and the same counts. */
async function expectSamePages<F extends Record<string, string>>(
  filters: F,
  server: (query: Record<string, string>) => Promise<{ ids: string[]; total: number; totalPages: number }>,
  local: (page: number) => Promise<{ ids: string[]; total: number; totalPages: number; currentPage: number }>,
) {
  const first = await server({ ...filters, page: '1' });
  const pages = [...new Set([1, 2, 3, first.totalPages])].filter((page) => page <= first.totalPages);
  for (const page of pages) {
    const online = page === 1 ? first : await server({ ...filters, page: String(page) });
    const offline = await local(page);
    const label = `${JSON.stringify(filters)} page ${page}`;
    expect(offline.ids, label).toEqual(online.ids);
    expect({ total: offline.total, totalPages: offline.totalPages, currentPage: offline.currentPage }, label).toEqual({
      total: online.total,
      totalPages: online.totalPages,
      currentPage: page,
    });
  }
  return first.total;
}

const searches = ['', 'pum', 'PUMPS', 'coolant lea', 'line 4', 'über', 'ÖL', '100', 'stand 2', 'a b', 'leak bear cool'];
const all = (values: readonly string[]) => ['', ...values];

describe('list queries on the device (its lists only) agree with the server', () => {
  beforeAll(seedServer, 60_000);

  it('tickets: every status and priority, with and without search words, prefixes and numbers', async () => {
    await copyToDevice(device.db);
    const numbers = await serverList('tickets', { limit: '3', page: '7' }, (body) => ticketPage.parse(body));
    const numberSearches = numbers.tickets.flatMap((record) => [record.ticketNumber, record.ticketNumber.slice(-3)]);
    const matched: number[] = [];
    for (const search of [...searches, ...numberSearches]) {
      // Many found ('pum', read in the filter range's order) and few (a number's digits, read and sorted).
      const crossed = ['', 'pum', numberSearches[1]].includes(search);
      const combinations = crossed ? [all(ticketStatuses), all(priorities)] : [[''], ['']];
      for (const status of combinations[0]!) {
        for (const priority of combinations[1]!) {
          const filters = { search, status, priority };
          const total = await expectSamePages(
            filters,
            async (query) => {
              const page = await serverList('tickets', query, (body) => ticketPage.parse(body));
              return { ...page, ids: page.tickets.map((record) => record._id) };
            },
            async (page) => {
              const result = await readTicketPage(
                device.db,
                { ...noTicketFilters, ...(filters as TicketFilters) },
                page,
              );
              return { ...result, ids: result.tickets.map((record) => record._id) };
            },
          );
          matched.push(total);
        }
      }
    }
    // The data exercises the queries: most find something, some find nothing.
    expect(matched.filter((total) => total > 15).length).toBeGreaterThan(matched.length / 2);
    expect(matched).toContain(0);
  }, 120_000);

  it('incidents: every type, severity and status alone and together, with and without search words', async () => {
    await copyToDevice(device.db);
    const combinations: Record<string, string>[] = [
      ...all(incidentTypes).map((type) => ({ type })),
      ...all(priorities).map((severity) => ({ severity })),
      ...all(incidentStatuses).map((status) => ({ status })),
      ...incidentTypes.flatMap((type) => priorities.map((severity) => ({ type, severity, status: 'Open' }))),
      { type: 'Injury', status: 'Closed' },
      { severity: 'Critical', status: 'Under Investigation' },
      { type: 'Near Miss', severity: 'Low' },
    ];
    const numbers = await serverList('incidents', { limit: '2', page: '5' }, (body) => incidentPage.parse(body));
    for (const search of [...searches, ...numbers.incidents.map((record) => record.incidentNumber)]) {
      for (const combination of search === '' || search === 'coolant lea' ? combinations : [{}]) {
        const filters = { search, ...combination } as Record<string, string>;
        await expectSamePages(
          filters,
          async (query) => {
            const page = await serverList('incidents', query, (body) => incidentPage.parse(body));
            return { ...page, ids: page.incidents.map((record) => record._id) };
          },
          async (page) => {
            const result = await readIncidentPage(
              device.db,
              { ...noIncidentFilters, ...(filters as Partial<IncidentFilters>) },
              page,
            );
            return { ...result, ids: result.incidents.map((record) => record._id) };
          },
        );
      }
    }
  }, 120_000);

  it('incidents: the counters count what the server lists, with each search and filter, ties too', async () => {
    await copyToDevice(device.db);
    const serverTotal = async (filters: Record<string, string>) =>
      (await serverList('incidents', { ...filters, limit: '1' }, (body) => incidentPage.parse(body))).total;
    const counted: number[] = [];
    const filterSets: Record<string, string>[] = [{}, { type: 'Injury' }, { status: 'Open' }, { severity: 'Critical' }];
    for (const search of searches) {
      for (const filters of filterSets) {
        const query: Record<string, string> = { search, ...filters };
        const counts = await countIncidents(device.db, {
          ...noIncidentFilters,
          ...(query as Partial<IncidentFilters>),
        });
        const expected = {
          open: query.status && query.status !== 'Open' ? 0 : await serverTotal({ ...query, status: 'Open' }),
          underInvestigation:
            query.status && query.status !== 'Under Investigation'
              ? 0
              : await serverTotal({ ...query, status: 'Under Investigation' }),
          critical:
            query.severity && query.severity !== 'Critical' ? 0 : await serverTotal({ ...query, severity: 'Critical' }),
        };
        const { thisMonth: _, ...byServer } = counts;
        expect(byServer, JSON.stringify(query)).toEqual(expected);
        counted.push(counts.open, counts.critical);
      }
    }
    expect(counted.filter((count) => count > 5).length).toBeGreaterThan(counted.length / 2);
  }, 120_000);

  it('follows a change of a found record into another filter range', async () => {
    await copyToDevice(device.db);
    const page = (status: TicketFilters['status']) =>
      readTicketPage(device.db, { ...noTicketFilters, search: 'pum', status }, 1);
    const [pending, closed] = [await page('Pending'), await page('Closed')];
    const moved = closed.tickets[0]!;
    await device.db.tickets.update(moved._id, { status: 'Pending' });
    expect((await page('Pending')).total).toBe(pending.total + 1);
    expect((await page('Closed')).total).toBe(closed.total - 1);
  });

  it('keeps the lists of a record up to date through every kind of write, delete and clear', async () => {
    const [record] = (await serverList('tickets', { limit: '1' }, (body) => ticketPage.parse(body))).tickets;
    const id = record!._id;
    await device.db.tickets.add({ ...record!, _server: record!, _pending: 0 });
    const found = async (search: string) =>
      (await readTicketPage(device.db, { ...noTicketFilters, search }, 1)).tickets.map((ticket) => ticket._id);
    await device.db.tickets.put({ ...record!, title: 'Zentrifuge vibriert', _server: record!, _pending: 0 });
    expect(await found('zentrif')).toEqual([id]);
    await device.db.tickets.update(id, { title: 'Kühlwasser tropft' });
    expect(await found('zentrif')).toEqual([]);
    expect(await found('kühlw TROPFT')).toEqual([id]);
    await device.db.tickets
      .where('_id')
      .equals(id)
      .modify((ticket) => void (ticket.description = 'Ventil klemmt'));
    expect(await found('ventil')).toEqual([id]);
    await device.db.tickets.delete(id);
    expect(await found('ventil')).toEqual([]);
    // Clearing one table empties its lists and no other's.
    const [incident] = (await serverList('incidents', { limit: '1' }, (body) => incidentPage.parse(body))).incidents;
    await device.db.incidents.add({ ...incident!, _server: incident!, _pending: 0 });
    await device.db.tickets.add({ ...record!, _server: record!, _pending: 0 });
    await device.db.tickets.clear();
    const lists = (table: string) => device.db.postings.where(':id').between([table], [table, Dexie.maxKey]).count();
    expect(await lists('tickets')).toBe(0);
    expect(await lists('incidents')).toBeGreaterThan(0);
  });

  it('indexes the words of the records a device stored before the search index existed', async () => {
    const [record] = (await serverList('tickets', { limit: '1' }, (body) => ticketPage.parse(body))).tickets;
    const name = `upgrade-${crypto.randomUUID()}`;
    const before = new Dexie(name);
    // The schema of version 1 as devices have it.
    before.version(1).stores({
      machines: '_id, name, machineId, department, status',
      tickets: '_id, createdAt, status, priority, ticketNumber',
      incidents: '_id, createdAt, status, type, severity',
      schedules: '_id, scheduledDate, status',
      outbox: '++seq, &id, userId, recordId, state',
      files: 'id',
      meta: 'key',
    });
    await before.table('tickets').add({ ...record!, title: 'Zentrifuge vibriert', _server: record!, _pending: 0 });
    before.close();
    const upgraded = new LocalDatabase(name);
    const found = await readTicketPage(upgraded, { ...noTicketFilters, search: 'zentrif' }, 1);
    expect(found.tickets.map((ticket) => ticket._id)).toEqual([record!._id]);
    upgraded.close();
  });
});
