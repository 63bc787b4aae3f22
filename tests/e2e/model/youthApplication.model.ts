/**
 * The youth-programme application in Chromium against the real server: the applicant fills the form, the
 * button stays disabled until every rule passes, a sent application goes to the office (the request is held
 * until the path says how it ends) while a spinner shows for at least 1.5 s (on Playwright's clock), then the
 * form is empty again and the toast says it was sent. A refused one (the real server's refusal) keeps the form
 * and the toast says why.
 */
import { expect, type Page } from '@playwright/test';
import { youthApplicationMachine, YOUTH_SUBMIT_DELAY_MS } from '#machines/youthApplication.machine';
import { validateYouthField, YOUTH_FIELDS, type YouthField } from '#domain/validation';
import { describeBrowserModel } from './browser';
import { openStopped } from './pages';
import { HeldRequests } from './support';

interface Ctx {
  send: HeldRequests;
  /** The toaster is loaded on the first toast: whether the page has it. */
  toaster: boolean;
  /** How the last application ended, as the toast should say. */
  last: 'sent' | 'refused' | null;
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
const spinner = (page: Page) => page.getByRole('progressbar', { name: 'Sending your application' });

/** While an application is out: the spinner instead of the button, the fields locked. */
async function expectSubmitting(page: Page) {
  await expect(spinner(page)).toBeVisible();
  await expect(sendButton(page)).toHaveCount(0);
  for (const field of YOUTH_FIELDS) await expect(input(page, field)).toBeDisabled();
}

describeBrowserModel<typeof youthApplicationMachine, Ctx>({
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
      { type: 'youth.trap', value: 'http://spam.example' },
      { type: 'youth.submit' },
    ],
    // The real server's refusal of an application it finds wrong.
    errors: { sendApplication: [new Error('Applicants must be 18 to 30 years old.')] },
    // Which fields are valid is what shapes the machine; the values themselves do not.
    serializeState: (snapshot) =>
      JSON.stringify({
        value: snapshot.value,
        validFields: YOUTH_FIELDS.filter((field) => !validateYouthField(field, snapshot.context.values)).length,
        errorsShown: YOUTH_FIELDS.some((field) => snapshot.context.errors[field]),
      }),
  },
  start: async (page) => {
    await openStopped(page, '/youth-project', input(page, 'fullName'));
    const send = await HeldRequests.on(page, '**/api/forms/youth-application');
    return { send, toaster: false, last: null };
  },
  states: {
    editing: async (page, ctx, snapshot) => {
      const { values, errors } = snapshot.context;
      await expect(spinner(page)).toHaveCount(0);
      for (const field of YOUTH_FIELDS) {
        await expect(input(page, field)).toBeEnabled();
        await expect(input(page, field)).toHaveValue(String(values[field]));
        const error = errors[field];
        if (error) await expect(page.locator(`#${FIELDS[field].id}-error`)).toHaveText(error);
        else await expect(input(page, field)).not.toHaveAttribute('aria-invalid');
      }
      const allValid = YOUTH_FIELDS.every((field) => validateYouthField(field, values) === null);
      await expect(sendButton(page)).toBeEnabled({ enabled: allValid });
      if (ctx.last === 'sent') {
        await expect(page.getByTestId('toast')).toHaveText(new RegExp(SENT));
        await expect(page.getByTestId('toast')).toHaveAttribute('data-variant', 'success');
      } else if (ctx.last === 'refused') {
        await expect(page.getByTestId('toast')).toHaveText(/Applicants must be 18 to 30 years old\./);
        await expect(page.getByTestId('toast')).toHaveAttribute('data-variant', 'error');
      }
    },
    'submitting.request.sending': expectSubmitting,
    'submitting.request.sent': expectSubmitting,
    'submitting.minimum.waiting': expectSubmitting,
    'submitting.minimum.passed': expectSubmitting,
  },
  events: {
    'youth.change': (page, _ctx, event) => input(page, event.field).fill(event.value),
    'youth.changeAge': (page, _ctx, event) => input(page, 'age').fill(String(event.age)),
    // The hidden field people never see: only a robot fills it (the server then sends nothing).
    'youth.trap': (page, _ctx, event) => page.locator('#youth-website').fill(event.value, { force: true }),
    // A disabled button does nothing when pressed. The first toast brings the toaster's code; once it is here,
    // the toast shows as soon as the clock has moved a little.
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
  outcomes: {
    // The held application goes to the real server as typed, or with an age it refuses.
    sendApplication: {
      done: async (_page, ctx) => {
        await ctx.send.release();
        ctx.last = 'sent';
      },
      error: async (page, ctx) => {
        await ctx.send.release((body) => ({ ...body, age: 31 }));
        ctx.last = 'refused';
        // The refusal's toast shows once the stopped clock has moved a little.
        await expect(spinner(page)).toHaveCount(0);
        await page.clock.runFor(500);
      },
    },
  },
  delays: {
    submitDelay: async (page) => {
      await page.clock.runFor(YOUTH_SUBMIT_DELAY_MS - 1);
      await expect(spinner(page)).toBeVisible();
      await expect(page.getByTestId('toast')).toHaveText(new RegExp(SENDING));
      await page.clock.runFor(1);
    },
  },
});
