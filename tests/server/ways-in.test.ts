/**
 * An account's ways in, tried as an attacker would (docs/decisions/0039-no-counter-a-stranger-spends.md): each
 * attack of the review replayed, on both databases.
 * - a recovery with "remove every other way to sign in" leaves no passkey, app or half-done sign-in of an intruder;
 * - a stranger who names the address spends no counter the owner needs: the owner's app code, a recovery code, a
 *   fresh reset and the e-mail verification all still work;
 * - past the account's day of failed sign-ins, a right password and a wrong one leave the same counters behind;
 * - the company mails an address not yet proven a few times a day at most, in its own words only;
 * - a change to the ways in ends every other session, and "Sign out everywhere" does on request.
 */
import { assert } from 'superstruct';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { REMOVE_OTHER_SIGN_INS_LABEL, signedOutElsewhereText } from '#domain/contract';
import { RecoveryCodesResponse, TwoFactorSetupResponse } from '#domain/twoFactorContract';
import { codeOfStep, stepAt } from '#server/ways-in/two-factor';
import {
  PASSWORD,
  authenticate,
  bearer,
  cleanup,
  createTestServer,
  errorText,
  fromAddress,
  jsonInit,
  login,
  register,
  sessionBody,
  uniqueAddress,
  uniqueEmail,
} from './helpers';
import { limitsFollow } from './limit-helpers';
import { codeIn, startMailCatcher } from './mail-helpers';
import { SoftwareAuthenticator } from './passkeys-authenticator';

const smtp = await startMailCatcher();
afterAll(async () => {
  await smtp.close();
  await cleanup();
});

// A low day's ceiling of failed sign-ins, so that a test reaches it in a few requests.
const server = await createTestServer({ SMTP_URL: smtp.url, LOGIN_MAX_FAILURES_PER_ACCOUNT_PER_DAY: 3 });
const { app, clock, config, securityEvents } = server;
limitsFollow(clock);
const STEP = 30_000;

const post = (path: string, body: unknown, token?: string, address = uniqueAddress()) =>
  app.request(path, jsonInit('POST', body, token ? bearer(token) : {}), fromAddress(address));

/** A second session of the account, as from another device. */
const signInElsewhere = async (email: string) =>
  (await sessionBody(await login(app, email, PASSWORD, uniqueAddress()))).token;

/** The authenticator app turned on for the session's account; answers the app's secret and its recovery codes. */
async function turnOnApp(token: string) {
  const setUp = await post('/api/users/two-factor/totp/setup', { currentPassword: PASSWORD }, token);
  expect(setUp.status).toBe(200);
  const { secret } = (await setUp.json()) as TwoFactorSetupResponse;
  const enabled = await post(
    '/api/users/two-factor/totp/enable',
    { code: codeOfStep(secret, stepAt(clock.now())) },
    token,
  );
  expect(enabled.status).toBe(200);
  const answer: unknown = await enabled.json();
  assert(answer, RecoveryCodesResponse);
  clock.advance(STEP);
  return { secret, recoveryCodes: answer.recoveryCodes };
}

/** A passkey added with the session (and the password as proof); answers the authenticator that holds it. */
async function addPasskey(token: string, name: string) {
  const authenticator = new SoftwareAuthenticator(config.PUBLIC_URL);
  const options = await post('/api/users/passkeys/registration/options', { currentPassword: PASSWORD }, token);
  expect(options.status).toBe(200);
  const added = await post(
    '/api/users/passkeys/registration',
    { name, response: authenticator.create(await options.json()) },
    token,
  );
  expect(added.status).toBe(201);
  return authenticator;
}

async function passkeySignIn(authenticator: SoftwareAuthenticator) {
  const options = await post('/api/auth/passkey/options', {});
  return post('/api/auth/passkey', { response: authenticator.get(await options.json()) });
}

/** The `nth` mail to `email` whose subject matches, waiting for it (other mails to the address come between). */
async function mailAbout(email: string, subject: RegExp, nth: number) {
  await vi.waitFor(() => expect(smtp.to(email).filter((mail) => subject.test(mail.subject)).length).toBe(nth), {
    timeout: 5000,
  });
  return smtp.to(email).filter((mail) => subject.test(mail.subject))[nth - 1]!;
}

const RESET_CODE = /password reset code/;

/** A reset code asked for, as read from the mail, with the answer's ticket. */
async function resetCode(email: string, address = uniqueAddress()) {
  const query = new URLSearchParams({ email, lang: 'en', sendTo: '/reset-password' });
  const before = smtp.to(email).filter((mail) => RESET_CODE.test(mail.subject)).length;
  const res = await app.request(`/api/users/password/forgot?${query}`, {}, fromAddress(address));
  expect(res.status).toBe(200);
  const { ticket } = (await res.json()) as { ticket: string };
  const mail = await mailAbout(email, RESET_CODE, before + 1);
  return { ticket, code: codeIn(mail), mail };
}

