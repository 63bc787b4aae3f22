/**
 * The Profile page's form in Chromium against the real server, for an account with a password and for one
 * that signs in only with Google (made through the local OpenID provider's popup). The customer renames,
 * chooses a picture (or a file that is not one), moves the e-mail address and proves it: with the account's
 * real password, or with the code the real server mails to the current address (read from the test SMTP
 * server's outbox). Refusals are real (a wrong password, a code that is not the one mailed); a save or a
 * code request that cannot reach the server fails at the network edge.
 *
 * The proved update keeps the address: the real server mails a code to the NEW address (read from the
 * outbox too), and the dialog asks for it; 'Confirm' sends it (a wrong one is refused for real), 'Send again'
 * asks for a fresh one, 'Cancel' keeps the old address.
 *
 * A path ends at the first save that succeeds: the sample answers stand for an account with a password,
 * whatever account saved.
 */
import { expect, type Page, type Route } from '@playwright/test';
import { CODE_INVALID_TEXT } from '#server/ways-in/email-codes';
import { newAddressCodeSentText } from '#server/account/email-change';
import { WRONG_CURRENT_PASSWORD_TEXT } from '#server/ways-in/current-password';
import { AVATAR_REFUSED, emailChanged, profileMachine } from '#machines/profile.machine';
import { ada } from '#tests/machines/fixtures';
import { profileSamples, profileState } from '#tests/machines/accountSamples';
import { codeFrom, mailsTo } from '../support';
import { describeBrowserModel } from './browser';
import { openGooglePopup, signInAtProvider } from './google';
import { existingAccount, HeldRequests, openApp, withStoredToken } from './support';

interface Ctx {
  hasPassword: boolean;
  password?: string;
  /** What the server holds. */
  saved: { name: string; email: string };
  /** What the form holds (the page's values for the samples' ones). */
  typed: { name: string; email: string };
  update: HeldRequests;
  requestCode: HeldRequests;
  confirmCode: HeldRequests;
  resendCode: HeldRequests;
  /** The code in the last message the server sent to the current address. */
  code?: string;
  /** The new address waiting for its code, and the code in the last message the server sent it. */
  pending?: string;
  newCode?: string;
  /** The text of the last failure. */
  error?: string;
}

/** A real 2x2 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

const editButton = (page: Page) => page.getByRole('button', { name: 'Edit' });
const dialog = (page: Page) => page.getByRole('dialog', { name: 'Confirm your new e-mail address' });
const formError = (page: Page) => page.locator('form.profile__form').getByRole('alert');
const passwordField = (page: Page) => dialog(page).getByLabel('Current password', { exact: true });
const codeField = (page: Page) => dialog(page).getByLabel('Code from the e-mail');
const newCodeField = (page: Page) => dialog(page).getByLabel('Code sent to your new address');
const dialogButton = (page: Page, name: string) => dialog(page).getByRole('button', { name, exact: true });

/** A button the machine does not enable cannot be pressed: the event is a no-op for a person too. */
async function pressIfEnabled(page: Page, name: string) {
  if (await dialogButton(page, name).isEnabled()) await dialogButton(page, name).click();
}
const withSpinner = (page: Page, label: string) =>
  page.getByRole('button').filter({ has: page.getByRole('progressbar', { name: label }) });

/** The held update sent on with one multipart field's value replaced (the proof the path wants). */
async function releaseWithField(route: Route, field: string, value: string) {
  const body = route.request().postDataBuffer()!.toString('latin1');
  const pattern = new RegExp(`(name="${field}"\\r\\n\\r\\n)[^\\r]*(\\r\\n)`);
  expect(body).toMatch(pattern);
  const postData = Buffer.from(body.replace(pattern, `$1${value}$2`), 'latin1');
  await route.continue({ postData });
}

async function expectDialogError(page: Page, ctx: Ctx, error: string | null) {
  if (error) await expect(dialog(page).getByRole('alert')).toHaveText(ctx.error!);
  else await expect(dialog(page).getByRole('alert')).toHaveCount(0);
}

