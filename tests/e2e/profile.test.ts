import type { Browser, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { apiToken, newContext, screenshot, signIn, waitForServiceWorker, type DemoRole } from './helpers/browser.ts';
import { useServerAndBrowser } from './helpers/setup.ts';

const e2e = useServerAndBrowser();

interface ServerUser {
  name: string;
  email: string;
  phone: string;
  department: string;
  role: string;
  lastLogin: string | null;
  createdAt: string;
}

async function me(token: string): Promise<ServerUser> {
  const response = await fetch(`${e2e.server.url}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } });
  return ((await response.json()) as { user: ServerUser }).user;
}

const roles: Record<DemoRole, { label: string; colour: string; permissions: string[] }> = {
  admin: {
    label: 'Administrator',
    colour: 'purple',
    permissions: ['Full system administration', 'User management', 'All reports and analytics', 'System configuration'],
  },
  maintenance_engineer: {
    label: 'Maintenance Engineer',
    colour: 'blue',
    permissions: [
      'Maintenance ticket management',
      'Machine status updates',
      'Maintenance scheduling',
      'Technical reports',
    ],
  },
  safety_officer: {
    label: 'Safety Officer',
    colour: 'orange',
    permissions: [
      'Safety incident management',
      'Safety reports and analytics',
      'Corrective action tracking',
      'Safety compliance monitoring',
    ],
  },
  operator: {
    label: 'Operator',
    colour: 'green',
    permissions: [
      'Report maintenance issues',
      'View machine status',
      'Report safety incidents',
      'Basic dashboard access',
    ],
  },
};

const details = (page: Page) => page.getByRole('region', { name: 'Profile information' });

/** The shown value of a detail (view mode). */
const shown = (page: Page, label: string) =>
  details(page).locator('dt', { hasText: label }).locator('xpath=following-sibling::dd').innerText();

async function openProfile(page: Page) {
  // Through the top bar's link to /profile, as a user gets there.
  await page.getByRole('banner').locator('a[href="/profile"]').click();
  await page.waitForURL(`${e2e.server.url}/profile`);
  await page.getByRole('heading', { name: 'Profile', exact: true }).waitFor();
}

for (const [role, expected] of Object.entries(roles) as [DemoRole, (typeof roles)[DemoRole]][]) {
  it(`${role}: shows the details, the ${expected.colour} ${expected.label} badge, the role's permissions and the account dates`, async () => {
    const user = await me(await apiToken(e2e.server.url, role));
    const context = await newContext(e2e.browser);
    const page = await context.newPage();
    await signIn(page, e2e.server.url, role);
    await openProfile(page);
    expect(await page.getByText('Manage your account information and preferences').isVisible()).toBe(true);

    await details(page).getByRole('heading', { name: user.name }).waitFor();
    for (const badge of [details(page), page.getByRole('region', { name: 'Role & Permissions' })]) {
      const label = badge.getByText(expected.label, { exact: true });
      expect(await label.getAttribute('class')).toContain(`bg-${expected.colour}-100`);
    }
    expect(await shown(page, 'Full Name')).toBe(user.name);
    expect(await shown(page, 'Email Address')).toBe(user.email);
    expect(await shown(page, 'Phone Number')).toBe(user.phone);
    expect(await shown(page, 'Department')).toBe(user.department);

    const permissions = page.getByRole('region', { name: 'Role & Permissions' }).getByRole('listitem');
    expect(await permissions.allInnerTexts()).toEqual(expected.permissions);

    const settings = page.getByRole('region', { name: 'Account Settings' });
    const lastLogin = await settings.getByRole('definition').first().innerText();
    const pageToken = await page.evaluate(() => localStorage.getItem('imsp.token')!);
    const { lastLogin: loggedInAt } = await me(pageToken);
    expect(lastLogin).toBe(
      await page.evaluate(
        (time) =>
          new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(time)),
        loggedInAt!,
      ),
    );
    const created = await settings.getByRole('definition').last().innerText();
    expect(created).toBe(
      await page.evaluate(
        (time) => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(time)),
        user.createdAt,
      ),
    );

    if (role === 'admin') {
      await screenshot(page, 'profile-admin');
      await settings.getByRole('button', { name: 'Change Password' }).click();
      await page.getByText('Change password functionality would be implemented here').waitFor();
      await page.setViewportSize({ width: 390, height: 844 });
      await screenshot(page, 'profile-admin');
    }
    await context.close();
  });
}

it('edit mode: inputs of the right types, Cancel restores the saved values, invalid input is shown inline', async () => {
  const context = await newContext(e2e.browser);
  const page = await context.newPage();
  await signIn(page, e2e.server.url, 'maintenance_engineer');
  await openProfile(page);
  const original = await shown(page, 'Full Name');

  await details(page).getByRole('button', { name: 'Edit Profile' }).click();
  const form = details(page);
  expect(await form.getByLabel('Full Name').inputValue()).toBe(original);
  expect(await form.getByLabel('Email Address').getAttribute('type')).toBe('email');
  expect(await form.getByLabel('Phone Number').getAttribute('type')).toBe('tel');
  expect(await form.getByLabel('Department').locator('option').allInnerTexts()).toEqual([
    'Rolling Mill',
    'Smelting',
    'Casting',
    'Quality Control',
    'Maintenance',
    'Safety',
    'Operations',
  ]);
  expect(await form.getByRole('button', { name: 'Edit Profile' }).count()).toBe(0);
  await screenshot(page, 'profile-edit');

  await form.getByLabel('Full Name').fill('');
  await form.getByLabel('Email Address').fill('not an email');
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await form.getByText('Full name is required').waitFor();
  await form.getByText('Email must be a valid email address').waitFor();
  await screenshot(page, 'profile-edit-invalid');

  await form.getByLabel('Full Name').fill('Somebody Else');
  await form.getByLabel('Department').selectOption('Safety');
  await form.getByRole('button', { name: 'Cancel' }).first().click();
  expect(await shown(page, 'Full Name')).toBe(original);
  expect(await shown(page, 'Department')).toBe('Maintenance');
  await details(page).getByRole('button', { name: 'Edit Profile' }).click();
  expect(await form.getByLabel('Full Name').inputValue()).toBe(original);
  expect(await form.getByLabel('Department').inputValue()).toBe('Maintenance');
  expect(await form.getByText('Full name is required').count()).toBe(0);

  await page.setViewportSize({ width: 390, height: 844 });
  await form.getByRole('button', { name: 'Save Changes' }).scrollIntoViewIfNeeded();
  await screenshot(page, 'profile-edit');
  await context.close();
});

