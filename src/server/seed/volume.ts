import { randomBytes } from 'node:crypto';
import { asc, isNull, sql } from 'drizzle-orm';
import type { MachineStatus } from '#shared/enums.ts';
import { rowsOf, type Database, type Tx } from '../db/client.ts';
import { machines, users } from '../db/schema.ts';
import { hashPassword } from '../lib/passwords.ts';
import { insertInChunks, nextChangeSeq } from './insert.ts';
import { isolationPointsOf } from './isolation-points.ts';
import { plantMachines, specificationsOf } from './plant.ts';
import { createRandom } from './random.ts';
import { incidentStories, ticketStories } from './stories.ts';
import { addStops } from './volume-downtime.ts';

export interface VolumeOptions {
  machines: number;
  tickets: number;
  incidents: number;
  /** Machine stops (downtime events), spread over the machines and the last 12 months. */
  stops?: number;
  /** The years the tickets and incidents spread over (default 5: a plant keeps years of records). */
  years?: number;
  /** Progress lines for the command line. */
  log?: (line: string) => void;
}

const batchSize = 20_000;
export const defaultYears = 5;
/** Tickets left In Progress without an end are the last few weeks': older ones were finished. */
const stuckDays = 60;

/** `array[$1, $2, ...]::text[]`: one parameter per item, so any text is safe. */
const textArray = (items: readonly string[]) =>
  sql`array[${sql.join(
    items.map((item) => sql`${item}`),
    sql`, `,
  )}]::text[]`;
