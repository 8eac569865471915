import { eq, sql } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  appliedChanges,
  downtimeEvents,
  files,
  incidents,
  machineStatusChanges,
  machines,
  recordHistory,
  schedules,
  ticketComments,
  tickets,
} from '#server/db/schema.ts';
import type { SyncEntity } from '#shared/schemas/sync.ts';
import { completionRate, mttr, previousFigures } from '#shared/schemas/analytics.ts';
import { errorSchema } from '#shared/schemas/common.ts';
import { machine } from '#shared/schemas/machine.ts';
import { machineInput, useTeamApp } from './helpers/app.ts';

const t = useTeamApp();
const now = new Date();
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
const nextSeq = sql`nextval('change_seq')`;

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

/** A machine created `age` days ago with this status now; `deleted` days ago if given. */
async function machineSince(age: number, status: string, deleted?: number) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/machines',
    headers: t.team.engineer.headers,
    payload: machineInput({ status }),
  });
  expect(response.statusCode, response.body).toBe(201);
  const { _id } = machine.parse(response.json());
  await t.database.writeInOrder((tx) =>
    tx
      .update(machines)
      .set({ createdAt: daysAgo(age), deletedAt: deleted === undefined ? null : daysAgo(deleted) })
      .where(eq(machines.id, _id)),
  );
  return _id;
}

/** A status change in a record's history, `days` days ago. */
async function statusChange(entity: SyncEntity, recordId: string, oldValue: string, newValue: string, days: number) {
  await t.database.writeInOrder((tx) =>
    tx.insert(recordHistory).values({
      entity,
      recordId,
      version: 2,
      field: 'status',
      oldValue,
      newValue,
      changedAt: daysAgo(days),
    }),
  );
}

async function ticketSince(age: number, status: 'Pending' | 'Resolved', resolvedDaysAgo?: number) {
  const [row] = await t.database.writeInOrder((tx) =>
    tx
      .insert(tickets)
      .values({
        title: 'Hydraulic leak',
        description: 'Oil under the coiler',
        priority: 'High',
        category: 'Hydraulic',
        status,
        createdAt: daysAgo(age),
        resolvedAt: resolvedDaysAgo === undefined ? null : daysAgo(resolvedDaysAgo),
        changeSeq: nextSeq,
      })
      .returning({ id: tickets.id }),
  );
  return row!.id;
}

async function incidentSince(age: number) {
  const [row] = await t.database.writeInOrder((tx) =>
    tx
      .insert(incidents)
      .values({
        title: 'Slip near the caster',
        description: 'Wet floor',
        type: 'Near Miss',
        severity: 'Low',
        location: 'Casthouse',
        department: 'Casting',
        status: 'Closed',
        incidentDate: daysAgo(age),
        createdAt: daysAgo(age),
        changeSeq: nextSeq,
      })
      .returning({ id: incidents.id }),
  );
  return row!.id;
}

async function schedulesOn(rows: [days: number, completed: boolean][]) {
  await t.database.writeInOrder((tx) =>
    tx.insert(schedules).values(
      rows.map(([days, completed]): PgInsertValue<typeof schedules> => ({
        title: 'Quarterly inspection',
        status: completed ? 'Completed' : 'Scheduled',
        priority: 'Medium',
        scheduledDate: daysAgo(days),
        estimatedDuration: 2,
        changeSeq: nextSeq,
      })),
    ),
  );
}

/**
 * The known data set. Machines 30 days ago: A Running (went Down 10 days ago), B Maintenance (from 40
 * to 5 days ago), C Idle (never changed), E Running (deleted 20 days ago); D is 5 days old.
 * Tickets then: t1 and t2 open, t3 resolved 35 days ago; t4 is 10 days old. Incidents then: i1 open
 * (closed yesterday), i2 closed 31 days ago.
 */
