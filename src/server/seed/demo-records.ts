import {
  priorities,
  type IncidentStatus,
  type Priority,
  type Role,
  type ScheduleStatus,
  type TicketStatus,
} from '#shared/enums.ts';
import {
  failureTrees,
  machineTypeOf,
  needsFailureCodes,
  remedies,
  type FailureCodes,
  type MachineType,
} from '#shared/failure-codes.ts';
import type { incidents, machines, schedules, ticketComments, tickets } from '../db/schema.ts';
import { recordLog, type HistoryRow } from './history.ts';
import { isolationPointsOf } from './isolation-points.ts';
import { plantMachines, specificationsOf, type MachineKind, type PlantMachine } from './plant.ts';
import type { Random } from './random.ts';
import {
  completionNotes,
  incidentStories,
  progressComments,
  reporterComments,
  resolvedComments,
  scheduleStories,
  ticketStories,
  workerNames,
  workerRoles,
} from './stories.ts';

export interface Person {
  id: string;
  name: string;
  role: Role;
  department: string;
}

/** Insert rows without their change sequence number, which the insert draws. */
type Rows<T extends { $inferInsert: object }> = Omit<T['$inferInsert'], 'changeSeq'>[];

export interface DemoRecords {
  machines: Rows<typeof machines>;
  tickets: Rows<typeof tickets>;
  comments: (typeof ticketComments.$inferInsert)[];
  incidents: Rows<typeof incidents>;
  schedules: Rows<typeof schedules>;
  history: HistoryRow[];
}

interface Context {
  random: Random;
  now: Date;
  history: HistoryRow[];
  admins: Person[];
  engineers: Person[];
  operators: Person[];
  safetyOfficers: Person[];
}

interface SeededMachine {
  row: DemoRecords['machines'][number] & { id: string };
  plant: PlantMachine;
}

const hour = 3_600_000;
const day = 24 * hour;
const later = (from: Date, hours: number) => new Date(from.getTime() + hours * hour);
const earliest = (...dates: Date[]) => new Date(Math.min(...dates.map((date) => date.getTime())));
const fitting = <T extends { kinds?: MachineKind[] }>(stories: T[], kind: MachineKind) =>
  stories.filter((story) => !story.kinds || story.kinds.includes(kind));

/** A log-normal duration in hours: most jobs are short, a few take days. */
function duration(random: Random, medianHours: number, spread = 0.9): number {
  const normal = Math.sqrt(-2 * Math.log(1 - random.next())) * Math.cos(2 * Math.PI * random.next());
  return Math.max(0.25, medianHours * Math.exp(spread * normal));
}

/** Random instants in the last `days` days, oldest first, so that sequence numbers follow time. */
function instants(random: Random, count: number, days: number, now: Date): Date[] {
  return Array.from({ length: count }, () => new Date(now.getTime() - random.next() * days * day)).sort(
    (a, b) => a.getTime() - b.getTime(),
  );
}

/** Builds the whole demo plant for the staff accounts; nothing here touches the database. */
export function buildDemoRecords(random: Random, people: Person[], now: Date): DemoRecords {
  const byRole = (...roles: Role[]) => people.filter((person) => roles.includes(person.role));
  const context: Context = {
    random,
    now,
    history: [],
    admins: byRole('admin'),
    engineers: byRole('maintenance_engineer'),
    operators: byRole('operator'),
    safetyOfficers: byRole('safety_officer', 'admin'),
  };
  const seededMachines = plantMachines.map((plant) => buildMachine(context, plant));
  const comments: DemoRecords['comments'] = [];
  return {
    machines: seededMachines.map(({ row }) => row),
    tickets: instants(random, 360, 240, now).map((createdAt) =>
      buildTicket(context, random.pick(seededMachines), createdAt, comments),
    ),
    comments,
    incidents: instants(random, 60, 360, now).map((incidentDate) => buildIncident(context, incidentDate)),
    schedules: Array.from({ length: 50 }, () => buildSchedule(context, random.pick(seededMachines))),
    history: context.history,
  };
}

function buildMachine(
  { random, now, history, admins, operators, engineers }: Context,
  plant: PlantMachine,
): SeededMachine {
  const id = random.uuid();
  const createdAt = new Date(now.getTime() - random.between(400, 430) * day);
  const log = recordLog('machine', id, history, admins[0]!.id, createdAt);
  const status = plant.status ?? 'Running';
  if (status !== 'Running') {
    const changedBy = random.pick([...operators, ...engineers]);
    log.change(new Date(now.getTime() - random.between(2, 120) * hour), changedBy.id, { status: ['Running', status] });
  }
  const yearsInService = (now.getTime() - new Date(plant.installed).getTime()) / (365 * day);
  const row = {
    id,
    name: plant.name,
    machineCode: plant.code,
    department: plant.department,
    location: plant.location,
    model: plant.model,
    manufacturer: plant.manufacturer,
    installationDate: plant.installed,
    specifications: specificationsOf(plant),
    isolationPoints: isolationPointsOf(plant),
    status,
    operatingHours: Math.round(yearsInService * 8760 * random.between(0.7, 0.95)),
    createdBy: admins[0]!.id,
    createdAt,
    ...log.state,
  };
  return { row, plant };
}

