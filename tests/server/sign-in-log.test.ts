/**
 * The security log lines of signing in with e-mail and password and of its second step: each failure, refusal
 * and step names the method, the account (or null) and the client address, so that a review can follow an
 * attack by address. Low limits, so that a test reaches each in a few requests.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { assert } from 'superstruct';
import { TwoFactorSetupResponse } from '#domain/twoFactorContract';
import { CODE_INVALID_TEXT } from '#server/ways-in/email-codes';
import { codeOfStep, stepAt } from '#server/ways-in/two-factor';
import {
  PASSWORD,
  bearer,
  cleanup,
  createTestServer,
  errorText,
  form,
  fromAddress,
  jsonInit,
  login,
  register,
  uniqueAddress,
  uniqueEmail,
} from './helpers';
import { limitsFollow } from './limit-helpers';
import { codeIn, startMailCatcher } from './mail-helpers';

const smtp = await startMailCatcher();
afterAll(async () => {
  await smtp.close();
  await cleanup();
});

const CEILING = 2;
const { app, clock, securityEvents } = await createTestServer({
  SMTP_URL: smtp.url,
  LOGIN_MAX_FAILURES_PER_ACCOUNT_PER_DAY: CEILING,
  LOGIN_MAX_FAILURES_PER_ADDRESS: 3,
  CODE_MAX_FAILURES_PER_ADDRESS_PER_HOUR: 2,
});
limitsFollow(clock);
const STEP = 30_000;

const post = (path: string, body: unknown, token?: string, address = uniqueAddress()) =>
  app.request(path, jsonInit('POST', body, token ? bearer(token) : {}), fromAddress(address));
const secondStep = (ticket: string, code: string, address = uniqueAddress()) =>
  post('/api/auth/login/second-step', { ticket, code }, undefined, address);
const eventsFrom = (address: string) => securityEvents().filter((line) => line.address === address);

/** Fails `email`'s sign-in from fresh addresses until its day's ceiling is reached. */
async function reachCeiling(email: string): Promise<void> {
  for (let i = 0; i < CEILING; i += 1)
    expect((await login(app, email, 'not the password', uniqueAddress())).status).toBe(401);
}

async function emailCodeTicket(res: Response): Promise<string> {
  expect(res.status).toBe(200);
  const body = (await res.json()) as { secondStep: { kind: string; ticket: string } };
  expect(body.secondStep.kind).toBe('email-code');
  return body.secondStep.ticket;
}

/** The code of the sign-in code mail to `email` (an account with the app also gets a notice of turning it on). */
async function signInCode(email: string): Promise<string> {
  for (let waited = 0; waited < 5000; waited += 10) {
    const mail = smtp.to(email).find((message) => /sign-in code/.test(message.subject));
    if (mail) return codeIn(mail);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`no sign-in code to ${email}`);
}

/** An account with the authenticator app turned on. */
async function withApp() {
  const account = await register(app);
  const setUp = await post('/api/users/two-factor/totp/setup', { currentPassword: PASSWORD }, account.token);
  expect(setUp.status).toBe(200);
  const answer: unknown = await setUp.json();
  assert(answer, TwoFactorSetupResponse);
  const code = codeOfStep(answer.secret, stepAt(clock.now()));
  expect((await post('/api/users/two-factor/totp/enable', { code }, account.token)).status).toBe(200);
  clock.advance(STEP);
  return account;
}

describe('signing in with e-mail and password', () => {
  it('logs a wrong password with the method, the account and the address', async () => {
    const account = await register(app);
    const address = uniqueAddress();
    expect((await login(app, account.user.email, 'not the password', address)).status).toBe(401);
    expect(eventsFrom(address)).toEqual([
      expect.objectContaining({ event: 'signin.failure', method: 'email', userId: account.user.id, address }),
    ]);
  });

  it('logs the address a run of failures is refused from, with the limit it reached', async () => {
    const address = uniqueAddress();
    for (let i = 0; i < 3; i += 1) expect((await login(app, uniqueEmail(), 'a guess', address)).status).toBe(401);
    expect((await login(app, uniqueEmail(), 'a guess', address)).status).toBe(429);
    expect(eventsFrom(address)).toContainEqual(
      expect.objectContaining({ event: 'limit.exceeded', limit: 'login.address', address }),
    );
  });

  it('logs a right password as a success by e-mail', async () => {
    const account = await register(app);
    const address = uniqueAddress();
    expect((await login(app, account.user.email, account.password, address)).status).toBe(200);
    expect(eventsFrom(address)).toEqual([
      expect.objectContaining({ event: 'signin.success', method: 'email', userId: account.user.id, address }),
    ]);
  });

  it('logs the app step asked of an account with an authenticator app, with method and address', async () => {
    const account = await withApp();
    const address = uniqueAddress();
    expect((await login(app, account.user.email, PASSWORD, address)).status).toBe(200);
    expect(eventsFrom(address)).toEqual([
      expect.objectContaining({
        event: 'signin.second_step',
        kind: 'totp',
        method: 'email',
        userId: account.user.id,
        address,
      }),
    ]);
  });
});

