import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { allowedFileDescription, isAllowedFile, maxFileBytes } from '#shared/files.ts';
import { errorSchema, idSchema } from '#shared/schemas/common.ts';
import { badRequest, HttpError } from './errors.ts';
import { matchesSignature } from './file-signature.ts';

/** The error answers of every route that takes files. */
export const uploadErrors = {
  400: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
  413: errorSchema,
  415: errorSchema,
};

export interface Upload {
  /** The client's own id for the file (a text field `_id` just before the file part), so a replay makes no duplicate. */
  _id?: string;
  originalName: string;
  mimeType: string;
  data: Buffer;
}

// Room for the parts' headers, the `_id` fields and the boundaries around the files' bytes.
const formOverheadBytes = 64 * 1024;

const fileTooLarge = () => new HttpError(413, `File is too large: the limit is ${maxFileBytes / (1024 * 1024)} MB`);

/**
 * Reads the files of a multipart/form-data request from one form field and checks each against
 * the upload rules of shared/files.ts: declared type, file name extension and the content itself.
 * A body larger than `maxFiles` files can be is refused before it is read when its length says so,
 * and as soon as that many bytes have arrived otherwise; the answer closes the connection
 * (plugins/app/early-answers.ts), so the client stops sending.
 */
export async function readUploads(
  request: FastifyRequest,
  { field, maxFiles }: { field: string; maxFiles: number },
): Promise<Upload[]> {
  if (!request.isMultipart()) throw new HttpError(415, 'Uploads must be sent as multipart/form-data');
  const limit = maxFiles * maxFileBytes + formOverheadBytes;
  const tooLarge = () =>
    new HttpError(413, `The upload is too large: at most ${maxFiles} file(s) of ${maxFileBytes / (1024 * 1024)} MB`);
  if (Number(request.headers['content-length']) > limit) throw tooLarge();

  const body = request.raw;
  let received = 0;
  let refuse: (error: HttpError) => void = () => {};
  const overLimit = new Promise<never>((_, reject) => (refuse = reject));
  const count = (chunk: Buffer) => {
    received += chunk.length;
    if (received > limit) refuse(tooLarge());
  };
  // Paused, so no byte flows before the multipart parser is attached to the body too.
  body.pause();
  body.on('data', count);
  const reading = collectUploads(request, field, maxFiles);
  try {
    return await Promise.race([reading, overLimit]);
  } finally {
    body.off('data', count);
    // Refused for its size, the reading ends with an error when the connection closes.
    reading.catch(() => {});
  }
}

async function collectUploads(request: FastifyRequest, field: string, maxFiles: number): Promise<Upload[]> {
  const uploads: Upload[] = [];
  let pendingId: string | undefined;
  try {
    for await (const part of request.parts({ limits: { files: maxFiles } })) {
      if (part.type === 'field') {
        if (part.fieldname === '_id') pendingId = parseId(part.value);
        continue;
      }
      if (part.fieldname !== field) {
        part.file.resume();
        throw badRequest(`Send the file in the form field "${field}", not "${part.fieldname}"`);
      }
      uploads.push(checkedUpload(pendingId, part.filename, part.mimetype, await readFile(part.file)));
      pendingId = undefined;
    }
  } catch (error) {
    throw uploadError(error, maxFiles);
  }
  if (uploads.length === 0) throw badRequest(`No file received: send it in the form field "${field}"`);
  return uploads;
}

/** A file's bytes; past the size limit the parser drops the rest but reads on to its end, so stop at once. */
async function readFile(file: Readable): Promise<Buffer> {
  file.once('limit', () => file.destroy(fileTooLarge()));
  const chunks: Buffer[] = [];
  for await (const chunk of file) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function parseId(value: unknown): string {
  const parsed = idSchema.safeParse(value);
  if (!parsed.success) throw badRequest('_id must be a UUID');
  return parsed.data;
}

/** Keeps the name a user would recognise: no folders, no control characters, bounded. */
function cleanFileName(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? '';
  return [...base]
    .filter((char) => !isControl(char))
    .join('')
    .trim()
    .slice(-255);
}

function isControl(char: string): boolean {
  const code = char.charCodeAt(0);
  return code <= 0x1f || code === 0x7f;
}

function checkedUpload(id: string | undefined, filename: string, declaredType: string, data: Buffer): Upload {
  const originalName = cleanFileName(filename);
  if (!originalName) throw badRequest('The file has no name');
  if (data.length === 0) throw badRequest(`"${originalName}" is empty`);
  const mimeType = declaredType.toLowerCase();
  if (!isAllowedFile(mimeType, originalName)) {
    throw new HttpError(415, `"${originalName}" is not an accepted file type: upload ${allowedFileDescription}`);
  }
  if (!matchesSignature(mimeType, data)) {
    throw new HttpError(415, `"${originalName}" is not really a ${mimeType} file: its content does not match its type`);
  }
  return { ...(id ? { _id: id } : {}), originalName, mimeType, data };
}

/** Limits become 413 with a message; anything else the parser rejects is a broken request (400), never a 5xx. */
function uploadError(error: unknown, maxFiles: number): HttpError {
  if (error instanceof HttpError) return error;
  switch ((error as { code?: string } | null)?.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return fileTooLarge();
    case 'FST_FILES_LIMIT':
      return new HttpError(413, `Too many files: at most ${maxFiles} per upload`);
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new HttpError(413, 'Too many form fields in the upload');
    default:
      return badRequest('The upload is not valid multipart/form-data');
  }
}
