import type { IncidentStatus, IncidentType, Priority } from '../../../shared/enums.ts';
import type { Incident } from '../../../shared/schemas/incident.ts';
import type { Local, LocalDatabase } from '../../data/db.ts';
import { readPage, type ListPage } from '../../data/read-page.ts';

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

/**
 * The server searches one lower-cased text of number, title, description and location (its
 * `search_text` column); the same text here, so offline and online lists agree.
 */
const searchText = (incident: LocalIncident) =>
  `${incident.incidentNumber} ${incident.title} ${incident.description} ${incident.location}`.toLowerCase();

function matcher({ search, type, severity, status }: IncidentFilters) {
  const needle = search.trim().toLowerCase();
  return (incident: LocalIncident) =>
    (!type || incident.type === type) &&
    (!severity || incident.severity === severity) &&
    (!status || incident.status === status) &&
    (!needle || searchText(incident).includes(needle));
}

/** One page of the incidents on this device, newest first, filtered as GET /api/incidents filters. */
export async function readIncidentPage(
  db: LocalDatabase,
  filters: IncidentFilters,
  page: number,
): Promise<IncidentPage> {
  const { records, ...info } = await readPage(db.incidents, matcher(filters), page);
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