describe('past the account’s day of failed sign-ins', () => {
  it('logs where the ceiling was reached, and a wrong password as a failure though it gets a ticket', async () => {
    const account = await register(app);
    await reachCeiling(account.user.email);
    const address = uniqueAddress();
    await emailCodeTicket(await login(app, account.user.email, 'not the password', address));
    const events = eventsFrom(address);
    expect(events).toContainEqual(
      expect.objectContaining({ event: 'limit.exceeded', limit: 'login.account_daily', address }),
    );
    expect(events).toContainEqual(
      expect.objectContaining({ event: 'signin.failure', method: 'email', userId: account.user.id, address }),
    );
  });

  it('logs no failure for the right password', async () => {
    const account = await register(app);
    await reachCeiling(account.user.email);
    const address = uniqueAddress();
    await emailCodeTicket(await login(app, account.user.email, account.password, address));
    expect(eventsFrom(address).filter((line) => line.event === 'signin.failure')).toEqual([]);
  });

  it('logs an unknown e-mail as a failure of no account', async () => {
    const email = uniqueEmail('nobody');
    await reachCeiling(email);
    const address = uniqueAddress();
    await emailCodeTicket(await login(app, email, 'a guess', address));
    expect(eventsFrom(address)).toContainEqual(
      expect.objectContaining({ event: 'signin.failure', method: 'email', userId: null, address }),
    );
  });
});

describe('the e-mailed code of the second step', () => {
  it('logs a wrong code, and the address its run of wrong codes is refused from', async () => {
    const address = uniqueAddress();
    for (let i = 0; i < 2; i += 1) expect((await secondStep('A'.repeat(43), '000000', address)).status).toBe(400);
    expect((await secondStep('A'.repeat(43), '000000', address)).status).toBe(429);
    const events = eventsFrom(address);
    expect(events.filter((line) => line.event === 'code.failed')).toEqual([
      expect.objectContaining({ purpose: 'sign_in', userId: null, address }),
      expect.objectContaining({ purpose: 'sign_in', userId: null, address }),
    ]);
    expect(events).toContainEqual(
      expect.objectContaining({ event: 'limit.exceeded', limit: 'code_check.address', address }),
    );
  });

  it('refuses the right code once the account has moved to another e-mail address, and logs it', async () => {
    const account = await register(app);
    await reachCeiling(account.user.email);
    const ticket = await emailCodeTicket(await login(app, account.user.email, account.password, uniqueAddress()));
    const code = await signInCode(account.user.email);

    const moved = uniqueEmail('moved');
    const update = await app.request('/api/users/profile/update', {
      method: 'PATCH',
      body: form({ name: account.user.name, email: moved, currentPassword: account.password }),
      headers: bearer(account.token),
    });
    expect(update.status).toBe(200);
    const confirmed = await post(
      '/api/users/verify/email-change',
      { email: moved, code: codeIn(await smtp.waitFor(moved)) },
      account.token,
    );
    expect(confirmed.status).toBe(200);

    const address = uniqueAddress();
    const res = await secondStep(ticket, code, address);
    expect(res.status).toBe(400);
    expect(await errorText(res)).toBe(CODE_INVALID_TEXT);
    expect(eventsFrom(address)).toEqual([
      expect.objectContaining({ event: 'code.failed', purpose: 'sign_in', userId: account.user.id, address }),
    ]);
  });

  it('logs the app step that follows the code for an account with an authenticator app', async () => {
    const account = await withApp();
    await reachCeiling(account.user.email);
    const ticket = await emailCodeTicket(await login(app, account.user.email, PASSWORD, uniqueAddress()));
    const address = uniqueAddress();
    const res = await secondStep(ticket, await signInCode(account.user.email), address);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { secondStep: { kind: string } }).secondStep.kind).toBe('totp');
    expect(eventsFrom(address)).toContainEqual(
      expect.objectContaining({
        event: 'signin.second_step',
        kind: 'totp',
        method: 'email-code',
        userId: account.user.id,
        address,
      }),
    );
  });

  it('answers the app step to one of two requests racing with the same code', async () => {
    const account = await withApp();
    await reachCeiling(account.user.email);
    const ticket = await emailCodeTicket(await login(app, account.user.email, PASSWORD, uniqueAddress()));
    const code = await signInCode(account.user.email);
    const answers = await Promise.all([secondStep(ticket, code), secondStep(ticket, code)]);
    expect(answers.map((res) => res.status).sort()).toEqual([200, 400]);
    const refused = answers.find((res) => res.status === 400)!;
    expect(await errorText(refused)).toBe(CODE_INVALID_TEXT);
  });
});
