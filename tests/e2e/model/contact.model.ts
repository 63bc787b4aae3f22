/**
 * The contact form in Chromium: the visitor types, sends, sees what is missing, or sees the thank-you alert
 * (which offers the message as an e-mail to the support address) over a cleared form, and dismisses it or
 * starts typing again. Nothing goes to the server.
 */
import { expect, type Page } from '@playwright/test';
import { type ContactField, contactMachine } from '../../../machines/contact.machine';
import { company } from '../../../domain/company';
import { describeBrowserModel } from './browser';
import { openApp } from './support';

interface Ctx {
  /** Requests to the site's API made while on the page. */
  api: string[];
}

const LABELS: Record<ContactField, string> = { name: 'Name', email: 'Email', message: 'Message' };
const field = (page: Page, name: ContactField) => page.getByLabel(LABELS[name], { exact: true });
const thanks = (page: Page) => page.getByRole('main').getByRole('status');

await describeBrowserModel<typeof contactMachine, Ctx>({
  machine: contactMachine,
  model: {
    events: [
      { type: 'contact.change', field: 'name', value: 'Ada' },
      { type: 'contact.change', field: 'email', value: 'ada@example.com' },
      { type: 'contact.change', field: 'message', value: 'Hello there' },
      { type: 'contact.submit' },
      { type: 'contact.dismiss' },
    ],
  },
  start: async (page) => {
    await openApp(page, '/contact-us');
    const ctx: Ctx = { api: [] };
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) ctx.api.push(request.url());
    });
    return ctx;
  },
  states: {
    editing: async (page, _ctx, snapshot) => {
      await expect(thanks(page)).toHaveCount(0);
      for (const name of Object.keys(LABELS) as ContactField[]) {
        await expect(field(page, name)).toHaveValue(snapshot.context.values[name]);
        const error = snapshot.context.errors[name];
        if (error) {
          await expect(field(page, name)).toHaveAttribute('aria-invalid', 'true');
          await expect(page.locator(`#contact-${name}-error`)).toHaveText(error);
        } else await expect(field(page, name)).not.toHaveAttribute('aria-invalid');
      }
    },
    sent: async (page, ctx, snapshot) => {
      const message = snapshot.context.message!;
      await expect(thanks(page)).toContainText(
        `Thank you, ${message.name}! Your message is ready: send it to ${company.supportEmail}`,
      );
      const link = thanks(page).getByRole('link', { name: `send it to ${company.supportEmail}` });
      const href = new URL((await link.getAttribute('href'))!);
      expect(href.protocol).toBe('mailto:');
      expect(href.pathname).toBe(company.supportEmail);
      expect(href.searchParams.get('body')).toBe(`${message.message}\n\n${message.name} <${message.email}>`);
      for (const name of Object.keys(LABELS) as ContactField[]) await expect(field(page, name)).toHaveValue('');
      // Nothing was sent anywhere.
      expect(ctx.api).toEqual([]);
    },
  },
  events: {
    'contact.change': (page, _ctx, event) => field(page, event.field).fill(event.value),
    'contact.submit': (page) => page.getByRole('button', { name: 'Send Message' }).click(),
    'contact.dismiss': (page) => thanks(page).getByRole('button', { name: 'Dismiss' }).click(),
  },
  outcomes: {},
  delays: {},
});
