import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { expect, it } from 'vitest';
import { chromiumOptions } from './helpers/browser.ts';
import { useServerAndBrowser } from './helpers/setup.ts';

const e2e = useServerAndBrowser();

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): string {
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

it('serves a complete web app manifest whose icons are what it says', async () => {
  const response = await fetch(`${e2e.server.url}/manifest.webmanifest`);
  expect(response.headers.get('content-type')).toContain('application/manifest+json');
  const manifest = (await response.json()) as { icons: ManifestIcon[] };
  expect(manifest).toMatchObject({
    name: 'Industrial Maintenance & Safety Portal',
    short_name: 'IMSP',
    display: 'standalone',
    start_url: '/',
    theme_color: '#0f172a',
  });
  expect(manifest.icons.filter((icon) => icon.purpose === 'maskable').length).toBeGreaterThan(0);
  for (const icon of manifest.icons) {
    const file = await fetch(`${e2e.server.url}${icon.src}`);
    expect(file.headers.get('content-type'), icon.src).toBe(icon.type);
    if (icon.type === 'image/png') expect(pngSize(Buffer.from(await file.arrayBuffer())), icon.src).toBe(icon.sizes);
  }
  const shell = await (await fetch(`${e2e.server.url}/login`)).text();
  expect(shell).toContain('<link rel="manifest" href="/manifest.webmanifest">');
});

it('passes Chromium’s own installability check', async () => {
  // Incognito contexts are never installable, so this one runs in a throwaway profile.
  const profile = mkdtempSync(path.join(tmpdir(), 'imsp-e2e-profile-'));
  const context = await chromium.launchPersistentContext(profile, { ...chromiumOptions, serviceWorkers: 'allow' });
  try {
    const page = await context.newPage();
    await page.goto(`${e2e.server.url}/login`);
    await page.evaluate(() => navigator.serviceWorker.ready);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});
