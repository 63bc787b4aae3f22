/**
 * The authenticator app on the profile's Security section in Chromium against the real server, for an account
 * with a password and for one that signs in only with Google (made through the local OpenID provider's popup,
 * which proves itself with a code the server e-mails, read from the test SMTP server's outbox).
 *
 * Codes of the app are computed here from the secret the page shows (RFC 6238, as a phone would); the held
 * requests go on to the real server with the right code or proof, or with a wrong one, which the server refuses
 * for real. The status read decides on or off: when the path's sample says otherwise than the server holds (the
 * app turned on or off in another tab), the model makes it so through the API before the read reaches the server.
 */
import { expect, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import type { SnapshotFrom } from 'xstate';
import { CODE_INVALID_TEXT } from '#server/ways-in/email-codes';
import { WRONG_CURRENT_PASSWORD_TEXT } from '#server/ways-in/current-password';
import {
  TOTP_CODE_WRONG_TEXT,
  TOTP_DISABLED_TEXT,
  TWO_FACTOR_CODE_WRONG_TEXT,
  twoFactorCodeSentText,
} from '#server/two-factor/routes';
import type { TwoFactorStatus } from '#domain/twoFactorContract';
import { type TwoFactorField, twoFactorMachine } from '#machines/twoFactor.machine';
import { twoFactorSamples, twoFactorState } from '#tests/machines/twoFactorSamples';
import { codeFrom, mailsTo } from '../support';
import { describeBrowserModel } from './browser';
import { googleOnlyAccount } from './google';
import { existingAccount, HeldRequests, openApp, withStoredToken } from './support';

interface Ctx {
  hasPassword: boolean;
  password?: string;
  email: string;
  token: string;
  status: HeldRequests;
  requestCode: HeldRequests;
  setUp: HeldRequests;
  enable: HeldRequests;
  renew: HeldRequests;
  disable: HeldRequests;
  /** Whether the server has the app on, its secret (on, or waiting for its first code) and the last step used. */
  on: boolean;
  secret?: string;
  lastStep: number;
  /** The code in the last e-mail the server sent, not used yet. */
  emailCode?: string;
  /** The text of the last refusal. */
  error?: string;
}

const PERIOD_MS = 30_000;
const codeOfStep = (secret: string, step: number) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), digits: 6, period: 30, timestamp: step * PERIOD_MS });
const stepNow = () => Math.floor(Date.now() / PERIOD_MS);

/** Time enough for a code to reach the server before its step leaves the window. */
const SAFETY_MS = 5000;

/**
 * The oldest step the server takes for a while yet: the one before now, unless now's step is about to end (then
 * the one before falls out of the window on the way; a CI run had a code refused so).
 */
function oldestStep(): number {
  const now = Date.now();
  const step = Math.floor(now / PERIOD_MS);
  return now % PERIOD_MS < PERIOD_MS - SAFETY_MS ? step - 1 : step;
}

/**
 * A code the server takes now: each step's code works once and none older, and the server allows one step
 * either side of now; past that the model waits for the next step, as a person would.
 */
async function freshCode(ctx: Ctx): Promise<string> {
  let step = Math.max(ctx.lastStep + 1, oldestStep());
  while (step > stepNow() + 1) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    step = Math.max(ctx.lastStep + 1, oldestStep());
  }
  ctx.lastStep = step;
  return codeOfStep(ctx.secret!, step);
}

/** Six digits that are no code of the app around now. */
function wrongCode(secret: string): string {
  const now = stepNow();
  const near = new Set([-2, -1, 0, 1, 2].map((d) => codeOfStep(secret, now + d)));
  let candidate = 123456;
  while (near.has(String(candidate))) candidate += 1;
  return String(candidate);
}

const headers = (ctx: Pick<Ctx, 'token'>) => ({ authorization: `Bearer ${ctx.token}` });

/** A code e-mailed to the account for real, read from the outbox. */
async function mailedCode(page: Page, ctx: Ctx): Promise<string> {
  const sent = mailsTo(ctx.email).length;
  const response = await page.request.post('/api/users/two-factor/code', { headers: headers(ctx) });
  expect(response.status()).toBe(200);
  return codeFrom(ctx.email, sent);
}

/** The owner's proof, as the API takes it: the password, or a code mailed now (or the one mailed last). */
async function proof(page: Page, ctx: Ctx): Promise<Record<string, string>> {
  if (ctx.hasPassword) return { currentPassword: ctx.password! };
  const code = ctx.emailCode ?? (await mailedCode(page, ctx));
  ctx.emailCode = undefined;
  return { code };
}