/** The item of `values` chosen by the row's 1-based `story` column. */
const byStory = (values: readonly string[]) => sql`(${textArray(values)})[story]`;
/** A uuid[] parameter, sent as one array literal. */
const uuidArray = (ids: string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;
/** A standard normal deviate from two uniform columns (Box–Muller), for log-normal durations in SQL. */
const normal = (a: string, b: string) => sql.raw(`(sqrt(-2 * ln(1 - ${a})) * cos(2 * pi() * ${b}))`);

/**
 * Large volumes for benchmarks: machines in multi-row batches, tickets and incidents with set-based
 * `insert ... select ... from generate_series(...)`, in write batches of 20,000 rows. Every row
 * takes its own change sequence number; each gets a 'created' history row. Tickets and incidents
 * spread evenly over the last `years`, oldest first, so numbers follow time.
 */
export async function seedVolume(database: Database, options: VolumeOptions): Promise<void> {
  const log = options.log ?? (() => {});
  const people = await staffIds(database);
  if (options.machines > 0) {
    await addMachines(database, options.machines, people.all[0]!);
    log(`machines: ${options.machines}`);
  }
  const machineIds = await liveMachines(database);
  if (options.tickets > 0 && machineIds.length === 0)
    throw new Error('There are no machines to raise tickets on: add --machines N');

  const now = new Date().toISOString();
  const days = Math.max(1, Math.round((options.years ?? defaultYears) * 365.25));
  await inBatches(database, options.tickets, now, days, (tx, batch) => addTickets(tx, batch, machineIds, people));
  log(`tickets: ${options.tickets}`);
  await inBatches(database, options.incidents, now, days, (tx, batch) => addIncidents(tx, batch, people));
  log(`incidents: ${options.incidents}`);
  if (options.stops) {
    await database.writeInOrder((tx) => addStops(tx, options.stops!, people.all[0]!));
    log(`stops: ${options.stops}`);
  }
  // Fresh statistics and visibility maps, so the planner picks the indexes at once.
  for (const table of ['machines', 'tickets', 'ticket_comments', 'incidents', 'record_history', 'downtime_events']) {
    await database.db.execute(sql.raw(`vacuum analyze ${table}`));
  }
}

/** Rows 1..total in write transactions of `batchSize` rows; the batch's rows follow its `after` change_seq. */
async function inBatches(
  database: Database,
  total: number,
  now: string,
  days: number,
  insert: (tx: Tx, batch: Batch) => Promise<void>,
) {
  for (let from = 1; from <= total; from += batchSize) {
    const to = Math.min(total, from + batchSize - 1);
    await database.writeInOrder(async (tx, after) => {
      await tx.execute(sql`select setseed(${from / (total + 1)})`); // reproducible random() per batch
      await insert(tx, { from, to, total, now, days, after });
    });
  }
}

interface People {
  all: string[];
  engineers: string[];
  /** Who owns actions and verifies them: the safety officers, then the engineers. */
  safety: string[];
}

/** Existing users report and fix the volume records; an empty database gets a small locked crew first. */
async function staffIds(database: Database): Promise<People> {
  const load = async () => {
    const rows = await database.db.select({ id: users.id, role: users.role }).from(users).orderBy(asc(users.email));
    const engineers = rows.filter((row) => row.role === 'maintenance_engineer' || row.role === 'admin');
    const safety = rows.filter((row) => row.role === 'safety_officer');
    const ids = (list: typeof rows) => (list.length ? list : rows).map((row) => row.id);
    return { all: ids(rows), engineers: ids(engineers), safety: ids(safety) };
  };
  const existing = await load();
  if (existing.all.length > 0) return existing;
  const lockedHash = await hashPassword(randomBytes(32).toString('hex'));
  const roles = [
    'operator',
    'operator',
    'operator',
    'maintenance_engineer',
    'maintenance_engineer',
    'safety_officer',
  ] as const;
  await database.write((tx) =>
    tx.insert(users).values(
      roles.map((role, index) => ({
        name: `Volume ${role.replace('_', ' ')} ${index + 1}`,
        email: `volume.${index + 1}@imsp.local`,
        passwordHash: lockedHash,
        role,
        department: 'Maintenance',
      })),
    ),
  );
  return load();
}

async function liveMachines(database: Database): Promise<string[]> {
  const rows = await database.db
    .select({ id: machines.id })
    .from(machines)
    .where(isNull(machines.deletedAt))
    .orderBy(asc(machines.machineCode));
  return rows.map((row) => row.id);
}

async function addMachines(database: Database, count: number, createdBy: string) {
  const random = createRandom(count);
  await database.writeInOrder(async (tx, after) => {
    const result = await tx.execute(sql`select count(*)::int as existing from ${machines}`);
    const { existing } = rowsOf<{ existing: number }>(result)[0]!;
    const rows = Array.from({ length: count }, (_, index) => {
      const plant = plantMachines[index % plantMachines.length]!;
      const serial = String(existing + index + 1).padStart(5, '0');
      return {
        name: `${plant.name} #${serial}`,
        machineCode: `VM-${serial}`,
        department: plant.department,
        location: plant.location,
        model: plant.model,
        manufacturer: plant.manufacturer,
        installationDate: plant.installed,
        specifications: specificationsOf(plant),
        isolationPoints: isolationPointsOf(plant, `VM-${serial}`),
        status: random.weighted<MachineStatus>([
          ['Running', 17],
          ['Down', 1],
          ['Maintenance', 1],
          ['Idle', 1],
        ]),
        operatingHours: random.int(1_000, 90_000),
        createdBy,
        changeSeq: nextChangeSeq,
      };
    });
    await insertInChunks(tx, machines, rows);
    await historyForBatch(tx, 'machine', after);
  });
}

interface Batch {
  from: number;
  to: number;
  total: number;
  /** ISO time the whole run counts ages from. */
  now: string;
  /** The days the rows spread over, up to `now`. */
  days: number;
  /** The change_seq drawn by the batch's write: its rows all come after it. */
  after: number;
}

/** Rows i = from..to of a run of `total`, created evenly over `days` days up to now, oldest first. */
function series({ from, to, total, now, days }: Batch) {
  return sql`
    select i, ${now}::timestamptz - make_interval(secs => ${days * 86_400}::float8 * (${total} - i) / ${total}) as created,
      random() as r1, random() as r2, random() as r3, random() as r4, random() as r5, random() as r6,
      random() as r7, random() as r8, random() as r9, random() as r10
    from generate_series(${from}::int, ${to}::int) as i`;
}

function historyForBatch(tx: Tx, entity: 'machine' | 'ticket' | 'incident', after: number) {
  const author = sql.identifier(entity === 'machine' ? 'created_by' : 'reported_by');
  return tx.execute(sql`
    insert into record_history (entity, record_id, version, user_id, field, old_value, new_value, created_at)
    select ${entity}, id, 1, ${author}, 'created', 'null'::jsonb, 'true'::jsonb, created_at
    from ${sql.identifier(`${entity}s`)} where change_seq > ${after}`);
}

async function addTickets(tx: Tx, batch: Batch, machineIds: string[], people: People) {
  const stories = ticketStories;
  // Priority from r1; response and repair times log-normal around a median that depends on it.
  await tx.execute(sql`
    with crew as (select ${uuidArray(machineIds)} as machines, ${uuidArray(people.all)} as reporters,
                         ${uuidArray(people.engineers)} as engineers),
    rows as (
      select g.*, 1 + floor(g.r9 * ${stories.length})::int as story,
        case when r1 < 0.1 then 'Critical' when r1 < 0.35 then 'High' when r1 < 0.8 then 'Medium' else 'Low' end as priority,
        created + make_interval(secs => 3600 * (case when r1 < 0.1 then 0.5 when r1 < 0.35 then 3 when r1 < 0.8 then 24 else 120 end)
          * exp(1.3 * ${normal('r2', 'r3')})) as started
      from (${series(batch)}) as g
    ),
    timed as (
      select rows.*, started + make_interval(secs => 3600 * (case priority when 'Critical' then 5 when 'High' then 12
          when 'Medium' then 30 else 60 end) * exp(0.9 * ${normal('r4', 'r5')})) as resolved
      from rows
    ),
    decided as (
      select timed.*, case
          when started > ${batch.now}::timestamptz then 'Pending'
          when (r6 < 0.06 and created > ${batch.now}::timestamptz - make_interval(days => ${stuckDays}))
            or resolved > ${batch.now}::timestamptz then 'In Progress'
          when r7 < 0.8 and resolved + interval '2 days' < ${batch.now}::timestamptz then 'Closed'
          else 'Resolved' end as status
      from timed
    )
    insert into tickets (title, description, machine_id, priority, category, status, estimated_hours, reported_by,
                         assigned_to, resolved_at, closed_at, created_at, updated_at, change_seq)
    select ${byStory(stories.map((story) => story.title))}, ${byStory(stories.map((story) => story.description))},
      crew.machines[1 + floor(r8 * cardinality(crew.machines))::int], priority, ${byStory(stories.map((story) => story.category))}, status,
      (array[1, 2, 4, 8, 16, null])[1 + floor(r10 * 6)::int],
      crew.reporters[1 + floor(r10 * cardinality(crew.reporters))::int],
      case when status <> 'Pending' then crew.engineers[1 + floor(r5 * cardinality(crew.engineers))::int] end,
      case when status in ('Resolved', 'Closed') then resolved end,
      case when status = 'Closed' then resolved + interval '2 days' end,
      created,
      case status when 'Pending' then created when 'In Progress' then least(started, ${batch.now}::timestamptz)
        when 'Resolved' then resolved else resolved + interval '2 days' end,
      nextval('change_seq')
    from decided, crew`);
  await tx.execute(sql`
    insert into ticket_comments (ticket_id, user_id, comment, created_at)
    select id, assigned_to, 'Checked on site; ' || lower(category) || ' fault confirmed, parts requested.', updated_at
    from tickets where change_seq > ${batch.after} and status <> 'Pending' and number % 3 = 0`);
  await historyForBatch(tx, 'ticket', batch.after);
}

/** Actions an investigation gives: corrective ones mend the cause, preventive ones keep it from coming back. */
const actionTitles = [
  'Replace worn guard and re-brief the crew',
  'Add the task to the pre-shift checklist',
  'Mark the walkway and fit anti-slip strips',
  'Retrain operators on the isolation procedure',
  'Fit a splash screen at the tapping station',
  'Review the lifting plan with the crane team',
];

/** A timestamp as the API writes it: ISO 8601 in UTC with milliseconds. */
const isoText = (instant: string) =>
  sql.raw(`to_char((${instant}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/**
 * Half the investigated incidents got an action, a third of them owned by the safety officers: done
 * and verified on closed incidents, open or done (awaiting verification) on the others.
 */
const seededActions = sql`case when investigated <= now and r10 < 0.5 then jsonb_build_array(jsonb_build_object(
    '_id', gen_random_uuid(),
    'title', (${textArray(actionTitles)})[1 + floor(random() * ${actionTitles.length})::int],
    'kind', case when random() < 0.65 then 'corrective' else 'preventive' end,
    'ownerId', owners[1 + floor(random() * cardinality(owners))::int],
    'dueDate', to_char(investigated + interval '21 days', 'YYYY-MM-DD'),
    'status', action_status,
    'doneAt', case action_status when 'Verified' then ${isoText("closed - interval '2 days'")}
      when 'Done' then ${isoText('investigated + (now - investigated) * r2')} end,
    'verifiedById', case when action_status = 'Verified' then verifiers[1 + floor(random() * cardinality(verifiers))::int] end,
    'verifiedAt', case when action_status = 'Verified' then ${isoText("closed - interval '1 day'")} end,
    'ticketId', null,
    'createdAt', ${isoText('investigated')}))
  else '[]'::jsonb end`;

async function addIncidents(tx: Tx, batch: Batch, people: People) {
  const stories = incidentStories;
  await tx.execute(sql`
    with crew as (select ${uuidArray(people.all)} as reporters,
                         ${uuidArray([...people.safety, ...people.engineers])} as owners,
                         ${uuidArray(people.safety)} as verifiers),
    rows as (
      select g.*, 1 + floor(g.r9 * ${stories.length})::int as story, ${batch.now}::timestamptz as now,
        created + make_interval(secs => 3600 * 36 * exp(1.2 * ${normal('r1', 'r2')})) as investigated
      from (${series(batch)}) as g
    ),
    timed as (
      select rows.*, investigated + make_interval(secs => 3600 * 24 * 40 * exp(${normal('r3', 'r4')})) as closed from rows
    ),
    acted as (
      select timed.*, case when closed < now then 'Verified' when r7 < 0.5 then 'Done' else 'Open' end as action_status
      from timed
    )
    insert into incidents (title, description, type, severity, status, location, department, incident_date,
                           involved_persons, witnesses, immediate_actions, actions, reported_by, created_at, updated_at,
                           change_seq)
    select ${byStory(stories.map((story) => story.title))},
      ${byStory(stories.map((story) => story.description))},
      ${byStory(stories.map((story) => story.type))},
      case when r5 < 0.08 then 'Critical' when r5 < 0.3 then 'High' when r5 < 0.7 then 'Medium' else 'Low' end,
      case when investigated > ${batch.now}::timestamptz then 'Open'
        when closed > ${batch.now}::timestamptz then 'Under Investigation' else 'Closed' end,
      ${byStory(stories.map((story) => story.locations[0]!))},
      ${byStory(stories.map((story) => story.department))},
      created - interval '1 hour',
      case when r6 < 0.5 then jsonb_build_array(jsonb_build_object('name', 'Worker ' || (i % 500), 'role', 'Operator',
        'department', ${byStory(stories.map((story) => story.department))})) else '[]'::jsonb end,
      case when r7 < 0.4 then jsonb_build_array(jsonb_build_object('name', 'Witness ' || (i % 300), 'contact',
        'ext. ' || (4100 + i % 800))) else '[]'::jsonb end,
      ${byStory(stories.map((story) => story.immediateActions))},
      ${seededActions},
      crew.reporters[1 + floor(r8 * cardinality(crew.reporters))::int],
      created,
      least(case when closed < ${batch.now}::timestamptz then closed else investigated end, ${batch.now}::timestamptz),
      nextval('change_seq')
    from acted, crew`);
  await historyForBatch(tx, 'incident', batch.after);
}
