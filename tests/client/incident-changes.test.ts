import { Dexie } from 'dexie';
import { describe, expect, it } from 'vitest';
import { incidentCreate, type Incident, type IncidentPage } from '#shared/schemas/incident.ts';
import { LocalDatabase } from '#client/data/store/db.ts';
import { pullChanges } from '#client/data/sync/pull.ts';
import { queueChange } from '#client/data/outbox/writes.ts';
import {
  createIncidentChange,
  incidentAttachmentChange,
  incidentStatusChange,
} from '#client/features/incidents/incident-changes.ts';
import {
  countIncidents,
  datedThisMonth,
  noIncidentFilters,
  readIncidentPage,
  type IncidentFilters,
} from '#client/features/incidents/incident-list.ts';
import { pngFile } from './helpers/changes.ts';
import { useLiveDevice } from './helpers/device.ts';
import { idOf } from '../server/helpers/json.ts';

const device = useLiveDevice('safety_officer');
const { user, replayer } = device;

function report(title: string, overrides: Record<string, unknown> = {}) {
  return incidentCreate.parse({
    title,
    description: 'Coolant ran into the drainage channel',
    location: 'Hot Mill Hall',
    department: 'Rolling Mill',
    incidentDate: new Date('2026-03-02T00:00').toISOString(),
    ...overrides,
  });
}

async function serverIncident(id: string): Promise<Incident> {
  return (await device.adminGet(`/api/incidents/${id}`)).json();
}

describe('incident changes of the Incidents screen', () => {
  it('reports, changes status and attaches offline, drops blank rows, then reaches the server exactly once', async () => {
    device.network.isDown = true;
    const title = `Emulsion spill ${crypto.randomUUID().slice(0, 6)}`;
    const create = createIncidentChange(
      user(),
      report(title, {
        involvedPersons: [
          { name: '', role: ' ', department: '' },
          { name: 'Kofi Mensah', role: 'Mill operator', department: '' },
        ],
        witnesses: [
          { name: 'Grace Mwangi', contact: 'ext. 4410' },
          { name: '', contact: '' },
        ],
      }),
    );
    expect(create.body).toMatchObject({
      involvedPersons: [{ name: 'Kofi Mensah', role: 'Mill operator', department: '' }],
      witnesses: [{ name: 'Grace Mwangi', contact: 'ext. 4410' }],
      type: 'Near Miss',
      severity: 'Medium',
      immediateActions: '',
    });
    await queueChange(device.db, create);
    const draft = (await device.db.incidents.get(create.recordId))!;
    expect(draft).toMatchObject({ incidentNumber: '', status: 'Open', reportedBy: user(), _server: null, _pending: 1 });
    expect(draft.involvedPersons).toHaveLength(1);

    const statusChange = incidentStatusChange(user(), draft, 'Under Investigation');
    expect(statusChange.label).toBe(`Status -> Under Investigation on "${title}"`);
    await queueChange(device.db, statusChange);
    await queueChange(device.db, incidentAttachmentChange(user(), draft, pngFile('spill.png')));
    expect(await device.db.incidents.get(create.recordId)).toMatchObject({
      status: 'Under Investigation',
      _pending: 3,
    });

    await replayer().run();
    expect(await device.db.outbox.count()).toBe(3);
    device.network.isDown = false;
    await replayer().retryNow();
    expect(await device.db.outbox.count()).toBe(0);

    const stored = await serverIncident(create.recordId);
    expect(stored).toMatchObject({
      title,
      status: 'Under Investigation',
      incidentDate: new Date('2026-03-02T00:00').toISOString(),
      involvedPersons: [{ name: 'Kofi Mensah', role: 'Mill operator', department: '' }],
      witnesses: [{ name: 'Grace Mwangi', contact: 'ext. 4410' }],
      reportedBy: { _id: device.account._id },
      attachments: [expect.objectContaining({ originalName: 'spill.png', mimeType: 'image/png' })],
    });
    expect(stored.incidentNumber).toMatch(/^INC-\d{6}$/);
    const listed = await device.adminGet(`/api/incidents?search=${encodeURIComponent(title)}`);
    expect(listed.json<IncidentPage>().total).toBe(1);
    expect(await device.db.incidents.get(create.recordId)).toMatchObject({
      incidentNumber: stored.incidentNumber,
      _pending: 0,
    });
  });
});

