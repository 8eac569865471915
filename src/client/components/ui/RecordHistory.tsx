import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { historyEntry, type HistoryEntry } from '#shared/schemas/common.ts';
import { useUsers } from '#client/data/session/use-users.ts';
import { api } from '#client/lib/api.ts';
import { formatDate, formatDateTime } from '#client/lib/dates.ts';

interface RecordHistoryProps {
  entity: 'ticket' | 'incident' | 'user' | 'permit';
  record: { _id: string; version: number; _server: unknown };
  /** This record's own wording of a change (an incident's actions), or undefined for the usual line. */
  describe?: (entry: HistoryEntry, valueText: (value: unknown) => string) => string | undefined;
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isoDate = /^\d{4}-\d{2}-\d{2}(T|$)/;

/** 'estimatedHours' -> 'Estimated hours'. */
const fieldLabel = (field: string) => {
  const words = field.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

function useValueText() {
  const names = new Map((useUsers() ?? []).map((user) => [user._id, user.name]));
  return (value: unknown): string => {
    if (value === null || value === undefined || value === '') return 'empty';
    if (Array.isArray(value)) return value.length === 0 ? 'none' : `${value.length} item${value.length > 1 ? 's' : ''}`;
    if (typeof value === 'number' || typeof value === 'boolean') return String(value);
    if (typeof value !== 'string') return 'a new value';
    if (uuid.test(value)) return names.get(value) ?? 'another record';
    if (isoDate.test(value)) return formatDate(value);
    return value.length > 80 ? `${value.slice(0, 79)}…` : value;
  };
}

const named = (value: unknown, key: 'originalName' | 'comment') =>
  typeof value === 'object' && value !== null && key in value ? String((value as Record<string, unknown>)[key]) : '';

/** "Bearing failure · Wear · Replaced (note)": a ticket's failure codes (src/shared/failure-codes.ts). */
function failureText(value: unknown): string {
  if (typeof value !== 'object' || value === null) return 'removed';
  const { problem, cause, remedy, note } = value as Record<string, string>;
  return `${[problem, cause, remedy].join(' · ')}${note ? ` (${note})` : ''}`;
}

/** One line per changed field: created, commented, a file added or removed, or "Field: old → new". */
function useChangeLine(describe: RecordHistoryProps['describe']) {
  const text = useValueText();
  return (entry: HistoryEntry): string => {
    const { field, oldValue, newValue } = entry;
    const own = describe?.(entry, text);
    if (own !== undefined) return own;
    if (field === 'created') return 'Created';
    if (field === 'comment') return `Commented: ${named(newValue, 'comment')}`;
    if (field === 'failure') return `Failure codes: ${failureText(newValue)}`;
    if (field === 'attachment')
      return newValue ? `Attached ${named(newValue, 'originalName')}` : `Removed ${named(oldValue, 'originalName')}`;
    if (typeof newValue === 'object' && newValue !== null && !Array.isArray(newValue))
      return `${fieldLabel(field)} updated`;
    return `${fieldLabel(field)}: ${text(oldValue)} → ${text(newValue)}`;
  };
}

/** The changes of one version, newest version first. */
function byVersion(entries: HistoryEntry[]): HistoryEntry[][] {
  const groups = new Map<number, HistoryEntry[]>();
  for (const entry of entries) groups.set(entry.version, [...(groups.get(entry.version) ?? []), entry]);
  return [...groups.values()].reverse();
}

/**
 * Who changed what and when, as the server recorded it (GET /api/<records>/:id/history), read again
 * whenever the record's version moves. It is the server's record: offline, the last copy read is shown,
 * and a change still on this device shows once it has been sent.
 */
export function RecordHistory({ entity, record, describe }: RecordHistoryProps) {
  const onServer = record._server !== null;
  const query = useQuery({
    queryKey: ['history', entity, record._id, record.version],
    queryFn: () => api.get(`${entity}s/${record._id}/history`).json(z.array(historyEntry)),
    enabled: onServer,
    placeholderData: keepPreviousData,
  });
  const line = useChangeLine(describe);

  let body;
  if (!onServer) body = <p>The history starts once the server has this {entity}.</p>;
  else if (query.data) {
    body = (
      <ol className="divide-y divide-slate-100 rounded-lg border border-slate-200">
        {byVersion(query.data).map((changes) => {
          const first = changes[0]!;
          return (
            <li key={first.version} className="px-3 py-2">
              <p className="text-xs text-slate-500">
                {first.changedBy?.name ?? (entity === 'incident' ? 'Anonymous' : 'Former user')} ·{' '}
                {formatDateTime(first.changedAt)}
              </p>
              <ul>
                {changes.map((change, index) => (
                  <li key={index} className="break-words text-slate-900">
                    {line(change)}
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
      </ol>
    );
  } else if (query.isError) body = <p>The history could not be read: {query.error.message}</p>;
  else if (query.fetchStatus === 'paused') body = <p>The history shows when the server can be reached.</p>;
  else body = <p>Loading the history…</p>;

  return (
    <section aria-label="History" className="space-y-2 print:hidden">
      <h4 className="text-sm font-semibold text-slate-900">History</h4>
      <div className="text-sm text-slate-600">{body}</div>
    </section>
  );
}
