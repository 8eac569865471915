import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { csvHeader, csvRows, exportFileName, type CsvColumn } from '#shared/csv.ts';

/**
 * Streams an export as a CSV download, a batch of records at a time, so a list of 100,000 records
 * never sits in memory whole; each batch's query runs as it is needed. The first batch is read
 * before anything is sent: a query the database refuses is then answered with its status and
 * `{ message }`, not with a 200 whose download breaks off.
 */
export async function sendCsv<T>(
  reply: FastifyReply,
  what: string,
  columns: readonly CsvColumn<T>[],
  batches: AsyncIterable<T[]>,
) {
  const iterator = batches[Symbol.asyncIterator]();
  const first = await iterator.next();
  async function* lines() {
    yield csvHeader(columns);
    for (let next = first; !next.done; next = await iterator.next()) yield csvRows(columns, next.value);
  }
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${exportFileName(what)}"`)
    .send(Readable.from(lines()));
}

/** A list read whole (a few thousand schedules at most) as the one batch of an export. */
export async function* oneBatch<T>(records: Promise<T[]>): AsyncGenerator<T[]> {
  yield await records;
}