const NEW_PASSWORD = 'a brand new passphrase';
const reset = (email: string, proof: { ticket: string; code: string }, extra: object = {}, address = uniqueAddress()) =>
  post('/api/users/password/forgot', { email, ...proof, newPassword: NEW_PASSWORD, ...extra }, undefined, address);

/** The ticket of a sign-in's second step, from its answer. */
async function secondStepTicket(res: Response, kind: string): Promise<string> {
  expect(res.status).toBe(200);
  const body = (await res.json()) as { secondStep: { kind: string; ticket: string } };
  expect(body.secondStep.kind).toBe(kind);
  return body.secondStep.ticket;
}

const secondStep = (ticket: string, code: string) => post('/api/auth/login/second-step', { ticket, code });

describe('recovery: "remove every other way to sign in" leaves no intruder in', () => {
  it("removes the intruder's passkey and app and ends the sign-in the old password began; mail and bell name them", async () => {
    const owner = await register(app, { name: 'Olga Owner' });
    // The intruder holds a session and the password: adds a passkey, turns the app on, and begins a sign-in.
    const intruder = await signInElsewhere(owner.user.email);
    const passkey = await addPasskey(intruder, 'Intruder key');
    const { secret } = await turnOnApp(intruder);
    const halfDone = await secondStepTicket(await login(app, owner.user.email, PASSWORD, uniqueAddress()), 'totp');

    // Asked for a reset, the owner reads what the account can also be signed in with.
    const proof = await resetCode(owner.user.email);
    expect(proof.mail.text).toContain('the passkey "Intruder key"');
    expect(proof.mail.text).toContain('the authenticator app and its recovery codes');
    expect(proof.mail.text).toContain(REMOVE_OTHER_SIGN_INS_LABEL);
    expect((await reset(owner.user.email, proof, { removeOtherSignIns: true })).status).toBe(200);

    // The intruder's passkey signs in no more, nor does the half-done sign-in finish with the intruder's app.
    expect((await passkeySignIn(passkey)).status).toBe(401);
    expect((await secondStep(halfDone, codeOfStep(secret, stepAt(clock.now())))).status).toBe(400);
    expect((await authenticate(app, intruder)).status).toBe(401);
    // The owner signs in with the new password alone: no app of the intruder's guards the account.
    const signedIn = await sessionBody(await login(app, owner.user.email, NEW_PASSWORD, uniqueAddress()));
    expect(signedIn.user.id).toBe(owner.user.id);

    const notice = await mailAbout(owner.user.email, /password was reset/, 1);
    expect(notice.text).toContain('the passkey "Intruder key", the authenticator app and its recovery codes');
    const bell = await app.request('/api/users/notifications', { headers: bearer(signedIn.token) });
    const { notifications } = (await bell.json()) as { notifications: { text: { en: string } }[] };
    expect(notifications[0]!.text.en).toContain('Removed with it: the passkey "Intruder key"');
  });

  it('names only what the account has: a passkey, no app; and ends a half-done e-mailed sign-in step', async () => {
    const owner = await register(app);
    await addPasskey(owner.token, 'Only key');
    // The day's failed sign-ins reached: the right password continues with a code e-mailed to the account.
    for (let i = 0; i < 3; i += 1) await login(app, owner.user.email, 'wrong', uniqueAddress());
    const halfDone = await secondStepTicket(
      await login(app, owner.user.email, PASSWORD, uniqueAddress()),
      'email-code',
    );
    const signInCode = codeIn(await mailAbout(owner.user.email, /sign-in code/, 1));

    const proof = await resetCode(owner.user.email);
    expect(proof.mail.text).toContain('the passkey "Only key"');
    expect(proof.mail.text).not.toContain('the authenticator app and its recovery codes');
    expect((await reset(owner.user.email, proof, { removeOtherSignIns: true })).status).toBe(200);
    expect((await secondStep(halfDone, signInCode)).status).toBe(400);
    const notice = await mailAbout(owner.user.email, /password was reset/, 1);
    expect(notice.text).toContain(
      'These other ways to sign in were removed and no longer work: the passkey "Only key".',
    );
  });

  it('without the box ticked keeps the other ways in, yet ends the sign-ins the old password began', async () => {
    const owner = await register(app);
    const { secret } = await turnOnApp(owner.token);
    const halfDone = await secondStepTicket(await login(app, owner.user.email, PASSWORD, uniqueAddress()), 'totp');
    expect((await reset(owner.user.email, await resetCode(owner.user.email))).status).toBe(200);
    expect((await secondStep(halfDone, codeOfStep(secret, stepAt(clock.now())))).status).toBe(400);
    // The app stays: the new password is asked for its code.
    await secondStepTicket(await login(app, owner.user.email, NEW_PASSWORD, uniqueAddress()), 'totp');
  });
});