/** A wrong proof: another password, or six digits that are not the code mailed. */
function wrongProof(ctx: Ctx): Record<string, string> {
  if (ctx.hasPassword) {
    ctx.error = WRONG_CURRENT_PASSWORD_TEXT;
    return { currentPassword: 'not the password at all' };
  }
  ctx.error = CODE_INVALID_TEXT;
  return { code: ctx.emailCode === '000000' ? '111111' : '000000' };
}

/** Turns the app on through the API, as another tab would. */
async function turnOnThroughApi(page: Page, ctx: Ctx) {
  const setUp = await page.request.post('/api/users/two-factor/totp/setup', {
    headers: headers(ctx),
    data: await proof(page, ctx),
  });
  expect(setUp.status()).toBe(200);
  ctx.secret = ((await setUp.json()) as { secret: string }).secret;
  ctx.lastStep = 0;
  const enable = await page.request.post('/api/users/two-factor/totp/enable', {
    headers: headers(ctx),
    data: { code: await freshCode(ctx) },
  });
  expect(enable.status()).toBe(200);
  ctx.on = true;
}

async function turnOffThroughApi(page: Page, ctx: Ctx) {
  const response = await page.request.post('/api/users/two-factor/disable', {
    headers: headers(ctx),
    data: { ...(await proof(page, ctx)), twoFactorCode: await freshCode(ctx) },
  });
  expect(response.status()).toBe(200);
  ctx.on = false;
}

async function serverStatus(page: Page, ctx: Ctx): Promise<TwoFactorStatus> {
  const response = await page.request.get('/api/users/two-factor', { headers: headers(ctx) });
  expect(response.status()).toBe(200);
  return (await response.json()) as TwoFactorStatus;
}

const block = (page: Page) => page.getByTestId('totp-settings');
const statusLine = (page: Page) => page.getByTestId('totp-status');
const button = (page: Page, name: string | RegExp) => block(page).getByRole('button', { name, exact: true });
const form = (page: Page) => block(page).locator('form');
const submitButton = (page: Page) => form(page).locator('button[type="submit"]');
const refusal = (page: Page) => block(page).getByRole('alert');
const LABELS: Record<TwoFactorField, RegExp> = {
  password: /^Current password$/,
  emailCode: /^Code from the e-mail$/,
  appCode: /^Code from the app/,
};
const field = (page: Page, name: TwoFactorField) => block(page).getByLabel(LABELS[name]);
const spinner = (page: Page, label: string) =>
  block(page)
    .getByRole('button')
    .filter({ has: page.getByRole('progressbar', { name: label }) });

async function expectRefusal(page: Page, ctx: Ctx, error: string | null) {
  if (error) await expect(refusal(page)).toHaveText(ctx.error!);
  else await expect(refusal(page)).toHaveCount(0);
}

/** The status line says what the server holds. */
async function expectStatus(page: Page, ctx: Ctx) {
  const status = await serverStatus(page, ctx);
  expect(status.totp).toBe(ctx.on);
  if (!status.totp) return expect(statusLine(page)).toHaveText('Authenticator app: off');
  const since = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long' }).format(new Date(status.totpSince!));
  const left = status.recoveryCodesLeft;
  await expect(statusLine(page)).toHaveText(
    `Authenticator app: on since ${since}, ${left} recovery ${left === 1 ? 'code' : 'codes'} left`,
  );
}

type Snap = SnapshotFrom<typeof twoFactorMachine>;

/** A form of the flow: its fields hold what was typed, its refusal is the server's, submit as the machine says. */
async function expectForm(page: Page, ctx: Ctx, snapshot: Snap, fields: TwoFactorField[]) {
  const { values, error } = snapshot.context;
  for (const name of ['password', 'emailCode', 'appCode'] as const) {
    if (fields.includes(name)) await expect(field(page, name)).toHaveValue(values[name]);
    else await expect(field(page, name)).toHaveCount(0);
  }
  await expectRefusal(page, ctx, error);
  await expect(submitButton(page)).toBeEnabled({ enabled: snapshot.can({ type: 'totp.submit' }) });
  await expect(button(page, 'Cancel')).toBeEnabled();
}

/** A form that is out: its submit shows the spinner and neither it nor Cancel can be pressed. */
async function expectBusy(page: Page, label: string) {
  await expect(spinner(page, label)).toBeDisabled();
  await expect(button(page, 'Cancel')).toBeDisabled();
  await expect(refusal(page)).toHaveCount(0);
}

/** The e-mailed code's notice and button, for an account without a password. */
async function expectMailedCode(page: Page, ctx: Ctx, snapshot: Snap) {
  if (ctx.hasPassword) return expect(button(page, /^Send (a|a new) code$/)).toHaveCount(0);
  const { notice } = snapshot.context;
  if (notice) await expect(form(page).getByRole('status')).toHaveText(twoFactorCodeSentText(ctx.email));
  else await expect(form(page).getByRole('status')).toHaveCount(0);
  await expect(button(page, notice ? 'Send a new code' : 'Send a code')).toBeEnabled();
}

