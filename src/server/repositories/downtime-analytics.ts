import { sql } from 'drizzle-orm';
import { machineTypeOf, machineTypes, type MachineType } from '#shared/failure-codes.ts';
import type {
  DepartmentAvailability,
  DowntimeReasonPareto,
  FailureModes,
  MachineAvailability,
} from '#shared/schemas/downtime.ts';
import { rowsOf, type Db } from '../db/client.ts';

const windowBounds = (days: number, now: Date) => ({
  start: new Date(now.getTime() - days * 24 * 60 * 60 * 1000).toISOString(),
  end: now.toISOString(),
});

/** The part of each stop that falls in the last `days` days up to `now`, in minutes. */
function stopsIn(days: number, now: Date) {
  const { start, end } = windowBounds(days, now);
  return sql`stops as (
    select machine_id, status, started_at, reason_category, ticket_id,
      extract(epoch from (least(coalesce(ended_at, ${end}::timestamptz), ${end}::timestamptz)
        - greatest(started_at, ${start}::timestamptz))) / 60 as minutes,
      started_at >= ${start}::timestamptz as started_in_window
    from downtime_events
    where started_at < ${end}::timestamptz and (ended_at is null or ended_at > ${start}::timestamptz)
  )`;
}

const percentUp = (downtimeMinutes: number, windowMinutes: number) =>
  Math.round(1000 * (1 - downtimeMinutes / windowMinutes)) / 10;

/**
 * Availability, MTBF and the downtime Pareto over a window, aggregated by the database from the
 * downtime events (src/docs/downtime.md has the formulas).
 */
export function createDowntimeAnalytics(db: Db) {
  return {
    async machines(days: number, now = new Date()): Promise<MachineAvailability> {
      const result = await db.execute(sql`
        with ${stopsIn(days, now)}
        select m.id, m.name, m.department, coalesce(sum(s.minutes), 0)::float8 as downtime,
          (count(*) filter (where s.status = 'Down' and s.started_in_window))::int as failures
        from machines m left join stops s on s.machine_id = m.id
        where m.deleted_at is null
        group by m.id, m.name, m.department
        order by downtime desc, m.name`);
      const windowMinutes = days * 24 * 60;
      return rowsOf<{ id: string; name: string; department: string; downtime: number; failures: number }>(result).map(
        (row) => ({
          _id: row.id,
          name: row.name,
          department: row.department,
          availability: percentUp(row.downtime, windowMinutes),
          downtimeMinutes: Math.round(row.downtime),
          failures: row.failures,
          mtbfHours:
            row.failures > 0 ? Math.round(((windowMinutes - row.downtime) / 60 / row.failures) * 10) / 10 : null,
        }),
      );
    },

    async departments(days: number, now = new Date()): Promise<DepartmentAvailability> {
      const result = await db.execute(sql`
        with ${stopsIn(days, now)}
        select m.department, count(distinct m.id)::int as machines, coalesce(sum(s.minutes), 0)::float8 as downtime
        from machines m left join stops s on s.machine_id = m.id
        where m.deleted_at is null
        group by m.department
        order by m.department`);
      const windowMinutes = days * 24 * 60;
      return rowsOf<{ department: string; machines: number; downtime: number }>(result).map((row) => ({
        _id: row.department,
        machines: row.machines,
        availability: percentUp(row.downtime, windowMinutes * row.machines),
        downtimeMinutes: Math.round(row.downtime),
      }));
    },

    /** By machine type and problem: repairs resolved in the window, MTBF, and the downtime of their stops. */
    async failureModes(days: number, now = new Date()): Promise<FailureModes> {
      const { start, end } = windowBounds(days, now);
      const result = await db.execute(sql`
        with ${stopsIn(days, now)}
        select m.department, t.failure->>'problem' as problem,
          (count(distinct t.id) filter (where t.resolved_at >= ${start}::timestamptz
            and t.resolved_at < ${end}::timestamptz))::int as failures,
          coalesce(sum(s.minutes), 0)::float8 as downtime
        from tickets t
        left join machines m on m.id = t.machine_id
        left join stops s on s.ticket_id = t.id
        where t.failure is not null
          and ((t.resolved_at >= ${start}::timestamptz and t.resolved_at < ${end}::timestamptz) or s.ticket_id is not null)
        group by 1, 2`);
      const runningHours = new Map<MachineType, number>();
      for (const department of await this.departments(days, now)) {
        const type = machineTypeOf(department._id);
        const hours = (department.machines * days * 24 * 60 - department.downtimeMinutes) / 60;
        runningHours.set(type, (runningHours.get(type) ?? 0) + hours);
      }
      const byType = new Map<MachineType, Map<string, { failures: number; downtime: number }>>();
      type Row = { department: string | null; problem: string; failures: number; downtime: number };
      for (const row of rowsOf<Row>(result)) {
        const modes =
          byType.get(machineTypeOf(row.department)) ?? new Map<string, { failures: number; downtime: number }>();
        byType.set(machineTypeOf(row.department), modes);
        const mode = modes.get(row.problem) ?? { failures: 0, downtime: 0 };
        modes.set(row.problem, { failures: mode.failures + row.failures, downtime: mode.downtime + row.downtime });
      }
      return machineTypes.flatMap((type) => {
        const modes = byType.get(type);
        if (!modes) return [];
        const hours = runningHours.get(type) ?? 0;
        return [
          {
            _id: type,
            modes: [...modes]
              .map(([problem, { failures, downtime }]) => ({
                problem,
                failures,
                mtbfHours: failures > 0 && hours > 0 ? Math.round((hours / failures) * 10) / 10 : null,
                downtimeMinutes: Math.round(downtime),
              }))
              .sort(
                (a, b) =>
                  b.downtimeMinutes - a.downtimeMinutes || b.failures - a.failures || (a.problem < b.problem ? -1 : 1),
              ),
          },
        ];
      });
    },

    async reasons(days: number, now = new Date()): Promise<DowntimeReasonPareto> {
      const result = await db.execute(sql`
        with ${stopsIn(days, now)}
        select coalesce(reason_category, 'Unspecified') as reason, sum(minutes)::float8 as minutes, count(*)::int as count
        from stops
        group by 1
        order by minutes desc, reason`);
      return rowsOf<{ reason: string; minutes: number; count: number }>(result).map((row) => ({
        _id: row.reason,
        minutes: Math.round(row.minutes),
        count: row.count,
      }));
    },
  };
}
