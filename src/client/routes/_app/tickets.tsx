import { createFileRoute } from '@tanstack/react-router';
import { ClipboardList } from 'lucide-react';
import { TicketsPage } from '../../features/tickets/TicketsPage.tsx';
import { newFlag, recordId, searchOf } from '../../lib/url-search.ts';

export const Route = createFileRoute('/_app/tickets')({
  staticData: { nav: { label: 'Tickets', icon: ClipboardList, order: 3 } },
  // `machine` chooses the machine of a new ticket (the Machines screen's Create Ticket).
  validateSearch: searchOf({ new: newFlag, ticket: recordId, machine: recordId }),
  component: TicketsPage,
});
