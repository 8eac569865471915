import { describe, expect, it } from 'vitest';
import { derivedId } from '#shared/ids.ts';
import {
  nextDate,
  plannedDates,
  recurrenceText,
  successorOf,
  waitsForHours,
  type Recurrence,
} from '#shared/recurrence.ts';

const utc = (date: string) => new Date(`${date}T08:00:00.000Z`);
const day = (date: Date) => date.toISOString().slice(0, 10);
const monthly: Recurrence = { every: 1, unit: 'month' };

describe('recurrence rules', () => {
  it('steps months from the series start, so the 31st becomes each month end and returns to the 31st', () => {
    const anchor = utc('2027-01-31');
    const dates = [anchor];
    for (let i = 0; i < 4; i += 1) dates.push(nextDate(monthly, anchor, dates.at(-1)!));
    expect(dates.map(day)).toEqual(['2027-01-31', '2027-02-28', '2027-03-31', '2027-04-30', '2027-05-31']);
    expect(day(nextDate(monthly, utc('2028-01-31'), utc('2028-01-31')))).toBe('2028-02-29');
    expect(nextDate(monthly, anchor, anchor).toISOString()).toBe('2027-02-28T08:00:00.000Z');
  });

  it('steps every N days and weeks, and over a year of months', () => {
    expect(day(nextDate({ every: 10, unit: 'day' }, utc('2027-03-01'), utc('2027-03-01')))).toBe('2027-03-11');
    expect(day(nextDate({ every: 2, unit: 'week' }, utc('2027-03-01'), utc('2027-03-15')))).toBe('2027-03-29');
    expect(day(nextDate({ every: 3, unit: 'month' }, utc('2027-11-30'), utc('2027-11-30')))).toBe('2028-02-29');
  });

  it('moves a step that falls on a weekend to the Monday, and counts working days for daily series', () => {
    // 2027-05-01 is a Saturday.
    const weekly = { every: 1, unit: 'week', workingDaysOnly: true } as const;
    expect(day(nextDate(weekly, utc('2027-04-24'), utc('2027-04-26')))).toBe('2027-05-03');
    const daily = { every: 1, unit: 'day', workingDaysOnly: true } as const;
    expect(day(nextDate(daily, utc('2027-04-29'), utc('2027-04-30')))).toBe('2027-05-03');
    expect(day(nextDate({ ...daily, every: 3 }, utc('2027-04-29'), utc('2027-04-29')))).toBe('2027-05-04');
  });

  it('names the next occurrence after the series and its date, the same on every device', () => {
    const completed = {
      _id: '0b6f1a38-5a44-4c36-9d2f-39a3c1a0a001',
      scheduledDate: '2027-01-31T08:00:00.000Z',
      recurrence: monthly,
      seriesId: '0b6f1a38-5a44-4c36-9d2f-39a3c1a0a000',
      seriesStart: '2027-01-31T08:00:00.000Z',
    };
    const next = successorOf(completed, 0, new Date('2027-02-03T10:00:00Z'));
    expect(next).toEqual({
      _id: derivedId(completed.seriesId, '2027-02-28T08:00:00.000Z'),
      scheduledDate: '2027-02-28T08:00:00.000Z',
      dueHours: null,
    });
    expect(successorOf(completed, 0, new Date())).toEqual(next);
    expect(successorOf({ ...completed, recurrence: null }, 0, new Date())).toBeNull();
  });

  it('makes a meter-based occurrence due N hours after the hours it was completed at', () => {
    const completed = {
      _id: '0b6f1a38-5a44-4c36-9d2f-39a3c1a0a002',
      scheduledDate: '2027-01-31T08:00:00.000Z',
      recurrence: { every: 500, unit: 'hours' } as const,
      dueHours: 12_000,
    };
    const next = successorOf(completed, 12_040, new Date('2027-02-01T00:00:00Z'))!;
    expect(next.dueHours).toBe(12_540);
    expect(next._id).toBe(successorOf(completed, 12_100, new Date())!._id);
    expect(waitsForHours(next, 12_539)).toBe(true);
    expect(waitsForHours(next, 12_540)).toBe(false);
    expect(waitsForHours({ dueHours: null }, 0)).toBe(false);
  });

  it('plans the dates of a series ahead for the calendar, none for a meter-based one', () => {
    const occurrence = { _id: 'x', scheduledDate: '2027-01-04T08:00:00.000Z', recurrence: { every: 1, unit: 'week' } };
    expect(plannedDates(occurrence as never, utc('2027-01-25')).map((date) => date.slice(0, 10))).toEqual([
      '2027-01-11',
      '2027-01-18',
      '2027-01-25',
    ]);
    expect(
      plannedDates({ ...occurrence, recurrence: { every: 5, unit: 'hours' } } as never, utc('2028-01-01')),
    ).toEqual([]);
  });

  it('says how a series repeats', () => {
    expect(recurrenceText({ every: 1, unit: 'day', workingDaysOnly: true })).toBe('Every day, working days only');
    expect(recurrenceText({ every: 2, unit: 'week' })).toBe('Every 2 weeks');
    expect(recurrenceText({ every: 1500, unit: 'hours' })).toBe('Every 1,500 operating hours');
  });
});