async function googleOnlyAccount(page: Page) {
  // No group of six digits of its own: the code is read as the six digits in the message.
  const login = `model-profile-${Date.now()}-p${Math.random().toString(36).slice(2, 8)}`;
  await openApp(page, '/signup');
  await page.getByRole('checkbox').check();
  await signInAtProvider(await openGooglePopup(page, 'Continue with Google'), login);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  const token = (await page.evaluate(() => localStorage.getItem('token')))!;
  const me = await page.request.get('/api/users/authenticate', { headers: { authorization: `Bearer ${token}` } });
  const { user } = (await me.json()) as { user: { name: string; email: string; hasPassword?: boolean } };
  expect(user.hasPassword).toBe(false);
  return { name: user.name, email: user.email };
}

describeBrowserModel<typeof profileMachine, Ctx>({
  machine: profileMachine,
  model: {
    ...profileSamples,
    serializeState: profileState,
    // The dialog has one input: the password, or (once a code was sent) the code.
    filterEvents: (snapshot, event) => {
      if (event.type !== 'profile.changeProof') return true;
      return (event.field === 'currentPassword') === snapshot.matches({ confirming: { proving: 'awaitingPassword' } });
    },
    stopWhen: (s) => s.context.saved.name !== ada.name || s.context.saved.email !== ada.email,
  },
  start: async (page, input) => {
    const { hasPassword } = (input as { user: { hasPassword: boolean } }).user;
    let saved: Ctx['saved'];
    let password: string | undefined;
    if (hasPassword) {
      const account = await existingAccount(page);
      await withStoredToken(page, account.token);
      saved = { name: account.name, email: account.email };
      password = account.password;
    } else saved = await googleOnlyAccount(page);
    const update = await HeldRequests.on(page, '**/api/users/profile/update');
    const requestCode = await HeldRequests.on(page, '**/api/users/verify/email-change/code');
    const confirmCode = await HeldRequests.on(page, '**/api/users/verify/email-change', Infinity, 'POST');
    const resendCode = await HeldRequests.on(page, '**/api/users/verify/email-change/resend');
    await openApp(page, '/profile');
    return { hasPassword, password, saved, typed: { ...saved }, update, requestCode, confirmCode, resendCode };
  },
  states: {
    editing: async (page, ctx, snapshot) => {
      const { context } = snapshot;
      await expect(dialog(page)).toHaveCount(0);
      await expect(page.getByLabel('Name', { exact: true })).toHaveValue(ctx.typed.name);
      await expect(page.getByLabel('Email', { exact: true })).toHaveValue(ctx.typed.email);
      expect(ctx.typed.name !== ctx.saved.name).toBe(context.name !== context.saved.name);
      expect(ctx.typed.email !== ctx.saved.email).toBe(emailChanged(context));
      const changed = context.avatar !== null || context.name.trim() !== context.saved.name || emailChanged(context);
      await expect(editButton(page)).toBeEnabled({ enabled: changed });
      const preview = page.getByRole('img', { name: 'Preview of your new picture' });
      if (context.avatar) await expect(preview).toBeVisible();
      else await expect(preview).toHaveCount(0);
      if (context.error === AVATAR_REFUSED) await expect(formError(page)).toHaveText(AVATAR_REFUSED);
      else if (context.error) await expect(formError(page)).toHaveText(ctx.error!);
      else await expect(formError(page)).toHaveCount(0);
    },
    saving: async (page) => {
      await expect(withSpinner(page, 'Saving')).toBeDisabled();
      await expect(dialog(page)).toHaveCount(0);
    },
    'confirming.proving.awaitingPassword': async (page, ctx, snapshot) => {
      const { context } = snapshot;
      await expect(dialog(page)).toContainText(
        `To change your e-mail address to ${ctx.typed.email}, enter your current password.`,
      );
      await expect(passwordField(page)).toHaveValue(context.currentPassword ? ctx.password! : '');
      await expect(passwordField(page)).toHaveAttribute('type', context.passwordVisible ? 'text' : 'password');
      await expect(dialog(page).getByRole('button', { name: 'Confirm' })).toBeEnabled();
      await expectDialogError(page, ctx, context.error);
    },
    'confirming.proving.offeringCode': async (page, ctx, snapshot) => {
      await expect(dialog(page)).toContainText(`enter the code we send to your current address, ${ctx.saved.email}`);
      await expect(dialog(page).getByRole('button', { name: 'Send code' })).toBeEnabled();
      await expect(codeField(page)).toHaveCount(0);
      await expect(passwordField(page)).toHaveCount(0);
      await expectDialogError(page, ctx, snapshot.context.error);
    },
    'confirming.proving.requestingCode': async (page, _ctx, snapshot) => {
      if (snapshot.context.notice === null) await expect(withSpinner(page, 'Sending the code')).toBeDisabled();
      else await expect(dialog(page).getByRole('button', { name: 'Send a new code' })).toBeDisabled();
    },
    'confirming.proving.awaitingCode': async (page, ctx, snapshot) => {
      await expect(dialog(page).getByRole('status')).toHaveText(`We have sent a code to ${ctx.saved.email}.`);
      await expect(codeField(page)).toHaveValue(snapshot.context.code.trim());
      await expect(dialog(page).getByRole('button', { name: 'Confirm' })).toBeEnabled();
      await expect(dialog(page).getByRole('button', { name: 'Send a new code' })).toBeEnabled();
      await expectDialogError(page, ctx, snapshot.context.error);
    },
    // The update is out with its proof: it cannot be cancelled halfway.
    'confirming.saving': async (page) => {
      await expect(withSpinner(page, 'Saving')).toBeDisabled();
      await expect(dialog(page).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    },
    // The address is still the old one; the code went to the new one.
    'confirming.newAddress.awaitingCode': async (page, ctx, snapshot) => {
      // Where the code went is said once, by the notice (issue 49).
      await expect(dialog(page)).toContainText(`Your e-mail address stays ${ctx.saved.email} for now.`);
      await expect(dialog(page).getByRole('status')).toHaveText(newAddressCodeSentText(ctx.pending!));
      await expect(newCodeField(page)).toHaveValue(snapshot.context.code.trim());
      await expect(passwordField(page)).toHaveCount(0);
      await expect(dialogButton(page, 'Confirm')).toBeEnabled({ enabled: snapshot.can({ type: 'profile.confirm' }) });
      await expect(dialogButton(page, 'Send again')).toBeEnabled();
      await expect(dialogButton(page, 'Cancel')).toBeEnabled();
      await expectDialogError(page, ctx, snapshot.context.error);
    },
    // The code is out: the address may be changing, so it cannot be cancelled halfway.
    'confirming.newAddress.checking': async (page) => {
      await expect(withSpinner(page, 'Changing your address')).toBeDisabled();
      await expect(dialogButton(page, 'Cancel')).toBeDisabled();
    },
    'confirming.newAddress.resending': async (page) => {
      await expect(withSpinner(page, 'Sending the code')).toBeDisabled();
      await expect(dialogButton(page, 'Confirm')).toBeDisabled();
    },
  },
  events: {
    'profile.change': async (page, ctx, event) => {
      if (event.field === 'name') ctx.typed.name = event.value === ada.name ? ctx.saved.name : `${ctx.saved.name} King`;
      else ctx.typed.email = event.value === ada.email ? ctx.saved.email : `moved-${Date.now()}-${ctx.saved.email}`;
      await page.getByLabel(event.field === 'name' ? 'Name' : 'Email', { exact: true }).fill(ctx.typed[event.field]);
    },
    'profile.chooseAvatar': (page, _ctx, event) =>
      page
        .getByLabel('Picture')
        .setInputFiles(
          event.file.type === 'image/png'
            ? { name: 'me.png', mimeType: 'image/png', buffer: PNG }
            : { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') },
        ),
    // A disabled button cannot be pressed: the event is a no-op for a person too.
    'profile.submit': async (page) => {
      if (await editButton(page).isEnabled()) await editButton(page).click();
    },
    'profile.changeProof': async (page, ctx, event) => {
      if (event.field === 'currentPassword') await passwordField(page).fill(ctx.password!);
      else if ((await newCodeField(page).count()) > 0) await newCodeField(page).fill(event.value.trim());
      else await codeField(page).fill(event.value.trim());
    },
    'profile.toggleVisibility': (page) =>
      dialog(page)
        .getByRole('button', { name: /^(Show|Hide) current password$/ })
        .click(),
    'profile.sendCode': async (page) => {
      if ((await dialogButton(page, 'Send again').count()) > 0) return dialogButton(page, 'Send again').click();
      const again = dialog(page).getByRole('button', { name: 'Send a new code' });
      if ((await again.count()) > 0) await again.click();
      else await dialog(page).getByRole('button', { name: 'Send code' }).click();
    },
    'profile.confirm': (page) => pressIfEnabled(page, 'Confirm'),
    'profile.cancel': async (page, ctx) => {
      // After the proof, 'Cancel' keeps the old address: the form returns to what the server holds.
      const afterProof = (await dialogButton(page, 'Send again').count()) > 0;
      await dialogButton(page, 'Cancel').click();
      if (afterProof) {
        ctx.typed = { ...ctx.saved };
        ctx.pending = undefined;
      }
    },
  },
  outcomes: {
    // The update with its proof: the real password or the mailed code; a wrong one is refused for real. With
    // the proof, the name is saved and the new address is mailed a code; the address waits for it.
    updateProfile: {
      done: async (page, ctx, event) => {
        const route = await ctx.update.next();
        if (event.type.endsWith('WithProof')) {
          const pending = ctx.typed.email.trim().toLowerCase();
          const sent = mailsTo(pending).length;
          if (ctx.hasPassword) await route.continue();
          else await releaseWithField(route, 'code', ctx.code!);
          ctx.saved = { ...ctx.saved, name: ctx.typed.name.trim() };
          ctx.pending = pending;
          ctx.newCode = await codeFrom(pending, sent);
          return;
        }
        await route.continue();
        ctx.saved = { name: ctx.typed.name.trim(), email: ctx.typed.email.trim().toLowerCase() };
        ctx.typed = { ...ctx.saved };
        await expect(page.getByTestId('toast').filter({ hasText: 'Your profile has been updated.' })).toHaveAttribute(
          'data-variant',
          'success',
        );
      },
      error: async (_page, ctx, event) => {
        const route = await ctx.update.next();
        if (!event.type.endsWith('WithProof')) {
          ctx.error = 'Network Error';
          await route.abort('connectionrefused');
        } else if (ctx.hasPassword) {
          ctx.error = WRONG_CURRENT_PASSWORD_TEXT;
          await releaseWithField(route, 'currentPassword', 'not the password at all');
        } else {
          ctx.error = CODE_INVALID_TEXT;
          await releaseWithField(route, 'code', ctx.code === '000000' ? '111111' : '000000');
        }
      },
    },
    // The code the new address got, sent for real (or a wrong one, refused for real).
    confirmEmailChange: {
      done: async (page, ctx) => {
        await ctx.confirmCode.release((body) => ({ ...body, code: ctx.newCode! }));
        ctx.saved = { ...ctx.saved, email: ctx.pending! };
        ctx.typed = { ...ctx.saved };
        await expect(page.getByTestId('toast').filter({ hasText: 'Your profile has been updated.' })).toHaveAttribute(
          'data-variant',
          'success',
        );
      },
      error: async (_page, ctx) => {
        ctx.error = CODE_INVALID_TEXT;
        await ctx.confirmCode.release((body) => ({ ...body, code: ctx.newCode === '000000' ? '111111' : '000000' }));
      },
    },
    // A fresh code to the new address, read from the outbox.
    resendEmailChangeCode: {
      done: async (_page, ctx) => {
        const sent = mailsTo(ctx.pending!).length;
        await ctx.resendCode.release();
        ctx.newCode = await codeFrom(ctx.pending!, sent);
      },
      error: async (_page, ctx) => {
        ctx.error = 'Network Error';
        await ctx.resendCode.fail();
      },
    },
    // The real server mails a code to the current address; the test reads it from the outbox.
    requestEmailChangeCode: {
      done: async (_page, ctx) => {
        const sent = mailsTo(ctx.saved.email).length;
        await ctx.requestCode.release();
        ctx.code = await codeFrom(ctx.saved.email, sent);
      },
      error: async (_page, ctx) => {
        ctx.error = 'Network Error';
        await ctx.requestCode.fail();
      },
    },
  },
  delays: {},
});
