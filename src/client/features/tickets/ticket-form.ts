import type { Ticket } from '#shared/schemas/ticket.ts';

/** The fields the create and edit forms share, as text inputs hold them. */
export const emptyTicketForm = {
  title: '',
  priority: 'Medium',
  category: 'Mechanical',
  estimatedHours: '',
  description: '',
};
export type TicketForm = typeof emptyTicketForm;

export function formFromTicket(ticket: Ticket): TicketForm {
  return {
    title: ticket.title,
    priority: ticket.priority,
    category: ticket.category,
    estimatedHours: ticket.estimatedHours === null ? '' : String(ticket.estimatedHours),
    description: ticket.description,
  };
}

/** The form as the ticket schemas take it. Spec section 5: empty estimated hours are null, anything else a number. */
export function ticketInput({ estimatedHours, ...fields }: TicketForm) {
  const hours = estimatedHours.trim();
  return { ...fields, estimatedHours: hours === '' ? null : Number(hours) };
}
