import { sql } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  appliedChanges,
  downtimeEvents,
  machineStatusChanges,
  files,
  incidents,
  machines,
  recordHistory,
  schedules,
  ticketComments,
  tickets,
} from '#server/db/schema.ts';
import type { ScheduleStatus } from '#shared/enums.ts';
import { errorSchema } from '#shared/schemas/common.ts';
import { completionRate, dashboardSummary, distribution, monthlyTrend, mttr } from '#shared/schemas/analytics.ts';
import { machine } from '#shared/schemas/machine.ts';
import { type Account, machineInput, useTeamApp } from './helpers/app.ts';

const t = useTeamApp();

const restricted = [
  '/machines/status-distribution',
  '/machines/department-distribution',
  '/tickets/trends',
  '/tickets/mttr',
  '/incidents/type-trends',
  '/incidents/monthly-trends',
  '/maintenance/completion-rate',
];

async function get(path: string, account: Account = t.team.admin) {
  const response = await t.app.inject({ url: `/api/analytics${path}`, headers: account.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<unknown>();
}

async function all() {
  return {
    dashboard: dashboardSummary.parse(await get('/dashboard')),
    status: distribution.parse(await get('/machines/status-distribution')),
    departments: distribution.parse(await get('/machines/department-distribution')),
    ticketTrends: monthlyTrend.parse(await get('/tickets/trends')),
    mttr: mttr.parse(await get('/tickets/mttr')),
    types: distribution.parse(await get('/incidents/type-trends')),
    incidentTrends: monthlyTrend.parse(await get('/incidents/monthly-trends')),
    completion: completionRate.parse(await get('/maintenance/completion-rate')),
  };
}

/** The first instant of the UTC month `offset` months from now, plus `hours`. */
function inMonth(offset: number, hours = 0): Date {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1) + hours * 3_600_000);
}

/** The `{year, month}` label of the UTC month `offset` months from now. */
function label(offset: number) {
  const start = inMonth(offset);
  return { year: start.getUTCFullYear(), month: start.getUTCMonth() + 1 };
}

const nextSeq = sql`nextval('change_seq')`;

async function insertTickets(rows: Partial<typeof tickets.$inferInsert>[]) {
  await t.database.writeInOrder((tx) =>
    tx.insert(tickets).values(
      rows.map((row): PgInsertValue<typeof tickets> => ({
        title: 'Hydraulic leak',
        description: 'Oil under the coiler',
        priority: 'High',
        category: 'Hydraulic',
        changeSeq: nextSeq,
        ...row,
      })),
    ),
  );
}

async function insertIncidents(rows: Partial<typeof incidents.$inferInsert>[]) {
  await t.database.writeInOrder((tx) =>
    tx.insert(incidents).values(
      rows.map((row): PgInsertValue<typeof incidents> => ({
        title: 'Slip near the caster',
        description: 'Wet floor',
        type: 'Near Miss',
        severity: 'Low',
        location: 'Casthouse',
        department: 'Casting',
        incidentDate: inMonth(0),
        changeSeq: nextSeq,
        ...row,
      })),
    ),
  );
}

async function insertSchedules(statuses: ScheduleStatus[]) {
  await t.database.writeInOrder((tx) =>
    tx.insert(schedules).values(
      statuses.map((status): PgInsertValue<typeof schedules> => ({
        title: 'Quarterly inspection',
        status,
        priority: 'Medium',
        scheduledDate: inMonth(0),
        estimatedDuration: 2,
        changeSeq: nextSeq,
      })),
    ),
  );
}

async function createMachine(overrides: Record<string, unknown>) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/machines',
    headers: t.team.engineer.headers,
    payload: machineInput(overrides),
  });
  expect(response.statusCode, response.body).toBe(201);
  return machine.parse(response.json());
}

/** No records, only the team's accounts: each test starts from here and adds what it counts. */
async function removeAllRecords() {
  await t.database.writeInOrder(async (tx) => {
    for (const table of [
      downtimeEvents,
      machineStatusChanges,
      files,
      ticketComments,
      recordHistory,
      appliedChanges,
      tickets,
      incidents,
      schedules,
      machines,
    ]) {
      await tx.delete(table);
    }
  });
}

