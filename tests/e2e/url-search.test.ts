import { expect, it } from 'vitest';
import { newContext, signIn } from './helpers/browser.ts';
import { useServerAndBrowser } from './helpers/setup.ts';

const e2e = useServerAndBrowser();

// Each screen declares its search (validateSearch): a hand-edited or truncated link opens the screen
// with nothing open instead of a form nobody asked for or the details of a record that cannot exist.
const malformed = [
  { path: '/tickets?new=abc&ticket=not-an-id', heading: 'Maintenance Tickets', action: 'Create Ticket' },
  { path: '/incidents?new=yes&incident=', heading: 'Safety Incidents', action: 'Report Incident' },
  { path: '/machines?new=2&machine=%25%25&edit=123', heading: 'Machines', action: 'Add Machine' },
  {
    path: '/maintenance?new=true&schedule=x&edit=[1]',
    heading: 'Preventive Maintenance',
    action: 'Schedule Maintenance',
  },
] as const;

it('opens each screen with nothing open when its search values are malformed', async () => {
  const context = await newContext(e2e.browser);
  const page = await context.newPage();
  await signIn(page, e2e.server.url, 'admin');
  for (const { path, heading, action } of malformed) {
    await page.goto(`${e2e.server.url}${path}`);
    await page.getByRole('heading', { name: heading, exact: true }).waitFor();
    expect(await page.getByRole('dialog').count(), path).toBe(0);
    // The screen still works: its own button opens the form.
    await page.getByRole('button', { name: action }).first().click();
    await page.getByRole('dialog').waitFor();
  }
  await context.close();
});
