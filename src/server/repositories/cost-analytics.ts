import { sql } from 'drizzle-orm';
import { roundQuantity } from '#shared/parts.ts';
import { roundMoney, type CostAnalytics, type CostQuery } from '#shared/schemas/costs.ts';
import { rowsOf, type Database } from '../db/client.ts';

/** Days before `to` a period starts when the query names no `from`: 30 days in all. */
const defaultDays = 29;

/** A day in the plant's time zone, as YYYY-MM-DD. */
const dayIn = (instant: Date, timeZone: string) => instant.toLocaleDateString('en-CA', { timeZone });

function period(query: CostQuery, timeZone: string, now: Date) {
  const to = query.to ?? dayIn(now, timeZone);
  const from = query.from ?? dayIn(new Date(Date.parse(`${to}T12:00:00Z`) - defaultDays * 86_400_000), 'UTC');
  return { from, to };
}

/**
 * Maintenance cost over a period (src/docs/costs.md): per machine and department (parts by the plant
 * day they moved, labour by the day worked), the parts used most by value, and the stock value now.
 */
export function createCostAnalytics(database: Database) {
  const { db } = database;
  return async function costs(
    query: CostQuery,
    options: { currency: string; timeZone: string },
    now = new Date(),
  ): Promise<CostAnalytics> {
    const { from, to } = period(query, options.timeZone, now);
    const department = query.department ? sql`and m.department = ${query.department}` : sql``;
    // Each move and each labour entry with its work's machine, in the period.
    const spent = sql`work_costs as (
      select coalesce(t.machine_id, s.machine_id) as machine_id, mv.part_id,
        case when mv.kind = 'issue' then 1 else -1 end * mv.quantity as quantity,
        case when mv.kind = 'issue' then 1 else -1 end * mv.quantity * mv.unit_cost as parts, 0::numeric as labour
      from stock_moves mv
      left join tickets t on t.id = mv.ticket_id
      left join schedules s on s.id = mv.schedule_id
      where mv.kind in ('issue', 'return') and (mv.ticket_id is not null or mv.schedule_id is not null)
        and (mv.moved_at at time zone ${options.timeZone})::date between ${from}::date and ${to}::date
      union all
      select coalesce(t.machine_id, s.machine_id), null, 0, 0, l.hours * l.rate
      from labour_entries l
      left join tickets t on t.id = l.ticket_id
      left join schedules s on s.id = l.schedule_id
      where l.deleted_at is null and l.worked_on between ${from}::date and ${to}::date
    )`;
    const byMachine = rowsOf<{
      id: string;
      name: string;
      code: string;
      department: string;
      parts: string;
      labour: string;
    }>(
      await db.execute(sql`with ${spent}
        select m.id, m.name, m.machine_code as code, m.department, sum(w.parts) as parts, sum(w.labour) as labour
        from work_costs w join machines m on m.id = w.machine_id
        where true ${department}
        group by m.id order by sum(w.parts) + sum(w.labour) desc, m.name`),
    ).map((row) =>
      split(row, { machine: { _id: row.id, name: row.name, machineId: row.code }, department: row.department }),
    );

    const departments = new Map<string, { parts: number; labour: number }>();
    for (const row of byMachine) {
      const sums = departments.get(row.department) ?? { parts: 0, labour: 0 };
      departments.set(row.department, { parts: sums.parts + row.parts, labour: sums.labour + row.labour });
    }
    const byDepartment = [...departments]
      .map(([name, sums]) => split(sums, { department: name }))
      .sort((a, b) => b.total - a.total || a.department.localeCompare(b.department));

    const topParts = rowsOf<{
      id: string;
      number: string;
      name: string;
      unit: string;
      quantity: string;
      value: string;
    }>(
      await db.execute(sql`with ${spent}
        select p.id, p.part_number as number, p.name, p.unit, sum(w.quantity) as quantity, sum(w.parts) as value
        from work_costs w join parts p on p.id = w.part_id
        left join machines m on m.id = w.machine_id
        where true ${department}
        group by p.id having sum(w.quantity) > 0
        order by sum(w.parts) desc, p.part_number limit 10`),
    ).map((row) => ({
      part: { _id: row.id, partNumber: row.number, name: row.name, unit: row.unit },
      quantity: roundQuantity(Number(row.quantity)),
      value: roundMoney(Number(row.value)),
    }));

    const byStoreroom = rowsOf<{ id: string; name: string; value: string }>(
      await db.execute(sql`with effects as (
          select part_id, bin_id as bin_id, case kind when 'receipt' then quantity when 'return' then quantity
            when 'adjustment' then coalesce(change, 0) else -quantity end as quantity
          from stock_moves
          union all
          select part_id, to_bin_id, quantity from stock_moves where kind = 'transfer' and to_bin_id is not null
        ), on_hand as (select part_id, bin_id, sum(quantity) as quantity from effects group by part_id, bin_id)
        select r.id, r.name, coalesce(sum(greatest(o.quantity, 0) * p.unit_cost), 0) as value
        from storerooms r left join bins b on b.storeroom_id = r.id
        left join on_hand o on o.bin_id = b.id left join parts p on p.id = o.part_id
        group by r.id order by r.name`),
    ).map((row) => ({ storeroom: { _id: row.id, name: row.name }, value: roundMoney(Number(row.value)) }));

    return {
      from,
      to,
      currency: options.currency,
      byMachine,
      byDepartment,
      topParts,
      stockValue: { total: roundMoney(byStoreroom.reduce((sum, row) => sum + row.value, 0)), byStoreroom },
    };
  };
}

function split<T>(sums: { parts: number | string; labour: number | string }, fields: T) {
  const parts = roundMoney(Number(sums.parts));
  const labour = roundMoney(Number(sums.labour));
  return { ...fields, parts, labour, total: roundMoney(parts + labour) };
}
