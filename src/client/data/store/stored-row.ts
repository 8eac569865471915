type AnyRecord = Record<string, unknown> & { _id: string };

/** A record as read: the server's copy (null: not on the server yet) and the changes pending on it. */
export type StoredRecord = AnyRecord & { _server: AnyRecord | null; _pending: number };
/** A record as written: without `_server` when nothing is pending. */
export type StoredRow = AnyRecord & { _server?: AnyRecord | null; _pending: number };

/**
 * A record as it is stored: as the screens show it, with its pending count and the server's copy
 * under `_server`. A record with nothing pending is its own server copy, so that copy is left out:
 * it doubled every row's bytes, the time IndexedDB takes to store a first sync and to read a list.
 * Reads put it back (`withServerCopy`, the tables' reading hook in db.ts).
 */
export function storedRow(shown: AnyRecord, server: AnyRecord | null, pending: number): StoredRow {
  return pending === 0 && shown === server
    ? { ...shown, _pending: 0 }
    : { ...shown, _server: server, _pending: pending };
}

/** Server copies `withServerCopy` made: a row read and stored again leaves them out once more. */
const readBack = new WeakSet<object>();

/** A stored row as the app reads it: a row stored without its server copy gets it back. */
export function withServerCopy<T extends object>(row: T): T {
  if (!row || '_server' in row) return row;
  // The fields only this device keeps: the pending count and what the lists derive (postings.ts).
  const { _pending, _numbers, _owners, _awaiting, ...server } = row as Record<string, unknown>;
  readBack.add(server);
  return { ...row, _server: server };
}

/** A row read through `withServerCopy`, to store again as compact as it was. */
export function compactRow<T extends { _server?: unknown }>(row: T): T {
  if (typeof row._server !== 'object' || row._server === null || !readBack.has(row._server)) return row;
  const { _server, ...rest } = row;
  return rest as T;
}
