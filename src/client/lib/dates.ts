/**
 * How every screen shows a date or a time: the browser's locale, medium dates ("Nov 25, 2026" in
 * English) and short times. ISO stays where a machine reads it: CSV exports, `<input type=date>`
 * values, `dateTime` attributes.
 */
const date = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const time = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });

const calendarDay = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day (YYYY-MM-DD) is that day here, not midnight UTC; anything else is an instant. */
function toDate(value: Date | string | number): Date {
  if (typeof value === 'string' && calendarDay.test(value)) return new Date(`${value}T00:00:00`);
  return new Date(value);
}

export const formatDate = (value: Date | string | number) => date.format(toDate(value));
export const formatDateTime = (value: Date | string | number) => dateTime.format(toDate(value));
export const formatTime = (value: Date | string | number) => time.format(toDate(value));

/** The local calendar month of an instant, as YYYY-MM: what "This Month" compares. */
export function calendarMonth(value: Date | string | number): string {
  const at = toDate(value);
  return `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}`;
}
