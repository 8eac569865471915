import { ticketStatuses } from '#shared/enums.ts';
import { openTicketStatuses } from '#shared/open-records.ts';
import type { Incident } from '#shared/schemas/incident.ts';
import type { Ticket } from '#shared/schemas/ticket.ts';
import type { Local, LocalDatabase } from '#client/data/store/db.ts';
import { countWith } from '#client/data/store/read-page.ts';

export interface DashboardData {
  machines: { total: number; running: number; down: number; maintenance: number; idle: number };
  openTickets: number;
  /** How many tickets this device has in each status. */
  ticketsByStatus: Record<string, number>;
  recentTickets: Local<Ticket>[];
  recentIncidents: Local<Incident>[];
}

/** Spec section 9: the dashboard lists five of each. */
const recentCount = 5;

/**
 * The dashboard from the records on this device, so it works offline and agrees with the lists
 * (open tickets by the same rule as on the server).
 */
export async function readDashboard(db: LocalDatabase): Promise<DashboardData> {
  const machinesIn = (status: string) => db.machines.where('status').equals(status).count();
  const [total, running, down, maintenance, idle, ticketCounts, recentTickets, recentIncidents] = await Promise.all([
    db.machines.count(),
    machinesIn('Running'),
    machinesIn('Down'),
    machinesIn('Maintenance'),
    machinesIn('Idle'),
    Promise.all(ticketStatuses.map((status) => countWith(db, 'tickets', 'status', status))),
    db.tickets.orderBy('createdAt').reverse().limit(recentCount).toArray(),
    db.incidents.orderBy('createdAt').reverse().limit(recentCount).toArray(),
  ]);
  const ticketsByStatus = Object.fromEntries(ticketStatuses.map((status, index) => [status, ticketCounts[index]!]));
  const openTickets = openTicketStatuses.reduce((sum, status) => sum + ticketsByStatus[status]!, 0);
  return {
    machines: { total, running, down, maintenance, idle },
    openTickets,
    ticketsByStatus,
    recentTickets,
    recentIncidents,
  };
}