describe('analytics', () => {
  beforeEach(removeAllRecords);

  it('falls back to 0 and empty lists on an empty database, with every trend month present', async () => {
    const result = await all();
    expect(result.dashboard).toEqual({
      machines: { total: 0, running: 0, down: 0, maintenance: 0 },
      tickets: { open: 0 },
      incidents: { open: 0, critical: 0 },
    });
    expect(result.status).toEqual([]);
    expect(result.departments).toEqual([]);
    expect(result.types).toEqual([]);
    expect(result.mttr).toEqual({ mttr: 0, totalResolvedTickets: 0 });
    expect(result.completion).toEqual({ completionRate: 0, completed: 0, total: 0 });
    expect(result.ticketTrends).toEqual([-5, -4, -3, -2, -1, 0].map((offset) => ({ _id: label(offset), count: 0 })));
    expect(result.incidentTrends).toHaveLength(12);
    expect(result.incidentTrends[0]).toEqual({ _id: label(-11), count: 0 });
    expect(result.incidentTrends[11]).toEqual({ _id: label(0), count: 0 });
  });

  it('opens the dashboard summary to every role and the rest to admin and safety officer only', async () => {
    for (const account of Object.values(t.team)) dashboardSummary.parse(await get('/dashboard', account));
    for (const path of restricted) {
      for (const account of [t.team.admin, t.team.safety]) await get(path, account);
      for (const account of [t.team.engineer, t.team.operator]) {
        const response = await t.app.inject({ url: `/api/analytics${path}`, headers: account.headers });
        expect(response.statusCode).toBe(403);
        expect(errorSchema.parse(response.json()).message).toMatch(/may not view analytics/);
      }
    }
    const anonymous = await t.app.inject({ url: '/api/analytics/dashboard' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('counts a known data set exactly, and a write changes the cached answer', async () => {
    const before = await all();

    for (const [department, status] of [
      ['Smelting', 'Running'],
      ['Smelting', 'Running'],
      ['Smelting', 'Down'],
      ['Casting', 'Running'],
      ['Casting', 'Maintenance'],
      ['Quality Control', 'Idle'],
    ]) {
      await createMachine({ department, status });
    }
    const removed = await createMachine({ department: 'Rolling Mill', status: 'Running' });
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/machines/${removed._id}`,
      headers: t.team.admin.headers,
    });
    expect(deleted.statusCode).toBe(200);

    await insertTickets([
      { status: 'Pending', createdAt: inMonth(0) },
      { status: 'In Progress', createdAt: inMonth(0) },
      // Resolved after 1 h 20 min and 2 h: a mean of 1.666... hours.
      { status: 'Resolved', createdAt: inMonth(-2, 3), resolvedAt: inMonth(-2, 3 + 4 / 3) },
      { status: 'Closed', createdAt: inMonth(-5, 1), resolvedAt: inMonth(-5, 3), closedAt: inMonth(-5, 4) },
      // Outside the six-month window.
      { status: 'Pending', createdAt: inMonth(-6, 1) },
    ]);
    await insertIncidents([
      { type: 'Injury', severity: 'Critical', status: 'Open', incidentDate: inMonth(0) },
      { type: 'Injury', severity: 'Critical', status: 'Closed', incidentDate: inMonth(-11, 2) },
      { type: 'Near Miss', severity: 'Critical', status: 'Under Investigation', incidentDate: inMonth(-3, 5) },
      { type: 'Environmental', severity: 'Low', status: 'Open', incidentDate: inMonth(-3, 6) },
      // Outside the twelve-month window.
      { type: 'Injury', severity: 'High', status: 'Closed', incidentDate: inMonth(-12, 1) },
    ]);
    await insertSchedules([
      'Completed',
      'Completed',
      'Completed',
      'Scheduled',
      'In Progress',
      'In Progress',
      'Scheduled',
    ]);

    const after = await all();
    expect(after.dashboard).toEqual({
      machines: { total: 6, running: 3, down: 1, maintenance: 1 },
      tickets: { open: 3 },
      incidents: { open: 3, critical: 2 },
    });
    expect(after.dashboard).not.toEqual(before.dashboard);
    expect(after.status).toEqual([
      { _id: 'Running', count: 3 },
      { _id: 'Down', count: 1 },
      { _id: 'Idle', count: 1 },
      { _id: 'Maintenance', count: 1 },
    ]);
    expect(after.departments).toEqual([
      { _id: 'Smelting', count: 3 },
      { _id: 'Casting', count: 2 },
      { _id: 'Quality Control', count: 1 },
    ]);
    expect(after.ticketTrends.map((row) => row.count)).toEqual([1, 0, 0, 1, 0, 2]);
    expect(after.ticketTrends.map((row) => row._id)).toEqual([-5, -4, -3, -2, -1, 0].map(label));
    expect(after.mttr).toEqual({ mttr: 1.67, totalResolvedTickets: 2 });
    expect(after.types).toEqual([
      { _id: 'Injury', count: 3 },
      { _id: 'Environmental', count: 1 },
      { _id: 'Near Miss', count: 1 },
    ]);
    expect(after.incidentTrends.map((row) => row.count)).toEqual([1, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 1]);
    expect(after.completion).toEqual({ completionRate: 42.9, completed: 3, total: 7 });

    // A status change through the API retires the cached summary.
    const running = machine
      .array()
      .parse((await t.app.inject({ url: '/api/machines?status=Running', headers: t.team.admin.headers })).json());
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/machines/${running[0]!._id}/status`,
      headers: t.team.operator.headers,
      payload: { status: 'Down' },
    });
    expect(patched.statusCode).toBe(200);
    const summary = dashboardSummary.parse(await get('/dashboard', t.team.operator));
    expect(summary.machines).toEqual({ total: 6, running: 2, down: 2, maintenance: 1 });
  });

  it('moves the trend windows with the month', async () => {
    await insertTickets([
      { createdAt: inMonth(-5, 1) },
      { createdAt: inMonth(-2, 3) },
      { createdAt: inMonth(0) },
      { createdAt: inMonth(0, 1) },
    ]);
    const now = new Date();
    const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 15));
    const trends = await t.app.repos.analytics.ticketTrends(undefined, nextMonth);
    expect(trends.map((row) => row._id)).toEqual([-4, -3, -2, -1, 0, 1].map(label));
    expect(trends.map((row) => row.count)).toEqual([0, 0, 1, 0, 2, 0]);
  });
});
