import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { rowsOf } from '#server/db/client.ts';
import {
  downtimeEvents,
  handovers,
  incidents,
  machineReadings,
  machineStatusChanges,
  machines,
  recordHistory,
  schedules,
  stockMoves,
  ticketComments,
  tickets,
  users,
} from '#server/db/schema.ts';
import { seedDemoIfEmpty } from '#server/seed/demo.ts';
import { seedVolume } from '#server/seed/volume.ts';
import { departments } from '#shared/enums.ts';
import { dashboardSummary, mttr } from '#shared/schemas/analytics.ts';
import { involvedPerson, witness } from '#shared/schemas/incident.ts';
import { machine } from '#shared/schemas/machine.ts';
import { historyEntry } from '#shared/schemas/common.ts';
import { partDetail, partPage, stockMove, storeroom } from '#shared/schemas/part.ts';
import { permit } from '#shared/schemas/permit.ts';
import { checklistItem } from '#shared/schemas/schedule.ts';
import { authResponse } from '#shared/schemas/user.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const demoAccounts = [
  { email: 'admin@imsp.local', password: 'Admin#2026', role: 'admin' },
  { email: 'engineer@imsp.local', password: 'Engineer#2026', role: 'maintenance_engineer' },
  { email: 'safety@imsp.local', password: 'Safety#2026', role: 'safety_officer' },
  { email: 'operator@imsp.local', password: 'Operator#2026', role: 'operator' },
];

async function counts() {
  const { db } = t.database;
  return {
    users: await db.$count(users),
    machines: await db.$count(machines),
    tickets: await db.$count(tickets),
    comments: await db.$count(ticketComments),
    incidents: await db.$count(incidents),
    schedules: await db.$count(schedules),
    history: await db.$count(recordHistory),
  };
}

/** Synced rows whose change_seq is shared with another row, across all four synced tables. */
async function sharedChangeSeqs(): Promise<number> {
  const result = await t.database.db.execute(sql`
    select count(*)::int as shared from (
      select change_seq from (
        select change_seq from machines union all select change_seq from tickets
        union all select change_seq from incidents union all select change_seq from schedules
      ) feed group by change_seq having count(*) > 1
    ) duplicates`);
  return rowsOf<{ shared: number }>(result)[0]!.shared;
}

