import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  databaseRetryAfterSeconds,
  databaseUnavailableMessage,
  isDatabaseUnavailable,
  storageFullMessage,
  storageFullRetryAfterSeconds,
  storageFullState,
} from '../../lib/database-unavailable.ts';
import { HttpError } from '../../lib/errors.ts';

const knownClientErrors: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'Request body is not valid JSON'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'Request body is empty but Content-Type is application/json'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'Request body is too large'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'Unsupported Content-Type'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'Content-Length does not match the body'],
  FST_REQ_FILE_TOO_LARGE: [413, 'File is too large: the limit is 10 MB'],
  FST_FILES_LIMIT: [413, 'Too many files: at most 5 per upload'],
  FST_PARTS_LIMIT: [413, 'Too many parts in the upload'],
  FST_FIELDS_LIMIT: [413, 'Too many fields in the upload'],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, 'Uploads must be sent as multipart/form-data'],
  FST_ERR_VALIDATION: [400, 'Invalid request'],
};

const busyRecord: [number, string] = [503, 'Others are changing this record right now. Please try again.'];

// PostgreSQL error codes that a client's input, or other clients' writes at the same time, can cause.
const databaseErrors: Record<string, [number, string]> = {
  '23505': [409, 'This record already exists'],
  '23503': [400, 'A referenced record does not exist'],
  '22P02': [400, 'A value has the wrong format'],
  '22001': [400, 'A value is too long'],
  '22003': [400, 'A number is out of range'],
  '22007': [400, 'A date is not valid'],
  '22008': [400, 'A date is out of range'],
  // JavaScript writes an instant after the year 9999 as "+010000-…", which PostgreSQL reads as a time zone displacement.
  '22009': [400, 'A date is out of range'],
  '22015': [400, 'A time span is out of range'],
  '22021': [400, 'Text may not contain NUL characters'],
  '22P05': [400, 'Text may not contain NUL characters'],
  // A deadlock left after a write was tried again several times (db/database.ts).
  '40P01': busyRecord,
};

/** Drizzle wraps the driver's error (which carries the SQLSTATE code) in its own. */
function databaseCode(error: Error): string | undefined {
  const cause = error.cause as { code?: unknown } | undefined;
  return typeof cause?.code === 'string' ? cause.code : undefined;
}

function validationMessage(error: FastifyError): string {
  const issue = error.validation![0]!;
  const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
  const where = error.validationContext === 'body' ? '' : `${error.validationContext} `;
  return field ? `${where}${field}: ${issue.message}` : `${where}${issue.message}`;
}

/** Every error becomes `{ message }` with its status; a 5xx never shows internals. */
export default fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError & { code?: string }, request, reply) => {
      if (hasZodFastifySchemaValidationErrors(error)) {
        return reply.code(400).send({ message: validationMessage(error) });
      }
      const code = databaseCode(error) ?? error.code;
      const known = (code && (knownClientErrors[code] ?? databaseErrors[code])) || undefined;
      if (known) {
        if (code && code in databaseErrors) request.log.info({ code }, 'database rejected input');
        return reply.code(known[0]).send({ message: known[1] });
      }
      if (code === storageFullState) {
        request.log.error({ err: error }, `no space left in ${app.database.storage}: writes fail until space is freed`);
        reply.header('retry-after', String(storageFullRetryAfterSeconds));
        return reply.code(503).send({ message: storageFullMessage });
      }
      if (isDatabaseUnavailable(error)) {
        request.log.warn({ err: error }, 'database unreachable');
        reply.header('retry-after', String(databaseRetryAfterSeconds));
        return reply.code(503).send({ message: databaseUnavailableMessage });
      }
      const status = error.statusCode ?? 500;
      if (error instanceof HttpError && error.retryAfter) reply.header('retry-after', String(error.retryAfter));
      if (status >= 400 && status < 500) return reply.code(status).send({ message: error.message });
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send({ message: 'Something went wrong on the server. Please try again.' });
    });
  },
  { name: 'errors' },
);
