import type { Priority, TicketStatus } from '../../../shared/enums.ts';
import type { Ticket } from '../../../shared/schemas/ticket.ts';
import type { Local, LocalDatabase } from '../../data/db.ts';
import { listPageSize, readPage, type ListPage } from '../../data/read-page.ts';

export type LocalTicket = Local<Ticket>;

export interface TicketFilters {
  search: string;
  status: TicketStatus | '';
  priority: Priority | '';
}

export const noTicketFilters: TicketFilters = { search: '', status: '', priority: '' };

export const ticketPageSize = listPageSize;

export interface TicketPage extends Omit<ListPage<LocalTicket>, 'records'> {
  tickets: LocalTicket[];
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
 */
export async function readTicketPage(db: LocalDatabase, filters: TicketFilters, page: number): Promise<TicketPage> {
  const { records, ...info } = await readPage(db.tickets, matcher(filters), page, ticketPageSize);
  return { tickets: records, ...info };
}

/** Whether the server has this comment yet; if not, it waits in the outbox. */
export function isCommentOnServer(ticket: LocalTicket, id: string): boolean {
  return ticket._server?.comments.some((item) => item._id === id) ?? false;
}
