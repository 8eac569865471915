import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatTime } from '#client/lib/dates.ts';

const inThisLocale = (options: Intl.DateTimeFormatOptions, value: Date) =>
  new Intl.DateTimeFormat(undefined, options).format(value);

describe('dates as the screens show them', () => {
  const nov25 = new Date(2026, 10, 25, 14, 5);

  it('shows a calendar day as that day on this device, not as midnight UTC', () => {
    expect(formatDate('2026-11-25')).toBe(inThisLocale({ dateStyle: 'medium' }, nov25));
    expect(formatDate('2026-01-01')).toBe(inThisLocale({ dateStyle: 'medium' }, new Date(2026, 0, 1)));
  });

  it('shows an instant on its local day, whichever form it comes in', () => {
    const day = formatDate(nov25);
    expect(formatDate(nov25.toISOString())).toBe(day);
    expect(formatDate(nov25.getTime())).toBe(day);
    expect(formatDate('2026-11-25')).toBe(day);
  });

  it('never shows the ISO form or a numeric day', () => {
    expect(formatDate('2026-11-25')).not.toMatch(/2026-11-25|11\/25\/2026/);
  });

  it('puts the same date in front of a time', () => {
    expect(formatDateTime(nov25)).toContain(formatDate(nov25));
    expect(formatDateTime(nov25)).toBe(inThisLocale({ dateStyle: 'medium', timeStyle: 'short' }, nov25));
    expect(formatTime(nov25.toISOString())).toBe(inThisLocale({ timeStyle: 'short' }, nov25));
  });

  it('reads "Nov 25, 2026" in American English', () => {
    if (new Intl.DateTimeFormat().resolvedOptions().locale === 'en-US') expect(formatDate(nov25)).toBe('Nov 25, 2026');
  });
});