async function knownDataSet() {
  const a = await machineSince(60, 'Down');
  await statusChange('machine', a, 'Running', 'Down', 10);
  const b = await machineSince(60, 'Running');
  await statusChange('machine', b, 'Running', 'Maintenance', 40);
  await statusChange('machine', b, 'Maintenance', 'Running', 5);
  await machineSince(60, 'Idle');
  await machineSince(5, 'Running');
  await machineSince(60, 'Running', 20);

  const t1 = await ticketSince(50, 'Resolved', 20); // 30 days to resolve: 720 h, in the current 30 days
  await statusChange('ticket', t1, 'Pending', 'Resolved', 20);
  await ticketSince(50, 'Pending');
  const t3 = await ticketSince(40, 'Resolved', 35); // 5 days: 120 h, in the 30 days before
  await statusChange('ticket', t3, 'In Progress', 'Resolved', 35);
  await ticketSince(10, 'Pending');
  const t5 = await ticketSince(45, 'Resolved', 33); // 12 days: 288 h, in the 30 days before
  await statusChange('ticket', t5, 'Pending', 'Resolved', 33);

  const i1 = await incidentSince(45);
  await statusChange('incident', i1, 'Open', 'Closed', 1);
  const i2 = await incidentSince(45);
  await statusChange('incident', i2, 'Under Investigation', 'Closed', 31);

  // Current 30 days: 1 of 2 completed; the 30 days before: 2 of 3.
  await schedulesOn([
    [3, true],
    [20, false],
    [40, true],
    [45, true],
    [50, false],
  ]);
}

describe('analytics changes against the previous period', () => {
  beforeEach(removeAllRecords);

  it('has nothing to compare with on an empty database', async () => {
    const previous = await t.app.repos.analytics.previous(30, now);
    expect(previous).toMatchObject({
      days: 30,
      machines: null,
      openTickets: null,
      openIncidents: null,
      mttr: null,
      completionRate: null,
    });
  });

  it('rebuilds the figures of 30 days ago from the history, by hand', async () => {
    await knownDataSet();
    const previous = await t.app.repos.analytics.previous(30, now);
    expect(previous).toEqual({
      days: 30,
      at: daysAgo(30).toISOString(),
      machines: { total: 4, running: 2, down: 0, maintenance: 1, idle: 1 },
      openTickets: 2,
      openIncidents: 1,
      // (120 h + 288 h) / 2
      mttr: 204,
      // 2 of 3
      completionRate: 66.7,
    });
    // The same period up to now, as the cards show it: 4 machines, 2 running, 1 down; 720 h; 1 of 2.
    const summary = await t.app.repos.analytics.dashboard();
    expect(summary.machines).toEqual({ total: 4, running: 2, down: 1, maintenance: 0 });
    expect(summary.tickets.open).toBe(2);
    expect(await t.app.repos.analytics.mttr(30, now)).toEqual({ mttr: 720, totalResolvedTickets: 1 });
    expect(await t.app.repos.analytics.completionRate(30, now)).toEqual({ completionRate: 50, completed: 1, total: 2 });
  });

  it('serves the previous figures to every role and follows the period parameter', async () => {
    await knownDataSet();
    const previous = await t.app.inject({ url: '/api/analytics/previous?days=30', headers: t.team.operator.headers });
    expect(previous.statusCode, previous.body).toBe(200);
    expect(previousFigures.parse(previous.json()).machines).toEqual({
      total: 4,
      running: 2,
      down: 0,
      maintenance: 1,
      idle: 1,
    });

    const get = async (path: string) => {
      const response = await t.app.inject({ url: `/api/analytics${path}`, headers: t.team.admin.headers });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<unknown>();
    };
    // All time: (720 + 120 + 288) / 3 = 376 h; 3 of 5 completed.
    expect(mttr.parse(await get('/tickets/mttr'))).toEqual({ mttr: 376, totalResolvedTickets: 3 });
    expect(mttr.parse(await get('/tickets/mttr?days=30'))).toEqual({ mttr: 720, totalResolvedTickets: 1 });
    expect(mttr.parse(await get('/tickets/mttr?days=90'))).toEqual({ mttr: 376, totalResolvedTickets: 3 });
    expect(completionRate.parse(await get('/maintenance/completion-rate'))).toEqual({
      completionRate: 60,
      completed: 3,
      total: 5,
    });
    expect(completionRate.parse(await get('/maintenance/completion-rate?days=30'))).toEqual({
      completionRate: 50,
      completed: 1,
      total: 2,
    });
    // Incidents by type over the period: both happened 45 days ago.
    expect(await get('/incidents/type-trends?days=30')).toEqual([]);
    expect(await get('/incidents/type-trends?days=90')).toEqual([{ _id: 'Near Miss', count: 2 }]);
    expect(await get('/tickets/trends?days=365')).toHaveLength(12);
    expect(await get('/tickets/trends?days=30')).toHaveLength(2);

    const wrong = await t.app.inject({ url: '/api/analytics/tickets/mttr?days=0', headers: t.team.admin.headers });
    expect(wrong.statusCode).toBe(400);
    expect(errorSchema.parse(wrong.json()).message).toMatch(/days must be 1 to 365/);
  });
});