/** A new account for the edits, so the demo users stay as they are. */
async function freshUser(browser: Browser) {
  const email = `profile.${Date.now()}@imsp.local`;
  const password = 'Profile#2026';
  const response = await fetch(`${e2e.server.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Nadia Brandt',
      email,
      password,
      role: 'operator',
      department: 'Casting',
      phone: '+44 1397 702 999',
    }),
  });
  const { token } = (await response.json()) as { token: string };
  // Page routes do not see requests that a service worker makes, and this test delays one.
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto(`${e2e.server.url}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(`${e2e.server.url}/`);
  await openProfile(page);
  return { context, page, token };
}

it('saves the changes on the server, refetches the user and shows the new values', async () => {
  const { context, page, token } = await freshUser(e2e.browser);
  let releaseSave!: () => void;
  const saveHeld = new Promise<void>((resolve) => (releaseSave = resolve));
  await page.route('**/api/auth/profile', async (route) => {
    await saveHeld;
    await route.continue();
  });
  const refetched = page.waitForRequest((request) => request.url().endsWith('/api/auth/me'));

  await details(page).getByRole('button', { name: 'Edit Profile' }).click();
  const form = details(page);
  await form.getByLabel('Full Name').fill('Nadia Brandt-Olsen');
  await form.getByLabel('Phone Number').fill('+44 1397 702 777');
  await form.getByLabel('Department').selectOption('Quality Control');
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await form.getByRole('button', { name: 'Saving...' }).waitFor();
  expect(await form.getByLabel('Full Name').isDisabled()).toBe(true);
  expect(await form.getByLabel('Department').isDisabled()).toBe(true);
  releaseSave();

  await page.getByText('Profile updated successfully!').waitFor();
  await refetched;
  await details(page).getByRole('button', { name: 'Edit Profile' }).waitFor();
  expect(await shown(page, 'Full Name')).toBe('Nadia Brandt-Olsen');
  expect(await shown(page, 'Phone Number')).toBe('+44 1397 702 777');
  expect(await shown(page, 'Department')).toBe('Quality Control');
  await page.getByRole('banner').getByText('Nadia Brandt-Olsen').waitFor();
  expect(await me(token)).toMatchObject({
    name: 'Nadia Brandt-Olsen',
    phone: '+44 1397 702 777',
    department: 'Quality Control',
  });
  // The user kept for an offline start is the new one too.
  const remembered = await page.evaluate(() => JSON.parse(localStorage.getItem('imsp.last-user')!) as { name: string });
  expect(remembered.name).toBe('Nadia Brandt-Olsen');
  await context.close();
});

it("shows the server's message when it refuses, and keeps what was typed", async () => {
  const { context, page, token } = await freshUser(e2e.browser);
  await details(page).getByRole('button', { name: 'Edit Profile' }).click();
  const form = details(page);
  await form.getByLabel('Full Name').fill('Nadia Taken');
  await form.getByLabel('Email Address').fill('admin@imsp.local');
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await page.getByText('An account with this email already exists').waitFor();
  expect(await form.getByLabel('Full Name').inputValue()).toBe('Nadia Taken');
  expect(await form.getByLabel('Email Address').inputValue()).toBe('admin@imsp.local');
  expect(await form.getByRole('button', { name: 'Save Changes' }).isEnabled()).toBe(true);
  expect((await me(token)).name).toBe('Nadia Brandt');
  await screenshot(page, 'profile-refused');
  await context.close();
});

it('offline: Save Changes is disabled with the reason', async () => {
  const context = await newContext(e2e.browser);
  const page = await context.newPage();
  await signIn(page, e2e.server.url, 'safety_officer');
  await waitForServiceWorker(page);
  await openProfile(page);
  await context.setOffline(true);
  await details(page).getByRole('button', { name: 'Edit Profile' }).click();
  const save = details(page).getByRole('button', { name: 'Save Changes' });
  await expect.poll(() => save.isDisabled()).toBe(true);
  // Save is also disabled while nothing is changed: the reason shows once the app has seen the network go.
  const reason = details(page).getByText('Profile changes need a connection to the server.');
  await reason.waitFor();
  expect(await save.getAttribute('aria-describedby')).toBe(await reason.getAttribute('id'));
  await screenshot(page, 'profile-offline');

  await context.setOffline(false);
  await expect.poll(() => save.isEnabled(), { timeout: 30_000 }).toBe(true);
  await expect.poll(() => reason.count()).toBe(0);
  await context.close();
});
