import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import type { IncidentPage } from '#shared/schemas/incident.ts';
import type { TicketPage } from '#shared/schemas/ticket.ts';
import { apiAs } from './helpers/api.ts';
import { openControlledPage, screenshot } from './helpers/browser.ts';
import { useServerAndBrowser } from './helpers/setup.ts';

const e2e = useServerAndBrowser();
const api = apiAs(() => e2e.server.url);

/** What a printer gets (the page stays in print media): the record's text, its signature lines, no app around it and no buttons. */
async function printed(page: Page, name: string) {
  await page.emulateMedia({ media: 'print' });
  const dialog = page.getByRole('dialog', { name });
  expect(await page.getByRole('navigation').count()).toBe(0);
  expect(await dialog.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
  expect(await dialog.getByRole('button', { name: 'Close' }).isVisible()).toBe(false);
  expect(await dialog.getByText(/^Printed .* from IMSP\.$/).isVisible()).toBe(true);
  const pdf = await page.pdf({ format: 'A4', printBackground: true });
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  await screenshot(page, `print-${name}`);
  return dialog;
}

it('prints an incident report and a ticket alone, with every section and the signature lines', async () => {
  const { incidents } = await api<IncidentPage>('incidents?status=Under%20Investigation');
  const incident = incidents[0]!;
  const { context, page } = await openControlledPage(
    e2e.browser,
    e2e.server.url,
    'safety_officer',
    `/incidents?incident=${incident._id}`,
  );
  await page.getByRole('dialog', { name: incident.incidentNumber }).getByRole('button', { name: 'Print' }).waitFor({
    timeout: 60_000,
  });
  const report = await printed(page, incident.incidentNumber);
  for (const section of ['Involved Persons', 'Witnesses', 'Immediate Actions Taken', 'Investigation', 'Attachments']) {
    expect(await report.getByRole('heading', { name: new RegExp(`^${section}`) }).isVisible(), section).toBe(true);
  }
  expect(await report.getByText('Safety officer: name, signature, date').isVisible()).toBe(true);
  expect(await report.getByRole('button', { name: 'Edit Investigation' }).isVisible()).toBe(false);

  await page.emulateMedia({ media: 'screen' });
  const { tickets } = await api<TicketPage>('tickets?status=Resolved');
  const ticket = tickets.find((candidate) => candidate.comments.length > 0)!;
  await page.goto(`${e2e.server.url}/tickets?ticket=${ticket._id}`);
  await page.getByRole('dialog', { name: ticket.ticketNumber }).getByRole('button', { name: 'Print' }).waitFor();
  const sheet = await printed(page, ticket.ticketNumber);
  expect(await sheet.getByText(ticket.comments[0]!.comment).first().isVisible()).toBe(true);
  expect(await sheet.getByText('Accepted by: name, signature, date').isVisible()).toBe(true);
  await context.close();
});
