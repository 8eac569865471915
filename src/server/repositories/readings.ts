import { desc, eq } from 'drizzle-orm';
import { readingBelowLast, type Reading, type ReadingInput } from '#shared/schemas/reading.ts';
import type { Database, Db, Tx } from '../db/client.ts';
import type { machines } from '../db/schema.ts';
import { machineReadings, users } from '../db/schema.ts';
import { badRequest } from '../lib/errors.ts';
import type { ChangeContext } from './record-changes.ts';
import { dueByReading } from './schedule-series.ts';

type MachineRow = typeof machines.$inferSelect;

/**
 * Stores a reading and answers the machine patch it makes: operating hours follow the latest reading,
 * and meter-based maintenance whose due hours it reaches turns due (schedule-series.ts). A reading
 * below the machine's hours is refused: meters only count up.
 */
export async function recordReading(
  database: Database,
  tx: Tx,
  changeSeq: number,
  row: MachineRow,
  input: ReadingInput,
  context: ChangeContext,
): Promise<{ operatingHours: number }> {
  if (input.hours < row.operatingHours) throw badRequest(readingBelowLast(input.hours, row.operatingHours));
  const readAt = new Date(Math.min(new Date(input.readAt).getTime(), Date.now()));
  await tx
    .insert(machineReadings)
    .values({ id: input._id, machineId: row.id, hours: input.hours, readAt, userId: context.userId })
    .onConflictDoNothing({ target: machineReadings.id });
  const reading = { machineId: row.id, before: row.operatingHours, hours: input.hours, readAt };
  await dueByReading(database, tx, changeSeq, reading, context);
  return { operatingHours: input.hours };
}

/** The machine's latest readings, newest first. */
export async function machineReadingList(db: Db, machineId: string, limit = 50): Promise<Reading[]> {
  const rows = await db
    .select({
      id: machineReadings.id,
      hours: machineReadings.hours,
      readAt: machineReadings.readAt,
      userId: machineReadings.userId,
      userName: users.name,
    })
    .from(machineReadings)
    .leftJoin(users, eq(users.id, machineReadings.userId))
    .where(eq(machineReadings.machineId, machineId))
    .orderBy(desc(machineReadings.readAt), desc(machineReadings.hours))
    .limit(limit);
  return rows.map((row) => ({
    _id: row.id,
    hours: row.hours,
    readAt: row.readAt.toISOString(),
    recordedBy: row.userId ? { _id: row.userId, name: row.userName ?? '' } : null,
  }));
}
