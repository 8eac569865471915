import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, lt, notExists, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FileRef } from '#shared/schemas/common.ts';
import type { Database, Db, Tx } from '../db/client.ts';
import { fileChunks, files } from '../db/schema.ts';
import { forbidden, notFound } from '../lib/errors.ts';
import type { Upload } from '../lib/read-uploads.ts';
import { createOnce } from './create-once.ts';
import { assertExists, bumpRecord, type Actor, type NumberedEntity } from './numbered-records.ts';
import { type ChangeContext } from './record-changes.ts';
import { recordChange } from './change-effects.ts';
import { iso } from './sql-helpers.ts';
import { authorOf } from '../lib/change-context.ts';

const ownerColumns = { ticket: files.ticketId, incident: files.incidentId } as const;

const refColumns = {
  id: files.id,
  originalName: files.originalName,
  mimeType: files.mimeType,
  size: files.size,
  createdAt: files.createdAt,
  uploadedBy: files.uploadedBy,
};

function toFileRef(row: {
  id: string;
  originalName: string;
  mimeType: string;
  size: number;
  createdAt: Date;
  uploadedBy: string | null;
}): FileRef {
  return {
    _id: row.id,
    originalName: row.originalName,
    mimeType: row.mimeType,
    size: row.size,
    uploadedAt: iso(row.createdAt),
    uploadedBy: row.uploadedBy,
  };
}

/** One attachment as `attachmentsOf` hands it over: json has no dates, so its time is text. */
type FileRefJson = Omit<Parameters<typeof toFileRef>[0], 'createdAt'> & { createdAt: string };

/**
 * The record's attachments, oldest first, as one json column of the query that selects the record,
 * so a record with its attachments costs one round trip to the database, not two.
 */
export function attachmentsOf(owner: NumberedEntity, ownerId: AnyPgColumn) {
  const refs = Object.entries(refColumns).flatMap(([key, column]) => [sql.raw(`'${key}'`), column]);
  return sql<FileRefJson[]>`coalesce((select json_agg(json_build_object(${sql.join(refs, sql`, `)})
    order by ${files.createdAt}, ${files.id}) from ${files} where ${ownerColumns[owner]} = ${ownerId}), '[]'::json)`;
}

export const toFileRefs = (refs: FileRefJson[]) =>
  refs.map((ref) => toFileRef({ ...ref, createdAt: new Date(ref.createdAt) }));

type FileLink = { ticketId?: string | null; incidentId?: string | null };

/** Where a file belongs as one comparable value: `ticket:<id>`, `incident:<id>`, or null when uploaded on its own. */
const ownerKey = (link: FileLink) =>
  link.ticketId ? `ticket:${link.ticketId}` : link.incidentId ? `incident:${link.incidentId}` : null;

function ownerClash(storedOwner: string | null) {
  if (storedOwner === null) return 'A file with this _id was already uploaded on its own';
  return `A file with this _id is already attached to ${storedOwner.startsWith('ticket:') ? 'a ticket' : 'an incident'}`;
}

const chunkBytes = 256 * 1024;

/**
 * Stores each file's bytes before the write that links them, a chunk per statement: neither holds the
 * database (one connection on PGlite) for longer than one chunk takes. Answers a blob id per upload.
 */
async function storeBlobs(db: Db, uploads: Upload[]): Promise<string[]> {
  const blobIds = [];
  for (const { data } of uploads) {
    const blobId = randomUUID();
    for (let seq = 0; seq === 0 || seq * chunkBytes < data.length; seq += 1) {
      await db
        .insert(fileChunks)
        .values({ blobId, seq, data: data.subarray(seq * chunkBytes, (seq + 1) * chunkBytes) });
    }
    blobIds.push(blobId);
  }
  return blobIds;
}

/** Drops the stored bytes matching `which` that no file row links. */
async function dropUnlinked(db: Db, which: SQL) {
  const linked = db.select({ id: files.id }).from(files).where(eq(files.blobId, fileChunks.blobId));
  await db.delete(fileChunks).where(and(which, notExists(linked)));
}

/** Runs a write that links the uploads' stored bytes (by the blob ids it is given), then drops those left unlinked. */
async function withStoredBlobs<T>(database: Database, uploads: Upload[], write: (blobIds: string[]) => Promise<T>) {
  const blobIds = await storeBlobs(database.db, uploads);
  try {
    return await write(blobIds);
  } finally {
    // A replayed upload's bytes, or those of a write that failed.
    await dropUnlinked(database.db, inArray(fileChunks.blobId, blobIds));
  }
}

