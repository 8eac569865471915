import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';

const robots = 'User-agent: *\nDisallow: /\n';

describe('well-known and missing files', () => {
  let t: TestApp;
  beforeAll(async () => {
    const clientDir = mkdtempSync(path.join(tmpdir(), 'imsp-client-'));
    mkdirSync(path.join(clientDir, 'icons'));
    writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>IMSP</title><div id="root"></div>');
    writeFileSync(path.join(clientDir, 'robots.txt'), robots);
    writeFileSync(path.join(clientDir, 'manifest.webmanifest'), '{"name":"IMSP"}');
    writeFileSync(path.join(clientDir, 'icons', 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    t = await createTestApp({ CLIENT_DIR: clientDir });
  });
  afterAll(() => t.close());

  it('answers /robots.txt with the robots file as plain text', async () => {
    const response = await t.app.inject({ url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body).toBe(robots);
  });

  it('serves the manifest and icons with their types', async () => {
    const manifest = await t.app.inject({ url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    const icon = await t.app.inject({ url: '/icons/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toMatch(/^image\/svg\+xml/);
  });

  it('answers files that do not exist with 404 and a message, never the app shell', async () => {
    for (const url of [
      '/favicon.ico',
      '/sitemap.xml',
      '/.well-known/security.txt',
      '/.well-known/assetlinks.json',
      '/.well-known/anything',
      '/assets/index-gone123.js',
      '/icons/missing.png?v=2',
      '/apple-touch-icon.png',
    ]) {
      const response = await t.app.inject({ url, headers: { accept: 'text/html,*/*' } });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ message: 'Not found' });
    }
  });

  it('still answers app routes, with dots only in their query, with the shell', async () => {
    for (const url of ['/', '/tickets', '/tickets?q=v1.2', '/machines/3f1c2d4e-0000-4000-8000-000000000000']) {
      const response = await t.app.inject({ url, headers: { accept: 'text/html' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('<div id="root">');
    }
  });
});
