import { wizardSamples } from '#tests/machines/samples';
import { expect, type Page } from '@playwright/test';
import { orderUrl, wizardMachine } from '#machines/wizard.machine';
import { DELIVERY_LABELS } from '#domain/catalogue/delivery';
import { formatPrice, servicesByPrice } from '#domain/catalogue/services';
import { describeBrowserModel } from './browser';
import { existingAccount, HeldRequests, openApp, withStoredToken } from './support';

const service = servicesByPrice[0]!;

interface Ctx {
  create: HeldRequests;
}

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

/** Presses a button if a person could: a disabled one does nothing. */
async function press(page: Page, name: string) {
  const target = button(page, name);
  if (await target.isEnabled()) await target.click();
}

describeBrowserModel<typeof wizardMachine, Ctx>({
  machine: wizardMachine,
  model: {
    inputs: [{ service: { title: service.title, price: service.price } }],
    ...wizardSamples,
    errors: { createInvoice: [new Error('The price of this service has changed.')] },
    // The URL field is there to type in only once an existing website was chosen.
    filterEvents: (snapshot, event) => event.type !== 'wizard.changeUrl' || snapshot.context.appChoice === 'existing',
    serializeState: (s) =>
      JSON.stringify({
        value: s.value,
        appChoice: s.context.appChoice,
        hasUrl: s.context.websiteUrl.trim() !== '',
        serviceType: s.context.serviceType,
      }),
  },
  start: async (page) => {
    const account = await existingAccount(page);
    await withStoredToken(page, account.token);
    const create = await HeldRequests.on(page, '**/api/invoices/create');
    await openApp(page, `/service/${service.id}/request`);
    return { create };
  },
  states: {
    review: async (page) => {
      await expect(page.getByRole('heading', { name: 'Service Review' })).toBeVisible();
      await expect(button(page, 'Back')).toBeDisabled();
    },
    information: async (page, _ctx, snapshot) => {
      await expect(page.getByRole('group', { name: 'Information' })).toBeVisible();
      const existing = snapshot.context.appChoice === 'existing';
      await expect(page.getByLabel('I have an existing website or application')).toBeChecked({ checked: existing });
      const url = page.getByPlaceholder('Your website URL or application name...');
      if (existing) await expect(url).toHaveValue(snapshot.context.websiteUrl.trim() ? /\S/ : '');
      else await expect(url).toHaveCount(0);
    },
    delivery: async (page, _ctx, snapshot) => {
      await expect(page.getByRole('group', { name: 'Delivery' })).toBeVisible();
      await expect(page.getByLabel(DELIVERY_LABELS[snapshot.context.serviceType])).toBeChecked();
    },
    confirmation: async (page, _ctx, snapshot) => {
      const summary = page.locator('dl');
      await expect(summary).toContainText(service.title);
      await expect(summary).toContainText(formatPrice(service.price));
      await expect(summary).toContainText(DELIVERY_LABELS[snapshot.context.serviceType]);
      await expect(summary).toContainText(orderUrl(snapshot.context) || 'Not provided');
      await expect(button(page, 'Confirm & Checkout')).toBeEnabled();
    },
    checkingOut: async (page) => {
      await expect(page.getByRole('progressbar', { name: 'Creating your invoice' })).toBeVisible();
      await expect(button(page, 'Back')).toBeDisabled();
    },
    redirecting: async (page) => {
      await expect(page).toHaveURL(/\/pay\/sandbox\//);
      await expect(page.getByText(/test mode/i).first()).toBeVisible();
    },
  },
  events: {
    'wizard.next': (page) => press(page, 'Next'),
    'wizard.back': (page) => press(page, 'Back'),
    'wizard.chooseApp': async (page, _ctx, event) => {
      const label =
        event.choice === 'existing'
          ? 'I have an existing website or application'
          : "I don't have an existing website or application";
      await page.getByLabel(label).check();
    },
    'wizard.changeUrl': async (page, _ctx, event) => {
      await page.getByPlaceholder('Your website URL or application name...').fill(event.value);
    },
    'wizard.chooseType': async (page, _ctx, event) => {
      await page.getByLabel(DELIVERY_LABELS[event.serviceType]).check();
    },
    'wizard.confirm': (page) => button(page, 'Confirm & Checkout').click(),
  },
  outcomes: {
    createInvoice: {
      done: async (_page, { create }) => {
        await create.release();
      },
      // A real refusal by the server: the amount no longer matches the catalogue.
      error: async (page, { create }) => {
        await create.release((body) => ({ ...body, amount: Number(body.amount) + 1 }));
        await expect(page.getByTestId('toast').filter({ hasText: /price/i })).toHaveAttribute('data-variant', 'error');
      },
    },
  },
  delays: {},
});