describe('a stranger who names the address spends nothing the owner needs', () => {
  /** 25 reset attempts with made-up tickets, more than the account's day of wrong codes (20). */
  async function strangerResets(email: string) {
    const from = uniqueAddress();
    for (let i = 0; i < 25; i += 1) {
      const res = await reset(
        email,
        { ticket: 'A'.repeat(42) + String.fromCharCode(65 + i), code: '123456' },
        {},
        from,
      );
      expect(res.status).toBe(400);
    }
  }

  it("the owner's app code, a recovery code, a fresh reset and the e-mail verification all still work", async () => {
    const owner = await register(app);
    const { secret, recoveryCodes } = await turnOnApp(owner.token);
    await strangerResets(owner.user.email);
    // Besides, the stranger asks for reset codes from the same address until refused: the owner still gets one.
    const query = new URLSearchParams({ email: owner.user.email, lang: 'en', sendTo: '/' });
    const stranger = uniqueAddress();
    const asked = [];
    for (let i = 0; i < config.CODE_MAX_REQUESTS_PER_ADDRESS + 1; i += 1) {
      asked.push((await app.request(`/api/users/password/forgot?${query}`, {}, fromAddress(stranger))).status);
    }
    expect(asked.at(-1)).toBe(429);
    await mailAbout(owner.user.email, RESET_CODE, config.CODE_MAX_REQUESTS_PER_ADDRESS);

    const byApp = await secondStep(
      await secondStepTicket(await login(app, owner.user.email, PASSWORD, uniqueAddress()), 'totp'),
      codeOfStep(secret, stepAt(clock.now())),
    );
    expect(byApp.status).toBe(200);
    clock.advance(STEP);
    const byRecovery = await secondStep(
      await secondStepTicket(await login(app, owner.user.email, PASSWORD, uniqueAddress()), 'totp'),
      recoveryCodes[0]!,
    );
    expect(byRecovery.status).toBe(200);
    const verify = await app.request('/api/users/verify/email', { headers: bearer(owner.token) });
    expect([200, 409]).toContain(verify.status);
    expect((await reset(owner.user.email, await resetCode(owner.user.email))).status).toBe(200);
  });

  it("past the account's day of wrong app codes, the owner's right code still gets in (one try per ticket)", async () => {
    const owner = await register(app);
    const { secret } = await turnOnApp(owner.token);
    // Someone with the password spends the day's 20 wrong codes, five per sign-in.
    for (let round = 0; round < 4; round += 1) {
      const ticket = await secondStepTicket(await login(app, owner.user.email, PASSWORD, uniqueAddress()), 'totp');
      for (let i = 0; i < 5; i += 1) expect((await secondStep(ticket, '000000')).status).toBe(400);
    }
    const ticket = await secondStepTicket(await login(app, owner.user.email, PASSWORD, uniqueAddress()), 'totp');
    const res = await secondStep(ticket, codeOfStep(secret, stepAt(clock.now())));
    expect(res.status).toBe(200);
    // A guesser past the ceiling gets one try per ticket: the second, even right, is refused.
    clock.advance(STEP);
    const guessed = await secondStepTicket(await login(app, owner.user.email, PASSWORD, uniqueAddress()), 'totp');
    for (let i = 0; i < 20; i += 1) await secondStep(guessed, '000000');
    const next = await secondStepTicket(await login(app, owner.user.email, PASSWORD, uniqueAddress()), 'totp');
    expect((await secondStep(next, '000000')).status).toBe(400);
    expect((await secondStep(next, codeOfStep(secret, stepAt(clock.now())))).status).toBe(400);
  });
});

describe("past the account's day of failed sign-ins", () => {
  /**
   * From one address: five candidate passwords, then known-wrong ones until refused. Answers every status, so
   * that a run with the right password among the five can be set beside a run without.
   */
  async function guesses(email: string, candidates: string[]): Promise<number[]> {
    const from = uniqueAddress();
    const statuses: number[] = [];
    for (const candidate of candidates) statuses.push((await login(app, email, candidate, from)).status);
    for (let i = 0; i < 3; i += 1) statuses.push((await login(app, email, 'known to be wrong', from)).status);
    return statuses;
  }

  it('a right password and a wrong one leave the same answers and counters behind', async () => {
    const owner = await register(app);
    // The ceiling (3 here) reached from elsewhere.
    for (let i = 0; i < 3; i += 1) await login(app, owner.user.email, 'wrong', uniqueAddress());
    const wrongOnly = await guesses(owner.user.email, ['a1', 'a2', 'a3', 'a4', 'a5']);
    expect(wrongOnly).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    // Wherever the right password stands among the five, every answer after it is the same.
    for (let at = 0; at < 5; at += 1) {
      const candidates = ['b1', 'b2', 'b3', 'b4', 'b5'].map((wrong, i) => (i === at ? PASSWORD : wrong));
      expect(await guesses(owner.user.email, candidates), `the right one at ${at + 1}`).toEqual(wrongOnly);
    }
  });
});

