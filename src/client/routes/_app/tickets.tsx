import { createFileRoute } from '@tanstack/react-router';
import { TicketsPage } from '../../features/tickets/TicketsPage.tsx';

export const Route = createFileRoute('/_app/tickets')({ component: TicketsPage });
