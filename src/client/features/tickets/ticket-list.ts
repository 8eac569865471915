import type { Priority, TicketStatus } from '../../../shared/enums.ts';
import type { Ticket } from '../../../shared/schemas/ticket.ts';
import type { Local, LocalDatabase } from '../../data/db.ts';

export type LocalTicket = Local<Ticket>;

export interface TicketFilters {
  search: string;
  status: TicketStatus | '';
  priority: Priority | '';
}

export const noTicketFilters: TicketFilters = { search: '', status: '', priority: '' };

/** Spec section 9: lists show 10 per page. */
export const ticketPageSize = 10;

export interface TicketPage {
  tickets: LocalTicket[];
  currentPage: number;
  totalPages: number;
  total: number;
}

function matcher({ search, status, priority }: TicketFilters) {
  const needle = search.trim().toLowerCase();
  return (ticket: LocalTicket) =>
    (!status || ticket.status === status) &&
    (!priority || ticket.priority === priority) &&
    (!needle ||
      [ticket.ticketNumber, ticket.title, ticket.description].some((text) => text.toLowerCase().includes(needle)));
}

/**
 * One page of the tickets on this device, newest first, filtered as the server's list call filters
 * (search over number, title and description, case-insensitive), so the screen works the same offline.
 * A page past the end (the filters just narrowed the list) shows the last page.
 */
export async function readTicketPage(db: LocalDatabase, filters: TicketFilters, page: number): Promise<TicketPage> {
  const matching = () => db.tickets.orderBy('createdAt').reverse().filter(matcher(filters));
  const total = await matching().count();
  const totalPages = Math.max(1, Math.ceil(total / ticketPageSize));
  const currentPage = Math.min(Math.max(1, page), totalPages);
  const tickets = await matching()
    .offset((currentPage - 1) * ticketPageSize)
    .limit(ticketPageSize)
    .toArray();
  return { tickets, currentPage, totalPages, total };
}

/** Whether the server has this comment yet; if not, it waits in the outbox. */
export function isCommentOnServer(ticket: LocalTicket, id: string): boolean {
  return ticket._server?.comments.some((item) => item._id === id) ?? false;
}
