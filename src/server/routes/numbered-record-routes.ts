import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { CsvColumn } from '#shared/csv.ts';
import type { Action, Actor } from '#shared/permissions.ts';
import { errorSchema, historyEntry, idParams, type HistoryEntry, type Overwrite } from '#shared/schemas/common.ts';
import { changeContext, type ChangeContext } from '../lib/change-context.ts';
import { readUploads, uploadErrors, type Upload } from '../lib/read-uploads.ts';
import { sendCsv } from '../lib/send-csv.ts';
import { sendJson } from '../lib/send-json.ts';
import { createdOrFound, recordErrors } from './record-routes.ts';

export { recordErrors };

/** The repository methods behind the routes every numbered record has. */
export interface NumberedRecordRepository<Row, ListQuery, ExportQuery, Create, Update> {
  list(query: ListQuery): Promise<unknown>;
  exportAll(query: ExportQuery): AsyncIterable<Row[]>;
  get(id: string): Promise<Row>;
  create(input: Create, context: ChangeContext): Promise<{ record: Row; created: boolean }>;
  /** Who may change which field depends on the record (its reporter, its status): checked in the repository. */
  update(
    id: string,
    patch: Update,
    actor: Actor,
    context: ChangeContext,
  ): Promise<{ record: Row; overwritten: Overwrite[] }>;
  /** 404 for an unknown record, checked before an attachment's file arrives. */
  assertExists(id: string): Promise<void>;
  attach(id: string, upload: Upload, context: ChangeContext): Promise<{ record: Row; created: boolean }>;
  history(id: string): Promise<HistoryEntry[]>;
}

/** Records made under a numbered record (a ticket's comments, an incident's actions), by `POST /:id/<path>`. */
export interface ChildCreate<Body extends z.ZodType = z.ZodType> {
  path: string;
  permission: Action;
  body: Body;
  /** Adds it (replay-safe by its client `_id`) and answers with the record. */
  add(
    id: string,
    body: z.output<Body>,
    actor: Actor,
    context: ChangeContext,
  ): Promise<{ record: unknown; created: boolean }>;
}

/** Declares a child create with its body's type kept for `add`. */
export const childCreate = <Body extends z.ZodType>(child: ChildCreate<Body>): ChildCreate<Body> => child;

/** What a kind of numbered record (tickets, incidents) declares to get its routes. */
export interface NumberedRecordKind<
  Record extends z.ZodType,
  ListQuery extends z.ZodType,
  ExportQuery extends z.ZodType,
  Create extends z.ZodType,
  Update extends z.ZodType,
> {
  /** The resource's plural: its OpenAPI tag, its cache key and its export's file name. */
  name: string;
  createPermission: Action;
  schemas: {
    record: Record;
    page: z.ZodType;
    listQuery: ListQuery;
    exportQuery: ExportQuery;
    create: Create;
    update: Update;
    /** The record with what the update overwrote. */
    updated: z.ZodType;
  };
  exportColumns: readonly CsvColumn<z.output<Record>>[];
  repository: NumberedRecordRepository<
    z.output<Record>,
    z.output<ListQuery>,
    z.output<ExportQuery>,
    z.output<Create>,
    z.output<Update>
  >;
  /** 201 when new, 200 for a replay; registered after the update. */
  children?: ChildCreate[];
  /**
   * Whether a create is an anonymous report (src/docs/anonymous-reports.md). A kind that has them
   * also takes `?anonymous=true` on its attachments, so that a report's photo keeps no uploader.
   */
  isAnonymous?: (input: z.output<Create>) => boolean;
  /** The kind's other routes, registered after its children and before the attachments. */
  routes?: FastifyPluginAsyncZod;
}

const anonymousQuery = z.object({
  anonymous: z.enum(['true', 'false'], { error: 'anonymous must be true or false' }).optional(),
});

/**
 * The routes every numbered record has: the paged list, its CSV export, one record, create, update,
 * attachments (multipart, one file in the field `file`, optionally preceded by its client `_id`) and
 * history.
 */