// Urgent faults are picked up at once; low-priority ones can sit in the backlog for weeks.
const medianResponseHours: Record<Priority, number> = { Critical: 0.5, High: 3, Medium: 24, Low: 120 };
const medianRepairHours: Record<Priority, number> = { Critical: 5, High: 12, Medium: 30, Low: 60 };

/** What a repair found, from the tree of the machine's type (its "Other" left to people). */
function foundFailure(random: Random, type: MachineType): FailureCodes {
  const problem = random.pick(Object.keys(failureTrees[type]));
  const remedy = random.pick(remedies.filter((choice) => choice !== 'Other'));
  return { problem, cause: random.pick(failureTrees[type][problem]!), remedy, note: '' };
}

/** One ticket's life up to now: reported, picked up, commented on, resolved and closed, each as a history version. */
function buildTicket(
  context: Context,
  { row: machine, plant }: SeededMachine,
  createdAt: Date,
  comments: DemoRecords['comments'],
) {
  const { random, now, history, admins, engineers, operators } = context;
  const id = random.uuid();
  const story = random.pick(fitting(ticketStories, plant.kind));
  const shift = random.chance(0.25) ? random.pick([-1, 1]) : 0;
  const priority = priorities[Math.min(3, Math.max(0, priorities.indexOf(story.priority) + shift))]!;
  const localOperators = operators.filter((person) => person.department === plant.department);
  const reporter = random.chance(0.2)
    ? random.pick(engineers)
    : random.pick(localOperators.length ? localOperators : operators);
  const engineer = random.pick(engineers);
  const log = recordLog('ticket', id, history, reporter.id, createdAt);

  const startedAt = later(createdAt, duration(random, medianResponseHours[priority], 1.3));
  const resolvedAt = later(startedAt, duration(random, medianRepairHours[priority]));
  const closedAt = later(resolvedAt, random.between(4, 96));
  // A few tickets wait for spares far longer than the repair takes.
  const stalled = random.chance(0.06);

  // Widened on purpose: the events below change it, which narrowing does not see.
  let status = 'Pending' as TicketStatus;
  let assignedTo: string | null = null;
  let failure: FailureCodes | null = null;
  const events: { at: Date; apply: () => void }[] = [];
  const comment = (at: Date, author: Person, text: string) =>
    events.push({
      at,
      apply: () => {
        comments.push({ id: random.uuid(), ticketId: id, userId: author.id, comment: text, createdAt: at });
        log.change(at, author.id, { comment: [null, text] });
      },
    });
  const setStatus = (at: Date, by: Person, next: TicketStatus, assign = false, found: FailureCodes | null = null) =>
    events.push({
      at,
      apply: () => {
        log.change(at, by.id, {
          status: [status, next],
          ...(assign && { assignedTo: [null, by.id] }),
          ...(found && { failure: [null, found] }),
        });
        status = next;
        if (assign) assignedTo = by.id;
        failure ??= found;
      },
    });

  if (startedAt < now) {
    setStatus(startedAt, engineer, 'In Progress', true);
    const workEnd = earliest(stalled ? now : resolvedAt, now);
    const during = (from: Date) => new Date(random.between(from.getTime(), workEnd.getTime()));
    for (let count = random.int(0, 2); count > 0; count -= 1)
      comment(during(startedAt), engineer, random.pick(progressComments));
    if (random.chance(0.3)) comment(during(createdAt), reporter, random.pick(reporterComments));
    if (!stalled && resolvedAt < now) {
      comment(resolvedAt, engineer, random.pick(resolvedComments));
      const found = needsFailureCodes(story.category) ? foundFailure(random, machineTypeOf(plant.department)) : null;
      setStatus(later(resolvedAt, 0.001), engineer, 'Resolved', false, found);
      if (closedAt < now && random.chance(0.8)) setStatus(closedAt, random.pick([engineer, ...admins]), 'Closed');
    }
  }
  for (const event of events.sort((a, b) => a.at.getTime() - b.at.getTime())) event.apply();

  const isResolved = status === 'Resolved' || status === 'Closed';
  return {
    id,
    title: `${story.title} – ${plant.name}`,
    description: story.description,
    machineId: machine.id,
    priority,
    category: story.category,
    status,
    estimatedHours: random.chance(0.8) ? random.pick([1, 2, 4, 6, 8, 12, 16, 24]) : null,
    reportedBy: reporter.id,
    assignedTo,
    resolvedAt: isResolved ? later(resolvedAt, 0.001) : null,
    closedAt: status === 'Closed' ? closedAt : null,
    failure,
    createdAt,
    ...log.state,
  };
}

