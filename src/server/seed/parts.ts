import { moveEffects, roundQuantity } from '#shared/parts.ts';
import type { Tx } from '../db/client.ts';
import { bins, partReservations, parts, recordHistory, stockMoves, storerooms } from '../db/schema.ts';
import type { Person } from './demo-records.ts';
import { recordLog, type HistoryRow } from './history.ts';
import { insertInChunks } from './insert.ts';
import { catalogue, type CatalogueItem } from './parts-catalogue.ts';
import type { MachineKind } from './plant.ts';
import type { Random } from './random.ts';

const hour = 3_600_000;
const day = 24 * hour;

export interface SeedTicket {
  id: string;
  machineId: string | null;
  createdAt: Date;
  status: string;
  assignedTo: string | null;
}

type Move = typeof stockMoves.$inferInsert;
type BinRow = typeof bins.$inferInsert & { id: string };

/** Kinds whose parts the potroom keeps close at hand. */
const potroomKinds: MachineKind[] = ['potline', 'rectifier', 'crane'];
const potroomOnly = (item: CatalogueItem) => item.kinds.every((kind) => potroomKinds.includes(kind));

function storesOf(random: Random, createdBy: string, createdAt: Date) {
  const main = {
    id: random.uuid(),
    name: 'Main Stores',
    location: 'Central workshop, building 4',
    createdBy,
    createdAt,
  };
  const potroom = { id: random.uuid(), name: 'Potroom Stores', location: 'Potroom A, north end', createdBy, createdAt };
  const shelf = (storeroomId: string, code: string): BinRow => ({
    id: random.uuid(),
    storeroomId,
    code,
    createdBy,
    createdAt,
  });
  const mainBins = ['A', 'B', 'C', 'D', 'E', 'F'].flatMap((aisle) =>
    Array.from({ length: 8 }, (_, index) => shelf(main.id, `${aisle}-${String(index + 1).padStart(2, '0')}`)),
  );
  const potroomBins = Array.from({ length: 16 }, (_, index) =>
    shelf(potroom.id, `P-${String(index + 1).padStart(2, '0')}`),
  );
  return { rooms: [main, potroom], mainBins, potroomBins };
}

/** What one job takes of a part, by its unit. */
const jobQuantity = (random: Random, item: CatalogueItem) =>
  item.unit === 'm'
    ? random.int(2, 12)
    : item.unit === 'kg'
      ? random.int(1, 5)
      : item.unit === 'l'
        ? random.int(10, 60)
        : random.int(1, 2);

/**
 * The stores (src/docs/parts.md): two storerooms with their bins, the catalogue fitted to the plant's
 * machines by kind, and a year of moves as a storekeeper would have made them: a first receipt, issues
 * to the seeded tickets, a reorder up to the maximum when a part falls to its minimum (arriving one to
 * three weeks later), a few returns, transfers to the potroom and cycle counts. Parts whose reorder has
 * not arrived are below minimum; one part was issued twice offline and shows a discrepancy.
 */