describe('mail to an address not yet proven', () => {
  it('goes to one recipient a few times a day, whoever asks, with nothing the customer typed in it', async () => {
    const stranger = uniqueEmail();
    const sent: number[] = [];
    // Two customers each point an e-mail change at the stranger's address, then press "send again".
    for (const name of ['Mallory <a href="x">click</a>', 'Eve']) {
      const customer = await register(app, { name });
      const change = new FormData();
      change.set('name', name);
      change.set('email', stranger);
      change.set('currentPassword', PASSWORD);
      const res = await app.request('/api/users/profile/update', {
        method: 'PATCH',
        body: change,
        headers: bearer(customer.token),
      });
      sent.push(res.status);
      for (let i = 0; i < 2; i += 1) {
        const again = await app.request('/api/users/verify/email-change/resend', { headers: bearer(customer.token) });
        sent.push(again.status);
      }
    }
    // Three mails (the first change and two "send again"); the second customer's change is refused, so it has
    // nothing pending to send again.
    expect(config.CODE_MAX_PER_UNPROVEN_ADDRESS_PER_DAY).toBe(3);
    expect(sent).toEqual([200, 200, 200, 429, 409, 409]);
    expect(smtp.to(stranger)).toHaveLength(3);
    const mail = await smtp.waitFor(stranger, 1);
    expect(mail.text.split(/\r?\n/)[0]).toBe('Hello,');
    expect(mail.text).not.toContain('Mallory');
    expect(mail.html).not.toContain('Mallory');
  });
});

describe('sessions follow the ways in', () => {
  /** Each change, made with the account's first session while a second one is signed in elsewhere. */
  async function endsTheOtherSession(change: (token: string) => Promise<unknown>) {
    const account = await register(app);
    await change(account.token);
    const elsewhere = await signInElsewhere(account.user.email);
    return { account, elsewhere };
  }

  it('turning the app on, new recovery codes and turning it off end every other session, not this one', async () => {
    const account = await register(app);
    const elsewhere = await signInElsewhere(account.user.email);
    const { secret } = await turnOnApp(account.token);
    expect((await authenticate(app, elsewhere)).status).toBe(401);
    expect((await authenticate(app, account.token)).status).toBe(200);

    const second = await secondStep(
      await secondStepTicket(await login(app, account.user.email, PASSWORD, uniqueAddress()), 'totp'),
      codeOfStep(secret, stepAt(clock.now())),
    );
    const other = (await sessionBody(second)).token;
    clock.advance(STEP);
    const codes = await post(
      '/api/users/two-factor/recovery-codes',
      { code: codeOfStep(secret, stepAt(clock.now())) },
      account.token,
    );
    expect(codes.status).toBe(200);
    expect((await authenticate(app, other)).status).toBe(401);

    clock.advance(STEP);
    const third = await secondStep(
      await secondStepTicket(await login(app, account.user.email, PASSWORD, uniqueAddress()), 'totp'),
      codeOfStep(secret, stepAt(clock.now())),
    );
    const another = (await sessionBody(third)).token;
    clock.advance(STEP);
    const off = await post(
      '/api/users/two-factor/disable',
      { currentPassword: PASSWORD, twoFactorCode: codeOfStep(secret, stepAt(clock.now())) },
      account.token,
    );
    expect(off.status).toBe(200);
    expect((await authenticate(app, another)).status).toBe(401);
    expect((await authenticate(app, account.token)).status).toBe(200);
  });

  it('"Sign out everywhere" ends every other session on request and says how many', async () => {
    const { account, elsewhere } = await endsTheOtherSession(async () => {});
    const third = await signInElsewhere(account.user.email);
    const res = await post('/api/auth/logout/others', {}, account.token);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { message: { en: string } }).message.en).toBe(signedOutElsewhereText(2));
    expect(securityEvents()).toContainEqual(
      expect.objectContaining({ event: 'sessions.ended_others', userId: account.user.id, ended: 2 }),
    );
    for (const token of [elsewhere, third]) expect((await authenticate(app, token)).status).toBe(401);
    expect((await authenticate(app, account.token)).status).toBe(200);
    const again = await post('/api/auth/logout/others', {}, account.token);
    expect(((await again.json()) as { message: { en: string } }).message.en).toBe(signedOutElsewhereText(0));
    const signedOut = await post('/api/auth/logout/others', {});
    expect(signedOut.status).toBe(401);
    expect(await errorText(signedOut)).toBeTruthy();
  });
});
