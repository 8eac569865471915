import { fileRef } from '#shared/schemas/common.ts';
import { newId } from '#shared/ids.ts';
import { api, ApiError } from '#client/lib/api.ts';

/** Said when a new photo is chosen without a connection: the part itself still saves offline. */
export const photoNeedsConnection =
  'A photo needs a connection: remove it to save the part now, and add the photo when online.';

/**
 * Uploads a part's photo (`POST /api/upload/single`) and answers its file id, or null when the server
 * cannot be reached. Photos go online only: the part's create and edit wait in the outbox as JSON.
 */
export async function uploadPartPhoto(file: File): Promise<string | null> {
  if (!navigator.onLine) return null;
  const form = new FormData();
  form.append('_id', newId());
  form.append('file', file, file.name);
  try {
    return (await api.post('upload/single', { body: form }).json(fileRef))._id;
  } catch (error) {
    if (error instanceof ApiError && error.isNetworkFailure) return null;
    throw error;
  }
}
