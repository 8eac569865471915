import { Plus, ShieldCheck } from 'lucide-react';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { can } from '../../../shared/permissions.ts';
import { Button } from '../../components/ui/Button.tsx';
import { EmptyState } from '../../components/ui/EmptyState.tsx';
import { ExportButton } from '../../components/ui/ExportButton.tsx';
import { PageHeader } from '../../components/ui/PageHeader.tsx';
import { OlderOnServer } from '../../components/ui/OlderOnServer.tsx';
import { Pagination } from '../../components/ui/Pagination.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { modalNavigation } from '../../lib/url-search.ts';
import { useSignedInUser } from '../../data/session.ts';
import { asShown } from '../../data/older-records.ts';
import { localDb } from '../../data/db.ts';
import { incidentColumns } from '../../../shared/export-columns.ts';
import { useSyncStatus } from '../../data/use-sync.ts';
import { keepOlderRecord, useOpenedRecord } from '../../data/use-working-set.ts';
import { IncidentCounters } from './IncidentCounters.tsx';
import { IncidentDetailModal } from './IncidentDetailModal.tsx';
import { IncidentFilterBar } from './IncidentFilterBar.tsx';
import { IncidentList } from './IncidentList.tsx';
import { noIncidentFilters, readAllIncidents, type IncidentFilters } from './incident-list.ts';
import { ReportIncidentModal } from './ReportIncidentModal.tsx';
import { useIncidentPage } from './use-incidents.ts';

const route = getRouteApi('/_app/incidents');

/**
 * Which modal is open lives in the URL (`?new=1`, `?incident=<id>`), so the dashboard's quick action and
 * its recent incidents can open them.
 */
function useIncidentModals() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const show = (next: typeof search) => void navigate({ search: next, ...modalNavigation });
  return {
    isReporting: search.new === 1,
    incidentId: search.incident ?? null,
    openReport: () => show({ new: 1 }),
    openIncident: (id: string) => show({ incident: id }),
    close: () => show({}),
  };
}

export function IncidentsPage() {
  const user = useSignedInUser();
  const modals = useIncidentModals();
  const [filters, setFilters] = useState<IncidentFilters>(noIncidentFilters);
  const [page, setPage] = useState(1);
  const result = useIncidentPage(filters, page);
  const sync = useSyncStatus();
  // Before the first pull of a fresh device has brought anything, 'No incidents found' would be wrong.
  const isFirstPull = sync.isPulling && !sync.lastPulledAt;
  useOpenedRecord('incident', modals.incidentId);

  function filter(next: IncidentFilters) {
    setFilters(next);
    setPage(1);
  }

  return (
    <>
      <PageHeader
        title="Safety Incidents"
        subtitle="Report and track safety incidents across the plant"
        actions={
          <>
            <ExportButton
              noun="incidents"
              what="incidents"
              query={filters}
              columns={incidentColumns}
              local={() => readAllIncidents(localDb, filters)}
            />
            {can(user.role, 'incident:create') && (
              <Button onClick={modals.openReport}>
                <Plus aria-hidden="true" className="size-5" /> Report Incident
              </Button>
            )}
          </>
        }
      />
      <div className="space-y-4">
        <IncidentCounters filters={filters} />
        <IncidentFilterBar filters={filters} onChange={filter} />
        {result === undefined || (result.total === 0 && isFirstPull) ? (
          <div className="flex justify-center py-12">
            <Spinner label="Loading incidents..." showLabel />
          </div>
        ) : result.total === 0 ? (
          <EmptyState icon={ShieldCheck} title="No incidents found" />
        ) : (
          <>
            <IncidentList incidents={result.incidents} onView={modals.openIncident} />
            <Pagination currentPage={result.currentPage} totalPages={result.totalPages} onPageChange={setPage} />
          </>
        )}
        <OlderOnServer entity="incident" noun="incidents" filters={{ ...filters }}>
          {(incidents) => (
            <IncidentList
              incidents={incidents.map(asShown)}
              onView={(id) => {
                const opened = incidents.find((incident) => incident._id === id)!;
                void keepOlderRecord('incident', opened).then(() => modals.openIncident(id));
              }}
              keep={(incident) => keepOlderRecord('incident', incident._server!)}
            />
          )}
        </OlderOnServer>
      </div>
      {modals.isReporting && <ReportIncidentModal onClose={modals.close} />}
      <IncidentDetailModal incidentId={modals.incidentId} onClose={modals.close} />
    </>
  );
}
