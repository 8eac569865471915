type Cell = string | number | null | undefined;

/** A column of an export: its header and the cell of a record. */
export type CsvColumn<T> = readonly [header: string, cell: (record: T) => Cell];

// A spreadsheet would run a cell starting with one of these as a formula (CSV injection).
const formulaStart = /^[=+\-@\t\r]/;

function quoted(cell: Cell): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'number') return String(cell);
  const text = formulaStart.test(cell) ? `'${cell}` : cell;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The header line of an export (RFC 4180: CRLF line ends, quoted where needed). */
export const csvHeader = <T>(columns: readonly CsvColumn<T>[]) =>
  `${columns.map(([header]) => quoted(header)).join(',')}\r\n`;

/** The lines of these records. */
export const csvRows = <T>(columns: readonly CsvColumn<T>[], records: readonly T[]) =>
  records.map((record) => `${columns.map(([, cell]) => quoted(cell(record))).join(',')}\r\n`).join('');

/** `tickets-2026-11-24.csv`: what the file of an export is called. */
export const exportFileName = (what: string, now = new Date()) => `${what}-${now.toISOString().slice(0, 10)}.csv`;