export function numberedRecordRoutes<
  Record extends z.ZodType,
  ListQuery extends z.ZodType,
  ExportQuery extends z.ZodType,
  Create extends z.ZodType,
  Update extends z.ZodType,
>(kind: NumberedRecordKind<Record, ListQuery, ExportQuery, Create, Update>): FastifyPluginAsyncZod {
  const { name, schemas, repository } = kind;
  const tags = [name];
  // Checked against the record's schema when sent; typed loosely so that Fastify needs no generic answer type.
  const recordSchema: z.ZodType = schemas.record;
  return async (app) => {
    app.get(
      '/',
      { schema: { tags, querystring: schemas.listQuery, response: { 200: schemas.page, 400: errorSchema } } },
      async (request, reply) => {
        const query = request.query as z.output<ListQuery>;
        const body = await app.cached(`${name}:${JSON.stringify(query)}`, () => repository.list(query));
        return sendJson(reply, body);
      },
    );

    // The whole history on the server that the list's filters and search find, as CSV (all pages).
    app.get(
      '/export',
      {
        schema: { tags, querystring: schemas.exportQuery, produces: ['text/csv'], response: { 400: errorSchema } },
      },
      async (request, reply) =>
        sendCsv(reply, name, kind.exportColumns, repository.exportAll(request.query as z.output<ExportQuery>)),
    );

    app.get(
      '/:id',
      { schema: { tags, params: idParams, response: { 200: recordSchema, ...recordErrors } } },
      (request) => repository.get(request.params.id),
    );

    app.post(
      '/',
      {
        preHandler: app.requirePermission(kind.createPermission),
        schema: { tags, body: schemas.create, response: { 200: recordSchema, 201: recordSchema, ...recordErrors } },
      },
      async (request, reply) => {
        const input = request.body as z.output<Create>;
        const anonymous = kind.isAnonymous?.(input) ?? false;
        return createdOrFound(reply, await repository.create(input, changeContext(request, { anonymous })));
      },
    );

    app.put(
      '/:id',
      {
        schema: { tags, params: idParams, body: schemas.update, response: { 200: schemas.updated, ...recordErrors } },
      },
      async (request) => {
        const patch = request.body as z.output<Update>;
        const { id } = request.params;
        const { record, overwritten } = await repository.update(id, patch, request.user, changeContext(request));
        return { ...(record as object), overwritten };
      },
    );

    for (const child of kind.children ?? []) {
      app.post(
        `/:id/${child.path}`,
        {
          preHandler: app.requirePermission(child.permission),
          schema: {
            tags,
            params: idParams,
            body: child.body,
            response: { 200: recordSchema, 201: recordSchema, ...recordErrors },
          },
        },
        async (request, reply) => {
          const context = changeContext(request);
          return createdOrFound(reply, await child.add(request.params.id, request.body, request.user, context));
        },
      );
    }

    if (kind.routes) await app.register(kind.routes);

    app.post(
      '/:id/attachments',
      {
        preHandler: app.requirePermission('file:upload'),
        schema: {
          tags,
          consumes: ['multipart/form-data'],
          params: idParams,
          querystring: anonymousQuery,
          response: { 200: recordSchema, 201: recordSchema, ...uploadErrors },
        },
      },
      async (request, reply) => {
        await repository.assertExists(request.params.id);
        const [upload] = await readUploads(request, { field: 'file', maxFiles: 1 });
        const anonymous = kind.isAnonymous !== undefined && request.query.anonymous === 'true';
        return createdOrFound(
          reply,
          await repository.attach(request.params.id, upload!, changeContext(request, { anonymous })),
        );
      },
    );

    app.get(
      '/:id/history',
      { schema: { tags, params: idParams, response: { 200: z.array(historyEntry), ...uploadErrors } } },
      (request) => repository.history(request.params.id),
    );
  };
}