describe('demo seed', () => {
  let token = '';

  it('seeds the accounts, who can sign in with the README passwords', async () => {
    expect(await seedDemoIfEmpty(t.database)).toBe(true);
    for (const account of demoAccounts) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: account.email, password: account.password },
      });
      expect(response.statusCode, response.body).toBe(200);
      const body = authResponse.parse(response.json());
      expect(body.user.role).toBe(account.role);
      if (account.role === 'admin') token = body.token;
    }
  });

  it('builds a believable plant: machines, tickets with comments, incidents, schedules with checklists', async () => {
    const headers = { authorization: `Bearer ${token}` };
    const list = z.array(machine).parse((await t.app.inject({ url: '/api/machines', headers })).json());
    expect(list).toHaveLength(40);
    expect(new Set(list.map((row) => row.department))).toEqual(
      new Set(['Smelting', 'Casting', 'Rolling Mill', 'Quality Control']),
    );
    expect(list.filter((row) => row.status === 'Running').length).toBeGreaterThan(30);
    expect(new Set(list.map((row) => row.status))).toEqual(new Set(['Running', 'Down', 'Maintenance', 'Idle']));
    // Every machine has two to four isolation points of its kind; a rolling mill its drive, hydraulics and coolant.
    for (const row of list) expect(row.isolationPoints.length, row.name).toBeGreaterThanOrEqual(2);
    expect(Math.max(...list.map((row) => row.isolationPoints.length))).toBeLessThanOrEqual(4);
    const mill = list.find((row) => row.machineId === 'RM-CM-01')!;
    expect(mill.isolationPoints.map((point) => point.kind)).toEqual(['electrical', 'hydraulic', 'chemical']);
    expect(mill.isolationPoints[0]!.location).toBe('Main drive breaker of RM-CM-01, MCC-3 cubicle 12');
    const caster = list.find((row) => row.machineId === 'CA-DC-01')!;
    expect(caster.isolationPoints.map((point) => point.kind)).toEqual([
      'molten_metal',
      'hydraulic',
      'chemical',
      'electrical',
    ]);
    // A month of stops; the machines stopped now have their stop still open, with a reason.
    const stopped = list.filter((row) => row.status === 'Down' || row.status === 'Maintenance');
    for (const row of stopped) {
      const events = (await t.app.inject({ url: `/api/machines/${row._id}/downtime`, headers })).json<
        { endedAt: string | null; reason: unknown }[]
      >();
      expect(events[0]?.endedAt, row.name).toBeNull();
      expect(events[0]?.reason, row.name).not.toBeNull();
    }
    const reasons = (await t.app.inject({ url: '/api/analytics/downtime/reasons?days=30', headers })).json<unknown[]>();
    expect(reasons.length).toBeGreaterThan(5);

    const { db } = t.database;
    const ticketRows = await db.select().from(tickets);
    expect(ticketRows.length).toBeGreaterThanOrEqual(300);
    expect(ticketRows.map((row) => row.ticketNumber)).toContain('TKT-000001');
    const eightMonthsAgo = Date.now() - 245 * 24 * 3_600_000;
    expect(ticketRows.every((row) => row.createdAt.getTime() > eightMonthsAgo)).toBe(true);
    const resolved = ticketRows.filter((row) => row.resolvedAt !== null);
    expect(resolved.length).toBeGreaterThan(100);
    expect(resolved.every((row) => row.status === 'Resolved' || row.status === 'Closed')).toBe(true);
    expect(resolved.every((row) => row.resolvedAt!.getTime() > row.createdAt.getTime())).toBe(true);
    expect(ticketRows.some((row) => row.status === 'Pending' || row.status === 'In Progress')).toBe(true);
    expect(await db.$count(ticketComments)).toBeGreaterThan(ticketRows.length);

    const incidentRows = await db.select().from(incidents);
    // 60 reported by the staff, and one near miss sent from the request page by nobody.
    expect(incidentRows.length).toBe(61);
    expect(incidentRows.filter((row) => row.reportedBy === null)).toHaveLength(1);
    const requests = (await t.app.inject({ url: '/api/requests?status=all', headers })).json<
      { status: string; ticket: { _id: string } | null }[]
    >();
    expect(new Set(requests.map((request) => request.status))).toEqual(
      new Set(['New', 'Accepted', 'Merged', 'Rejected']),
    );
    const accepted = requests.filter((request) => request.status === 'Accepted');
    const linked = ticketRows.filter((row) => row.requestId !== null).map((row) => row.id);
    expect(accepted.map((request) => request.ticket!._id).sort()).toEqual(linked.sort());
    expect(incidentRows.some((row) => row.involvedPersons.length > 0 && row.witnesses.length > 0)).toBe(true);
    for (const row of incidentRows) {
      z.array(involvedPerson).parse(row.involvedPersons);
      z.array(witness).parse(row.witnesses);
    }

    const scheduleRows = await db.select().from(schedules);
    expect(scheduleRows.filter((row) => row.seriesId === null)).toHaveLength(50);
    const series = Map.groupBy(
      scheduleRows.filter((row) => row.seriesId !== null),
      (row) => row.seriesId,
    );
    expect([...series.values()].map((rows) => rows[0]!.recurrence?.unit).sort()).toEqual(['hours', 'month', 'week']);
    for (const rows of series.values()) {
      expect(rows.filter((row) => row.status !== 'Completed')).toHaveLength(1);
      expect(rows.filter((row) => row.status === 'Completed').length).toBeGreaterThan(0);
    }
    const [metered] = [...series.values()].filter((rows) => rows[0]!.recurrence?.unit === 'hours');
    const waiting = metered!.find((row) => row.status !== 'Completed')!;
    const [meterMachine] = await db.select().from(machines).where(eq(machines.id, waiting.machineId!));
    expect(waiting.dueHours).toBeGreaterThan(meterMachine!.operatingHours);
    const [raised] = await db.select().from(tickets).where(isNotNull(tickets.sourceScheduleId));
    const inspection = scheduleRows.find((row) => row.id === raised!.sourceScheduleId)!;
    expect(inspection.checklist.find((item) => item._id === raised!.sourceItemId)).toMatchObject({ result: 'Fail' });
    const readings = await db.select().from(machineReadings).where(eq(machineReadings.machineId, meterMachine!.id));
    expect(Math.max(...readings.map((reading) => reading.hours))).toBe(meterMachine!.operatingHours);
    for (const row of scheduleRows) expect(z.array(checklistItem).min(3).parse(row.checklist)).toEqual(row.checklist);
    expect(new Set(scheduleRows.map((row) => row.status))).toContain('Completed');
    expect(scheduleRows.some((row) => row.scheduledDate.getTime() > Date.now() && row.status === 'Scheduled')).toBe(
      true,
    );

    const summary = dashboardSummary.parse((await t.app.inject({ url: '/api/analytics/dashboard', headers })).json());
    expect(summary.machines.total).toBe(40);
    expect(summary.tickets.open).toBeGreaterThan(0);
    const repair = mttr.parse((await t.app.inject({ url: '/api/analytics/tickets/mttr', headers })).json());
    expect(repair.mttr).toBeGreaterThan(0);
    expect(repair.totalResolvedTickets).toBe(resolved.length);

    expect(await sharedChangeSeqs()).toBe(0);
  });

  it('keeps a week of shift handovers per department, most of them acknowledged', async () => {
    const { db } = t.database;
    const rows = await db.select().from(handovers);
    const weekAgo = Date.now() - 7 * 24 * 3_600_000;
    for (const department of departments) {
      const log = rows.filter((row) => row.department === department);
      expect(log.length, department).toBeGreaterThanOrEqual(20);
      expect(log.every((row) => row.shiftStart.getTime() >= weekAgo - 8 * 3_600_000)).toBe(true);
      expect(log.filter((row) => row.acknowledgedAt).length).toBeGreaterThan(log.length / 2);
      const latest = log.reduce((a, b) => (a.shiftStart > b.shiftStart ? a : b));
      expect(latest.acknowledgedAt).toBeNull();
    }
    const [sample] = rows.filter((row) => row.acknowledgedBy);
    const history = await db
      .select({ field: recordHistory.field })
      .from(recordHistory)
      .where(eq(recordHistory.recordId, sample!.id));
    expect(history.map((row) => row.field)).toEqual(['created', 'notes', 'acknowledgedBy', 'acknowledgedAt']);
  });

  it('keeps a few permits to work in different states, with a verified lock on every point of the active one', async () => {
    const headers = { authorization: `Bearer ${token}` };
    const response = await t.app.inject({ url: '/api/permits', headers });
    expect(response.statusCode, response.body).toBe(200);
    const seeded = permit.array().parse(response.json());
    expect(seeded.map((item) => item.status).sort()).toEqual(['Active', 'Approved', 'Closed', 'Requested']);
    const active = seeded.find((item) => item.status === 'Active')!;
    expect(active.points.length).toBeGreaterThan(0);
    for (const point of active.points) {
      expect(active.locks.some((lock) => lock.point === point._id && lock.verified && !lock.removedAt)).toBe(true);
    }
    const closed = seeded.find((item) => item.status === 'Closed')!;
    expect(closed.locks.length).toBeGreaterThan(0);
    expect(closed.locks.every((lock) => lock.removedAt)).toBe(true);
    const history = await t.app.inject({ url: `/api/permits/${closed._id}/history`, headers });
    expect(
      history
        .json<{ field: string; newValue: unknown }[]>()
        .filter((entry) => entry.field === 'status')
        .map((entry) => entry.newValue),
    ).toEqual(['Requested', 'Approved', 'Isolated', 'Active', 'Work Done', 'Closed']);
  });

  it('stocks two storerooms with a few hundred parts, a year of moves, a few parts below minimum and one discrepancy', async () => {
    const headers = { authorization: `Bearer ${token}` };
    const rooms = storeroom.array().parse((await t.app.inject({ url: '/api/storerooms', headers })).json());
    expect(rooms.map((room) => [room.name, room.bins.length])).toEqual([
      ['Main Stores', 48],
      ['Potroom Stores', 16],
    ]);
    const page = partPage.parse((await t.app.inject({ url: '/api/parts?limit=500', headers })).json());
    expect(page.total).toBeGreaterThan(250);
    expect(page.parts.every((item) => item.machines.length > 0)).toBe(true);
    const below = page.parts.filter((item) => item.belowMinimum);
    expect(below.length).toBeGreaterThanOrEqual(3);
    expect(below.length).toBeLessThan(page.total / 5);
    expect(page.parts.filter((item) => item.discrepancy)).toHaveLength(1);
    expect(page.parts.some((item) => item.bins.some((bin) => bin.bin.storeroom.name === 'Potroom Stores'))).toBe(true);
    expect(page.parts.filter((item) => item.reserved > 0).length).toBeGreaterThan(0);
    const moves = await t.database.db.$count(stockMoves);
    expect(moves).toBeGreaterThan(800);
    const [oldest] = stockMove.array().parse(
      (
        await t.app.inject({
          url: `/api/stock-moves?to=${new Date(Date.now() - 360 * 86_400_000).toISOString()}`,
          headers,
        })
      ).json(),
    );
    expect(oldest?.kind).toBe('receipt');
    const kinds = await t.database.db.selectDistinct({ kind: stockMoves.kind }).from(stockMoves);
    expect(kinds.map((row) => row.kind).sort()).toEqual(['adjustment', 'issue', 'receipt', 'return', 'transfer']);
    // Each move is in its part's history, as the API would have written it.
    const sample = page.parts[0]!;
    const history = historyEntry
      .array()
      .parse((await t.app.inject({ url: `/api/parts/${sample._id}/history`, headers })).json());
    const detail = partDetail.parse((await t.app.inject({ url: `/api/parts/${sample._id}`, headers })).json());
    expect(history.filter((entry) => entry.field === 'move').length).toBe(sample.version - 1);
    expect(detail.moves.length).toBeGreaterThan(0);
  });

  it('does nothing the second time', async () => {
    const before = await counts();
    expect(await seedDemoIfEmpty(t.database)).toBe(false);
    expect(await counts()).toEqual(before);
  });
});

