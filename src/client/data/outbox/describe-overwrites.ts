import type { Overwrite } from '#shared/schemas/common.ts';
import type { OutboxEntry } from '#client/data/store/db.ts';
import { formatTime } from '#client/lib/dates.ts';

function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return 'empty';
  // Values come from JSON: a scalar is shown, an object or array is not.
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return `'${value}'`;
  return 'an earlier value';
}

/** `checklist.<id>.notes` -> `notes`: the entry's label already names the item. */
const fieldOf = (field: string) => field.replace(/^\w+\.[0-9a-f-]{36}\./, '');

/** "Your change (Status -> Resolved) replaced status 'In Progress' set by Ana Costa at 10:42." */
export function describeOverwrites(entry: OutboxEntry, overwritten: Overwrite[]): string {
  const parts = overwritten.map((item) => {
    const who = item.changedBy?.name ?? 'someone';
    const when = formatTime(item.changedAt);
    return `${fieldOf(item.field)} ${shown(item.value)} set by ${who} at ${when}`;
  });
  return `Your change (${entry.label}) replaced ${parts.join('; ')}.`;
}
