import { openIncidentStatuses, openTicketStatuses } from './open-records.ts';

/** The records a device keeps (the feed also brings the user's inbox). */
export const syncEntities = ['machine', 'ticket', 'incident', 'schedule'] as const;
export type SyncEntity = (typeof syncEntities)[number];

/**
 * The working set a device keeps, decided by one rule that the change feed (server) and the pruning
 * (device) both use (src/docs/offline-sync.md). Machines always; schedules dated from three months
 * back; tickets and incidents while open or changed within the window, the user's own as any other.
 * A first sync delivers it in two scopes, newest first: `core`, what the floor works with (machines,
 * schedules, open work and the user's own records in the window), then `history`, the rest.
 * Records leave the working set only by time.
 */
export const syncScopes = ['core', 'history'] as const;
export type SyncScope = (typeof syncScopes)[number];

/** The choices the Profile page offers for how long closed records stay on the device. */
export const windowDayChoices = [90, 180, 365] as const;
export const defaultWindowDays = 180;
export const minWindowDays = 1;
export const maxWindowDays = 3650;
/** Schedules dated this many months back or later are kept. */
export const scheduleMonthsBack = 3;

const dayMs = 86_400_000;

/** The oldest `updatedAt` a closed ticket or incident in the working set may have. */
export function windowStart(now: Date, windowDays: number): Date {
  return new Date(now.getTime() - windowDays * dayMs);
}

/** The oldest `scheduledDate` of a schedule in the working set. */
export function scheduleStart(now: Date): Date {
  const start = new Date(now);
  start.setUTCMonth(start.getUTCMonth() - scheduleMonthsBack);
  return start;
}

/** What the rule reads of a record. */
export interface ScopedRecord {
  status?: string;
  scheduledDate?: string;
  updatedAt: string;
}

/** The window the rule applies, and when: the working set of a user adds who asks (the feed's scopes). */
export interface Window {
  windowDays: number;
  now: Date;
}

const openStatuses: Record<'ticket' | 'incident', readonly string[]> = {
  ticket: openTicketStatuses,
  incident: openIncidentStatuses,
};

/** Whether the device keeps a record by the rule (pinned records and pending changes are kept besides). */
export function isInWorkingSet(entity: SyncEntity, record: ScopedRecord, { now, windowDays }: Window): boolean {
  switch (entity) {
    case 'machine':
      return true;
    case 'schedule':
      return new Date(record.scheduledDate!) >= scheduleStart(now);
    case 'ticket':
    case 'incident':
      return (
        openStatuses[entity].includes(record.status!) || new Date(record.updatedAt) >= windowStart(now, windowDays)
      );
  }
}
