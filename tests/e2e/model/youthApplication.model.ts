/**
 * The youth-programme application in Chromium: the applicant fills the form, the button stays disabled until
 * every rule passes, a sent application shows a spinner for 1.5 s (on Playwright's clock), then the form is
 * empty again and the page offers the application as an e-mail to the programme. Nothing goes to the server.
 */
import { expect, type Page } from '@playwright/test';
import {
  emptyYouthValues,
  youthApplicationMachine,
  YOUTH_SUBMIT_DELAY_MS,
} from '../../../machines/youthApplication.machine';
import { company } from '../../../domain/company';
import { validateYouthField, YOUTH_FIELDS, type YouthField } from '../../../domain/validation';
import { describeBrowserModel } from './browser';
import { openStopped } from './pages';

interface Ctx {
  /** Requests to the site's API made while on the page. */
  api: string[];
  /** The toaster is loaded on the first toast: whether the page has it. */
  toaster: boolean;
}

const SENDING = 'Sending your application…';
const SENT = 'Your application has been sent successfully';

const FIELDS: Record<YouthField, { label: string; id: string }> = {
  fullName: { label: 'Full name', id: 'youth-name' },
  emailAddress: { label: 'Email address', id: 'youth-email' },
  phoneNumber: { label: 'Phone number', id: 'youth-phone' },
  age: { label: 'Age', id: 'youth-age' },
  joinCause: { label: 'Why do you want to join?', id: 'youth-cause' },
};

const input = (page: Page, field: YouthField) => page.getByLabel(FIELDS[field].label, { exact: true });
const sendButton = (page: Page) => page.getByRole('button', { name: 'Send application' });
const thanks = (page: Page) => page.getByRole('main').getByRole('status');

await describeBrowserModel<typeof youthApplicationMachine, Ctx>({
  machine: youthApplicationMachine,
  model: {
    // The events of the machine-level suite, but for a name of 33 characters: the field takes no more than 32,
    // so no applicant can send that change (the machine refuses it too).
    events: [
      { type: 'youth.change', field: 'fullName', value: 'Sam Taylor' },
      { type: 'youth.change', field: 'emailAddress', value: 'sam@example.com' },
      { type: 'youth.change', field: 'phoneNumber', value: '07123 456789' },
      { type: 'youth.change', field: 'joinCause', value: 'I want to learn to build websites for local charities.' },
      { type: 'youth.changeAge', age: 31 },
      { type: 'youth.submit' },
    ],
    // Which fields are valid is what shapes the machine; the values themselves do not.
    serializeState: (snapshot) =>
      JSON.stringify({
        value: snapshot.value,
        validFields: YOUTH_FIELDS.filter((field) => !validateYouthField(field, snapshot.context.values)).length,
        errorsShown: YOUTH_FIELDS.some((field) => snapshot.context.errors[field]),
        sent: snapshot.context.application !== null,
      }),
  },
  start: async (page) => {
    await openStopped(page, '/youth-project', input(page, 'fullName'));
    const ctx: Ctx = { api: [], toaster: false };
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) ctx.api.push(request.url());
    });
    return ctx;
  },
  states: {
    editing: async (page, ctx, snapshot) => {
      const { values, errors, application } = snapshot.context;
      await expect(page.getByRole('progressbar', { name: 'Sending your application' })).toHaveCount(0);
      for (const field of YOUTH_FIELDS) {
        await expect(input(page, field)).toBeEnabled();
        await expect(input(page, field)).toHaveValue(String(values[field]));
        const error = errors[field];
        if (error) await expect(page.locator(`#${FIELDS[field].id}-error`)).toHaveText(error);
        else await expect(input(page, field)).not.toHaveAttribute('aria-invalid');
      }
      const allValid = YOUTH_FIELDS.every((field) => validateYouthField(field, values) === null);
      await expect(sendButton(page)).toBeEnabled({ enabled: allValid });
      if (application) {
        await expect(thanks(page)).toContainText(
          `Thank you, ${application.fullName}! To apply, send your application to ${company.youthProjectEmail}`,
        );
        const href = new URL((await thanks(page).getByRole('link').getAttribute('href'))!);
        expect(href.pathname).toBe(company.youthProjectEmail);
        expect(href.searchParams.get('body')).toContain(`Phone: ${application.phoneNumber}`);
        await expect(page.getByTestId('toast')).toHaveText(new RegExp(SENT));
        await expect(page.getByTestId('toast')).toHaveAttribute('data-variant', 'success');
      } else await expect(thanks(page)).toHaveCount(0);
      expect(ctx.api).toEqual([]);
    },
    submitting: async (page) => {
      await expect(page.getByRole('progressbar', { name: 'Sending your application' })).toBeVisible();
      await expect(sendButton(page)).toHaveCount(0);
      for (const field of YOUTH_FIELDS) await expect(input(page, field)).toBeDisabled();
    },
  },
  events: {
    'youth.change': (page, _ctx, event) => input(page, event.field).fill(event.value),
    'youth.changeAge': (page, _ctx, event) => input(page, 'age').fill(String(event.age)),
    // A disabled button does nothing when pressed. The first toast brings the toaster's code; once it is here,
    // the toast shows as soon as React's reveal throttle has passed on the clock.
    'youth.submit': async (page, ctx) => {
      if (!(await sendButton(page).isEnabled())) return;
      const toaster = ctx.toaster
        ? Promise.resolve()
        : page.waitForResponse((response) => /\/assets\/Toaster-[^/]+\.js$/.test(response.url()));
      await sendButton(page).click();
      await toaster;
      ctx.toaster = true;
    },
  },
  outcomes: {},
  delays: {
    submitDelay: async (page) => {
      await page.clock.runFor(YOUTH_SUBMIT_DELAY_MS - 1);
      await expect(page.getByRole('progressbar', { name: 'Sending your application' })).toBeVisible();
      await expect(page.getByTestId('toast')).toHaveText(new RegExp(SENDING));
      await page.clock.runFor(1);
      await expect(input(page, 'fullName')).toHaveValue(emptyYouthValues.fullName);
    },
  },
});
