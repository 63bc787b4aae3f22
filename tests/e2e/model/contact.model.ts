/**
 * The contact form in Chromium against the real server: the visitor types, sends, sees what is missing, or
 * (the request held until the path says how it ends) sees the thank-you alert over a cleared form, or the
 * real server's refusal above the button with the form kept; and dismisses the alert or starts typing again.
 */
import { expect, type Page } from '@playwright/test';
import { type ContactField, contactMachine } from '#machines/contact.machine';
import { describeBrowserModel } from './browser';
import { HeldRequests, openApp } from './support';

interface Ctx {
  send: HeldRequests;
}

const LABELS: Record<ContactField, string> = { name: 'Name', email: 'Email', message: 'Message' };
const field = (page: Page, name: ContactField) => page.getByLabel(LABELS[name], { exact: true });
const thanks = (page: Page) => page.getByRole('main').getByRole('status');

describeBrowserModel<typeof contactMachine, Ctx>({
  machine: contactMachine,
  model: {
    events: [
      { type: 'contact.change', field: 'name', value: 'Ada' },
      { type: 'contact.change', field: 'email', value: 'ada@example.com' },
      { type: 'contact.change', field: 'message', value: 'Hello there' },
      { type: 'contact.trap', value: 'http://spam.example' },
      { type: 'contact.submit' },
      { type: 'contact.dismiss' },
    ],
    // The real server's refusal of an address it finds wrong.
    errors: { sendMessage: [new Error('Email is invalid')] },
  },
  start: async (page) => {
    const send = await HeldRequests.on(page, '**/api/forms/contact');
    await openApp(page, '/contact-us');
    return { send };
  },
  states: {
    editing: async (page, _ctx, snapshot) => {
      await expect(thanks(page)).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Send Message' })).toBeVisible();
      if (snapshot.context.failure)
        await expect(page.getByRole('main').getByRole('alert')).toHaveText(snapshot.context.failure);
      else await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0);
      for (const name of Object.keys(LABELS) as ContactField[]) {
        await expect(field(page, name)).toHaveValue(snapshot.context.values[name]);
        const error = snapshot.context.errors[name];
        if (error) {
          await expect(field(page, name)).toHaveAttribute('aria-invalid', 'true');
          await expect(page.locator(`#contact-${name}-error`)).toHaveText(error);
        } else await expect(field(page, name)).not.toHaveAttribute('aria-invalid');
      }
    },
    sending: async (page) => {
      await expect(page.getByRole('progressbar', { name: 'Sending your message' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Send Message' })).toHaveCount(0);
    },
    sent: async (page, _ctx, snapshot) => {
      const message = snapshot.context.message!;
      await expect(thanks(page)).toContainText(
        `Thank you, ${message.name}! Your message has been sent; we reply within a few hours.`,
      );
      for (const name of Object.keys(LABELS) as ContactField[]) await expect(field(page, name)).toHaveValue('');
    },
  },
  events: {
    'contact.change': (page, _ctx, event) => field(page, event.field).fill(event.value),
    'contact.submit': (page) => page.getByRole('button', { name: 'Send Message' }).click(),
    // The hidden field people never see: only a robot fills it (the server then sends nothing).
    'contact.trap': (page, _ctx, event) => page.locator('#contact-website').fill(event.value, { force: true }),
    'contact.dismiss': (page) => thanks(page).getByRole('button', { name: 'Dismiss' }).click(),
  },
  outcomes: {
    // The held message goes to the real server as typed, or with an address it refuses.
    sendMessage: {
      done: (_page, ctx) => ctx.send.release(),
      error: (_page, ctx) => ctx.send.release((body) => ({ ...body, email: 'not-an-address' })),
    },
  },
  delays: {},
});
