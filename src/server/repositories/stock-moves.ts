import { and, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { countChange } from '#shared/parts.ts';
import { can, deniedMessage, type Actor } from '#shared/permissions.ts';
import type { MoveExportQuery, MoveListQuery, StockMove, StockMoveCreate } from '#shared/schemas/part.ts';
import type { Database, Db, Tx } from '../db/client.ts';
import { stockMoves } from '../db/schema.ts';
import { forbidden } from '../lib/errors.ts';
import { selectMoves, toMoves } from './move-rows.ts';
import { onHandInBin } from './part-stock.ts';
import { assertMayUseFor, binExists, createForPart, partExists, recordPartChange, workOf } from './part-work.ts';
import type { ChangeContext } from './record-changes.ts';

function filters(query: MoveExportQuery): SQL | undefined {
  return and(
    query.part ? eq(stockMoves.partId, query.part) : undefined,
    query.from ? gte(stockMoves.movedAt, new Date(query.from)) : undefined,
    query.to ? lte(stockMoves.movedAt, new Date(query.to)) : undefined,
  );
}

export async function loadMove(executor: Db | Tx, id: string): Promise<StockMove> {
  return (await toMoves(executor, await selectMoves(executor).where(eq(stockMoves.id, id))))[0]!;
}

/**
 * Checks and writes one move with its entry in the part's history, inside the part's write
 * (createForPart). `purchaseRequest`: a receipt against that request (purchase-requests.ts).
 */
export async function insertMove(
  tx: Tx,
  id: string,
  input: StockMoveCreate & { purchaseRequest?: string },
  actor: Actor,
  context: ChangeContext,
) {
  const work = await workOf(tx, input);
  if (input.kind === 'issue' || (input.kind === 'return' && work)) {
    assertMayUseFor(actor, work, `${input.kind} parts`);
  } else if (!can(actor.role, 'part:manage')) {
    throw forbidden(deniedMessage(actor.role, 'part:manage'));
  }
  await partExists(tx, input.part);
  await binExists(tx, input.bin, 'bin');
  if (input.toBin) await binExists(tx, input.toBin, 'toBin');
  // A count says what is in the bin: its effect is the difference from what the ledger holds now.
  const change =
    input.kind === 'adjustment' ? countChange(input.quantity, await onHandInBin(tx, input.part, input.bin)) : null;
  await tx.insert(stockMoves).values({
    id,
    partId: input.part,
    kind: input.kind,
    quantity: input.quantity,
    change,
    binId: input.bin,
    toBinId: input.toBin ?? null,
    ticketId: work?.ticketId ?? null,
    scheduleId: work?.scheduleId ?? null,
    reason: input.reason || null,
    movedBy: context.userId,
    clientTime: context.clientTime ?? null,
    purchaseRequestId: input.purchaseRequest ?? null,
  });
  const { _id, kind, quantity, bin, toBin, ticket, schedule, reason, purchaseRequest } = input;
  await recordPartChange(
    tx,
    input.part,
    { field: 'move', newValue: { _id, kind, quantity, change, bin, toBin, ticket, schedule, reason, purchaseRequest } },
    context,
  );
}

/**
 * The stock ledger (src/docs/parts.md). A move is applied once per client `_id` and never refused for
 * lack of stock: on hand may go negative, and the part then shows a discrepancy until a count.
 */
export function createStockMoveRepository(database: Database) {
  return {
    async list(query: MoveListQuery): Promise<StockMove[]> {
      const rows = await selectMoves(database.db)
        .where(filters(query))
        .orderBy(desc(stockMoves.movedAt), desc(stockMoves.id))
        .limit(query.limit);
      return toMoves(database.db, rows);
    },

    /** Every move the filters match, newest first, in batches of 1000 read by key range (the CSV export). */
    async *exportAll(query: MoveExportQuery): AsyncGenerator<StockMove[]> {
      const batch = 1000;
      let after: { movedAt: Date; id: string } | undefined;
      for (;;) {
        const rows = await selectMoves(database.db)
          .where(
            and(
              filters(query),
              after &&
                sql`(${stockMoves.movedAt}, ${stockMoves.id}) < (${after.movedAt.toISOString()}::timestamptz, ${after.id}::uuid)`,
            ),
          )
          .orderBy(desc(stockMoves.movedAt), desc(stockMoves.id))
          .limit(batch);
        if (rows.length > 0 || !after) yield await toMoves(database.db, rows);
        if (rows.length < batch) return;
        after = { movedAt: rows.at(-1)!.row.movedAt, id: rows.at(-1)!.row.id };
      }
    },

    create(input: StockMoveCreate, actor: Actor, context: ChangeContext) {
      return createForPart(
        database,
        'stock move',
        input,
        context,
        (tx, id) => insertMove(tx, id, input, actor, context),
        loadMove,
      );
    },
  };
}
