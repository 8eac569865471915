import { connect, type AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { fileRef } from '#shared/schemas/common.ts';
import { addMachine, useTeamApp } from './helpers/app.ts';
import { idOf } from './helpers/json.ts';

/**
 * Uploads over a real socket (`app.inject` hands the server the whole body at once): a body the
 * server refuses is refused before it has all arrived, and the connection is closed so the client
 * stops sending.
 */
const t = useTeamApp();
let port: number;
let authorization: string;

beforeAll(async () => {
  authorization = t.team.operator.headers.authorization;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});

const megabyte = 1024 * 1024;
const boundary = 'imsp-upload-limits';
const fileHead =
  `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="scan.png"\r\n` +
  `Content-Type: image/png\r\n\r\n\x89PNG\r\n\x1a\n`;
// A socket on the loopback holds a few MB in its buffers before the sender has to wait.
const farLessThan200MB = 30 * megabyte;

interface Answer {
  status: number;
  head: string;
  message: unknown;
  /** Body bytes the client had handed to its socket when the answer came. */
  bytesWritten: number;
  /** Whether the server closed the connection; the client never does while the answer is awaited. */
  closed: boolean;
  /** From connecting to the answer. */
  answeredMs: number;
}

interface Upload {
  path?: string;
  headers?: Record<string, string | number>;
  /** Declared as Content-Length; the body is sent chunked without it. */
  length?: number;
  /** What the body starts with: the head of a file part, or anything. */
  start?: string;
}

/**
 * Sends 200 MB of upload in 64 KB pieces for as long as the server neither answers nor closes the
 * connection, then resolves with the answer once the server closes the connection or 2 s after it.
 */
function upload({ path = '/api/upload/single', headers = { authorization }, length, start = fileHead }: Upload) {
  return new Promise<Answer>((resolve, reject) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    const head = [
      `POST ${path} HTTP/1.1`,
      'Host: localhost',
      `Content-Type: multipart/form-data; boundary=${boundary}`,
      length === undefined ? 'Transfer-Encoding: chunked' : `Content-Length: ${length}`,
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    ].join('\r\n');
    const headBytes = Buffer.byteLength(`${head}\r\n\r\n`);
    const received: Buffer[] = [];
    let bytesWritten: number | undefined;
    let answeredMs = Number.NaN;
    let closed = false;
    const deadline = setTimeout(() => {
      socket.destroy();
      reject(new Error('no answer within 60 s'));
    }, 60_000);
    socket.on('data', (data) => {
      if (bytesWritten === undefined) {
        bytesWritten = socket.bytesWritten - headBytes;
        answeredMs = Date.now() - started;
      }
      received.push(data);
      setTimeout(() => socket.destroy(), 2000).unref();
    });
    // The server ends the connection (FIN) or resets it while the client still sends (RST).
    socket.on('end', () => (closed = true));
    socket.on('error', () => (closed = true));
    socket.on('close', () => {
      clearTimeout(deadline);
      const [answerHead = '', body = ''] = Buffer.concat(received).toString('latin1').split('\r\n\r\n', 2);
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(answerHead)?.[1] ?? 0),
        head: answerHead,
        message: body && (JSON.parse(body) as { message?: unknown }).message,
        bytesWritten: bytesWritten ?? socket.bytesWritten - headBytes,
        closed,
        answeredMs,
      });
    });
    async function send() {
      socket.write(`${head}\r\n\r\n`);
      const first = Buffer.concat([Buffer.from(start, 'latin1'), Buffer.alloc(64 * 1024 - start.length, 7)]);
      const piece = Buffer.alloc(64 * 1024, 7);
      for (let sent = 0; sent < 200 * megabyte && !closed && bytesWritten === undefined; sent += piece.length) {
        const data = sent === 0 ? first : piece;
        const flushed = (length === undefined ? [`${data.length.toString(16)}\r\n`, data, '\r\n'] : [data])
          .map((chunk) => socket.write(chunk))
          .at(-1);
        if (!flushed) await new Promise((drained) => socket.once('drain', drained).once('close', drained));
      }
    }
    socket.on('connect', () => void send());
  });
}

function expectRefused(answer: Answer, status: number, message: string) {
  expect(answer.status, answer.head).toBe(status);
  expect(answer.message).toBe(message);
  expect(answer.head).toMatch(/^connection: close$/im);
  expect(answer.closed, 'the server closed the connection').toBe(true);
  expect(answer.bytesWritten, 'bytes sent before the answer').toBeLessThan(farLessThan200MB);
}

const mb = (bytes: number) => `${(bytes / megabyte).toFixed(1)} MB`;

describe('an upload the server refuses', () => {
  it('is answered 413 before it is read when its Content-Length is over the limit', async () => {
    const answer = await upload({ length: 200 * megabyte });
    expectRefused(answer, 413, 'The upload is too large: at most 1 file(s) of 10 MB');
    console.log(`declared 200 MB: 413 after ${mb(answer.bytesWritten)} sent and ${answer.answeredMs} ms`);
  });

  it('is answered 413 as soon as a chunked file passes 10 MB', async () => {
    const answer = await upload({});
    expectRefused(answer, 413, 'File is too large: the limit is 10 MB');
    console.log(`chunked 200 MB file: 413 after ${mb(answer.bytesWritten)} sent and ${answer.answeredMs} ms`);
  });

  it('is answered 413 as soon as a chunked body passes the limit, file or not', async () => {
    const answer = await upload({ start: 'no boundary here, just bytes' });
    expectRefused(answer, 413, 'The upload is too large: at most 1 file(s) of 10 MB');
    console.log(`chunked 200 MB of anything: 413 after ${mb(answer.bytesWritten)} sent and ${answer.answeredMs} ms`);
  });

  it('is answered 401 at once without a token', async () => {
    const answer = await upload({ headers: {}, length: 200 * megabyte });
    expectRefused(answer, 401, 'Please sign in');
    console.log(`unauthenticated 200 MB: 401 after ${mb(answer.bytesWritten)} sent and ${answer.answeredMs} ms`);
  });

  it('is answered 404 at once for a ticket that does not exist', async () => {
    const answer = await upload({ path: `/api/tickets/${crypto.randomUUID()}/attachments`, length: 200 * megabyte });
    expectRefused(answer, 404, 'Ticket not found');
  });
});

describe('an upload the server takes', () => {
  it('is stored over a real connection, which stays open', async () => {
    const form = new FormData();
    form.append('file', new Blob([Buffer.from('%PDF-1.7\nA permit')], { type: 'application/pdf' }), 'permit.pdf');
    const base = `http://127.0.0.1:${port}`;
    const response = await fetch(`${base}/api/upload/single`, {
      method: 'POST',
      headers: { authorization },
      body: form,
    });
    expect(response.status, await response.clone().text()).toBe(201);
    expect(fileRef.parse(await response.json())).toMatchObject({ originalName: 'permit.pdf', size: 17 });
    expect(response.headers.get('connection')).not.toBe('close');

    const ticketId = idOf(
      await t.app.inject({
        method: 'POST',
        url: '/api/tickets',
        headers: t.team.operator.headers,
        payload: { title: 'Guard cracked', description: 'Photo attached', machine: await addMachine(t) },
      }),
    );
    const attached = await fetch(`${base}/api/tickets/${ticketId}/attachments`, {
      method: 'POST',
      headers: { authorization },
      body: form,
    });
    expect(attached.status).toBe(201);
  });
});
