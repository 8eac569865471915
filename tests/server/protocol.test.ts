import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type TestApp } from './helpers/app.ts';

/**
 * Errors raised by Node's HTTP parser and by Fastify before a route runs, over a real socket
 * (`app.inject` bypasses the parser): each is `{ message }` JSON with its status and never echoes the URL.
 */
let t: TestApp;
let port: number;
let authorization: string;
const requestTimeoutMs = 500;

beforeAll(async () => {
  t = await createTestApp({ REQUEST_TIMEOUT_MS: String(requestTimeoutMs) });
  authorization = `Bearer ${(await registerUser(t.app, 'operator')).token}`;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

interface RawAnswer {
  status: number;
  head: string;
  contentType: string;
  body: string;
  /** How long the server took to answer and close the connection. */
  elapsedMs: number;
}

/** Writes raw bytes and reads until the server closes the connection (every request says `Connection: close`). */
function sendRaw(chunks: string[], deadlineMs = 10_000): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    const deadline = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within ${deadlineMs} ms`));
    }, deadlineMs);
    socket.on('connect', () => chunks.forEach((chunk) => socket.write(chunk)));
    socket.on('data', (data) => received.push(data));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(deadline);
      const text = Buffer.concat(received).toString('latin1');
      const [head = '', body = ''] = text.split('\r\n\r\n', 2);
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0),
        head,
        contentType: /^content-type: *(.*)$/im.exec(head)?.[1] ?? '',
        body,
        elapsedMs: Date.now() - started,
      });
    });
  });
}

function expectMessage(answer: RawAnswer, status: number, notContaining: string[] = []) {
  expect(answer.status, answer.body).toBe(status);
  expect(answer.contentType).toContain('application/json');
  const parsed = JSON.parse(answer.body) as Record<string, unknown>;
  expect(Object.keys(parsed)).toEqual(['message']);
  expect(typeof parsed.message).toBe('string');
  for (const text of notContaining) expect(answer.body).not.toContain(text);
}

const get = (target: string, extraHeaders = '') =>
  `GET ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n${extraHeaders}\r\n`;

describe('protocol errors', () => {
  it('answers a URL with bad percent-encoding with 400 { message }', async () => {
    expectMessage(await sendRaw([get('/api/tickets/%E0%A4%A<b>')]), 400, ['%E0', '<b>', 'tickets']);
  });

  it('answers an over-long path parameter with 414 { message }', async () => {
    const id = `${'a'.repeat(300)}SECRETPATH`;
    expectMessage(await sendRaw([get(`/api/tickets/${id}`, `Authorization: ${authorization}\r\n`)]), 414, [
      'SECRETPATH',
    ]);
  });

  it('answers an unknown API route with 404 { message } without the path', async () => {
    expectMessage(await sendRaw([get('/api/no-such-thing<script>')]), 404, ['no-such-thing', '<script>']);
  });

  it('answers oversized headers with 431 { message }', async () => {
    expectMessage(await sendRaw([get('/api/health', `X-Filler: ${'x'.repeat(20_000)}\r\n`)]), 431);
  });

  it('answers broken chunked encoding with 400 { message }', async () => {
    const head =
      'POST /api/tickets HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n' +
      `Authorization: ${authorization}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`;
    expectMessage(await sendRaw([head, 'zz\r\n{"title":1}\r\n0\r\n\r\n']), 400);
  });

  it('answers a request line that is not HTTP with 400 { message }', async () => {
    expectMessage(await sendRaw(['HELLO THERE\r\n\r\n']), 400, ['HELLO']);
  });

  it('replaces a request id a response header may not carry', async () => {
    const answer = await sendRaw([get('/api/health', 'X-Request-Id: caf\xe9 au lait\r\n')]);
    expect(answer.status, answer.body).toBe(200);
    expect(answer.head).toMatch(/^x-request-id: [0-9a-f-]{36}$/im);
    const plain = await sendRaw([get('/api/health', 'X-Request-Id: report-42\r\n')]);
    expect(plain.head).toMatch(/^x-request-id: report-42$/im);
  });

  it('drops a body that stops arriving after the request timeout, with 408 { message }', async () => {
    const head =
      'POST /api/tickets HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n' +
      `Authorization: ${authorization}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n`;
    const answer = await sendRaw([head, '{"title":"Stuck'], 10_000);
    expectMessage(answer, 408);
    expect(answer.elapsedMs).toBeGreaterThanOrEqual(requestTimeoutMs);
  });
});
