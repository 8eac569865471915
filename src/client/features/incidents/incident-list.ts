import type { IncidentStatus, IncidentType, Priority } from '#shared/enums.ts';
import type { Incident } from '#shared/schemas/incident.ts';
import type { Local, LocalDatabase } from '#client/data/store/db.ts';
import { listQuery } from '#client/features/records/list-query.ts';
import { countEach, readAll, readPage, type ListPage } from '#client/data/store/read-page.ts';
import { calendarMonth } from '#client/lib/dates.ts';

export type LocalIncident = Local<Incident>;

export interface IncidentFilters {
  search: string;
  type: IncidentType | '';
  severity: Priority | '';
  status: IncidentStatus | '';
}

export const noIncidentFilters: IncidentFilters = { search: '', type: '', severity: '', status: '' };

export interface IncidentPage extends Omit<ListPage<LocalIncident>, 'records'> {
  incidents: LocalIncident[];
}

/** The filters and search as the device's lists take them (`data/store/read-page.ts`). */
export const incidentQuery = (filters: IncidentFilters) => listQuery(filters, ['type', 'severity', 'status']);

/**
 * One page of the incidents on this device, newest first, filtered and searched (number, title,
 * description and location) as GET /api/incidents does.
 */
export async function readIncidentPage(
  db: LocalDatabase,
  filters: IncidentFilters,
  page: number,
): Promise<IncidentPage> {
  const { records, ...info } = await readPage(db, db.incidents, incidentQuery(filters), page);
  return { incidents: records, ...info };
}

export interface IncidentCounts {
  open: number;
  underInvestigation: number;
  critical: number;
  thisMonth: number;
}

/** "This month": the incident date in the local calendar month of `now`. */
export const datedThisMonth = (incident: Pick<Incident, 'incidentDate'>, now = new Date()) =>
  calendarMonth(incident.incidentDate) === calendarMonth(now);

/**
 * The counters over every incident on this device the filters match (not only the page shown):
 * each counter adds its value to the filters (This Month: the month of the incident date, a list of
 * its own) and counts from the lists.
 */
export function countIncidents(db: LocalDatabase, filters: IncidentFilters, now = new Date()): Promise<IncidentCounts> {
  return countEach(db, db.incidents, incidentQuery(filters), {
    open: ['status', 'Open'],
    underInvestigation: ['status', 'Under Investigation'],
    critical: ['severity', 'Critical'],
    thisMonth: ['month', calendarMonth(now)],
  });
}

/** Every incident on this device the filters find, newest first: an export made offline. */
export const readAllIncidents = (db: LocalDatabase, filters: IncidentFilters) =>
  readAll(db, db.incidents, incidentQuery(filters));
