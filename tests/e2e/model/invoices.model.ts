/**
 * The invoices page's list in Chromium against the real server: a customer with one unpaid invoice (made
 * through the API) sees it, or, when the list cannot be loaded (failed at the network edge), no claim about
 * it and a way to load it again.
 */
import { expect, type Page } from '@playwright/test';
import { invoicesMachine } from '#machines/invoices.machine';
import { servicesByPrice } from '#domain/catalogue/services';
import { invoicesSamples } from '../../machines/accountSamples';
import { describeBrowserModel } from './browser';
import { existingAccount, HeldRequests, openApp, withStoredToken } from './support';

interface Ctx {
  list: HeldRequests;
}

const service = servicesByPrice[0]!;
const reloadButton = (page: Page) => page.getByRole('button', { name: 'Load invoices again' });
const noInvoices = (page: Page) => page.getByText('You have no invoices yet.');
const cards = (page: Page) => page.getByTestId('invoice-card');

await describeBrowserModel<typeof invoicesMachine, Ctx>({
  machine: invoicesMachine,
  model: {
    ...invoicesSamples,
    // The customer has one invoice: the server's answer is always that list.
    outputs: { loadInvoices: [invoicesSamples.outputs!.loadInvoices![0]] },
  },
  start: async (page) => {
    const customer = await existingAccount(page);
    const created = await page.request.post('/api/invoices/create', {
      headers: { authorization: `Bearer ${customer.token}` },
      data: { amount: service.price, title: service.title, type: 'Video Meeting', url: '' },
    });
    expect(created.status()).toBe(201);
    await withStoredToken(page, customer.token);
    const list = await HeldRequests.on(page, /\/api\/invoices\/my$/);
    await openApp(page, '/invoices');
    return { list };
  },
  states: {
    loading: async (page) => {
      await expect(page.getByRole('progressbar', { name: 'Loading your invoices' })).toBeVisible();
      await expect(noInvoices(page)).toHaveCount(0);
      await expect(reloadButton(page)).toHaveCount(0);
    },
    loaded: async (page, _ctx, snapshot) => {
      await expect(page.getByRole('progressbar')).toHaveCount(0);
      await expect(reloadButton(page)).toHaveCount(0);
      const count = snapshot.context.invoices.length;
      await expect(cards(page)).toHaveCount(count);
      if (count === 0) await expect(noInvoices(page)).toBeVisible();
      else {
        await expect(noInvoices(page)).toHaveCount(0);
        await expect(cards(page).first()).toContainText(service.title);
        await expect(cards(page).first()).toContainText('Unpaid');
      }
    },
    // Nothing is known about the list: no claim that there are none, no error text, a way to try again.
    unavailable: async (page) => {
      await expect(page.getByRole('progressbar')).toHaveCount(0);
      await expect(reloadButton(page)).toBeVisible();
      await expect(noInvoices(page)).toHaveCount(0);
      await expect(cards(page)).toHaveCount(0);
      await expect(page.getByRole('alert')).toHaveCount(0);
    },
  },
  events: {
    'invoices.reload': (page) => reloadButton(page).click(),
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
  },
  delays: {},
});
