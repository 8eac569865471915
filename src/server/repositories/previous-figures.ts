import { sql, type SQL } from 'drizzle-orm';
import type { PreviousFigures } from '#shared/schemas/analytics.ts';
import { openIncidentStatuses, openTicketStatuses } from '#shared/open-records.ts';
import { rowsOf, type Db } from '../db/client.ts';

const dayMs = 24 * 60 * 60 * 1000;

/**
 * The status (`st`) at `at` of each record of `table` that existed then: the status its first later
 * change replaced, or (never changed since) the status it has now. The history records every status
 * change, so that is what its last change by then set. Only the records changed since are looked up:
 * a lookup per record took seconds at plant scale. `existed` narrows the rows further; it names the
 * table's rows `x`.
 */
function statusAt(entity: string, table: SQL, at: string, existed: SQL = sql`true`) {
  return sql`(select coalesce(later.old_status, x.status) as st from ${table} x
    left join (
      select distinct on (h.record_id) h.record_id, h.old_value #>> '{}' as old_status from record_history h
      where h.entity = ${entity} and h.field = 'status' and h.created_at > ${at}::timestamptz
      order by h.record_id, h.created_at, h.id
    ) later on later.record_id = x.id
    where x.created_at <= ${at}::timestamptz and ${existed})`;
}

const listed = (values: readonly string[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

/**
 * The figures of the dashboard and analytics cards as they stood `days` days ago (snapshots) or over
 * the `days` days before that (MTTR, completion): what the cards' changes compare with
 * (src/docs/screens.md). Null where nothing existed to measure then.
 */
export async function previousFigures(db: Db, days: number, now: Date): Promise<PreviousFigures> {
  const at = new Date(now.getTime() - days * dayMs).toISOString();
  const from = new Date(now.getTime() - 2 * days * dayMs).toISOString();
  const result = await db.execute(sql`
    select m.*, t.open as tickets_open, t.existed as tickets_existed, i.open as incidents_open, i.existed as incidents_existed,
      r.mttr, r.resolved, s.completed, s.scheduled
    from (
      select count(*)::int as total,
        (count(*) filter (where st = 'Running'))::int as running,
        (count(*) filter (where st = 'Down'))::int as down,
        (count(*) filter (where st = 'Maintenance'))::int as maintenance,
        (count(*) filter (where st = 'Idle'))::int as idle
      from ${statusAt('machine', sql`machines`, at, sql`(x.deleted_at is null or x.deleted_at > ${at}::timestamptz)`)} ms
    ) m,
    (
      select (count(*) filter (where st in (${listed(openTicketStatuses)})))::int as open, count(*)::int as existed
      from ${statusAt('ticket', sql`tickets`, at)} ts
    ) t,
    (
      select (count(*) filter (where st in (${listed(openIncidentStatuses)})))::int as open, count(*)::int as existed
      from ${statusAt('incident', sql`incidents`, at)} its
    ) i,
    (
      select round((avg(extract(epoch from resolved_at - created_at)) / 3600)::numeric, 2)::float8 as mttr,
        count(*)::int as resolved
      from tickets where resolved_at >= ${from}::timestamptz and resolved_at < ${at}::timestamptz
    ) r,
    (
      select (count(*) filter (where status = 'Completed'))::int as completed, count(*)::int as scheduled
      from schedules where scheduled_date >= ${from}::timestamptz and scheduled_date < ${at}::timestamptz
    ) s`);
  const row = rowsOf<Record<string, number | null>>(result)[0]!;
  const number = (key: string) => row[key] ?? 0;
  return {
    days,
    at,
    machines:
      number('total') > 0
        ? {
            total: number('total'),
            running: number('running'),
            down: number('down'),
            maintenance: number('maintenance'),
            idle: number('idle'),
          }
        : null,
    openTickets: number('tickets_existed') > 0 ? number('tickets_open') : null,
    openIncidents: number('incidents_existed') > 0 ? number('incidents_open') : null,
    mttr: number('resolved') > 0 ? row.mttr! : null,
    completionRate: number('scheduled') > 0 ? completionPercent(number('completed'), number('scheduled')) : null,
  };
}

/** Completed over scheduled as a percent to one decimal, 0 with nothing scheduled. */
export const completionPercent = (completed: number, total: number) =>
  total ? Math.round((completed / total) * 1000) / 10 : 0;
