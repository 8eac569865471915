import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';

describe('serving the built app', () => {
  let t: TestApp;
  beforeAll(async () => {
    const clientDir = mkdtempSync(path.join(tmpdir(), 'imsp-client-'));
    mkdirSync(path.join(clientDir, 'assets'));
    writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>IMSP</title><div id="root"></div>');
    writeFileSync(path.join(clientDir, 'assets', 'index-abc123.js'), 'console.log(1)');
    writeFileSync(path.join(clientDir, 'sw.js'), 'self.addEventListener("fetch", () => {})');
    t = await createTestApp({ CLIENT_DIR: clientDir });
  });
  afterAll(() => t.close());

  it('answers every app route with the shell, never revalidation-free', async () => {
    for (const url of ['/', '/tickets', '/machines/anything?x=1']) {
      const response = await t.app.inject({ url, headers: { accept: 'text/html' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets as immutable and the service worker as no-cache', async () => {
    const asset = await t.app.inject({ url: '/assets/index-abc123.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
    const worker = await t.app.inject({ url: '/sw.js' });
    expect(worker.headers['cache-control']).toBe('no-cache');
  });

  it('never answers an API path with the shell', async () => {
    const response = await t.app.inject({ url: '/api/unknown', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found' });
  });
});
