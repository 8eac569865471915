import type { Database } from '../db/client.ts';
import { createAnalyticsRepository } from './analytics.ts';
import { createCostAnalytics } from './cost-analytics.ts';
import { createCostRepository } from './costs.ts';
import { createFileRepository } from './files.ts';
import { createHandoverRepository } from './handovers.ts';
import { createInboxRepository } from './inbox.ts';
import { createLabourRepository } from './labour.ts';
import { createIncidentRepository } from './incidents.ts';
import { createMachineRepository } from './machines.ts';
import { createPartReservationRepository } from './part-reservations.ts';
import { createPartRepository } from './parts.ts';
import { createPermitRepository } from './permits.ts';
import { createPurchaseRequestRepository } from './purchase-requests.ts';
import { createRequestRepository } from './requests.ts';
import { createScheduleRepository } from './schedules.ts';
import { createStockMoveRepository } from './stock-moves.ts';
import { createStoreroomRepository } from './storerooms.ts';
import { createSyncRepository } from './sync.ts';
import { createTicketRepository } from './tickets.ts';
import { createUserAdminRepository } from './user-admin.ts';
import { createUserRepository } from './users.ts';

/** Every repository, built over one database; the only code that touches it. */
export function createRepositories(database: Database) {
  const machines = createMachineRepository(database);
  const tickets = createTicketRepository(database);
  const incidents = createIncidentRepository(database);
  const schedules = createScheduleRepository(database);
  const inbox = createInboxRepository(database);
  return {
    analytics: createAnalyticsRepository(database),
    users: createUserRepository(database),
    userAdmin: createUserAdminRepository(database),
    machines,
    tickets,
    incidents,
    files: createFileRepository(database),
    schedules,
    inbox,
    requests: createRequestRepository(database, { tickets, incidents }),
    handovers: createHandoverRepository(database),
    permits: createPermitRepository(database),
    parts: createPartRepository(database),
    stockMoves: createStockMoveRepository(database),
    partReservations: createPartReservationRepository(database),
    storerooms: createStoreroomRepository(database),
    labour: createLabourRepository(database),
    costs: createCostRepository(database),
    costAnalytics: createCostAnalytics(database),
    purchaseRequests: createPurchaseRequestRepository(database),
    sync: createSyncRepository(database, {
      machine: machines,
      ticket: tickets,
      incident: incidents,
      schedule: schedules,
      inbox,
    }),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;
