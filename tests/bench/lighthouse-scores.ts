/**
 * Lighthouse (mobile preset) on /login and on the signed-in dashboard, in Chromium with our flags; the
 * reports are written to .tmp/lighthouse/.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { chromiumOptions } from '../e2e/helpers/browser.ts';
import { signInAndSync, type Credentials } from './device-run.ts';

export interface LighthouseScores {
  page: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  totalBlockingMs: number;
  unusedJsKb: number;
  /** Audits of accessibility and best practices that did not pass, for the next fix. */
  failed: string;
}

async function audit(url: string, port: number, keepSession: boolean): Promise<LighthouseScores> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', disableStorageReset: keepSession });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  // The whole report, to open in the Lighthouse viewer.
  mkdirSync('.tmp/lighthouse', { recursive: true });
  writeFileSync(`.tmp/lighthouse/${keepSession ? 'dashboard' : 'login'}.json`, JSON.stringify(result.lhr));
  const { categories, audits } = result.lhr;
  const score = (name: string) => Math.round((categories[name]?.score ?? Number.NaN) * 100);
  const unusedBytes = (audits['unused-javascript']?.details as { overallSavingsBytes?: number } | undefined)
    ?.overallSavingsBytes;
  return {
    page: new URL(url).pathname,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? Number.NaN),
    totalBlockingMs: Math.round(audits['total-blocking-time']?.numericValue ?? Number.NaN),
    unusedJsKb: Math.round((unusedBytes ?? Number.NaN) / 1024),
    failed: ['accessibility', 'best-practices']
      .flatMap((name) => categories[name]?.auditRefs ?? [])
      .filter(({ id, weight }) => weight > 0 && (audits[id]?.score ?? 1) < 1)
      .map(({ id }) => id)
      .join(', '),
  };
}

/** Signs in through the form in Lighthouse's browser and waits until the whole first sync is stored. */
async function signIn(port: number, base: string, credentials: Credentials) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0]!.newPage();
    await signInAndSync(page, { base, credentials });
    await page.close();
  } finally {
    await browser.close();
  }
}

export async function lighthouseScores(base: string, credentials: Credentials): Promise<LighthouseScores[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumOptions.executablePath,
    chromeFlags: ['--headless=new', ...chromiumOptions.args],
  });
  try {
    const login = await audit(`${base}/login`, chrome.port, false);
    await signIn(chrome.port, base, credentials);
    const dashboard = await audit(`${base}/`, chrome.port, true);
    return [login, dashboard];
  } finally {
    chrome.kill();
  }
}
