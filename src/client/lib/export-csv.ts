import { csvHeader, csvRows, exportFileName, type CsvColumn } from '#shared/csv.ts';
import { api, ApiError } from './api.ts';

/** Saves a file the way a link with `download` does. */
function download(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export interface ListExport<T> {
  /** `tickets`, `incidents`: the file's name and the server's `/api/<what>/export`. */
  what: string;
  /** The list's filters and search as the list call takes them (empty ones are left out). */
  query: object;
  columns: readonly CsvColumn<T>[];
  /** Every matching record on this device, in list order. */
  local: () => Promise<T[]>;
}

type ExportResult = { from: 'server' } | { from: 'device'; count: number };

/**
 * What the list's filters find, all pages: from the server (the whole history) when it answers, else
 * from this device, whose file says so in its name (`tickets-from-this-device-…`).
 */
export async function exportList<T>({ what, query, columns, local }: ListExport<T>): Promise<ExportResult> {
  const searchParams = Object.fromEntries(
    Object.entries(query).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== ''),
  );
  if (navigator.onLine) {
    try {
      download(await api.get(`${what}/export`, { searchParams }).blob(), exportFileName(what));
      return { from: 'server' };
    } catch (error) {
      if (!(error instanceof ApiError && error.isNetworkFailure)) throw error;
    }
  }
  const records = await local();
  const csv = csvHeader(columns) + csvRows(columns, records);
  download(new Blob([csv], { type: 'text/csv;charset=utf-8' }), exportFileName(`${what}-from-this-device`));
  return { from: 'device', count: records.length };
}
