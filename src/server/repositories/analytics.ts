import { asc, count, desc, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { today } from '#shared/incident-actions.ts';
import type {
  ActionFigures,
  CompletionRate,
  DashboardSummary,
  Distribution,
  MonthlyTrend,
  Mttr,
} from '#shared/schemas/analytics.ts';
import { openIncidentStatuses, openTicketStatuses } from '#shared/open-records.ts';
import { rowsOf, type Database } from '../db/client.ts';
import { incidents, machines, schedules, tickets } from '../db/schema.ts';
import { createDowntimeAnalytics } from './downtime-analytics.ts';
import { completionPercent, previousFigures } from './previous-figures.ts';

/** `column` within the `days` days up to `now`; without a period, any value but null. */
function inPeriod(column: PgColumn, days: number | undefined, now: Date): SQL {
  if (days === undefined) return sql`${column} is not null`;
  const start = new Date(now.getTime() - days * 24 * 60 * 60 * 1000).toISOString();
  return sql`${column} >= ${start}::timestamptz and ${column} <= ${now.toISOString()}::timestamptz`;
}

/** How many months a trend over the period shows: at least two, so the line has a direction. */
const trendMonths = (days: number) => Math.max(2, Math.round(days / 30.4));

/** `YYYY-MM-01 00:00:00` of the UTC month `offset` months from the month of `now`. */
function monthStart(now: Date, offset: number): string {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1));
  return start.toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * Every aggregate of the analytics screen, each one query counted by the database. Months are
 * UTC calendar months; trends cover the last `months` months up to and including the current one.
 */
export function createAnalyticsRepository(database: Database) {
  const { db } = database;

  async function distribution(table: PgTable, column: PgColumn, where?: SQL): Promise<Distribution> {
    return db
      .select({ _id: sql<string>`${column}`, count: count() })
      .from(table)
      .where(where)
      .groupBy(column)
      .orderBy(desc(count()), asc(column));
  }

  /** Rows per UTC month over the window, months without rows included as 0; `column` must be indexed. */
  async function monthlyTrend(table: PgTable, column: PgColumn, months: number, now: Date): Promise<MonthlyTrend> {
    const first = monthStart(now, 1 - months);
    const last = monthStart(now, 0);
    const end = monthStart(now, 1);
    const result = await db.execute(sql`
      with counts as (
        select date_trunc('month', ${column} at time zone 'UTC') as month_start, count(*)::int as count
        from ${table}
        where ${column} >= (${first}::timestamp at time zone 'UTC') and ${column} < (${end}::timestamp at time zone 'UTC')
        group by 1
      )
      select extract(year from month_start)::int as year, extract(month from month_start)::int as month,
        coalesce(count, 0) as count
      from generate_series(${first}::timestamp, ${last}::timestamp, interval '1 month') as month_start
      left join counts using (month_start)
      order by month_start`);
    return rowsOf<{ year: number; month: number; count: number }>(result).map(({ year, month, count }) => ({
      _id: { year, month },
      count,
    }));
  }

  return {
    downtime: createDowntimeAnalytics(db),

    async dashboard(): Promise<DashboardSummary> {
      const result = await db.execute(sql`
        select m.*, t.open as tickets_open, i.open as incidents_open, i.critical
        from (
          select count(*)::int as total,
            (count(*) filter (where status = 'Running'))::int as running,
            (count(*) filter (where status = 'Down'))::int as down,
            (count(*) filter (where status = 'Maintenance'))::int as maintenance
          from ${machines} where ${isNull(machines.deletedAt)}
        ) m,
        (select count(*)::int as open from ${tickets} where ${inArray(tickets.status, openTicketStatuses)}) t,
        (
          select count(*)::int as open, (count(*) filter (where severity = 'Critical'))::int as critical
          from ${incidents} where ${inArray(incidents.status, openIncidentStatuses)}
        ) i`);
      const [row] = rowsOf<Record<string, number>>(result);
      return {
        machines: { total: row!.total!, running: row!.running!, down: row!.down!, maintenance: row!.maintenance! },
        tickets: { open: row!.tickets_open! },
        incidents: { open: row!.incidents_open!, critical: row!.critical! },
      };
    },

    machineStatusDistribution: () => distribution(machines, machines.status, isNull(machines.deletedAt)),
    machineDepartmentDistribution: () => distribution(machines, machines.department, isNull(machines.deletedAt)),
    /** Incidents that happened in the period (all of them without one). */
    incidentTypeDistribution: (days?: number, now = new Date()) =>
      distribution(incidents, incidents.type, inPeriod(incidents.incidentDate, days, now)),

    ticketTrends: (days?: number, now = new Date()) =>
      monthlyTrend(tickets, tickets.createdAt, days ? trendMonths(days) : 6, now),
    incidentMonthlyTrends: (days?: number, now = new Date()) =>
      monthlyTrend(incidents, incidents.incidentDate, days ? trendMonths(days) : 12, now),

    previous: (days: number, now = new Date()) => previousFigures(db, days, now),

    /** Mean hours from creation to resolution over the tickets resolved in the period (all of them without one). */
    async mttr(days?: number, now = new Date()): Promise<Mttr> {
      const result = await db.execute(sql`
        select coalesce(round((avg(extract(epoch from resolved_at - created_at)) / 3600)::numeric, 2), 0)::float8 as mttr,
          count(*)::int as total
        from ${tickets} where ${inPeriod(tickets.resolvedAt, days, now)}`);
      const [row] = rowsOf<{ mttr: number; total: number }>(result);
      return { mttr: row!.mttr, totalResolvedTickets: row!.total };
    },

    async actionFigures(now: Date): Promise<ActionFigures> {
      const result = await db.execute(sql`
        select count(*) filter (where a->>'status' = 'Open')::int as open,
          count(*) filter (where a->>'status' = 'Open' and a->>'dueDate' < ${today(now)})::int as overdue,
          count(*) filter (where a->>'status' = 'Done')::int as done,
          count(*) filter (where a->>'status' = 'Verified')::int as verified,
          coalesce(round((avg(extract(epoch from (a->>'verifiedAt')::timestamptz - (a->>'createdAt')::timestamptz))
            filter (where a->>'status' = 'Verified') / 86400)::numeric, 1), 0)::float8 as "averageDaysToClose"
        from ${incidents} cross join jsonb_array_elements(${incidents.actions}) as a`);
      return rowsOf<ActionFigures>(result)[0]!;
    },

    /** Over the maintenance scheduled in the period (all of it without one). */
    async completionRate(days?: number, now = new Date()): Promise<CompletionRate> {
      const [row] = await db
        .select({
          completed: sql<number>`(count(*) filter (where ${schedules.status} = 'Completed'))::int`,
          total: count(),
        })
        .from(schedules)
        .where(inPeriod(schedules.scheduledDate, days, now));
      const { completed, total } = row!;
      return { completionRate: completionPercent(completed, total), completed, total };
    },
  };
}

export type AnalyticsRepository = ReturnType<typeof createAnalyticsRepository>;
