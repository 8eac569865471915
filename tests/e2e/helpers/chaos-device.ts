import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { expect } from 'vitest';
import { openControlledPage, type DemoRole } from './browser.ts';
import { machineStatuses, type MachineStatus } from '#shared/enums.ts';
import { readDeviceStore } from './device-store.ts';
import { chooseMachineStatus } from './machine-status.ts';
import { chooseTicketStatus } from './ticket-status.ts';

const screenLinks = { '/tickets': 'Tickets', '/machines': 'Machines' } as const;

/** One signed-in tablet of the chaos run, driven through the app's own screens. */
export class ChaosDevice {
  readonly role: DemoRole;
  readonly context: BrowserContext;
  readonly page: Page;
  isOffline = false;
  /** The next write's request reaches the server, but the app never gets the answer. */
  loseNextWrite = false;
  lostAnswers = 0;

  private constructor(role: DemoRole, context: BrowserContext, page: Page) {
    this.role = role;
    this.context = context;
    this.page = page;
  }

  static async open(browser: Browser, baseUrl: string, role: DemoRole): Promise<ChaosDevice> {
    const { context, page } = await openControlledPage(browser, baseUrl, role, '/tickets');
    const device = new ChaosDevice(role, context, page);
    await context.route('**/api/**', (route) => device.routeApi(route));
    return device;
  }

  private async routeApi(route: Route): Promise<void> {
    if (!this.loseNextWrite || route.request().method() === 'GET') return route.fallback();
    this.loseNextWrite = false;
    const reached = await route.fetch().then(
      () => true,
      () => false,
    );
    if (reached) this.lostAnswers += 1;
    await route.abort('failed');
  }

  async setOffline(isOffline: boolean): Promise<void> {
    this.isOffline = isOffline;
    await this.context.setOffline(isOffline);
  }

  async reload(): Promise<void> {
    await this.page.reload();
    await this.page.getByRole('navigation', { name: 'Main' }).waitFor();
  }

  private async show(path: keyof typeof screenLinks): Promise<void> {
    if (new URL(this.page.url()).pathname === path) return;
    await this.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: screenLinks[path] }).click();
    await this.page.waitForURL((url) => url.pathname === path);
  }

  async createTicket(title: string): Promise<void> {
    await this.show('/tickets');
    await this.page.getByRole('button', { name: 'Create Ticket' }).click();
    const form = this.page.getByRole('dialog', { name: 'Create Ticket' });
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Machine').selectOption({ index: 1 });
    await form.getByLabel('Description').fill('Found during the chaos run');
    await form.getByRole('button', { name: 'Create Ticket' }).click();
    await form.waitFor({ state: 'detached' });
  }

  private async ticketRow(title: string) {
    await this.show('/tickets');
    await this.page.getByLabel('Search tickets').fill(title);
    const row = this.page.getByRole('row').filter({ hasText: title });
    await row.waitFor();
    return row;
  }

  async comment(title: string, text: string): Promise<void> {
    const row = await this.ticketRow(title);
    const dialog = this.page.getByRole('dialog');
    const field = dialog.getByLabel('Add a comment');
    // The row's View sits under the toasts' column, and each save raises a toast: a click that may have
    // landed as a new toast moved the stack over it opened nothing (seen once on CI), and is made again.
    await expect
      .poll(
        async () => {
          if (!(await dialog.isVisible())) await row.getByRole('button', { name: /^View / }).click({ timeout: 2_000 });
          return field.isVisible();
        },
        { message: `${title}'s details with their comment field` },
      )
      .toBe(true);
    await field.fill(text);
    await dialog.getByRole('button', { name: 'Add Comment' }).click();
    // Saved on the device once it is listed and the field is empty (a filled textarea's text matches too).
    await dialog.getByRole('listitem').filter({ hasText: text }).waitFor();
    await expect.poll(() => dialog.getByLabel('Add a comment').inputValue()).toBe('');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
  }

  /** Sets the ticket's status to one of `choices` other than the one shown; returns it. */
  async changeTicketStatus(title: string, choose: (others: string[]) => string): Promise<string> {
    const row = await this.ticketRow(title);
    const select = row.getByRole('combobox', { name: /^Status of / });
    const value = choose(await this.otherOptions(select));
    await chooseTicketStatus(this.page, select, value);
    return value;
  }

  async changeMachineStatus(name: string, choose: (others: string[]) => string): Promise<string> {
    await this.show('/machines');
    const select = this.page.getByRole('combobox', { name: `Status of ${name}` });
    const shown = await select.inputValue();
    const value = choose(machineStatuses.filter((status) => status !== shown)) as MachineStatus;
    await chooseMachineStatus(this.page, select, value);
    return value;
  }

  /** The options of a select but the one it shows. */
  private async otherOptions(select: ReturnType<Page['getByRole']>) {
    const shown = await select.inputValue();
    const options = await select
      .locator('option')
      .evaluateAll((all) => all.map((option) => (option as HTMLOptionElement).value));
    return options.filter((option) => option !== shown);
  }

  async hasTicket(title: string): Promise<boolean> {
    const tickets = await readDeviceStore<{ title: string }>(this.page, 'tickets');
    return tickets.some((ticket) => ticket.title === title);
  }
}
