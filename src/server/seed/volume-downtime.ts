import { sql } from 'drizzle-orm';
import { downtimeCategories } from '#shared/downtime-reasons.ts';
import type { Tx } from '../db/client.ts';

/**
 * `total` machine stops for benchmarks, spread evenly over the live machines and the last 12 months:
 * each machine's stops sit in slots of their own (so they never overlap), 10 minutes to 8 hours long,
 * each as a Down and a Running status change and the event they make (repositories/downtime.ts).
 */
export async function addStops(tx: Tx, total: number, userId: string) {
  const categories = sql`${`{${downtimeCategories.map((category) => `"${category}"`).join(',')}}`}::text[]`;
  await tx.execute(sql`
    create temporary table volume_stops on commit drop as
    with live as (select id, row_number() over (order by id) as n, count(*) over () as machines
      from machines where deleted_at is null),
    slots as (select live.id as machine_id, slot, ceil(${total}::float8 / machines)::int as per_machine
      from live, generate_series(0, ceil(${total}::float8 / machines)::int - 1) as slot
      where (slot * machines + n) <= ${total})
    select gen_random_uuid() as id, machine_id,
      now() - (slot + 1) * (interval '365 days' / per_machine) + random() * (interval '365 days' / per_machine / 2) as started_at,
      (10 + random() * 470) * interval '1 minute' as length,
      (${categories})[1 + floor(random() * ${downtimeCategories.length})::int] as category
    from slots`);
  await tx.execute(sql`
    insert into machine_status_changes (id, machine_id, status, changed_at, reason_category, user_id)
    select id, machine_id, 'Down', started_at, category, ${userId}::uuid from volume_stops
    union all
    select gen_random_uuid(), machine_id, 'Running', started_at + length, null, ${userId}::uuid from volume_stops`);
  await tx.execute(sql`
    insert into downtime_events (id, machine_id, status, started_at, ended_at, reason_category)
    select id, machine_id, 'Down', started_at, started_at + length, category from volume_stops`);
}
