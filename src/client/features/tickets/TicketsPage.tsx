import { ClipboardList, Plus } from 'lucide-react';
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
import { ticketColumns } from '../../../shared/export-columns.ts';
import { useSyncStatus } from '../../data/use-sync.ts';
import { keepOlderRecord, useOpenedRecord } from '../../data/use-working-set.ts';
import { CreateTicketModal } from './CreateTicketModal.tsx';
import { TicketDetailModal } from './TicketDetailModal.tsx';
import { TicketFilterBar } from './TicketFilterBar.tsx';
import { TicketList } from './TicketList.tsx';
import { noTicketFilters, readAllTickets, type TicketFilters } from './ticket-list.ts';
import { useUsers } from '../../data/use-users.ts';
import { useTicketPage } from './use-tickets.ts';

const route = getRouteApi('/_app/tickets');

/**
 * Which modal is open lives in the URL (`?new=1`, `?ticket=<id>`), so the dashboard's quick action and
 * its recent tickets can open them; `?new=1&machine=<id>` (from the Machines screen) chooses the machine.
 */
function useTicketModals() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const show = (next: typeof search) => void navigate({ search: next, ...modalNavigation });
  return {
    isCreating: search.new === 1,
    machineId: search.machine ?? '',
    ticketId: search.ticket ?? null,
    openCreate: () => show({ new: 1 }),
    openTicket: (id: string) => show({ ticket: id }),
    close: () => show({}),
  };
}

export function TicketsPage() {
  const user = useSignedInUser();
  const modals = useTicketModals();
  const [filters, setFilters] = useState<TicketFilters>(noTicketFilters);
  const [page, setPage] = useState(1);
  const result = useTicketPage(filters, page);
  const sync = useSyncStatus();
  // Before the first pull of a fresh device has brought anything, 'No tickets found' would be wrong.
  const isFirstPull = sync.isPulling && !sync.lastPulledAt;
  // Spec: the screen requests the user list; the detail modal's assignee choice reads it from the cache.
  useUsers();
  useOpenedRecord('ticket', modals.ticketId);

  function filter(next: TicketFilters) {
    setFilters(next);
    setPage(1);
  }

  return (
    <>
      <PageHeader
        title="Maintenance Tickets"
        actions={
          <>
            <ExportButton
              noun="tickets"
              what="tickets"
              query={filters}
              columns={ticketColumns}
              local={() => readAllTickets(localDb, filters)}
            />
            {can(user.role, 'ticket:create') && (
              <Button onClick={modals.openCreate}>
                <Plus aria-hidden="true" className="size-5" /> Create Ticket
              </Button>
            )}
          </>
        }
      />
      <div className="space-y-4">
        <TicketFilterBar filters={filters} onChange={filter} />
        {result === undefined || (result.total === 0 && isFirstPull) ? (
          <div className="flex justify-center py-12">
            <Spinner label="Loading tickets..." showLabel />
          </div>
        ) : result.total === 0 ? (
          <EmptyState icon={ClipboardList} title="No tickets found" />
        ) : (
          <>
            <TicketList tickets={result.tickets} onView={(ticket) => modals.openTicket(ticket._id)} />
            <Pagination currentPage={result.currentPage} totalPages={result.totalPages} onPageChange={setPage} />
          </>
        )}
        <OlderOnServer entity="ticket" noun="tickets" filters={{ ...filters }}>
          {(tickets) => (
            <TicketList
              tickets={tickets.map(asShown)}
              onView={(ticket) =>
                void keepOlderRecord('ticket', ticket._server!).then(() => modals.openTicket(ticket._id))
              }
              keep={(ticket) => keepOlderRecord('ticket', ticket._server!)}
            />
          )}
        </OlderOnServer>
      </div>
      {modals.isCreating && <CreateTicketModal onClose={modals.close} machineId={modals.machineId} />}
      <TicketDetailModal ticketId={modals.ticketId} onClose={modals.close} />
    </>
  );
}
