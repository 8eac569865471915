import type { FileRef } from '#shared/schemas/common.ts';
import { localDb } from '#client/data/store/db.ts';
import { api } from '#client/lib/api.ts';

/** Types a browser tab shows by itself; anything else (DOC, DOCX, HEIC) is saved as a download. */
const viewable = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'application/pdf']);

/** An attachment's bytes: from this device while its upload waits, else from the server (or the worker's cache). */
export async function attachmentBlob(fileId: string): Promise<Blob> {
  const stored = await localDb.files.get(fileId);
  return stored?.blob ?? (await api.get(`upload/${fileId}`).blob());
}

/**
 * Opens an attachment: from this device while its upload still waits in the outbox, else from the
 * server with the token (the service worker keeps downloaded files for offline use). The tab is
 * opened before anything is awaited, so the popup blocker sees the user's click.
 */
export async function openAttachment(file: FileRef): Promise<void> {
  const tab = viewable.has(file.mimeType) ? window.open('', '_blank') : null;
  try {
    const blob = await attachmentBlob(file._id);
    const url = URL.createObjectURL(blob);
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
    if (tab) {
      tab.location.href = url;
      return;
    }
    const link = document.createElement('a');
    link.href = url;
    link.download = file.originalName;
    link.click();
  } catch (error) {
    tab?.close();
    throw error;
  }
}
