import { departments } from '#shared/enums.ts';
import { nextShift, shiftAt, type Shift, type ShiftPlan } from '#shared/shifts.ts';
import type { Tx } from '../db/client.ts';
import { handovers, recordHistory } from '../db/schema.ts';
import { handoverContents } from '../repositories/handover-contents.ts';
import type { Person } from './demo-records.ts';
import { recordLog, type HistoryRow } from './history.ts';
import { insertInChunks } from './insert.ts';
import type { createRandom } from './random.ts';

const seededDays = 7;
const minute = 60_000;

const notes = [
  'Quiet shift. Nothing to add to the list.',
  'Keep an eye on the hydraulic pressure, it dropped twice before the break.',
  'Spare seals ordered, expected tomorrow morning. Do not restart without the fitter.',
  'Crane inspection done, logbook signed. Walkways cleaned after the tapping.',
  'Two operators short, the next shift should call in the standby.',
  'Changeover finished late; first coils of the new alloy go to QC for a check.',
  'Near miss at the launder reported, area fenced off until safety has looked at it.',
];

/** The shifts that ended within the last week, oldest first. */
function pastShifts(plan: ShiftPlan, now: Date): Shift[] {
  const shifts: Shift[] = [];
  let shift = shiftAt(new Date(now.getTime() - seededDays * 24 * 60 * minute), plan);
  while (shift && shift.end <= now) {
    shifts.push(shift);
    shift = shiftAt(shift.end, plan);
  }
  return shifts;
}

/**
 * A week of shift handovers for every department (src/docs/shift-handover.md), listed as the server
 * lists them at the time of seeding, written near each shift's end by its people and acknowledged by
 * the next shift, except the latest of each department and a few others.
 */
export async function seedHandovers(
  tx: Tx,
  random: ReturnType<typeof createRandom>,
  people: Person[],
  plan: ShiftPlan,
  now: Date,
): Promise<void> {
  const engineers = people.filter((person) => person.role === 'maintenance_engineer');
  const rows: (typeof handovers.$inferInsert)[] = [];
  const history: HistoryRow[] = [];
  const shifts = pastShifts(plan, now);
  for (const department of departments) {
    const crew = [...people.filter((person) => person.department === department), ...engineers];
    const unique = [...new Map(crew.map((person) => [person.id, person])).values()];
    for (const [index, shift] of shifts.entries()) {
      const writer = unique[index % unique.length]!;
      const acknowledger = unique[(index + 1) % unique.length]!;
      const writtenAt = new Date(shift.end.getTime() - random.int(5, 25) * minute);
      const window = { department, shift, next: nextShift(shift, plan), now: writtenAt, timeZone: plan.timeZone };
      const id = random.uuid();
      const text = random.pick(notes);
      const log = recordLog('handover', id, history, writer.id, writtenAt);
      history.push({
        entity: 'handover',
        recordId: id,
        version: 1,
        userId: writer.id,
        field: 'notes',
        oldValue: null,
        newValue: text,
        changedAt: writtenAt,
      });
      const acknowledged = index < shifts.length - 1 && random.chance(0.9);
      const acknowledgedAt = new Date(shift.end.getTime() + random.int(2, 30) * minute);
      if (acknowledged) {
        log.change(acknowledgedAt, acknowledger.id, {
          acknowledgedBy: [null, acknowledger.id],
          acknowledgedAt: [null, acknowledgedAt.toISOString()],
        });
      }
      rows.push({
        id,
        department,
        shiftStart: shift.start,
        shiftEnd: shift.end,
        shiftLabel: shift.label,
        shiftDay: shift.day,
        notes: text,
        contents: await handoverContents(tx, window),
        writtenBy: writer.id,
        writtenAt,
        acknowledgedBy: acknowledged ? acknowledger.id : null,
        acknowledgedAt: acknowledged ? acknowledgedAt : null,
        ...log.state,
      });
    }
  }
  await insertInChunks(tx, handovers, rows);
  await insertInChunks(tx, recordHistory, history);
}
