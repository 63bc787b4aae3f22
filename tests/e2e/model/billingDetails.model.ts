/**
 * The profile's Billing details section in Chromium against the real server: a signed-in customer reads the saved
 * details (held, or failed under the network, then "Try again"), types into the three fields, sees each rule's
 * message under its field, and saves. The held save goes to the real server: with the details the sample answers
 * (which the server keeps and answers back), or with a VAT number it refuses in the words the sample says.
 */
import { expect, type Page } from '@playwright/test';
import { BILLING_FIELDS, type BillingField } from '#domain/billing';
import type { BillingDetails } from '#domain/billingContract';
import { billingDetailsMachine, canSaveBilling } from '#machines/billingDetails.machine';
import { billingDetailsSamples } from '#tests/machines/billingDetailsSamples';
import { describeBrowserModel } from './browser';
import { existingAccount, HeldRequests, openApp, withStoredToken } from './support';

interface Ctx {
  token: string;
  load: HeldRequests;
  save: HeldRequests;
}

const LABELS: Record<BillingField, string> = {
  billingName: 'Billing name',
  address: 'Billing address',
  vatNumber: 'VAT number',
};

const section = (page: Page) => page.getByRole('region', { name: 'Billing details' });
const field = (page: Page, name: BillingField) => section(page).getByLabel(LABELS[name], { exact: true });
const save = (page: Page) => section(page).getByRole('button', { name: 'Save billing details' });

/** What the server holds from now on, set as the customer would from another tab. */
async function holdOnServer(page: Page, ctx: Ctx, details: BillingDetails) {
  const res = await page.request.put('/api/users/billing', {
    data: details,
    headers: { authorization: `Bearer ${ctx.token}` },
  });
  expect(res.status()).toBe(200);
}

describeBrowserModel<typeof billingDetailsMachine, Ctx>({
  machine: billingDetailsMachine,
  model: billingDetailsSamples,
  start: async (page) => {
    const account = await existingAccount(page);
    await withStoredToken(page, account.token);
    const load = await HeldRequests.on(page, '**/api/users/billing', Infinity, 'GET');
    const save = await HeldRequests.on(page, '**/api/users/billing', Infinity, 'PUT');
    await openApp(page, '/profile');
    await expect(page.getByRole('heading', { level: 2, name: 'Billing details' })).toBeVisible();
    return { token: account.token, load, save };
  },
  states: {
    loading: async (page) => {
      await expect(section(page).getByRole('progressbar', { name: 'Reading your billing details' })).toBeVisible();
      await expect(section(page).getByRole('textbox')).toHaveCount(0);
    },
    failed: async (page, _ctx, snapshot) => {
      await expect(section(page).getByRole('alert')).toHaveText(snapshot.context.error!);
      await expect(section(page).getByRole('button', { name: 'Try again' })).toBeEnabled();
      await expect(section(page).getByRole('textbox')).toHaveCount(0);
    },
    editing: async (page, _ctx, snapshot) => {
      const { values, errors, error } = snapshot.context;
      for (const name of BILLING_FIELDS) {
        const input = field(page, name);
        await expect(input).toHaveValue(values[name]);
        await expect(input).toBeEditable();
        // Each rule's message stands under its field and is what the field is described by.
        const message = errors[name];
        if (message) {
          await expect(input).toHaveAttribute('aria-invalid', 'true');
          await expect(input).toHaveAccessibleDescription(message);
        } else {
          await expect(input).not.toHaveAttribute('aria-invalid');
        }
      }
      await expect(save(page)).toBeEnabled({ enabled: canSaveBilling(snapshot.context) });
      if (error) await expect(section(page).getByRole('alert')).toHaveText(error);
      else await expect(section(page).getByRole('alert')).toHaveCount(0);
    },
    saving: async (page, _ctx, snapshot) => {
      // `has` is matched inside each button, so it starts from the page, not the section.
      const spinner = page.getByRole('progressbar', { name: 'Saving' });
      await expect(section(page).getByRole('button').filter({ has: spinner })).toBeDisabled();
      await expect(save(page)).toHaveCount(0);
      // What was typed stays in view, not editable until the server answers.
      for (const name of BILLING_FIELDS) {
        await expect(field(page, name)).toHaveValue(snapshot.context.values[name]);
        await expect(field(page, name)).not.toBeEditable();
      }
    },
  },
  events: {
    'billing.change': (page, _ctx, event) => field(page, event.field).fill(event.value),
    // A disabled button cannot be pressed: the event is a no-op for a person too.
    'billing.submit': async (page) => {
      if (await save(page).isEnabled()) await save(page).click();
    },
    'billing.retry': (page) => section(page).getByRole('button', { name: 'Try again' }).click(),
  },
  outcomes: {
    // The read answers what the server holds; the sample decides what that is.
    loadBilling: {
      done: async (page, ctx, event) => {
        await holdOnServer(page, ctx, (event as unknown as { output: BillingDetails }).output);
        await ctx.load.release();
      },
      error: async (_page, ctx) => {
        await ctx.load.fail();
      },
    },
    // The server keeps the sample's details and answers them back in their normal form.
    saveBilling: {
      done: async (page, ctx, event) => {
        const output = (event as unknown as { output: BillingDetails }).output;
        await ctx.save.release(() => ({ ...output }));
        await expect(
          page.getByTestId('toast').filter({ hasText: 'Your billing details have been saved.' }).last(),
        ).toHaveAttribute('data-variant', 'success');
      },
      // A real refusal: a VAT number with a dash, which the form never sends.
      error: async (_page, ctx) => {
        await ctx.save.release((body) => ({ ...body, vatNumber: 'GB-123456789' }));
      },
    },
  },
  delays: {},
});
