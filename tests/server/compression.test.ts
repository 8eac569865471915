import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileRef } from '#shared/schemas/common.ts';
import { createTestApp, machineInput, registerTeam, type Team, type TestApp } from './helpers/app.ts';
import { idOf } from './helpers/json.ts';
import { multipart } from './helpers/multipart.ts';

const script = `export const rows = ${JSON.stringify(Array.from({ length: 200 }, (_, index) => `row ${index}`))};`;
let t: TestApp;
let team: Team;

beforeAll(async () => {
  const clientDir = mkdtempSync(path.join(tmpdir(), 'imsp-client-'));
  mkdirSync(path.join(clientDir, 'assets'));
  writeFileSync(path.join(clientDir, 'index.html'), `<!doctype html><title>IMSP</title><div id="root"></div>`);
  const asset = path.join(clientDir, 'assets', 'index-abc123.js');
  writeFileSync(asset, script);
  writeFileSync(`${asset}.br`, brotliCompressSync(script));
  writeFileSync(`${asset}.gz`, gzipSync(script));
  writeFileSync(path.join(clientDir, 'assets', 'plain-abc123.js'), script);
  t = await createTestApp({ CLIENT_DIR: clientDir });
  team = await registerTeam(t.app);
  const machine = idOf(
    await t.app.inject({ method: 'POST', url: '/api/machines', headers: team.admin.headers, payload: machineInput() }),
  );
  for (let index = 0; index < 6; index += 1) {
    await t.app.inject({
      method: 'POST',
      url: '/api/tickets',
      headers: team.operator.headers,
      payload: { title: `Hydraulic leak ${index}`, description: 'Oil under the press, about a litre a shift', machine },
    });
  }
});
afterAll(() => t.close());

const decoders: Record<string, (data: Buffer) => Buffer> = {
  br: brotliDecompressSync,
  gzip: gunzipSync,
  identity: (data) => data,
};

/** The body as the browser sees it after undoing the announced encoding. */
function decoded(response: { headers: Record<string, unknown>; rawPayload: Buffer }) {
  const encoding = response.headers['content-encoding'];
  return decoders[typeof encoding === 'string' ? encoding : 'identity']!(response.rawPayload).toString();
}

describe('compressed API answers', () => {
  it('sends a list in the encoding the client prefers, with the same JSON inside', async () => {
    const get = (acceptEncoding?: string) =>
      t.app.inject({
        url: '/api/tickets?limit=50',
        headers: { ...team.admin.headers, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
      });
    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    for (const [acceptEncoding, expected] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0.5, gzip;q=1', 'gzip'],
      ['identity', undefined],
    ] as const) {
      const response = await get(acceptEncoding);
      expect(response.statusCode, acceptEncoding).toBe(200);
      expect(response.headers['content-encoding'], acceptEncoding).toBe(expected);
      if (expected) expect(response.headers.vary, acceptEncoding).toContain('accept-encoding');
      expect(JSON.parse(decoded(response))).toEqual(plain.json());
    }
    const compressed = await get('br');
    expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
  });

  it('compresses sync pages', async () => {
    const response = await t.app.inject({
      url: '/api/sync?limit=500',
      headers: { ...team.admin.headers, 'accept-encoding': 'gzip, br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(JSON.parse(decoded(response))).toHaveProperty('tickets');
  });

  it('leaves answers under 1 KB as they are', async () => {
    const response = await t.app.inject({ url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
  });

  it('sends images and PDFs as stored, with their length', async () => {
    for (const [filename, type, head] of [
      ['guard.png', 'image/png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
      ['permit.pdf', 'application/pdf', [...Buffer.from('%PDF-1.7\n')]],
    ] as const) {
      const data = Buffer.alloc(64 * 1024, 7);
      Buffer.from(head).copy(data);
      const { payload, contentType } = multipart([{ name: 'file', filename, type, data }]);
      const uploaded = await t.app.inject({
        method: 'POST',
        url: '/api/upload/single',
        headers: { ...team.operator.headers, 'content-type': contentType },
        payload,
      });
      const ref = fileRef.parse(uploaded.json());
      const response = await t.app.inject({
        url: `/api/upload/${ref._id}`,
        headers: { ...team.operator.headers, 'accept-encoding': 'br, gzip' },
      });
      expect(response.statusCode, type).toBe(200);
      expect(response.headers['content-encoding'], type).toBeUndefined();
      expect(response.headers['content-length'], type).toBe(String(data.length));
      expect(response.rawPayload.equals(data), type).toBe(true);
    }
  });
});

describe('built assets', () => {
  it('serves the precompressed copy the browser accepts, typed as the original', async () => {
    for (const [acceptEncoding, expected] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      [undefined, undefined],
    ] as const) {
      const response = await t.app.inject({
        url: '/assets/index-abc123.js',
        headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(expected);
      expect(response.headers['content-type']).toMatch(/javascript/);
      expect(response.headers['cache-control']).toContain('immutable');
      expect(response.headers.vary).toContain('accept-encoding');
      expect(decoded(response)).toBe(script);
    }
  });

  it('compresses a built file that has no precompressed copy on the fly', async () => {
    const response = await t.app.inject({ url: '/assets/plain-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(decoded(response)).toBe(script);
  });
});
