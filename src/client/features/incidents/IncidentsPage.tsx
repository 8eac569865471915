import { Plus, ShieldCheck } from 'lucide-react';
import { incidentStatuses, incidentTypes, severities } from '#shared/enums.ts';
import { incidentColumns } from '#shared/export-columns.ts';
import type { RecordListKind } from '#client/features/records/record-kind.ts';
import { RecordListPage } from '#client/features/records/RecordListPage.tsx';
import { IncidentCard } from './IncidentCard.tsx';
import { IncidentCounters } from './IncidentCounters.tsx';
import { IncidentDetailModal } from './IncidentDetailModal.tsx';
import {
  noIncidentFilters,
  readAllIncidents,
  incidentQuery,
  type IncidentFilters,
  type LocalIncident,
} from './incident-list.ts';
import { ReportIncidentModal } from './ReportIncidentModal.tsx';
import { readPage } from '#client/data/store/read-page.ts';

export const incidentList: RecordListKind<LocalIncident, IncidentFilters> = {
  entity: 'incident',
  searchKey: 'incident',
  noun: 'incidents',
  title: 'Safety Incidents',
  subtitle: 'Report and track safety incidents across the plant',
  emptyIcon: ShieldCheck,
  noFilters: noIncidentFilters,
  searchLabel: 'Search incidents',
  optionFilters: [
    { field: 'type', label: 'Type', all: 'All Types', options: incidentTypes },
    { field: 'severity', label: 'Severity', all: 'All Severities', options: severities },
    { field: 'status', label: 'Status', all: 'All Status', options: incidentStatuses },
  ],
  counters: IncidentCounters,
  readPage: (db, filters, page) => readPage(db, db.incidents, incidentQuery(filters), page),
  readAll: readAllIncidents,
  exportColumns: incidentColumns,
  create: { action: 'incident:create', label: 'Report Incident', icon: Plus, modal: ReportIncidentModal },
  layout: { card: ({ record, ...props }) => <IncidentCard incident={record} {...props} /> },
  detail: IncidentDetailModal,
};

export function IncidentsPage() {
  return <RecordListPage kind={incidentList} />;
}
