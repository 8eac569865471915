import { STATUS_CODES, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';

// Fastify's own answers to these echo the URL; ours say what is wrong and nothing more.
const frameworkAnswers: Record<string, [number, string]> = {
  FST_ERR_BAD_URL: [400, 'The URL is not validly encoded'],
  FST_ERR_MAX_PARAM_LENGTH: [414, 'A path parameter is too long'],
};

/** Errors Fastify raises before a route is found (Fastify's `frameworkErrors` option). */
export function frameworkErrors(error: Error & { code?: string }, request: FastifyRequest, reply: FastifyReply): void {
  const [status, message] = frameworkAnswers[error.code ?? ''] ?? [400, 'The request is not valid'];
  request.log.info({ code: error.code }, 'request refused before routing');
  reply.code(status).send({ message });
}

const parserAnswers: Record<string, [number, string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'The request took too long to arrive'],
  HPE_HEADER_OVERFLOW: [431, 'The request headers are too large'],
  HPE_CHUNK_EXTENSIONS_OVERFLOW: [413, 'The request body is too large'],
};

/**
 * Errors of Node's HTTP parser and request timeout (the server's `clientError` event), answered on
 * the raw socket since no request object exists yet. Nothing is written once a response has started.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const response = (socket as Socket & { _httpMessage?: ServerResponse })._httpMessage;
  if (socket.writable && !response?.headersSent) {
    const [status, message] = parserAnswers[error.code ?? ''] ?? [400, 'The request is not valid HTTP'];
    const body = JSON.stringify({ message });
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
