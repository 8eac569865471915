import { mkdirSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { keepPageLog } from './page-log.ts';

export const demoAccounts = {
  admin: { email: 'admin@imsp.local', password: 'Admin#2026' },
  maintenance_engineer: { email: 'engineer@imsp.local', password: 'Engineer#2026' },
  safety_officer: { email: 'safety@imsp.local', password: 'Safety#2026' },
  operator: { email: 'operator@imsp.local', password: 'Operator#2026' },
} as const;

export type DemoRole = keyof typeof demoAccounts;

export const chromiumOptions = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

export function launchBrowser(): Promise<Browser> {
  return chromium.launch(chromiumOptions);
}

export async function newContext(
  browser: Browser,
  size: { width: number; height: number } = { width: 1280, height: 800 },
) {
  const context = await browser.newContext({ viewport: size, serviceWorkers: 'allow' });
  keepPageLog(context);
  return context;
}

/** Fills in and sends the login form, as a user would; the answer comes after this returns. */
export async function submitSignIn(page: Page, baseUrl: string, role: DemoRole): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Email').fill(demoAccounts[role].email);
  await page.getByLabel('Password', { exact: true }).fill(demoAccounts[role].password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** Signs in through the login form, as a user would, and waits for the dashboard's address. */
export async function signIn(page: Page, baseUrl: string, role: DemoRole): Promise<void> {
  await submitSignIn(page, baseUrl, role);
  await page.waitForURL(`${baseUrl}/`);
}

/** Waits until the service worker controls the page (it then answers navigations offline). */
export async function waitForServiceWorker(page: Page): Promise<void> {
  const controlled = () => navigator.serviceWorker.controller !== null;
  // A worker that activated without claiming this page (seen on a loaded CI machine) controls it
  // after a reload; either way the wait is bounded, so a worker that never comes fails with a reason.
  await page.waitForFunction(controlled, null, { timeout: 20_000 }).catch(async () => {
    await page.reload();
    await page.waitForFunction(controlled, null, { timeout: 60_000 });
  });
}

/**
 * A new tablet-sized browser context, signed in as `role`, with the service worker in control (so the
 * app opens offline), on `path`: where every offline test starts.
 */
export async function openControlledPage(browser: Browser, baseUrl: string, role: DemoRole, path: string) {
  const context = await newContext(browser);
  const page = await context.newPage();
  await signIn(page, baseUrl, role);
  await waitForServiceWorker(page);
  await page.goto(`${baseUrl}${path}`);
  return { context, page };
}

/**
 * Waits until the first sync has ended: the sync pill says Online, where it showed the progress. An
 * offline test that goes offline earlier finds the device without what the sync had yet to bring.
 */
export async function firstSyncEnded(page: Page, timeout = 90_000): Promise<void> {
  await page
    .getByRole('button', { name: /^Sync: online/ })
    .getByText('Online', { exact: true })
    .waitFor({ state: 'attached', timeout });
}

/**
 * Back online, until everything saved offline has reached the server. The pending count is awaited
 * first: a change still on its way into the outbox would otherwise let a missing count pass at once.
 */
export async function sendOnceOnline(page: Page, timeout = 60_000): Promise<void> {
  const pending = page.getByTestId('pending-count');
  await pending.waitFor({ state: 'attached', timeout: 10_000 });
  await page.context().setOffline(false);
  await pending.waitFor({ state: 'detached', timeout });
}

export async function setOffline(context: BrowserContext, isOffline: boolean): Promise<void> {
  await context.setOffline(isOffline);
}

/** Screenshots go to .tmp/screens so they can be looked at after a run. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync('.tmp/screens', { recursive: true });
  const { width, height } = page.viewportSize()!;
  await page.screenshot({ path: `.tmp/screens/${name}-${width}x${height}.png` });
}

const tokens = new Map<string, Promise<string>>();

/**
 * A token for a demo account, signed in once per server: each sign-in costs a password hash (half a
 * second of a core), and tests read the server often. Tokens outlive a restart (the data directory
 * keeps the signing secret).
 */
export function apiToken(baseUrl: string, role: DemoRole): Promise<string> {
  const key = `${baseUrl} ${role}`;
  let token = tokens.get(key);
  if (!token) {
    token = signInForToken(baseUrl, role);
    tokens.set(key, token);
    token.catch(() => tokens.delete(key));
  }
  return token;
}

async function signInForToken(baseUrl: string, role: DemoRole): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(demoAccounts[role]),
  });
  if (!response.ok) throw new Error(`signing in as ${role} failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

/** The four screens the app is checked on: desktop, tablet landscape, tablet portrait, phone. */
export const screenSizes = [
  { width: 1280, height: 800 },
  { width: 1024, height: 768 },
  { width: 800, height: 1280 },
  { width: 390, height: 844 },
] as const;
