import { derivedKeys, inboxDays } from '#shared/inbox.ts';
import { today } from '#shared/incident-actions.ts';
import type { Incident } from '#shared/schemas/incident.ts';
import type { InboxEntry } from '#shared/schemas/inbox.ts';
import type { Schedule } from '#shared/schemas/schedule.ts';

export type InboxItem = InboxEntry & { unread: boolean };

const dayMs = 86_400_000;

/** The day after `day` (YYYY-MM-DD). */
function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + dayMs).toISOString().slice(0, 10);
}

const localMidnight = (day: string) => new Date(`${day}T00:00:00`).toISOString();

/** Open actions of this user due tomorrow, and their maintenance due today or overdue (src/docs/inbox.md). */
export function dueEntries(userId: string, incidents: Incident[], schedules: Schedule[], now: Date): InboxEntry[] {
  const day = today(now);
  const tomorrow = nextDay(day);
  const actions = incidents.flatMap((incident) =>
    incident.actions
      .filter((action) => action.owner?._id === userId && action.status === 'Open' && action.dueDate === tomorrow)
      .map((action): InboxEntry => ({
        key: derivedKeys.actionDue(action._id, action.dueDate),
        kind: 'actionDue',
        entity: 'incident',
        recordId: incident._id,
        title: `${incident.incidentNumber} ${incident.title}`,
        detail: action.title,
        by: null,
        at: localMidnight(day),
        readAt: null,
      })),
  );
  const maintenance = schedules
    .filter(
      (schedule) =>
        schedule.assignedTo?._id === userId &&
        schedule.status !== 'Completed' &&
        schedule.dueHours === null &&
        today(new Date(schedule.scheduledDate)) <= day,
    )
    .map((schedule): InboxEntry => {
      const dueDay = today(new Date(schedule.scheduledDate));
      return {
        key: derivedKeys.maintenanceDue(schedule._id, dueDay),
        kind: 'maintenanceDue',
        entity: 'schedule',
        recordId: schedule._id,
        title: schedule.title,
        detail: dueDay === day ? 'Due today' : `Overdue since ${dueDay}`,
        by: null,
        at: schedule.scheduledDate,
        readAt: null,
      };
    });
  return [...actions, ...maintenance];
}

/**
 * The inbox as shown: the entries the server wrote within the last `inboxDays` and the due ones this
 * device derives, each once (by key), read when any device of the user marked its key; newest first.
 */
export function inboxItems(stored: InboxEntry[], derived: InboxEntry[], now: Date): InboxItem[] {
  const since = new Date(now.getTime() - inboxDays * dayMs).toISOString();
  const readAt = new Map(stored.filter((entry) => entry.readAt).map((entry) => [entry.key, entry.readAt]));
  const written = stored.filter((entry) => entry.kind !== 'mark' && entry.at >= since);
  const byKey = new Map([...derived, ...written].map((entry) => [entry.key, entry]));
  return [...byKey.values()]
    .map((entry) => ({ ...entry, readAt: readAt.get(entry.key) ?? null, unread: !readAt.has(entry.key) }))
    .sort((a, b) => b.at.localeCompare(a.at));
}
