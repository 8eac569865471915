import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, it } from 'vitest';
import { clientDir } from './helpers/client-dir.ts';

const budgetBytes = 170 * 1024;

/** The JavaScript the login screen loads before anything else: the entry script and its preloaded imports. */
function initialScripts(dist: string): string[] {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const sources = [
    ...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
  ];
  return [...new Set(sources.map((match) => match[1]!))];
}

it('keeps the initial JavaScript of the login screen under 170 KB gzipped', () => {
  const dist = path.resolve(clientDir);
  const scripts = initialScripts(dist);
  expect(scripts.length).toBeGreaterThan(0);
  const sizes = scripts.map((src) => ({ src, gzip: gzipSync(readFileSync(path.join(dist, src))).length }));
  const total = sizes.reduce((sum, { gzip }) => sum + gzip, 0);
  console.log(
    `initial JS: ${(total / 1024).toFixed(1)} KB gzipped`,
    sizes.map(({ src, gzip }) => `${src} ${(gzip / 1024).toFixed(1)} KB`),
  );
  expect(total).toBeLessThan(budgetBytes);
});
