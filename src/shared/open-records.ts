import { incidentStatuses, type TicketStatus } from './enums.ts';

// Spelt as lists of statuses so that a status index (server) or the status index of the device (Dexie) serves them.

/** Open tickets are Pending or In Progress. */
export const openTicketStatuses = ['Pending', 'In Progress'] as const satisfies readonly TicketStatus[];

/** Open incidents are those not Closed: Under Investigation counts as open. */
export const openIncidentStatuses = incidentStatuses.filter((status) => status !== 'Closed');
