import type { IsolationPoint } from '#shared/isolation.ts';
import type { PermitStatus, PermitType } from '#shared/permits.ts';
import type { Tx } from '../db/client.ts';
import { permitLocks, permits, recordHistory } from '../db/schema.ts';
import type { Person } from './demo-records.ts';
import { recordLog, type HistoryRow } from './history.ts';
import type { Random } from './random.ts';

const minute = 60_000;

interface Story {
  type: PermitType;
  status: PermitStatus;
  description: string;
  hoursAgo: number;
}

/** One permit in each kind of state, the newest still waiting for approval. */
const stories: Story[] = [
  {
    type: 'work_at_height',
    status: 'Closed',
    description: 'Replace the walkway grating above the drive',
    hoursAgo: 30,
  },
  { type: 'confined_space', status: 'Active', description: 'Inspect the inside of the hydraulic tank', hoursAgo: 5 },
  { type: 'general', status: 'Approved', description: 'Change the worn drive coupling', hoursAgo: 2 },
  { type: 'hot_work', status: 'Requested', description: 'Weld a crack in the guard frame', hoursAgo: 1 },
];

/**
 * A few permits to work (src/docs/permits.md) on machines with isolation points, for their open
 * tickets, with their locks and history as the API would have written them.
 */
export async function seedPermits(
  tx: Tx,
  random: Random,
  context: {
    people: Person[];
    machines: { id: string; status: string; isolationPoints: IsolationPoint[] }[];
    openTickets: { id: string; machineId: string | null; status: string }[];
  },
  now: Date,
): Promise<void> {
  const pointsOf = new Map(context.machines.map((machine) => [machine.id, machine.isolationPoints]));
  const running = new Set(context.machines.filter((machine) => machine.status === 'Running').map(({ id }) => id));
  const candidates = context.openTickets.filter(
    (ticket) => ticket.machineId && (pointsOf.get(ticket.machineId)?.length ?? 0) > 0,
  );
  const used = new Set<string>();
  // Work under way holds its locks: the machine is stopped and the ticket In Progress, as the rules require.
  const ticketFor = (story: Story) => {
    const underWay = story.status === 'Active';
    const ticket =
      candidates.find(
        (candidate) =>
          !used.has(candidate.id) &&
          (!underWay || (candidate.status === 'In Progress' && !running.has(candidate.machineId!))),
      ) ?? candidates.find((candidate) => !used.has(candidate.id));
    if (ticket) used.add(ticket.id);
    return ticket;
  };
  const workers = context.people.filter(
    (person) => person.role === 'operator' || person.role === 'maintenance_engineer',
  );
  const safety = context.people.find((person) => person.role === 'safety_officer');
  if (!safety || workers.length === 0) return;
  const history: HistoryRow[] = [];
  for (const [index, story] of stories.entries()) {
    const ticket = ticketFor(story);
    if (!ticket) break;
    const points = pointsOf.get(ticket.machineId!)!;
    const requester = workers[index % workers.length]!;
    const id = random.uuid();
    const requestedAt = new Date(now.getTime() - story.hoursAgo * 60 * minute);
    const log = recordLog('permit', id, history, requester.id, requestedAt);
    history.push(
      ...[
        ['status', 'Requested'],
        ['type', story.type],
        ['description', story.description],
      ].map(([field, newValue]) => ({
        entity: 'permit' as const,
        recordId: id,
        version: 1,
        userId: requester.id,
        field: field!,
        oldValue: null,
        newValue,
        changedAt: requestedAt,
      })),
    );
    const order: PermitStatus[] = ['Requested', 'Approved', 'Isolated', 'Active', 'Work Done', 'Closed'];
    const reached = order.indexOf(story.status);
    const at = (step: number) => new Date(requestedAt.getTime() + step * 20 * minute);
    const locks: (typeof permitLocks.$inferInsert)[] = [];
    let status: PermitStatus = 'Requested';
    const move = (to: PermitStatus, step: number, userId: string) => {
      log.change(at(step), userId, { status: [status, to] });
      status = to;
    };
    if (reached >= 1) move('Approved', 1, safety.id);
    if (reached >= 2) {
      for (const [number, point] of points.entries()) {
        const lockId = random.uuid();
        const appliedAt = new Date(at(2).getTime() + number * minute);
        const lockNumber = String(100 + index * 10 + number);
        locks.push({
          id: lockId,
          permitId: id,
          pointId: point._id,
          lockNumber,
          verified: true,
          appliedBy: requester.id,
          appliedAt,
        });
        log.change(appliedAt, requester.id, {
          lock: [
            null,
            {
              _id: lockId,
              point: point._id,
              location: point.location,
              lockNumber,
              verified: true,
              appliedAt: appliedAt.toISOString(),
            },
          ],
        });
      }
      move('Isolated', 2, requester.id);
    }
    if (reached >= 3) move('Active', 3, requester.id);
    if (reached >= 4) move('Work Done', 6, requester.id);
    if (reached >= 5) {
      for (const lock of locks) {
        lock.removedBy = requester.id;
        lock.removedAt = at(7);
        const point = points.find((item) => item._id === lock.pointId)!;
        log.change(at(7), requester.id, {
          lockRemoved: [
            null,
            {
              _id: lock.id,
              point: point._id,
              location: point.location,
              lockNumber: lock.lockNumber,
              removedAt: at(7).toISOString(),
            },
          ],
        });
      }
      move('Closed', 8, requester.id);
    }
    await tx.insert(permits).values({
      id,
      machineId: ticket.machineId!,
      ticketId: ticket.id,
      type: story.type,
      status,
      description: story.description,
      requestedBy: requester.id,
      approvedBy: reached >= 1 ? safety.id : null,
      approvedAt: reached >= 1 ? at(1) : null,
      version: log.state.version,
      createdAt: requestedAt,
      updatedAt: log.state.updatedAt,
    });
    if (locks.length > 0) await tx.insert(permitLocks).values(locks);
  }
  if (history.length > 0) await tx.insert(recordHistory).values(history);
}
