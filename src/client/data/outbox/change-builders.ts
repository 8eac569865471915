import type { FileRef, UserRef } from '#shared/schemas/common.ts';
import type { OutboxEntity } from '#client/data/store/db.ts';
import type { QueuedOf } from './writes.ts';
import { newId } from '#shared/ids.ts';

/** Where each kind of record lives under /api. */
export const recordUrl = {
  machine: '/machines',
  ticket: '/tickets',
  incident: '/incidents',
  schedule: '/maintenance',
  handover: '/handovers',
  permit: '/permits',
  part: '/parts',
  purchaseRequest: '/purchase-requests',
} as const satisfies Record<OutboxEntity, string>;

/** A person as records show them (the signed-in user carries more than that). */
export const author = (user: UserRef): UserRef => ({ _id: user._id, name: user.name });

/** What a record made on this device starts with, until the server's copy replaces it. */
export function newRecord(_id: string = newId()) {
  const now = new Date().toISOString();
  return { _id, version: 0, createdAt: now, updatedAt: now };
}

/**
 * A new record. The client `_id` is the record id and the entry id, so a replay after a lost response
 * never makes a second record; the preview is the whole record as the screens show it.
 */
export function createChange(
  user: UserRef,
  entity: OutboxEntity,
  body: Record<string, unknown> & { _id: string },
  preview: Record<string, unknown> & { _id: string },
  label: string,
): QueuedOf<'create'> {
  return {
    id: body._id,
    userId: user._id,
    entity,
    recordId: body._id,
    kind: 'create',
    method: 'POST',
    url: recordUrl[entity],
    body,
    preview,
    label,
  };
}

interface UpdateOptions {
  /** Defaults to PUT on the record itself. */
  method?: 'PUT' | 'PATCH';
  path?: string;
}

/** Changed fields only: the server applies just these (last writer wins, and it reports what it overwrote). */
export function updateChange(
  user: UserRef,
  entity: OutboxEntity,
  recordId: string,
  change: { body: Record<string, unknown>; preview: Record<string, unknown>; label: string },
  { method = 'PUT', path = '' }: UpdateOptions = {},
): QueuedOf<'update'> {
  return {
    userId: user._id,
    entity,
    recordId,
    kind: 'update',
    method,
    url: `${recordUrl[entity]}/${recordId}${path}`,
    ...change,
  };
}

/** The blob is kept on this device until the replayer has uploaded it; the record lists the file at once. */
export function attachmentChange(
  user: UserRef,
  entity: OutboxEntity,
  recordId: string,
  file: File,
  label: string,
): QueuedOf<'attachment'> {
  const _id = newId();
  const preview: FileRef = {
    _id,
    originalName: file.name,
    mimeType: file.type,
    size: file.size,
    uploadedAt: new Date().toISOString(),
    uploadedBy: user._id,
  };
  return {
    id: _id,
    userId: user._id,
    entity,
    recordId,
    kind: 'attachment',
    method: 'POST',
    url: `${recordUrl[entity]}/${recordId}/attachments`,
    body: {},
    preview,
    file: { blob: file, name: file.name, type: file.type },
    label,
  };
}
