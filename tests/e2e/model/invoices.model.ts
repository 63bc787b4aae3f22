/**
 * The invoices page in Chromium against the real server: a customer with one unpaid invoice (made through
 * the API) sees it, or, when the list cannot be loaded (failed at the network edge), no claim about it and a
 * way to load it again; back from a checkout (`?payment=`) the page confirms how it ended; Pay now leaves for
 * a fresh sandbox checkout.
 */
import { expect, type Page } from '@playwright/test';
import { invoicesMachine } from '#machines/invoices.machine';
import { servicesByPrice } from '#domain/catalogue/services';
import type { PaymentReturn } from '#domain/contract';
import { invoicesSamples, unpaidInvoice } from '#tests/machines/accountSamples';
import { describeBrowserModel } from './browser';
import { existingAccount, HeldRequests, openApp, withStoredToken } from './support';

interface Ctx {
  list: HeldRequests;
  renew: HeldRequests;
  /** The link the order was made with: Pay now's must be another. */
  firstLink: string;
}

const service = servicesByPrice[0]!;
const reloadButton = (page: Page) => page.getByRole('button', { name: 'Load invoices again' });
const noInvoices = (page: Page) => page.getByText('You have no invoices yet.');
const cards = (page: Page) => page.getByTestId('invoice-card');
const payNow = (page: Page) => page.getByRole('button', { name: 'Pay now' });
const notice = (page: Page) => page.getByTestId('payment-notice');
const NOTICES: Record<PaymentReturn, string> = {
  paid: 'Payment received — thank you',
  cancelled: 'Payment cancelled — you can pay from the invoice card',
};

/** The checkout's confirmation, shown whatever the list does, until dismissed. */
async function expectNotice(page: Page, returned: PaymentReturn | null) {
  if (returned === null) await expect(notice(page)).toHaveCount(0);
  else await expect(notice(page)).toHaveText(new RegExp(`^${NOTICES[returned]}`));
  // The address never keeps the return once the page has it: a reload would announce it again.
  await expect(page).toHaveURL(/\/invoices$/);
}

describeBrowserModel<typeof invoicesMachine, Ctx>({
  machine: invoicesMachine,
  model: {
    ...invoicesSamples,
    // The customer has one unpaid invoice: the server's answer is always that list.
    outputs: { ...invoicesSamples.outputs, loadInvoices: [[unpaidInvoice]] },
  },
  start: async (page, input) => {
    const customer = await existingAccount(page);
    const created = await page.request.post('/api/invoices/create', {
      headers: { authorization: `Bearer ${customer.token}` },
      data: { amount: service.price, title: service.title, type: 'Video Meeting', url: '' },
    });
    expect(created.status()).toBe(201);
    const { paymentLink: firstLink } = (await created.json()) as { paymentLink: string };
    await withStoredToken(page, customer.token);
    const list = await HeldRequests.on(page, /\/api\/invoices\/my$/);
    const renew = await HeldRequests.on(page, /\/api\/invoices\/pay\/[^/]+$/);
    const returned = (input as { returned?: PaymentReturn }).returned;
    await openApp(page, returned ? `/invoices?payment=${returned}` : '/invoices');
    return { list, renew, firstLink };
  },
  states: {
    loading: async (page, _ctx, snapshot) => {
      await expect(page.getByRole('progressbar', { name: 'Loading your invoices' })).toBeVisible();
      await expect(noInvoices(page)).toHaveCount(0);
      await expect(reloadButton(page)).toHaveCount(0);
      await expectNotice(page, snapshot.context.notice);
    },
    loaded: async (page, _ctx, snapshot) => {
      await expect(page.getByRole('progressbar')).toHaveCount(0);
      await expect(reloadButton(page)).toHaveCount(0);
      await expectNotice(page, snapshot.context.notice);
      const count = snapshot.context.invoices.length;
      await expect(cards(page)).toHaveCount(count);
      if (count === 0) await expect(noInvoices(page)).toBeVisible();
      else {
        await expect(noInvoices(page)).toHaveCount(0);
        await expect(cards(page).first()).toContainText(service.title);
        await expect(cards(page).first()).toContainText('Unpaid');
        await expect(payNow(page)).toBeEnabled();
      }
    },
    // The fresh link is being made: this card's button waits, and no second one starts.
    paying: async (page, _ctx, snapshot) => {
      await expectNotice(page, snapshot.context.notice);
      const button = cards(page).first().locator('.invoice-card__pay');
      await expect(button).toBeDisabled();
      await expect(button.getByRole('progressbar', { name: 'Pay now: opening the checkout' })).toBeVisible();
    },
    // The browser left for the fresh checkout: the sandbox's page, on a link that is not the first one.
    redirecting: async (page, ctx) => {
      await expect(page).toHaveURL(/\/pay\/sandbox\//);
      expect(page.url()).not.toBe(ctx.firstLink);
      await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
    },
    // Nothing is known about the list: no claim that there are none, no error text, a way to try again.
    unavailable: async (page, _ctx, snapshot) => {
      await expect(page.getByRole('progressbar')).toHaveCount(0);
      await expect(reloadButton(page)).toBeVisible();
      await expect(noInvoices(page)).toHaveCount(0);
      await expect(cards(page)).toHaveCount(0);
      await expect(page.getByRole('alert')).toHaveCount(0);
      await expectNotice(page, snapshot.context.notice);
    },
  },
  events: {
    'invoices.reload': (page) => reloadButton(page).click(),
    'invoices.pay': (page) => payNow(page).click(),
    'invoices.dismissNotice': (page) => page.getByRole('button', { name: 'Dismiss' }).click(),
  },
  outcomes: {
    loadInvoices: {
      done: async (_page, ctx) => {
        await ctx.list.release();
      },
      error: async (_page, ctx) => {
        await ctx.list.fail();
      },
    },
    renewPaymentLink: {
      done: async (_page, ctx) => {
        await ctx.renew.release();
      },
      error: async (_page, ctx) => {
        await ctx.renew.fail();
      },
    },
  },
  delays: {},
});
