/**
 * The plant's shifts (src/docs/shift-handover.md): a list of local start and end times ("06:00-14:00")
 * in the plant's time zone. Pure: the server and the app compute the same shift for the same instant,
 * and a shift across midnight or a change of daylight saving time has its real length (7 or 9 hours).
 */

export const defaultShifts = '06:00-14:00,14:00-22:00,22:00-06:00';
export const defaultTimeZone = 'UTC';

export interface ShiftTime {
  /** Local "HH:MM". */
  start: string;
  end: string;
}

export interface ShiftPlan {
  /** An IANA name, such as Europe/Berlin. */
  timeZone: string;
  shifts: ShiftTime[];
}

/** One shift on one day: the instants it starts and ends, and its name ("06:00–14:00"). */
export interface Shift {
  start: Date;
  end: Date;
  label: string;
  /** The plant's local date the shift starts on, YYYY-MM-DD. */
  day: string;
}

const timePattern = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** "06:00-14:00,14:00-22:00" as a list of shifts, or the reason it is not one. */
export function parseShifts(text: string): ShiftTime[] | string {
  const shifts: ShiftTime[] = [];
  for (const part of text.split(',').map((item) => item.trim())) {
    const [start = '', end = ''] = part.split('-').map((item) => item.trim());
    if (!timePattern.test(start) || !timePattern.test(end) || start === end) {
      return `"${part}" is not a shift: write HH:MM-HH:MM, such as 06:00-14:00`;
    }
    shifts.push({ start, end });
  }
  return shifts;
}

/** The plan of a plant that configured none. */
export const defaultPlan: ShiftPlan = { timeZone: defaultTimeZone, shifts: parseShifts(defaultShifts) as ShiftTime[] };

export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string) {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall clock of the zone at an instant, as if it were UTC (milliseconds). */
function wallClock(instant: number, timeZone: string): number {
  const parts = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(new Date(instant))
      .map((part) => [part.type, part.value]),
  );
  return Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
}

/** The zone's local date of an instant, YYYY-MM-DD. */
export function localDay(instant: Date, timeZone: string): string {
  return new Date(wallClock(instant.getTime(), timeZone)).toISOString().slice(0, 10);
}

/**
 * The instant a local day and time happen in the zone. A time the clocks skip (spring forward) is
 * read with the offset from before the change, so it lands just after the gap.
 */
export function zonedInstant(day: string, time: string, timeZone: string): Date {
  const wall = Date.parse(`${day}T${time}:00Z`);
  let guess = wall - (wallClock(wall, timeZone) - wall);
  guess += wall - wallClock(guess, timeZone);
  return new Date(guess);
}

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Every shift that starts on the local days around an instant, in time order. */
function shiftsAround(instant: Date, plan: ShiftPlan): Shift[] {
  const today = localDay(instant, plan.timeZone);
  const shifts = [-1, 0, 1].flatMap((offset) => {
    const day = addDays(today, offset);
    return plan.shifts.map(({ start, end }) => ({
      start: zonedInstant(day, start, plan.timeZone),
      end: zonedInstant(end > start ? day : addDays(day, 1), end, plan.timeZone),
      label: `${start}–${end}`,
      day,
    }));
  });
  return shifts.sort((a, b) => a.start.getTime() - b.start.getTime());
}

/** The shift running at an instant (null in a gap between shifts). */
export function shiftAt(instant: Date, plan: ShiftPlan): Shift | null {
  const time = instant.getTime();
  return (
    shiftsAround(instant, plan).find((shift) => shift.start.getTime() <= time && time < shift.end.getTime()) ?? null
  );
}

/** The shift to hand over at an instant: the one running, or in a gap between shifts the one that ended last. */
export function currentShift(instant: Date, plan: ShiftPlan): Shift {
  const time = instant.getTime();
  const begun = shiftsAround(instant, plan).filter((shift) => shift.start.getTime() <= time);
  return shiftAt(instant, plan) ?? begun.at(-1) ?? shiftFrom(instant, plan);
}

/** The first shift that starts at or after an instant. */
export function shiftFrom(instant: Date, plan: ShiftPlan): Shift {
  const time = instant.getTime();
  const later = [...shiftsAround(instant, plan), ...shiftsAround(new Date(time + 86_400_000), plan)];
  return later.find((shift) => shift.start.getTime() >= time)!;
}

/** The shift after this one: the next that starts once it has ended. */
export const nextShift = (shift: Shift, plan: ShiftPlan): Shift => shiftFrom(shift.end, plan);

/** The shift that starts at exactly this instant, or null if none does. */
export function shiftStartingAt(start: Date, plan: ShiftPlan): Shift | null {
  const shift = shiftFrom(start, plan);
  return shift.start.getTime() === start.getTime() ? shift : null;
}
