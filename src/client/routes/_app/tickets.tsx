import { createFileRoute } from '@tanstack/react-router';
import { ClipboardList } from 'lucide-react';
import { TicketsPage } from '#client/features/tickets/TicketsPage.tsx';
import { priorities, ticketStatuses } from '#shared/enums.ts';
import { newFlag, oneOf, recordId, searchOf, text } from '#client/lib/url-search.ts';

export const Route = createFileRoute('/_app/tickets')({
  staticData: { nav: { label: 'Tickets', icon: ClipboardList, order: 3 } },
  // `machine` chooses the machine of a new ticket (the Machines screen's Create Ticket); the rest are
  // the list's filters, so a chart or a link opens it filtered (`?status=Open`).
  validateSearch: searchOf({
    new: newFlag,
    ticket: recordId,
    machine: recordId,
    search: text,
    status: oneOf(ticketStatuses),
    priority: oneOf(priorities),
  }),
  component: TicketsPage,
});
