import type { Priority, TicketStatus } from '#shared/enums.ts';
import type { Ticket } from '#shared/schemas/ticket.ts';
import type { Local, LocalDatabase } from '#client/data/store/db.ts';
import { listQuery } from '#client/features/records/list-query.ts';
import { listPageSize, readAll, readPage, type ListPage } from '#client/data/store/read-page.ts';

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

/** The filters and search as the device's lists take them (`data/store/read-page.ts`). */
export const ticketQuery = (filters: TicketFilters) => listQuery(filters, ['status', 'priority']);

/**
 * One page of the tickets on this device, newest first, filtered and searched as the server's list
 * call does (src/shared/search-words.ts), so the screen works the same offline.
 */
export async function readTicketPage(db: LocalDatabase, filters: TicketFilters, page: number): Promise<TicketPage> {
  const { records, ...info } = await readPage(db, db.tickets, ticketQuery(filters), page, ticketPageSize);
  return { tickets: records, ...info };
}

/** Every ticket on this device the filters find, newest first: an export made offline. */
export const readAllTickets = (db: LocalDatabase, filters: TicketFilters) =>
  readAll(db, db.tickets, ticketQuery(filters));

/** Whether the server has this comment yet; if not, it waits in the outbox. */
export function isCommentOnServer(ticket: LocalTicket, id: string): boolean {
  return ticket._server?.comments.some((item) => item._id === id) ?? false;
}