describe('volume seed', () => {
  it('adds exactly the requested rows, numbered on from the existing ones, each with its own change_seq', async () => {
    const before = await counts();
    await seedVolume(t.database, { machines: 20, tickets: 500, incidents: 120 });
    const after = await counts();
    expect(after).toMatchObject({
      users: before.users,
      machines: before.machines + 20,
      tickets: before.tickets + 500,
      incidents: before.incidents + 120,
      history: before.history + 640,
    });
    expect(after.comments).toBeGreaterThan(before.comments);
    const [last] = await t.database.db
      .select({ number: tickets.ticketNumber })
      .from(tickets)
      .orderBy(sql`number desc`)
      .limit(1);
    expect(last!.number).toBe(`TKT-${String(before.tickets + 500).padStart(6, '0')}`);
    expect(await sharedChangeSeqs()).toBe(0);
  });

  it('adds machine stops that never overlap on one machine, each a Down and a Running change', async () => {
    const stopsBefore = await t.database.db.$count(downtimeEvents);
    const changesBefore = await t.database.db.$count(machineStatusChanges);
    await seedVolume(t.database, { machines: 0, tickets: 0, incidents: 0, stops: 300 });
    expect(await t.database.db.$count(downtimeEvents)).toBe(stopsBefore + 300);
    expect(await t.database.db.$count(machineStatusChanges)).toBe(changesBefore + 600);
    const overlaps = await t.database.db.execute(sql`
      select count(*)::int as n from downtime_events a join downtime_events b
        on a.machine_id = b.machine_id and a.id < b.id
        and a.started_at < coalesce(b.ended_at, now()) and b.started_at < coalesce(a.ended_at, now())`);
    expect(rowsOf<{ n: number }>(overlaps)[0]!.n).toBe(0);
  });

  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
    'runs from the command line, and --if-empty leaves a seeded database alone',
    { timeout: 120_000 },
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'imsp-seed-'));
      const run = (...args: string[]) =>
        promisify(execFile)(process.execPath, ['src/server/seed/cli.ts', ...args], {
          env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
        });
      try {
        const first = await run(
          '--no-demo',
          '--machines',
          '5',
          '--tickets',
          '50',
          '--incidents',
          '10',
          '--stops',
          '30',
        );
        expect(first.stdout).toContain('Added 5 machines, 50 tickets, 10 incidents, 30 stops.');
        const second = await run('--if-empty', '--tickets', '50');
        expect(second.stdout).toContain('already has data: nothing seeded');
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});