/** One incident: reported soon after it happened, then investigated and closed as time allows. */
function buildIncident({ random, now, history, operators, safetyOfficers }: Context, incidentDate: Date) {
  const id = random.uuid();
  const story = random.pick(incidentStories);
  const createdAt = earliest(later(incidentDate, random.between(0.2, 6)), now);
  const reporter = random.pick([...operators, ...safetyOfficers]);
  const officer = random.pick(safetyOfficers);
  const log = recordLog('incident', id, history, reporter.id, createdAt);
  const investigatedAt = later(createdAt, duration(random, 36, 1.2));
  const closedAt = later(investigatedAt, duration(random, 40 * 24, 1));
  let status: IncidentStatus = 'Open';
  if (investigatedAt < now) {
    log.change(investigatedAt, officer.id, { status: ['Open', 'Under Investigation'] });
    status = 'Under Investigation';
    if (closedAt < now) {
      log.change(closedAt, officer.id, { status: ['Under Investigation', 'Closed'] });
      status = 'Closed';
    }
  }
  const involved = story.type === 'Injury' ? random.int(1, 2) : random.int(0, 1);
  return {
    id,
    title: story.title,
    description: story.description,
    type: story.type,
    severity: random.weighted(story.severity),
    status,
    location: random.pick(story.locations),
    department: story.department,
    incidentDate,
    involvedPersons: random
      .sample(workerNames, involved)
      .map((name) => ({ name, role: random.pick(workerRoles), department: story.department })),
    witnesses: random
      .sample(workerNames, random.int(0, 2))
      .map((name) => ({ name, contact: `ext. ${random.int(4100, 4899)}` })),
    immediateActions: story.immediateActions,
    reportedBy: reporter.id,
    createdAt,
    ...log.state,
  };
}

/** One preventive job within six weeks before or four weeks after today; a past one left Scheduled reads as Overdue. */
function buildSchedule({ random, now, history, admins, engineers }: Context, { row: machine, plant }: SeededMachine) {
  const id = random.uuid();
  const story = random.pick(fitting(scheduleStories, plant.kind));
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const scheduledDate = new Date(today + random.int(-45, 30) * day + random.pick([6, 14]) * hour);
  const planner = random.pick([...engineers, ...admins]);
  const engineer = random.pick(engineers);
  const createdAt = earliest(new Date(scheduledDate.getTime() - random.between(7, 30) * day), later(now, -1));
  const log = recordLog('schedule', id, history, planner.id, createdAt);
  const finishedAt = later(scheduledDate, story.hours * random.between(0.8, 1.4));
  let status: ScheduleStatus = 'Scheduled';
  if (scheduledDate < now) {
    status =
      finishedAt < now
        ? random.weighted([
            ['Completed', 8],
            ['Scheduled', 1],
            ['In Progress', 1],
          ])
        : 'In Progress';
  }
  if (status !== 'Scheduled') log.change(scheduledDate, engineer.id, { status: ['Scheduled', 'In Progress'] });
  if (status === 'Completed') log.change(finishedAt, engineer.id, { status: ['In Progress', 'Completed'] });
  const doneByStatus: Partial<Record<ScheduleStatus, number>> = {
    Completed: story.checklist.length,
    'In Progress': random.int(1, story.checklist.length - 1),
  };
  const done = doneByStatus[status] ?? 0;
  return {
    id,
    title: `${story.title}: ${plant.name}`,
    description: `Preventive maintenance on ${plant.name} (${plant.code}), ${plant.location}.`,
    status,
    priority: random.weighted<Priority>([
      ['Low', 2],
      ['Medium', 5],
      ['High', 2],
      ['Critical', 1],
    ]),
    scheduledDate,
    estimatedDuration: story.hours,
    machineId: machine.id,
    assignedTo: engineer.id,
    checklist: story.checklist.map((task, position) => ({
      _id: random.uuid(),
      task,
      completed: position < done,
      notes: position < done && random.chance(0.5) ? random.pick(completionNotes) : '',
      result: position < done ? ('Pass' as const) : null,
    })),
    createdBy: planner.id,
    completedAt: status === 'Completed' ? finishedAt : null,
    createdAt,
    ...log.state,
  };
}