describe('the incidents list on this device', () => {
  it('filters, searches, orders and pages exactly as GET /api/incidents does', async () => {
    const stories = [
      ['Molten metal splash at tapping', 'Metal splashed out of the crucible', 'Potroom A', 'Injury', 'Critical'],
      ['Forklift struck billet rack', 'Two billets fell', 'Billet Yard', 'Property Damage', 'Low'],
      ['Roll coolant emulsion spill', 'Overflow from the cellar sump', 'Cold Mill Hall', 'Environmental', 'High'],
      ['Gate left open', 'Visitor without escort', 'Main Gate', 'Security', 'Medium'],
    ] as const;
    for (let index = 0; index < 14; index += 1) {
      const [title, description, location, type, severity] = stories[index % stories.length]!;
      const created = await device.server.t.app.inject({
        method: 'POST',
        url: '/api/incidents',
        headers: device.account.headers,
        payload: report(`${title} ${index}`, { description, location, type, severity }),
      });
      // Apart in time (the server keeps microseconds, the records carry milliseconds): a clear newest-first order.
      await new Promise((resolve) => setTimeout(resolve, 3));
      if (index % 3 === 0) {
        await device.server.t.app.inject({
          method: 'PUT',
          url: `/api/incidents/${idOf(created)}`,
          headers: device.account.headers,
          payload: { status: index % 2 === 0 ? 'Closed' : 'Under Investigation' },
        });
      }
    }
    await pullChanges(device.db, device.network.transport, device.status);

    const queries: [Partial<IncidentFilters>, number][] = [
      [{}, 1],
      [{}, 2],
      [{ type: 'Injury' }, 1],
      [{ severity: 'High', status: 'Open' }, 1],
      [{ status: 'Closed' }, 1],
      [{ search: 'POTROOM' }, 1],
      // Title, then description: one searched text, as the server's.
      [{ search: 'tapping 4 metal' }, 1],
      [{ search: '  gate  ' }, 1],
      [{ search: 'nothing like this' }, 1],
    ];
    for (const [filters, page] of queries) {
      const query = new URLSearchParams({ ...filters, page: String(page) });
      const online: IncidentPage = (await device.adminGet(`/api/incidents?${query}`)).json();
      const local = await readIncidentPage(device.db, { ...noIncidentFilters, ...filters }, page);
      expect(
        local.incidents.map((incident) => incident._id),
        JSON.stringify(filters),
      ).toEqual(online.incidents.map((incident) => incident._id));
      expect(local).toMatchObject({
        currentPage: online.currentPage,
        totalPages: online.totalPages,
        total: online.total,
      });
    }
    expect(await readIncidentPage(device.db, noIncidentFilters, 99)).toMatchObject({ currentPage: 2 });

    // The counters count every incident the filters match, as the server's totals do, not the page.
    const serverTotal = async (filters: Partial<IncidentFilters>, field: 'status' | 'severity', value: string) => {
      if (filters[field] && filters[field] !== value) return 0;
      const query = new URLSearchParams({ ...filters, [field]: value, limit: '1' });
      return (await device.adminGet(`/api/incidents?${query}`)).json<IncidentPage>().total;
    };
    const serverDated = async (filters: Partial<IncidentFilters>, now: Date) => {
      const query = new URLSearchParams({ ...filters, limit: '100' });
      const { incidents } = (await device.adminGet(`/api/incidents?${query}`)).json<IncidentPage>();
      return incidents.filter((incident) => datedThisMonth(incident, now)).length;
    };
    const march = new Date(2026, 2, 15, 12);
    for (const [filters] of queries) {
      expect(
        await countIncidents(device.db, { ...noIncidentFilters, ...filters }, march),
        JSON.stringify(filters),
      ).toEqual({
        open: await serverTotal(filters, 'status', 'Open'),
        underInvestigation: await serverTotal(filters, 'status', 'Under Investigation'),
        critical: await serverTotal(filters, 'severity', 'Critical'),
        thisMonth: await serverDated(filters, march),
      });
    }
  });

  it('counts an incident as this month by its date in the local calendar month', () => {
    const now = new Date(2026, 2, 15, 12);
    const dated = (date: Date) => datedThisMonth({ incidentDate: date.toISOString() }, now);
    expect(dated(new Date(2026, 2, 1, 0, 0))).toBe(true);
    expect(dated(new Date(2026, 1, 28, 23, 59))).toBe(false);
    expect(dated(new Date(2026, 2, 31, 23, 0))).toBe(true);
    expect(dated(new Date(2025, 2, 10))).toBe(false);
  });

  it('counts This Month on a device that stored its incidents before the month had a list of its own', async () => {
    const { incidents } = (await device.adminGet('/api/incidents?limit=2')).json<IncidentPage>();
    const name = `month-upgrade-${crypto.randomUUID()}`;
    const before = new Dexie(name);
    // The schema of version 9 as devices have it: lists without the incident's month.
    before.version(9).stores({
      machines: '_id, name, machineId, department, status',
      tickets: '_id, createdAt, updatedAt, *_numbers',
      incidents: '_id, createdAt, updatedAt, *_owners, *_numbers, *_awaiting',
      schedules: '_id, scheduledDate, status',
      outbox: '++seq, &id, userId, recordId, state',
      files: 'id',
      meta: 'key',
      pinned: 'key',
      inbox: 'key, at, readPending',
      postings: '',
    });
    const dates = [new Date(2026, 2, 3, 9).toISOString(), new Date(2026, 1, 27, 9).toISOString()];
    await before
      .table('incidents')
      .bulkAdd(
        incidents.map((incident, at) => ({ ...incident, incidentDate: dates[at], _server: incident, _pending: 0 })),
      );
    before.close();
    const upgraded = new LocalDatabase(name);
    const counts = await countIncidents(upgraded, noIncidentFilters, new Date(2026, 2, 15, 12));
    expect(counts.thisMonth).toBe(1);
    upgraded.close();
  });
});
