import type { IncidentStatus, IncidentType, Priority } from '../../../shared/enums.ts';
import type { Incident } from '../../../shared/schemas/incident.ts';
import type { Local, LocalDatabase } from '../../data/db.ts';
import { readAll, readPage, type ListPage, type SetFilters } from '../../data/read-page.ts';

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

const setFilters = ({ type, severity, status }: IncidentFilters): SetFilters =>
  (
    [
      ['type', type],
      ['severity', severity],
      ['status', status],
    ] as const
  ).filter(([, value]) => value !== '');

/**
 * One page of the incidents on this device, newest first, filtered and searched (number, title,
 * description and location) as GET /api/incidents does.
 */
export async function readIncidentPage(
  db: LocalDatabase,
  filters: IncidentFilters,
  page: number,
): Promise<IncidentPage> {
  const query = { filters: setFilters(filters), search: filters.search };
  const { records, ...info } = await readPage(db, db.incidents, query, page);
  return { incidents: records, ...info };
}

export interface IncidentCounts {
  open: number;
  underInvestigation: number;
  critical: number;
  thisMonth: number;
}

/** Spec: the counters describe the loaded page only; "this month" is the incident date in the local calendar month. */
export function countIncidents(incidents: Incident[], now = new Date()): IncidentCounts {
  const count = (test: (incident: Incident) => boolean) => incidents.filter(test).length;
  return {
    open: count((incident) => incident.status === 'Open'),
    underInvestigation: count((incident) => incident.status === 'Under Investigation'),
    critical: count((incident) => incident.severity === 'Critical'),
    thisMonth: count((incident) => {
      const date = new Date(incident.incidentDate);
      return date.getFullYear() === now.getFullYear() && date.getMonth() === now.getMonth();
    }),
  };
}

/** Every incident on this device the filters find, newest first: an export made offline. */
export const readAllIncidents = (db: LocalDatabase, filters: IncidentFilters) =>
  readAll(db, db.incidents, { filters: setFilters(filters), search: filters.search });