export async function seedParts(
  tx: Tx,
  random: Random,
  context: { people: Person[]; machines: { id: string; kind: MachineKind }[]; tickets: SeedTicket[] },
  now: Date,
): Promise<void> {
  const storekeeper = context.people.find((person) => person.role === 'maintenance_engineer')!;
  const yearAgo = new Date(now.getTime() - 365 * day);
  const { rooms, mainBins, potroomBins } = storesOf(random, storekeeper.id, new Date(yearAgo.getTime() - 30 * day));
  const items = catalogue().map((item, index) => ({
    ...item,
    id: random.uuid(),
    home: potroomOnly(item) ? potroomBins[index % potroomBins.length]! : mainBins[index % mainBins.length]!,
    machineIds: context.machines.filter((machine) => item.kinds.includes(machine.kind)).map((machine) => machine.id),
  }));
  const kindOf = new Map(context.machines.map((machine) => [machine.id, machine.kind]));
  const jobs = new Map<string, SeedTicket[]>();
  for (const ticket of context.tickets.filter((item) => item.createdAt > yearAgo && item.machineId)) {
    if (!random.chance(0.6)) continue;
    const fitting = items.filter((item) => item.kinds.includes(kindOf.get(ticket.machineId!)!));
    for (const item of random.sample(fitting, random.int(1, 3)))
      jobs.set(item.id, [...(jobs.get(item.id) ?? []), ticket]);
  }

  const moves: Move[] = [];
  const history: HistoryRow[] = [];
  const partRows: (typeof parts.$inferInsert)[] = [];
  for (const [index, item] of items.entries()) {
    const log = recordLog('part', item.id, history, storekeeper.id, new Date(yearAgo.getTime() - 7 * day));
    const onHand = new Map<string, number>();
    let lastAt = yearAgo;
    const add = (at: Date, by: string, move: Omit<Move, 'id' | 'partId' | 'movedBy' | 'createdAt'>) => {
      const row = { id: random.uuid(), partId: item.id, movedBy: by, createdAt: at, ...move };
      moves.push(row);
      lastAt = at;
      const {
        kind,
        quantity,
        change = null,
        binId: bin,
        toBinId: toBin = null,
        ticketId: ticket = null,
        reason = null,
      } = row;
      for (const effect of moveEffects({ kind, quantity, bin, toBin, change })) {
        onHand.set(effect.bin, roundQuantity((onHand.get(effect.bin) ?? 0) + effect.delta));
      }
      log.change(at, by, { move: [null, { _id: row.id, kind, quantity, change, bin, toBin, ticket, reason }] });
    };
    /** A moment after every move so far and before now: the history stays in order. */
    const later = (daysAgo: number) => new Date(Math.max(lastAt.getTime() + hour, now.getTime() - daysAgo * day));
    const home = () => onHand.get(item.home.id) ?? 0;
    const receive = (at: Date, quantity: number) =>
      add(at, storekeeper.id, { kind: 'receipt', quantity, binId: item.home.id, reason: 'Purchase order delivery' });

    receive(new Date(yearAgo.getTime() + random.int(0, 72) * hour), item.maxStock);
    let reorderDue: Date | null = null;
    let reorderQuantity = 0;
    const issues = (jobs.get(item.id) ?? []).toSorted((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    for (const ticket of issues) {
      const at = new Date(ticket.createdAt.getTime() + random.int(1, 8) * hour);
      if (at > now) continue;
      if (reorderDue && reorderDue <= at) {
        receive(reorderDue, reorderQuantity);
        reorderDue = null;
      }
      const quantity = Math.min(jobQuantity(random, item), home());
      if (quantity <= 0) continue;
      const by = ticket.assignedTo ?? storekeeper.id;
      add(at, by, { kind: 'issue', quantity, binId: item.home.id, ticketId: ticket.id });
      if (random.chance(0.05)) {
        add(new Date(at.getTime() + day), by, {
          kind: 'return',
          quantity: 1,
          binId: item.home.id,
          ticketId: ticket.id,
          reason: 'Not needed',
        });
      }
      if (!reorderDue && home() <= item.minStock) {
        reorderDue = new Date(at.getTime() + random.int(7, 21) * day);
        reorderQuantity = item.maxStock - home();
      }
    }
    if (reorderDue && reorderDue <= now) receive(reorderDue, reorderQuantity);
    if (item.kinds.includes('crane') && !potroomOnly(item) && index % 6 === 0 && home() >= 2) {
      const toBin = potroomBins[index % potroomBins.length]!.id;
      add(later(random.int(20, 60)), storekeeper.id, {
        kind: 'transfer',
        quantity: 1,
        binId: item.home.id,
        toBinId: toBin,
      });
    }
    if (index % 13 === 0) {
      const counted = Math.max(0, home() + random.pick([-1, 1]));
      add(later(random.int(2, 15)), storekeeper.id, {
        kind: 'adjustment',
        quantity: counted,
        change: roundQuantity(counted - home()),
        binId: item.home.id,
        reason: 'Cycle count',
      });
    }
    // Two fitters each took "the last one" offline: the bin is one short until a count.
    if (index === 7 && home() >= 1 && issues.length > 0) {
      const ticket = issues.at(-1)!;
      for (const [hoursAgo, quantity] of [
        [3, home()],
        [2, 1],
      ] as const) {
        add(
          new Date(Math.max(lastAt.getTime() + hour, now.getTime() - hoursAgo * hour)),
          ticket.assignedTo ?? storekeeper.id,
          { kind: 'issue', quantity, binId: item.home.id, ticketId: ticket.id },
        );
      }
    }
    partRows.push({
      id: item.id,
      partNumber: item.partNumber,
      name: item.name,
      unit: item.unit,
      unitCost: item.unitCost,
      minStock: item.minStock,
      maxStock: item.maxStock,
      machineIds: item.machineIds,
      createdBy: storekeeper.id,
      version: log.state.version,
      createdAt: new Date(yearAgo.getTime() - 7 * day),
      updatedAt: log.state.updatedAt,
    });
  }

  const reservations = context.tickets
    .filter((ticket) => (ticket.status === 'Pending' || ticket.status === 'In Progress') && ticket.machineId)
    .slice(0, 8)
    .map((ticket) => {
      const item = random.pick(items.filter((candidate) => candidate.kinds.includes(kindOf.get(ticket.machineId!)!)));
      return {
        id: random.uuid(),
        partId: item.id,
        quantity: jobQuantity(random, item),
        ticketId: ticket.id,
        reservedBy: ticket.assignedTo ?? storekeeper.id,
        createdAt: new Date(ticket.createdAt.getTime() + hour),
      };
    });

  await tx.insert(storerooms).values(rooms);
  await tx.insert(bins).values([...mainBins, ...potroomBins]);
  await insertInChunks(tx, parts, partRows);
  await insertInChunks(tx, stockMoves, moves);
  await insertInChunks(tx, partReservations, reservations);
  await insertInChunks(tx, recordHistory, history);
}
