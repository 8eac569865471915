import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { expect, it } from 'vitest';
import { clientDir } from './helpers/client-dir.ts';

/**
 * What a signed-out visitor of /login loads before the sign-in form can be typed into: the entry script
 * and its static imports, which are React (about 60 KB of it) and the form. The app (router, query
 * cache, toasts, ky, zod) loads after the form is drawn (src/client/LoginWhileAppLoads.tsx).
 */
const loginBudgetBytes = 75 * 1024;
const dist = path.resolve(clientDir);
const read = (src: string) => readFileSync(path.join(dist, src));

/** The JavaScript every screen loads before anything else: the entry script and its preloaded imports. */
function initialScripts(): string[] {
  const html = read('index.html').toString();
  const sources = [
    ...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
  ];
  return [...new Set(sources.map((match) => match[1]!))];
}

/** A chunk and every chunk it imports statically, transitively (what the browser fetches before running it). */
function withStaticImports(src: string, seen = new Set<string>()): Set<string> {
  if (seen.has(src)) return seen;
  seen.add(src);
  const imports = read(src)
    .toString()
    .matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g);
  for (const [, file] of imports) withStaticImports(path.posix.join(path.posix.dirname(src), file!), seen);
  return seen;
}

it('draws the sign-in form from the entry script and its imports, under 75 KB gzipped', () => {
  const scripts = new Set(initialScripts().map((src) => src.replace(/^\//, '')));
  expect(scripts.size).toBeGreaterThan(0);
  for (const src of [...scripts]) withStaticImports(src, scripts);
  // The form is in these scripts: no route's chunk is fetched before it shows.
  const texts = [...scripts].map((src) => read(src).toString());
  expect(texts.some((text) => text.includes('Sign in to your account'))).toBe(true);
  const sizes = [...scripts].map((src) => ({ src, gzip: gzipSync(read(src)).length }));
  const total = sizes.reduce((sum, { gzip }) => sum + gzip, 0);
  console.log(
    `sign-in screen JS: ${(total / 1024).toFixed(1)} KB gzipped`,
    sizes.map(({ src, gzip }) => `${src} ${(gzip / 1024).toFixed(1)} KB`),
  );
  expect(total).toBeLessThan(loginBudgetBytes);
});

it('ships a brotli and a gzip copy of every hashed script and stylesheet over 1 KB, each the same file', () => {
  const files = readdirSync(path.join(dist, 'assets'))
    .filter((file) => /\.(js|css)$/.test(file))
    .map((file) => `assets/${file}`);
  const large = files.filter((file) => read(file).length >= 1024);
  expect(large.length).toBeGreaterThan(10);
  // The service worker and the shell keep their names across versions: compressed per request instead.
  expect(existsSync(path.join(dist, 'sw.js.br'))).toBe(false);
  for (const file of large) {
    for (const [extension, decompress] of [
      ['br', brotliDecompressSync],
      ['gz', gunzipSync],
    ] as const) {
      expect(existsSync(path.join(dist, `${file}.${extension}`)), `${file}.${extension}`).toBe(true);
      expect(decompress(read(`${file}.${extension}`)).equals(read(file)), `${file}.${extension}`).toBe(true);
    }
  }
});
