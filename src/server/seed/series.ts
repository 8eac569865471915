import { failTicketId } from '#shared/checklist.ts';
import { freshChecklist, nextDate, successorOf, type Recurrence } from '#shared/recurrence.ts';
import { derivedId } from '#shared/ids.ts';
import type { machineReadings, machines, schedules, tickets } from '../db/schema.ts';
import type { Random } from './random.ts';

type ScheduleRow = Omit<typeof schedules.$inferInsert, 'changeSeq'>;
type ReadingRow = typeof machineReadings.$inferInsert;
type MachineRow = Omit<typeof machines.$inferInsert, 'changeSeq'>;
type TicketRow = Omit<typeof tickets.$inferInsert, 'changeSeq'>;

const day = 24 * 60 * 60 * 1000;

interface SeriesPlan {
  title: string;
  recurrence: Recurrence;
  checklist: string[];
  hours: number;
  byOperator?: boolean;
}

const datePlans: SeriesPlan[] = [
  {
    title: 'Weekly crane hook and rope inspection',
    recurrence: { every: 1, unit: 'week' },
    checklist: ['Measure rope diameter', 'Check hook latch', 'Test limit switches'],
    hours: 1,
    byOperator: true,
  },
  {
    title: 'Monthly lubrication round',
    recurrence: { every: 1, unit: 'month', workingDaysOnly: true },
    checklist: ['Grease main bearings', 'Top up gearbox oil', 'Record oil level'],
    hours: 2,
  },
];

const meterPlan: SeriesPlan = {
  title: 'Hydraulic oil and filter change',
  recurrence: { every: 500, unit: 'hours' },
  checklist: ['Drain oil', 'Replace oil filter', 'Replace air filter', 'Refill and test run'],
  hours: 3,
};

interface SeriesContext {
  random: Random;
  now: Date;
  engineerId: string;
  /** The crane inspections are an operator's round: they answer its checklist. */
  operatorId: string;
}

function occurrence(
  { random, engineerId, operatorId }: SeriesContext,
  plan: SeriesPlan,
  machine: MachineRow,
  fields: { id: string; seriesId: string; seriesStart: Date; scheduledDate: Date; dueHours?: number },
  completedAt: Date | null,
): ScheduleRow {
  const items = plan.checklist.map((task) => ({ _id: random.uuid(), task }));
  return {
    id: fields.id,
    title: `${plan.title}: ${machine.name}`,
    description: `Recurring preventive maintenance on ${machine.name}.`,
    status: completedAt ? 'Completed' : 'Scheduled',
    priority: 'Medium',
    scheduledDate: fields.scheduledDate,
    estimatedDuration: plan.hours,
    machineId: machine.id!,
    assignedTo: plan.byOperator ? operatorId : engineerId,
    checklist: freshChecklist(fields.id, items).map((item) => ({
      ...item,
      completed: completedAt !== null,
      result: completedAt ? ('Pass' as const) : null,
    })),
    recurrence: plan.recurrence,
    seriesId: fields.seriesId,
    seriesStart: fields.seriesStart,
    dueHours: fields.dueHours ?? null,
    completedAt,
    createdBy: engineerId,
    createdAt: new Date(fields.scheduledDate.getTime() - 7 * day),
  };
}

/** A date-based series started eight weeks ago: every past occurrence completed, the next one open. */
function dateSeries(context: SeriesContext, plan: SeriesPlan, machine: MachineRow): ScheduleRow[] {
  const start = new Date(context.now.getTime() - 56 * day);
  start.setUTCHours(6, 0, 0, 0);
  const seriesId = context.random.uuid();
  const rows: ScheduleRow[] = [];
  for (let date = start, id = seriesId; ;) {
    const done = date.getTime() < context.now.getTime() - day;
    rows.push(
      occurrence(context, plan, machine, { id, seriesId, seriesStart: start, scheduledDate: date }, done ? date : null),
    );
    if (!done) return rows;
    date = nextDate(plan.recurrence, start, date);
    id = derivedId(seriesId, date.toISOString());
  }
}

/**
 * A meter-based series on a machine with a month of hour-meter readings: one occurrence completed at
 * the reading that reached it, the next one waiting for the hours the machine has yet to run.
 */
function meterSeries(context: SeriesContext, machine: MachineRow) {
  const hoursNow = machine.operatingHours ?? 0;
  const readings: ReadingRow[] = Array.from({ length: 6 }, (_, index) => ({
    id: context.random.uuid(),
    machineId: machine.id!,
    hours: hoursNow - (5 - index) * 80,
    readAt: new Date(context.now.getTime() - (5 - index) * 5 * day),
    userId: context.engineerId,
  }));
  const reached = readings[1]!;
  const seriesId = context.random.uuid();
  const first = occurrence(
    context,
    meterPlan,
    machine,
    { id: seriesId, seriesId, seriesStart: reached.readAt, scheduledDate: reached.readAt, dueHours: reached.hours },
    new Date(reached.readAt.getTime() + day),
  );
  const next = successorOf(
    { _id: seriesId, scheduledDate: reached.readAt.toISOString(), recurrence: meterPlan.recurrence, seriesId },
    reached.hours,
    first.completedAt!,
  )!;
  const waiting = occurrence(
    context,
    meterPlan,
    machine,
    {
      id: next._id,
      seriesId,
      seriesStart: reached.readAt,
      scheduledDate: first.completedAt!,
      dueHours: next.dueHours!,
    },
    null,
  );
  return { schedules: [first, waiting], readings };
}

/**
 * The last completed inspection found a weak hook latch: the item failed, with its note, and raised
 * the repair ticket, linked both ways (src/docs/checklists.md).
 */
function failedCheck(context: SeriesContext, series: ScheduleRow[]): TicketRow {
  const inspection = series.findLast((row) => row.status === 'Completed')!;
  const item = inspection.checklist![1]!;
  Object.assign(item, { result: 'Fail', notes: 'Latch spring weak: the latch does not snap shut' });
  return {
    id: failTicketId(inspection.id!, item._id),
    title: item.task,
    description: item.notes,
    machineId: inspection.machineId,
    priority: 'High',
    category: 'Mechanical',
    status: 'In Progress',
    reportedBy: context.operatorId,
    assignedTo: context.engineerId,
    sourceScheduleId: inspection.id!,
    sourceItemId: item._id,
    createdAt: inspection.completedAt!,
    updatedAt: inspection.completedAt!,
  };
}

/** The demo's recurring and meter-based maintenance (src/docs/recurrence.md) and a failed check's ticket. */
export function buildDemoSeries(context: SeriesContext, plantMachines: MachineRow[]) {
  const named = (part: string) => plantMachines.find((machine) => machine.name.includes(part)) ?? plantMachines[0]!;
  const meter = meterSeries(context, named('Cold Rolling Mill'));
  const inspections = dateSeries(context, datePlans[0]!, named('Crane'));
  return {
    tickets: [failedCheck(context, inspections)],
    schedules: [...inspections, ...dateSeries(context, datePlans[1]!, named('Hot Reversing Mill')), ...meter.schedules],
    readings: meter.readings,
  };
}
