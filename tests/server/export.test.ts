import { describe, expect, it } from 'vitest';
import { csvHeader, csvRows } from '#shared/csv.ts';
import { incidentColumns, scheduleColumns, ticketColumns } from '#shared/export-columns.ts';
import type { Schedule } from '#shared/schemas/schedule.ts';
import type { IncidentPage } from '#shared/schemas/incident.ts';
import type { TicketPage } from '#shared/schemas/ticket.ts';
import { seedVolume } from '#server/seed/volume.ts';
import { useTeamApp } from './helpers/app.ts';

const t = useTeamApp();

async function get(url: string) {
  return t.app.inject({ url, headers: t.team.operator.headers });
}

/** Every page of a list call, in order: what the export must hold, row for row. */
async function allPages<P extends { totalPages: number }>(url: string, records: (page: P) => unknown[]) {
  const all: unknown[] = [];
  for (let page = 1; ; page += 1) {
    const answer = (await get(`${url}${url.includes('?') ? '&' : '?'}limit=100&page=${page}`)).json<P>();
    all.push(...records(answer));
    if (page >= answer.totalPages) return all;
  }
}

describe('CSV export of a list', () => {
  it('holds every ticket, across batches, in list order, with the screen columns and ids', async () => {
    await seedVolume(t.database, { machines: 5, tickets: 1100, incidents: 60 });
    const response = await get('/api/tickets/export');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="tickets-\d{4}-\d{2}-\d{2}\.csv"$/);
    const tickets = (await allPages<TicketPage>('/api/tickets', (page) => page.tickets)) as Parameters<
      typeof csvRows<TicketPage['tickets'][number]>
    >[1];
    expect(tickets.length).toBeGreaterThan(500);
    expect(response.body).toBe(csvHeader(ticketColumns) + csvRows(ticketColumns, tickets));
  });

  it('filters and searches as the list does and exports incidents with their investigation columns', async () => {
    const response = await get('/api/incidents/export?search=spill');
    const incidents = (await allPages<IncidentPage>(
      '/api/incidents?search=spill',
      (page) => page.incidents,
    )) as Parameters<typeof csvRows<IncidentPage['incidents'][number]>>[1];
    expect(response.body).toBe(csvHeader(incidentColumns) + csvRows(incidentColumns, incidents));
    expect(response.body.split('\r\n')[0]).toContain('Incident Number,Title,Description,Type,Severity,Status');
    const bad = await get('/api/tickets/export?status=Lost');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toMatch(/Status must be one of/);
  });

  it('exports maintenance as its list call finds it, priority filter included', async () => {
    const list = await get('/api/maintenance?priority=High');
    const schedules = list.json<Schedule[]>();
    expect(schedules.every((schedule) => schedule.priority === 'High')).toBe(true);
    const response = await get('/api/maintenance/export?priority=High');
    expect(response.headers['content-disposition']).toMatch(/filename="maintenance-/);
    expect(response.body).toBe(csvHeader(scheduleColumns) + csvRows(scheduleColumns, schedules));
  });

  it('quotes commas, quotes and line breaks, and defuses cells a spreadsheet would run', () => {
    const columns = [['Text', (value: string) => value] as const];
    expect(csvRows(columns, ['a,b', 'say "hi"', 'two\nlines', '=SUM(A1)', 'plain'])).toBe(
      '"a,b"\r\n"say ""hi"""\r\n"two\nlines"\r\n\'=SUM(A1)\r\nplain\r\n',
    );
  });
});
