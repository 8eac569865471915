import { describe, expect, it } from 'vitest';
import {
  currentShift,
  defaultPlan,
  localDay,
  nextShift,
  parseShifts,
  shiftAt,
  shiftFrom,
  shiftStartingAt,
  type ShiftPlan,
} from '#shared/shifts.ts';

const berlin: ShiftPlan = { ...defaultPlan, timeZone: 'Europe/Berlin' };
const iso = (date: Date | undefined) => date?.toISOString();
const hours = (shift: { start: Date; end: Date }) => (shift.end.getTime() - shift.start.getTime()) / 3_600_000;

describe('the plant shifts', () => {
  it('finds the shift running at an instant and the one after it, in the plant time zone', () => {
    const shift = shiftAt(new Date('2026-01-15T12:00:00Z'), berlin)!;
    expect({ start: iso(shift.start), end: iso(shift.end), label: shift.label, day: shift.day }).toEqual({
      start: '2026-01-15T05:00:00.000Z',
      end: '2026-01-15T13:00:00.000Z',
      label: '06:00–14:00',
      day: '2026-01-15',
    });
    const next = nextShift(shift, berlin);
    expect([iso(next.start), iso(next.end), next.label]).toEqual([
      '2026-01-15T13:00:00.000Z',
      '2026-01-15T21:00:00.000Z',
      '14:00–22:00',
    ]);
    // Past midnight the night shift still belongs to the day it started.
    const night = shiftAt(new Date('2026-01-16T01:30:00Z'), berlin)!;
    expect([night.label, night.day, iso(night.start)]).toEqual([
      '22:00–06:00',
      '2026-01-15',
      '2026-01-15T21:00:00.000Z',
    ]);
    expect(nextShift(night, berlin).day).toBe('2026-01-16');
  });

  it('gives the night shifts of the daylight saving changes their real length: 7 hours in spring, 9 in autumn', () => {
    const spring = shiftAt(new Date('2026-03-29T03:30:00Z'), berlin)!;
    expect([spring.day, iso(spring.start), iso(spring.end), hours(spring)]).toEqual([
      '2026-03-28',
      '2026-03-28T21:00:00.000Z',
      '2026-03-29T04:00:00.000Z',
      7,
    ]);
    expect(hours(nextShift(spring, berlin))).toBe(8);
    const autumn = shiftAt(new Date('2026-10-25T01:30:00Z'), berlin)!;
    expect([autumn.day, iso(autumn.start), iso(autumn.end), hours(autumn)]).toEqual([
      '2026-10-24',
      '2026-10-24T20:00:00.000Z',
      '2026-10-25T05:00:00.000Z',
      9,
    ]);
    const newYork = shiftAt(new Date('2026-03-08T05:00:00Z'), { ...defaultPlan, timeZone: 'America/New_York' })!;
    expect([iso(newYork.start), iso(newYork.end), hours(newYork)]).toEqual([
      '2026-03-08T03:00:00.000Z',
      '2026-03-08T10:00:00.000Z',
      7,
    ]);
  });

  it('walks a whole year shift by shift without a gap or an overlap', () => {
    let shift = shiftAt(new Date('2026-01-01T00:00:00Z'), berlin)!;
    for (let step = 0; step < 3 * 366; step += 1) {
      const next = nextShift(shift, berlin);
      expect(iso(next.start)).toBe(iso(shift.end));
      expect([7, 8, 9]).toContain(hours(next));
      shift = next;
    }
  });

  it('knows which instants start a shift, and the shifts of a plan with gaps', () => {
    expect(shiftStartingAt(new Date('2026-01-15T13:00:00Z'), berlin)?.label).toBe('14:00–22:00');
    expect(shiftStartingAt(new Date('2026-01-15T13:01:00Z'), berlin)).toBeNull();
    const days: ShiftPlan = { timeZone: 'UTC', shifts: [{ start: '08:00', end: '12:00' }] };
    expect(shiftAt(new Date('2026-01-15T14:00:00Z'), days)).toBeNull();
    expect(iso(currentShift(new Date('2026-01-15T14:00:00Z'), days).start)).toBe('2026-01-15T08:00:00.000Z');
    expect(iso(currentShift(new Date('2026-01-15T06:00:00Z'), days).start)).toBe('2026-01-14T08:00:00.000Z');
    expect(iso(shiftFrom(new Date('2026-01-15T14:00:00Z'), days).start)).toBe('2026-01-16T08:00:00.000Z');
    expect(localDay(new Date('2026-01-15T20:00:00Z'), 'Asia/Tokyo')).toBe('2026-01-16');
  });

  it('reads the SHIFTS setting, and says what is wrong with a bad one', () => {
    expect(parseShifts(' 07:00-15:00 , 15:00-23:00,23:00-07:00')).toEqual([
      { start: '07:00', end: '15:00' },
      { start: '15:00', end: '23:00' },
      { start: '23:00', end: '07:00' },
    ]);
    expect(parseShifts('6-14')).toBe('"6-14" is not a shift: write HH:MM-HH:MM, such as 06:00-14:00');
    expect(parseShifts('06:00-06:00')).toMatch(/is not a shift/);
  });
});