const proofFields = (ctx: Ctx): TwoFactorField[] => [ctx.hasPassword ? 'password' : 'emailCode'];

describeBrowserModel<typeof twoFactorMachine, Ctx>({
  machine: twoFactorMachine,
  model: { ...twoFactorSamples, serializeState: twoFactorState },
  start: async (page, input) => {
    const { hasPassword } = input as { hasPassword: boolean };
    let account: { email: string; token: string; password?: string };
    if (hasPassword) {
      account = await existingAccount(page);
      await withStoredToken(page, account.token);
    } else account = await googleOnlyAccount(page);
    const status = await HeldRequests.on(page, '**/api/users/two-factor', Infinity, 'GET');
    const requestCode = await HeldRequests.on(page, '**/api/users/two-factor/code');
    const setUp = await HeldRequests.on(page, '**/api/users/two-factor/totp/setup');
    const enable = await HeldRequests.on(page, '**/api/users/two-factor/totp/enable');
    const renew = await HeldRequests.on(page, '**/api/users/two-factor/recovery-codes');
    const disable = await HeldRequests.on(page, '**/api/users/two-factor/disable');
    await openApp(page, '/profile');
    await expect(page.getByRole('heading', { level: 2, name: 'Security' })).toBeVisible();
    return {
      hasPassword,
      password: account.password,
      email: account.email,
      token: account.token,
      status,
      requestCode,
      setUp,
      enable,
      renew,
      disable,
      on: false,
      lastStep: 0,
    };
  },
  states: {
    loading: async (page) => {
      await expect(
        block(page).getByRole('progressbar', { name: "Reading the authenticator app's status" }),
      ).toBeVisible();
      await expect(block(page).getByRole('button')).toHaveCount(0);
    },
    failed: async (page) => {
      await expect(refusal(page)).toHaveText('Network Error');
      await expect(button(page, 'Try again')).toBeEnabled();
    },
    'disabled.idle': async (page, ctx) => {
      await expectStatus(page, ctx);
      await expect(button(page, 'Set up authenticator app')).toBeEnabled();
      await expect(form(page)).toHaveCount(0);
    },
    'disabled.proving': async (page, ctx, snapshot) => {
      await expect(form(page)).toContainText(
        ctx.hasPassword
          ? 'To set up an authenticator app, enter your current password.'
          : 'To set up an authenticator app, we e-mail you a code to check it is you.',
      );
      await expectForm(page, ctx, snapshot, proofFields(ctx));
      await expectMailedCode(page, ctx, snapshot);
    },
    'disabled.sendingCode': async (page) => {
      await expect(spinner(page, 'Sending the code')).toBeDisabled();
      await expect(refusal(page)).toHaveCount(0);
    },
    'disabled.settingUp': async (page) => expectBusy(page, 'Starting the set-up'),
    // The QR code and the secret, grouped by four, with its copy button; the first code of the app.
    'disabled.scanning': async (page, ctx, snapshot) => {
      await expect(block(page).getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
      const shown = (await block(page).getByTestId('totp-secret').innerText()).trim();
      expect(shown).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);
      ctx.secret = shown.replaceAll(' ', '');
      ctx.lastStep = 0;
      await expect(button(page, 'Copy the secret')).toBeEnabled();
      await expectForm(page, ctx, snapshot, ['appCode']);
    },
    'disabled.enabling': async (page) => expectBusy(page, 'Turning on'),
    'enabled.idle': async (page, ctx) => {
      await expectStatus(page, ctx);
      await expect(button(page, 'New recovery codes')).toBeEnabled();
      await expect(button(page, 'Turn off')).toBeEnabled();
      await expect(form(page)).toHaveCount(0);
    },
    'enabled.renewing': async (page, ctx, snapshot) => {
      await expect(form(page)).toContainText('to get ten new recovery codes. The old ones stop working.');
      await expectForm(page, ctx, snapshot, ['appCode']);
    },
    'enabled.renewingCodes': async (page) => expectBusy(page, 'Making new codes'),
    'enabled.turningOff': async (page, ctx, snapshot) => {
      await expect(form(page)).toContainText('To turn off the authenticator app');
      await expectForm(page, ctx, snapshot, [...proofFields(ctx), 'appCode']);
      await expectMailedCode(page, ctx, snapshot);
    },
    'enabled.sendingOffCode': async (page) => {
      await expect(spinner(page, 'Sending the code')).toBeDisabled();
      await expect(refusal(page)).toHaveCount(0);
    },
    'enabled.disabling': async (page) => expectBusy(page, 'Turning off'),
    // Ten codes, shown once, with Copy, Download (a .txt file) and 'I have saved them'.
    // The first check's download takes the focus: a second look (the window widened) sees the rest again.
    showingCodes: async (page, _ctx, _snapshot, again) => {
      if (!again) await expect(block(page).getByRole('heading', { name: 'Your recovery codes' })).toBeFocused();
      const codes = block(page).getByRole('list', { name: 'Your recovery codes' }).getByRole('listitem');
      await expect(codes).toHaveCount(10);
      for (const code of await codes.allInnerTexts()) expect(code.trim()).toMatch(/^[a-z0-9]{4}-[a-z0-9]{4}$/i);
      await expect(button(page, 'Copy')).toBeEnabled();
      await expect(statusLine(page)).toHaveCount(0);
      if (again) return;
      const download = page.waitForEvent('download');
      await button(page, 'Download').click();
      const file = await download;
      expect(file.suggestedFilename()).toBe('recovery-codes.txt');
      const text = (await (await file.createReadStream()).toArray()).join('');
      expect(text.trim().split('\n')).toEqual((await codes.allInnerTexts()).map((code) => code.trim()));
      await expect(statusLine(page)).toHaveCount(0);
    },
  },
  events: {
    'totp.start': (page) => button(page, 'Set up authenticator app').click(),
    'totp.change': (page, _ctx, event) => field(page, event.field).fill(event.value),
    'totp.sendCode': (page) => button(page, /^Send (a|a new) code$/).click(),
    // A disabled button cannot be pressed: the event is a no-op for a person too.
    'totp.submit': async (page) => {
      if (await submitButton(page).isEnabled()) await submitButton(page).click();
    },
    'totp.cancel': (page) => button(page, 'Cancel').click(),
    'totp.renew': (page) => button(page, 'New recovery codes').click(),
    'totp.turnOff': (page) => button(page, 'Turn off').click(),
    'totp.acknowledge': (page) => button(page, 'I have saved them').click(),
    'totp.retry': (page) => button(page, 'Try again').click(),
  },
  outcomes: {
    // The read answers what the server holds; the sample decides what that is (another tab may have changed it).
    loadStatus: {
      done: async (page, ctx, event) => {
        const wanted = (event as unknown as { output: TwoFactorStatus }).output.totp;
        if (wanted && !ctx.on) await turnOnThroughApi(page, ctx);
        if (!wanted && ctx.on) await turnOffThroughApi(page, ctx);
        await ctx.status.release();
      },
      error: async (_page, ctx) => {
        await ctx.status.fail();
      },
    },
    // The real server mails a code; the test reads it from the outbox.
    requestCode: {
      done: async (_page, ctx) => {
        const sent = mailsTo(ctx.email).length;
        await ctx.requestCode.release();
        ctx.emailCode = await codeFrom(ctx.email, sent);
      },
      error: async (_page, ctx) => {
        ctx.error = 'Network Error';
        await ctx.requestCode.fail();
      },
    },
    setUp: {
      done: async (page, ctx) => {
        const right = await proof(page, ctx);
        await ctx.setUp.release(() => right);
      },
      error: async (_page, ctx) => {
        const wrong = wrongProof(ctx);
        await ctx.setUp.release(() => wrong);
      },
    },
    enable: {
      done: async (_page, ctx) => {
        const code = await freshCode(ctx);
        await ctx.enable.release(() => ({ code }));
        ctx.on = true;
      },
      error: async (_page, ctx) => {
        ctx.error = TOTP_CODE_WRONG_TEXT;
        await ctx.enable.release(() => ({ code: wrongCode(ctx.secret!) }));
      },
    },
    renewCodes: {
      done: async (_page, ctx) => {
        const code = await freshCode(ctx);
        await ctx.renew.release(() => ({ code }));
      },
      error: async (_page, ctx) => {
        ctx.error = TOTP_CODE_WRONG_TEXT;
        await ctx.renew.release(() => ({ code: wrongCode(ctx.secret!) }));
      },
    },
    // Turned off with the proof and a current code; a wrong code of the app is refused with the proof right.
    turnOff: {
      done: async (page, ctx) => {
        const body = { ...(await proof(page, ctx)), twoFactorCode: await freshCode(ctx) };
        await ctx.disable.release(() => body);
        ctx.on = false;
        await expect(page.getByTestId('toast').filter({ hasText: TOTP_DISABLED_TEXT }).last()).toHaveAttribute(
          'data-variant',
          'success',
        );
      },
      error: async (page, ctx) => {
        const body = { ...(await proof(page, ctx)), twoFactorCode: wrongCode(ctx.secret!) };
        ctx.error = TWO_FACTOR_CODE_WRONG_TEXT;
        await ctx.disable.release(() => body);
      },
    },
  },
  delays: {},
});
