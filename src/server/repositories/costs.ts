import { and, asc, eq, or, sql } from 'drizzle-orm';
import { roundQuantity } from '#shared/parts.ts';
import { roundMoney, type WorkCost } from '#shared/schemas/costs.ts';
import type { LabourQuery } from '#shared/schemas/labour.ts';
import type { Database } from '../db/client.ts';
import { parts, schedules, stockMoves, tickets } from '../db/schema.ts';
import { notFound } from '../lib/errors.ts';
import { entriesOf } from './labour.ts';

/**
 * Each move's value: its quantity at the unit cost stored on it (the part's when it moved; a return
 * from work, what its issues to that work cost), issues counting up and returns down.
 */
export const moveValue = sql<number>`case when ${stockMoves.kind} = 'issue' then 1 else -1 end * ${stockMoves.quantity} * ${stockMoves.unitCost}`;
export const moveQuantity = sql<number>`case when ${stockMoves.kind} = 'issue' then 1 else -1 end * ${stockMoves.quantity}`;
export const usedByWork = or(eq(stockMoves.kind, 'issue'), eq(stockMoves.kind, 'return'));

/** What a ticket or a maintenance job cost: its parts (issued less returned) and its labour. */
export function createCostRepository(database: Database) {
  const { db } = database;
  return {
    async ofWork(work: LabourQuery, currency: string): Promise<WorkCost> {
      const [found] = work.ticket
        ? await db.select({ id: tickets.id }).from(tickets).where(eq(tickets.id, work.ticket))
        : await db.select({ id: schedules.id }).from(schedules).where(eq(schedules.id, work.schedule!));
      if (!found) throw notFound(work.ticket ? 'Ticket not found' : 'Maintenance schedule not found');
      const used = await db
        .select({
          part: { _id: parts.id, partNumber: parts.partNumber, name: parts.name, unit: parts.unit },
          quantity: sql<number>`sum(${moveQuantity})`.mapWith(Number),
          value: sql<number>`sum(${moveValue})`.mapWith(Number),
        })
        .from(stockMoves)
        .innerJoin(parts, eq(parts.id, stockMoves.partId))
        .where(
          and(
            usedByWork,
            work.ticket ? eq(stockMoves.ticketId, work.ticket) : eq(stockMoves.scheduleId, work.schedule!),
          ),
        )
        .groupBy(parts.id)
        .orderBy(asc(parts.partNumber));
      const partLines = used
        .filter((line) => roundQuantity(line.quantity) !== 0)
        .map((line) => ({
          part: line.part,
          quantity: roundQuantity(line.quantity),
          unitCost: roundMoney(line.value / line.quantity),
          cost: roundMoney(line.value),
        }));
      const labour = (await entriesOf(db, work)).map((entry) => ({
        _id: entry._id,
        person: entry.person,
        workedOn: entry.workedOn,
        hours: entry.hours,
        rate: entry.rate,
        cost: roundMoney(entry.hours * entry.rate),
      }));
      const partsTotal = roundMoney(partLines.reduce((sum, line) => sum + line.cost, 0));
      const labourTotal = roundMoney(labour.reduce((sum, line) => sum + line.cost, 0));
      return {
        parts: partLines,
        partsTotal,
        labour,
        labourTotal,
        total: roundMoney(partsTotal + labourTotal),
        currency,
      };
    },
  };
}