/** Stores a file, replay-safe by its client `_id`; `link` attaches it to a ticket or incident. */
async function storeFile(tx: Tx, upload: Upload, blobId: string, context: ChangeContext, link: FileLink = {}) {
  let stored: FileRef | undefined;
  const result = await createOnce({
    id: upload._id,
    userId: authorOf(context),
    label: 'file',
    parent: { id: ownerKey(link), clash: ownerClash },
    findCreator: async (id) => {
      const [row] = await tx
        .select({ creator: files.uploadedBy, ticketId: files.ticketId, incidentId: files.incidentId })
        .from(files)
        .where(eq(files.id, id));
      return row && { creator: row.creator, parent: ownerKey(row) };
    },
    insert: async (id) => {
      const [row] = await tx
        .insert(files)
        .values({
          ...(id ? { id } : {}),
          originalName: upload.originalName,
          mimeType: upload.mimeType,
          size: upload.data.length,
          blobId,
          uploadedBy: authorOf(context),
          ...link,
        })
        .returning(refColumns);
      stored = toFileRef(row!);
      return row!.id;
    },
  });
  return { id: result.id, created: result.created, stored };
}

/**
 * Attaches an uploaded file to a ticket or incident and answers with the record loaded by `load`.
 * The record carries its attachments, so it gets a new version, a change feed position and a history entry.
 */
export async function attachFile<T>(
  database: Database,
  owner: NumberedEntity,
  ownerId: string,
  upload: Upload,
  context: ChangeContext,
  load: (tx: Tx, id: string) => Promise<T>,
): Promise<{ record: T; created: boolean }> {
  return withStoredBlobs(database, [upload], ([blobId]) =>
    database.write(async (tx, changeSeq) => {
      await assertExists(tx, owner, ownerId);
      const link = owner === 'ticket' ? { ticketId: ownerId } : { incidentId: ownerId };
      const { created, stored } = await storeFile(tx, upload, blobId!, context, link);
      if (stored) {
        const version = await bumpRecord(tx, owner, ownerId, changeSeq);
        const change = { field: 'attachment', oldValue: null, newValue: stored };
        await recordChange(tx, owner, ownerId, version, [change], context);
      }
      return { record: await load(tx, ownerId), created };
    }),
  );
}

export function createFileRepository(database: Database) {
  const { db } = database;

  return {
    /** Files not (yet) attached to anything. `created` is false when every file was a replay. */
    async upload(uploads: Upload[], context: ChangeContext): Promise<{ files: FileRef[]; created: boolean }> {
      return withStoredBlobs(database, uploads, (blobIds) =>
        database.write(async (tx) => {
          const results = [];
          for (const [index, upload] of uploads.entries()) {
            results.push(await storeFile(tx, upload, blobIds[index]!, context));
          }
          const ids = results.map((result) => result.id);
          const rows = await tx.select(refColumns).from(files).where(inArray(files.id, ids));
          const byId = new Map(rows.map((row) => [row.id, toFileRef(row)]));
          return {
            files: results.map((result) => byId.get(result.id)!),
            created: results.some((result) => result.created),
          };
        }),
      );
    },

    /** Bytes left behind by a server that stopped between storing an upload and linking it. */
    async dropAbandonedChunks(): Promise<void> {
      await dropUnlinked(db, lt(fileChunks.createdAt, new Date(Date.now() - 24 * 60 * 60 * 1000)));
    },

    async download(id: string): Promise<{ originalName: string; mimeType: string; data: Buffer }> {
      const [row] = await db
        .select({ originalName: files.originalName, mimeType: files.mimeType, blobId: files.blobId })
        .from(files)
        .where(eq(files.id, id));
      if (!row) throw notFound('File not found');
      const chunks = await db
        .select({ data: fileChunks.data })
        .from(fileChunks)
        .where(eq(fileChunks.blobId, row.blobId))
        .orderBy(asc(fileChunks.seq));
      return {
        originalName: row.originalName,
        mimeType: row.mimeType,
        data: Buffer.concat(chunks.map((chunk) => chunk.data)),
      };
    },

    /** The uploader or an admin may delete a file; a ticket or incident it was attached to changes with it. */
    async remove(id: string, actor: Actor, context: ChangeContext): Promise<void> {
      await database.write(async (tx, changeSeq) => {
        const [row] = await tx
          .select({ ...refColumns, blobId: files.blobId, ticketId: files.ticketId, incidentId: files.incidentId })
          .from(files)
          .where(eq(files.id, id));
        if (!row) throw notFound('File not found');
        if (row.uploadedBy !== actor._id && actor.role !== 'admin') {
          throw forbidden('Only the person who uploaded a file or an Administrator may delete it.');
        }
        await tx.delete(files).where(eq(files.id, id));
        await tx.delete(fileChunks).where(eq(fileChunks.blobId, row.blobId));
        const owner: [NumberedEntity, string] | undefined = row.ticketId
          ? ['ticket', row.ticketId]
          : row.incidentId
            ? ['incident', row.incidentId]
            : undefined;
        if (owner) {
          const version = await bumpRecord(tx, owner[0], owner[1], changeSeq);
          const change = { field: 'attachment', oldValue: toFileRef(row), newValue: null };
          await recordChange(tx, owner[0], owner[1], version, [change], context);
        }
      });
    },
  };
}

export type FileRepository = ReturnType<typeof createFileRepository>;
