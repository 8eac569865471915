import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiToken, newContext, openControlledPage, screenshot, setOffline, signIn } from './helpers/browser.ts';
import { useServerAndBrowser } from './helpers/setup.ts';

const e2e = useServerAndBrowser();

interface Account {
  _id: string;
  name: string;
  email: string;
  role: string;
  active: boolean;
  requestedRole: string | null;
}

/** The account as the server has it. */
async function account(email: string) {
  const response = await fetch(`${e2e.server.url}/api/users/accounts?search=${encodeURIComponent(email)}`, {
    headers: { authorization: `Bearer ${await apiToken(e2e.server.url, 'admin')}` },
  });
  return ((await response.json()) as Account[]).find((one) => one.email === email);
}

async function registerOperator(name: string) {
  const email = `${name.toLowerCase().replace(' ', '.')}.${Date.now()}@plant.test`;
  const password = 'first password 1';
  const response = await fetch(`${e2e.server.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, email, password, role: 'operator', department: 'Casting', phone: '' }),
  });
  expect(response.status).toBe(201);
  return { name, email, password };
}

async function signInAs(page: Page, email: string, password: string) {
  await page.goto(`${e2e.server.url}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

const sizes = [
  { width: 1280, height: 800 },
  { width: 1024, height: 768 },
  { width: 800, height: 1280 },
  { width: 390, height: 844 },
];

describe('the Users screen', () => {
  it('finds a user, changes the role, deactivates and reactivates, and resets the password', async () => {
    const person = await registerOperator('Kai Lindqvist');
    const context = await newContext(e2e.browser);
    const page = await context.newPage();
    await signIn(page, e2e.server.url, 'admin');
    await page.getByRole('navigation').first().getByRole('link', { name: 'Users' }).click();
    await page.waitForURL(`${e2e.server.url}/users`);
    await page.getByRole('heading', { name: 'Users', exact: true }).waitFor();
    await page.getByLabel('Search users').fill('kai lindq');
    const list = page.getByRole('list', { name: 'Users' });
    await expect.poll(() => list.getByRole('listitem').count()).toBe(1);
    for (const size of sizes) {
      await page.setViewportSize(size);
      await screenshot(page, 'users');
    }
    await page.setViewportSize(sizes[0]!);

    await list.getByRole('button', { name: /Kai Lindqvist/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Kai Lindqvist' });
    await dialog.getByLabel('Role', { exact: true }).selectOption({ label: 'Maintenance Engineer' });
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Kai Lindqvist updated').waitFor();
    expect((await account(person.email))?.role).toBe('maintenance_engineer');
    await dialog.getByText('Role: Operator → Maintenance Engineer').waitFor();
    for (const size of sizes) {
      await page.setViewportSize(size);
      await screenshot(page, 'users-detail');
    }
    await page.setViewportSize(sizes[0]!);

    await dialog.getByRole('button', { name: 'Deactivate' }).click();
    await page
      .getByRole('dialog', { name: 'Deactivate Kai Lindqvist?' })
      .getByRole('button', { name: 'Deactivate' })
      .click();
    await dialog.getByRole('button', { name: 'Reactivate' }).waitFor();
    expect((await account(person.email))?.active).toBe(false);

    const userContext = await newContext(e2e.browser);
    const userPage = await userContext.newPage();
    await signInAs(userPage, person.email, person.password);
    await userPage.getByText('This account has been deactivated. Ask an admin to reactivate it.').waitFor();

    await dialog.getByRole('button', { name: 'Reactivate' }).click();
    await dialog.getByRole('button', { name: 'Deactivate' }).waitFor();
    await dialog.getByRole('button', { name: 'Create password reset code' }).click();
    const code = (await dialog.locator('code').textContent()) ?? '';
    expect(code).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    await dialog.getByText('Password reset code created').waitFor();

    await userPage.goto(`${e2e.server.url}/login`);
    await userPage.getByRole('button', { name: 'Forgot password?' }).click();
    await userPage.getByLabel('Email').fill(person.email);
    await userPage.getByLabel('Reset code').fill(code);
    await userPage.getByLabel('New password', { exact: true }).fill('second password 2');
    await userPage.getByRole('button', { name: 'Set Password' }).click();
    await userPage.waitForURL(`${e2e.server.url}/`);
    await userPage.getByText('Password changed. You are signed in.').waitFor();
    await userPage.getByRole('button', { name: /log ?out/i }).click();
    await userPage.waitForURL(`${e2e.server.url}/login`);
    await signInAs(userPage, person.email, 'second password 2');
    await userPage.waitForURL(`${e2e.server.url}/`);
    await userContext.close();
    await context.close();
  });

  it('keeps an admin from deactivating or demoting themselves', async () => {
    const context = await newContext(e2e.browser);
    const page = await context.newPage();
    await signIn(page, e2e.server.url, 'admin');
    await page.goto(`${e2e.server.url}/users`);
    await page.getByLabel('Search users').fill('admin@imsp.local');
    await page.getByRole('list', { name: 'Users' }).getByRole('button').first().click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.getByRole('button', { name: 'Deactivate' }).isDisabled()).toBe(true);
    await dialog.getByText('You cannot deactivate your own account: another admin can.').waitFor();
    expect(await dialog.getByLabel('Role', { exact: true }).isDisabled()).toBe(true);
    await context.close();
  });

  it('opens offline with the list last read, and says that changes need a connection', async () => {
    const person = await registerOperator('Olga Marsh');
    const { context, page } = await openControlledPage(e2e.browser, e2e.server.url, 'admin', '/users');
    await page.getByLabel('Search users').fill('Olga Marsh');
    await page
      .getByRole('list', { name: 'Users' })
      .getByRole('button', { name: /Olga Marsh/ })
      .waitFor();
    // The query cache is saved a moment after it changes.
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('imsp.query-cache')?.includes('Olga Marsh') ?? false), {
        timeout: 10_000,
      })
      .toBe(true);

    await setOffline(context, true);
    await page.reload();
    await page.getByText('Showing the list last read on this device').waitFor();
    await page.getByLabel('Search users').fill('Olga Marsh');
    await page
      .getByRole('list', { name: 'Users' })
      .getByRole('button', { name: /Olga Marsh/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Olga Marsh' });
    await dialog.getByLabel('Department').selectOption('Smelting');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Changing users needs a connection to the server.').waitFor();
    expect(await dialog.getByLabel('Department').inputValue()).toBe('Smelting');
    expect((await account(person.email))?.role).toBe('operator');
    await context.close();
  });
});

describe('a registration for a privileged role', () => {
  it('tells the person it waits, and an admin approves it from the inbox', async () => {
    const context = await newContext(e2e.browser);
    const page = await context.newPage();
    await page.goto(`${e2e.server.url}/login`);
    await page.getByRole('button', { name: 'Sign up' }).click();
    const email = `rhea.vance.${Date.now()}@plant.test`;
    await page.getByLabel('Full Name').fill('Rhea Vance');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('engineer password 1');
    await page.getByLabel('Role').selectOption('maintenance_engineer');
    await page.getByLabel('Department').selectOption('Maintenance');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.waitForURL(`${e2e.server.url}/`);
    await page.getByText("Your Maintenance Engineer role waits for an admin's approval").first().waitFor();
    expect(await account(email)).toMatchObject({ role: 'operator', requestedRole: 'maintenance_engineer' });

    const adminContext = await newContext(e2e.browser);
    const adminPage = await adminContext.newPage();
    await signIn(adminPage, e2e.server.url, 'admin');
    await adminPage.getByRole('button', { name: /^Notifications/ }).click();
    const entry = adminPage.getByRole('region', { name: 'Inbox' }).getByRole('button', { name: /Rhea Vance/ });
    await entry.getByText('Role request to approve').waitFor();
    await entry.click();
    await adminPage.waitForURL(/\/users\?user=/);
    const dialog = adminPage.getByRole('dialog', { name: 'Rhea Vance' });
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await adminPage.getByText('Rhea Vance is now Maintenance Engineer').waitFor();
    await dialog.getByText('Role request approved').waitFor();
    expect(await account(email)).toMatchObject({ role: 'maintenance_engineer', requestedRole: null });
    // The open app takes the new role when the answer reaches its inbox, without signing in again.
    await page.getByRole('banner').getByText('maintenance engineer').waitFor({ timeout: 30_000 });
    await adminContext.close();
    await context.close();
  });
});

describe('an unknown address', () => {
  it('shows a not-found page in the layout with a way back, also offline', async () => {
    const { context, page } = await openControlledPage(e2e.browser, e2e.server.url, 'operator', '/nothing-here');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await page.getByText('/nothing-here').waitFor();
    expect(page.url()).toBe(`${e2e.server.url}/nothing-here`);
    await page.getByRole('navigation').first().getByRole('link', { name: 'Tickets' }).waitFor();
    await screenshot(page, 'not-found');
    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await page.waitForURL(`${e2e.server.url}/`);

    await setOffline(context, true);
    await page.goto(`${e2e.server.url}/still/missing`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await page.waitForURL(`${e2e.server.url}/`);
    await context.close();
  });
});
