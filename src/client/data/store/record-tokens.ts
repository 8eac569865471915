import { numberWords, recordWords, wordsOf } from '#shared/search-words.ts';
import { calendarMonth } from '#client/lib/dates.ts';

type Indexed = Record<string, unknown>;

const text = (record: Indexed, field: string) => (typeof record[field] === 'string' ? record[field] : '');

/** The number and the texts each listed table's records are found by (src/shared/search-words.ts). */
const searched = {
  tickets: (record: Indexed) => ({
    number: text(record, 'ticketNumber'),
    texts: [text(record, 'title'), text(record, 'description')],
  }),
  incidents: (record: Indexed) => ({
    number: text(record, 'incidentNumber'),
    texts: [text(record, 'title'), text(record, 'description'), text(record, 'location')],
  }),
};

export type ListedTable = keyof typeof searched;

const isDigits = (word: string) => /^\d+$/.test(word);

const machineOf = (record: Indexed) => (record.machine as { _id?: unknown } | null | undefined)?._id;

const monthOf = (record: Indexed) =>
  typeof record.incidentDate === 'string' ? calendarMonth(record.incidentDate) : null;

/**
 * The values each table's records are filtered by: the lists' filters, a ticket's machine (its open
 * work) and an incident's month (the "This Month" counter, in the device's calendar).
 */
const filterValues: Record<ListedTable, (record: Indexed) => Record<string, unknown>> = {
  tickets: (record) => ({ status: record.status, priority: record.priority, machine: machineOf(record) }),
  incidents: (record) => ({
    type: record.type,
    severity: record.severity,
    status: record.status,
    month: monthOf(record),
  }),
};

export const isListed = (table: string): table is ListedTable => table in searched;

/** Every word the record is found by: what a search matches. */
export function recordWordsOf(table: ListedTable, record: object): string[] {
  const { number, texts } = searched[table](record as Indexed);
  return recordWords(numberWords(number), texts);
}

/**
 * The record's number in digits as written ('000042'), with the record's slot: the keys of the
 * `_numbers` index (db.ts). Every record has its own, so they are kept out of the lists, where each
 * would cost a list of one. The digits without their leading zeros ('42') are not kept: a search
 * reads them as the padded prefixes ('000042') that they are (read-page.ts).
 */
export function numberKeysOf(table: ListedTable, record: object): string[] {
  const slot = slotOf(record);
  return wordsOf(searched[table](record as Indexed).number)
    .filter(isDigits)
    .map((word) => `${word}${numberSlotSeparator}${slot}`);
}

export const numberSlotSeparator = '|';

/** The record's filter values that are set, as [field, value]. */
export const filtersOf = (table: ListedTable, record: object): [field: string, value: string][] =>
  Object.entries(filterValues[table](record as Indexed)).flatMap(([field, value]) =>
    typeof value === 'string' ? [[field, value] as [string, string]] : [],
  );

// Words are runs of letters and digits, so these prefixes keep the three kinds of token apart and
// a word's prefix range never reaches a filter or a first letter.
/** Every record of the table. */
export const allToken = '\u0002';
/** The records with this value in a filter field. */
export const filterToken = (field: string, value: string): string => `\u0002${field}=${value}`;
/** The records with a word starting with this letter (a one-letter search reads one list, not every word's). */
export const letterToken = (letter: string): string => `\u0001${letter}`;

/**
 * The tokens a record is listed under: its words (but its number's digits), their first letters, its
 * filter values and `allToken`. A record's tokens follow from its fields alone, so the old ones of a changed record
 * are found again from the stored copy; a change to this rule needs the lists rebuilt (db.ts).
 */
export function tokensOf(table: ListedTable, record: object): string[] {
  const { number, texts } = searched[table](record as Indexed);
  const ofNumber = numberWords(number);
  const digits = new Set(ofNumber.filter(isDigits));
  const tokens = new Set<string>();
  for (const word of recordWords(ofNumber, texts)) {
    if (digits.has(word)) continue;
    tokens.add(word);
    tokens.add(letterToken(String.fromCodePoint(word.codePointAt(0)!)));
  }
  for (const [field, value] of filtersOf(table, record)) tokens.add(filterToken(field, value));
  tokens.add(allToken);
  return [...tokens];
}

/**
 * Where a record sits in list order: its creation time in milliseconds (lists are newest first).
 * Records created in the same millisecond share a slot; reads tell them apart by id.
 */
export const slotOf = (record: object): number => Date.parse(String((record as Indexed).createdAt)) || 0;
