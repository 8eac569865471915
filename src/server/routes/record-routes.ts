import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CsvColumn } from '#shared/csv.ts';
import { errorSchema, historyEntry, idParams, type HistoryEntry } from '#shared/schemas/common.ts';
import { sendCsv } from '../lib/send-csv.ts';

/** The answers a record's routes may give besides their own. */
export const recordErrors = { 400: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

/** A create-once write's answer: 201 when it made the record, 200 when the same `_id` came again. */
export const createdOrFound = (reply: FastifyReply, { record, created }: { record: unknown; created: boolean }) =>
  reply.code(created ? 201 : 200).send(record);

interface ReadRepository {
  get(id: string): Promise<unknown>;
  history(id: string): Promise<HistoryEntry[]>;
}

/** `GET /:id` and `GET /:id/history` of a record that keeps its change history. */
export function recordReads(tags: string[], record: z.ZodType, repository: ReadRepository): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/:id', { schema: { tags, params: idParams, response: { 200: record, ...recordErrors } } }, (request) =>
      repository.get(request.params.id),
    );
    app.get(
      '/:id/history',
      { schema: { tags, params: idParams, response: { 200: z.array(historyEntry), ...recordErrors } } },
      (request) => repository.history(request.params.id),
    );
  };
}

interface CsvExport<Query extends z.ZodType, Row> {
  tags: string[];
  /** The download's name, `<file>-<date>.csv`. */
  file: string;
  query: Query;
  columns: readonly CsvColumn<Row>[];
  rows(query: z.output<Query>): AsyncIterable<Row[]>;
}

/** `GET /export`: every record the filters find, as CSV. */
export function csvExport<Query extends z.ZodType, Row>(csv: CsvExport<Query, Row>): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/export',
      { schema: { tags: csv.tags, querystring: csv.query, produces: ['text/csv'], response: { 400: errorSchema } } },
      (request, reply) => sendCsv(reply, csv.file, csv.columns, csv.rows(request.query as z.output<Query>)),
    );
  };
}

interface RecordCollection<ListQuery extends z.ZodType, ExportQuery extends z.ZodType, Row> {
  tags: string[];
  /** `GET /`: the filters it takes, its answer and what reads it. */
  list: { query: ListQuery; response: z.ZodType; read(query: z.output<ListQuery>): Promise<unknown> };
  csv: Omit<CsvExport<ExportQuery, Row>, 'tags'>;
  /** `GET /:id` answers this shape. */
  record: z.ZodType;
  repository: ReadRepository;
}

/** The reads of a kind of record: its list, its CSV export, one record and its history. */
export function recordCollection<ListQuery extends z.ZodType, ExportQuery extends z.ZodType, Row>(
  collection: RecordCollection<ListQuery, ExportQuery, Row>,
): FastifyPluginAsyncZod {
  const { tags, list } = collection;
  return async (app) => {
    app.get(
      '/',
      { schema: { tags, querystring: list.query, response: { 200: list.response, ...recordErrors } } },
      (request) => list.read(request.query as z.output<ListQuery>),
    );
    await app.register(csvExport({ tags, ...collection.csv }));
    await app.register(recordReads(tags, collection.record, collection.repository));
  };
}
