/**
 * The authenticator app as a second factor (docs/product.md#second-factor, decision 0028): set-up with the
 * password, a first code to turn it on, `RECOVERY_CODE_COUNT` recovery codes; sign-in answering the 'totp' step and taking a
 * current code (one step of drift), each code once, or a recovery code once; new recovery codes replacing the
 * old; turning it off; the limits on wrong codes; the mails and security log lines; the secret stored encrypted.
 * The test clock makes every code: codes are those of the clock's time step.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { assert } from 'superstruct';
import { RecoveryCodesResponse, TwoFactorSetupResponse, TwoFactorStatus } from '#domain/twoFactorContract';
import { CODE_INVALID_TEXT, CODE_TTL_MINUTES } from '#server/ways-in/email-codes';
import { purgeDueAccounts } from '#server/account/deletion';
import { WRONG_CURRENT_PASSWORD_TEXT } from '#server/ways-in/current-password';
import { TWO_FACTOR_PASSWORD_TEXT } from '#server/ways-in/owner-proof';
import { TOTP_OFF_TEXT, TWO_FACTOR_CODE_WRONG_TEXT } from '#server/two-factor/changes';
import { TWO_FACTOR_CODE_FIELD_TEXT } from '#server/two-factor/routes';
import { NO_SETUP_TEXT, TOTP_ALREADY_ON_TEXT, TOTP_CODE_WRONG_TEXT } from '#server/two-factor/setup';
import { normalizeRecoveryCode } from '#server/ways-in/two-factor';
import { TOTP_INVALID_TEXT } from '#server/ways-in/two-factor-step';
import { codeOfStep, recoveryCodeText, stepAt } from '#server/ways-in/two-factor';
import { matchFactor } from '#server/ways-in/factor-check';
import { twoFactorKeys } from '#server/ways-in/two-factor-key';
import { takeStep, useRecoveryCode } from '#server/ways-in/two-factor-repository';
import {
  MINUTE,
  PASSWORD,
  type TestApp,
  type TestClock,
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
import { type MailCatcher, type ReceivedMail, codeIn, startMailCatcher } from './mail-helpers';

const smtp = await startMailCatcher();
afterAll(async () => {
  await smtp.close();
  await cleanup();
});

const server = await createTestServer({ SMTP_URL: smtp.url });
const { app, db, clock, config, log, securityEvents, logLines } = server;
limitsFollow(clock);

const STEP = 30_000;

function call(target: TestApp, token: string, path: string, body?: unknown, address = uniqueAddress()) {
  const init = body === undefined ? { method: 'POST', headers: bearer(token) } : jsonInit('POST', body, bearer(token));
  return target.request(`/api/users/two-factor${path}`, init, fromAddress(address));
}

/** The code an app holding `secret` shows now, or `offset` steps away. */
const codeNow = (secret: string, offset = 0) => codeOfStep(secret, stepAt(clock.now()) + offset);
/** A six-digit code that is not `code`. */
const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function setUp(target: TestApp, token: string, body: unknown = { currentPassword: PASSWORD }) {
  const res = await call(target, token, '/totp/setup', body);
  expect(res.status).toBe(200);
  const answer: unknown = await res.json();
  assert(answer, TwoFactorSetupResponse);
  return answer;
}

async function enable(target: TestApp, token: string, code: string): Promise<string[]> {
  const res = await call(target, token, '/totp/enable', { code });
  expect(res.status).toBe(200);
  const answer: unknown = await res.json();
  assert(answer, RecoveryCodesResponse);
  return answer.recoveryCodes;
}

async function status(target: TestApp, token: string): Promise<TwoFactorStatus> {
  const res = await target.request('/api/users/two-factor', { headers: bearer(token) });
  expect(res.status).toBe(200);
  const answer: unknown = await res.json();
  assert(answer, TwoFactorStatus);
  return answer;
}

/** A new account with the app turned on; the clock then moves a step on, so sign-in codes are fresh. */
async function withTwoFactor(on: { app: TestApp; clock: TestClock } = server, name = 'Tess Totp') {
  const account = await register(on.app, { name });
  const { secret } = await setUp(on.app, account.token);
  const recoveryCodes = await enable(on.app, account.token, codeOfStep(secret, stepAt(on.clock.now())));
  on.clock.advance(STEP);
  return { ...account, secret, recoveryCodes };
}

async function totpTicket(target: TestApp, email: string, password = PASSWORD): Promise<string> {
  const res = await login(target, email, password, uniqueAddress());
  expect(res.status).toBe(200);
  const body = (await res.json()) as { secondStep: { kind: string; ticket: string } };
  expect(Object.keys(body)).toEqual(['secondStep']);
  expect(body.secondStep.kind).toBe('totp');
  return body.secondStep.ticket;
}

const secondStep = (target: TestApp, ticket: string, code: string, address = uniqueAddress()) =>
  target.request('/api/auth/login/second-step', jsonInit('POST', { ticket, code }), fromAddress(address));

/** The kinds of the mails queued for `email`, oldest first (sent ones stay in the queue as sent). */
async function queuedKinds(email: string): Promise<string[]> {
  const rows = await db.selectFrom('mail_queue').select('kind').where('to_address', '=', email).orderBy('id').execute();
  return rows.map((row) => row.kind);
}

async function mailAbout(catcher: MailCatcher, email: string, subject: RegExp): Promise<ReceivedMail> {
  for (let waited = 0; waited < 5000; waited += 10) {
    const found = catcher.to(email).find((mail) => subject.test(mail.subject));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`no mail "${subject.source}" to ${email}`);
}

describe('setting up the authenticator app', () => {
  it('answers a secret and its otpauth URL after the password, and stores the secret encrypted', async () => {
    const ada = await register(app, { name: 'Ada Setup' });
    const { secret, otpauthUrl } = await setUp(app, ada.token);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(otpauthUrl);
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(decodeURIComponent(url.pathname)).toContain(ada.user.email);
    expect(url.searchParams.get('secret')).toBe(secret);
    expect(url.searchParams.get('issuer')).toBeTruthy();
    expect(url.searchParams.get('digits')).toBe('6');
    expect(url.searchParams.get('period')).toBe('30');
    expect(url.searchParams.get('algorithm')).toBe('SHA1');

    const row = await db
      .selectFrom('totp_secrets')
      .selectAll()
      .where('user_id', '=', ada.user.id)
      .executeTakeFirstOrThrow();
    expect(row.secret.startsWith('v1.')).toBe(true);
    expect(row.secret).not.toContain(secret);
    expect(row.secret.toUpperCase()).not.toContain(secret);
    expect(securityEvents()).toContainEqual(
      expect.objectContaining({ event: 'two_factor.setup_started', userId: ada.user.id }),
    );
  });

  it('is not on until confirmed: sign-in still needs only the password', async () => {
    const ada = await register(app);
    await setUp(app, ada.token);
    expect(await status(app, ada.token)).toEqual({
      totp: false,
      totpSince: null,
      recoveryCodesLeft: 0,
      required: false,
    });
    const res = await login(app, ada.user.email, PASSWORD, uniqueAddress());
    expect(res.status).toBe(200);
    expect((await sessionBody(res)).user.id).toBe(ada.user.id);
  });

  it('needs the right current password', async () => {
    const ada = await register(app);
    let res = await call(app, ada.token, '/totp/setup', {});
    expect(res.status).toBe(400);
    expect(await errorText(res)).toBe(TWO_FACTOR_PASSWORD_TEXT);
    res = await call(app, ada.token, '/totp/setup', { currentPassword: 'not the password' });
    expect(res.status).toBe(403);
    expect(await errorText(res)).toBe(WRONG_CURRENT_PASSWORD_TEXT);
    expect(await db.selectFrom('totp_secrets').select('user_id').where('user_id', '=', ada.user.id).execute()).toEqual(
      [],
    );
  });

  it('refuses a wrong first code, and turns on with the right one: all its recovery codes, shown once', async () => {
    const ada = await register(app, { name: 'Ada Enable' });
    const { secret } = await setUp(app, ada.token);
    const res = await call(app, ada.token, '/totp/enable', { code: otherThan(codeNow(secret)) });
    expect(res.status).toBe(400);
    expect(await errorText(res)).toBe(TOTP_CODE_WRONG_TEXT);
    expect((await status(app, ada.token)).totp).toBe(false);

    const recoveryCodes = await enable(app, ada.token, codeNow(secret));
    expect(recoveryCodes).toHaveLength(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}$/);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect(await status(app, ada.token)).toEqual({
      totp: true,
      totpSince: clock.now().toISOString(),
      recoveryCodesLeft: 10,
      required: false,
    });
    // Kept hashed: each stored value is a keyed hash (the key's id, then an HMAC-SHA256 in hex), ten different ones,
    // and none holds a code's eight characters. (Half a code, four characters, turns up in a hex hash by chance
    // about once in a few thousand runs; eight, about once in 10^10.)
    const stored = await db.selectFrom('recovery_codes').selectAll().where('user_id', '=', ada.user.id).execute();
    expect(stored).toHaveLength(10);
    for (const row of stored) expect(row.code_hash).toMatch(/^[0-9a-f]{8}\.[0-9a-f]{64}$/);
    expect(new Set(stored.map((row) => row.code_hash)).size).toBe(10);
    for (const row of stored)
      for (const code of recoveryCodes) expect(row.code_hash).not.toContain(normalizeRecoveryCode(code));

    const mail = await mailAbout(smtp, ada.user.email, /turned on/);
    // The account's address is not proven yet: the notice greets no one by the name typed at sign-up.
    expect(mail.text.split(/\r?\n/)[0]).toBe('Hello,');
    expect(securityEvents()).toContainEqual(
      expect.objectContaining({ event: 'two_factor.enabled', userId: ada.user.id }),
    );
    // No secret and no recovery code in any mail or log line.
    const written =
      JSON.stringify(logLines) +
      smtp
        .to(ada.user.email)
        .map((sent) => sent.raw)
        .join('\n');
    expect(written).not.toContain(secret);
    for (const code of recoveryCodes) expect(written).not.toContain(code);

    // A second set-up, or a second enable, while it is on: 409.
    let again = await call(app, ada.token, '/totp/setup', { currentPassword: PASSWORD });
    expect(again.status).toBe(409);
    expect(await errorText(again)).toBe(TOTP_ALREADY_ON_TEXT);
    again = await call(app, ada.token, '/totp/enable', { code: codeNow(secret) });
    expect(again.status).toBe(409);
  });

  it('refuses to enable without a set-up waiting', async () => {
    const ada = await register(app);
    const res = await call(app, ada.token, '/totp/enable', { code: '123456' });
    expect(res.status).toBe(409);
    expect(await errorText(res)).toBe(NO_SETUP_TEXT);
  });
});

describe('signing in with the app', () => {
  it('answers the totp step, and a current code signs in', async () => {
    const tess = await withTwoFactor();
    const ticket = await totpTicket(app, tess.user.email);
    expect(securityEvents()).toContainEqual(
      expect.objectContaining({ event: 'signin.second_step', kind: 'totp', userId: tess.user.id }),
    );
    const res = await secondStep(app, ticket, codeNow(tess.secret));
    expect(res.status).toBe(200);
    const session = await sessionBody(res);
    expect(session.user.id).toBe(tess.user.id);
    expect((await authenticate(app, session.token)).status).toBe(200);
    // The session records the factor it was opened with (the staff policy and the data export read it).
    const factors = await db
      .selectFrom('sessions')
      .select('second_factor')
      .where('user_id', '=', tess.user.id)
      .execute();
    expect(factors.map((row) => row.second_factor)).toContain('totp');
    expect(securityEvents()).toContainEqual(
      expect.objectContaining({ event: 'signin.success', method: 'totp', userId: tess.user.id }),
    );
    // The app's code is no recovery code: no notice of one used, in the log or the mail queue.
    expect(securityEvents()).not.toContainEqual(
      expect.objectContaining({ event: 'two_factor.recovery_code_used', userId: tess.user.id }),
    );
    expect(await queuedKinds(tess.user.email)).toEqual(['verification code', 'security notice (totp_enabled)']);
    // The ticket is used up.
    expect((await secondStep(app, ticket, codeNow(tess.secret, 1))).status).toBe(400);
  });

  it('accepts one step of drift either way, each code once, and no code older than the last', async () => {
    const tess = await withTwoFactor();
    clock.advance(2 * STEP);
    // A phone a step behind...
    let res = await secondStep(app, await totpTicket(app, tess.user.email), codeNow(tess.secret, -1));
    expect(res.status).toBe(200);
    // ...and a step ahead.
    res = await secondStep(app, await totpTicket(app, tess.user.email), codeNow(tess.secret, 1));
    expect(res.status).toBe(200);
    // The current step's code is older than the one just accepted; the accepted one is a replay.
    for (const code of [codeNow(tess.secret), codeNow(tess.secret, 1)]) {
      res = await secondStep(app, await totpTicket(app, tess.user.email), code);
      expect(res.status).toBe(400);
      expect(await errorText(res)).toBe(TOTP_INVALID_TEXT);
    }
    // Two steps away is refused however fresh.
    clock.advance(3 * STEP);
    res = await secondStep(app, await totpTicket(app, tess.user.email), codeNow(tess.secret, 2));
    expect(res.status).toBe(400);
    res = await secondStep(app, await totpTicket(app, tess.user.email), codeNow(tess.secret, -2));
    expect(res.status).toBe(400);
    res = await secondStep(app, await totpTicket(app, tess.user.email), codeNow(tess.secret));
    expect(res.status).toBe(200);
  });

  it('refuses a replayed code even in parallel: one of two sign-ins with it gets in', async () => {
    const tess = await withTwoFactor();
    const tickets = [await totpTicket(app, tess.user.email), await totpTicket(app, tess.user.email)];
    const code = codeNow(tess.secret);
    const answers = await Promise.all(tickets.map((ticket) => secondStep(app, ticket, code)));
    expect(answers.map((res) => res.status).sort()).toEqual([200, 400]);
  });

  it('makes one session of one ticket sent twice at once, even with two good codes', async () => {
    const tess = await withTwoFactor();
    const ticket = await totpTicket(app, tess.user.email);
    const codes = [codeNow(tess.secret), tess.recoveryCodes[0]!];
    const answers = await Promise.all(codes.map((code) => secondStep(app, ticket, code)));
    expect(answers.map((res) => res.status).sort()).toEqual([200, 400]);
    expect(await errorText(answers.find((res) => res.status === 400)!)).toBe(CODE_INVALID_TEXT);
    const signIns = securityEvents().filter((line) => line.event === 'signin.success' && line.userId === tess.user.id);
    expect(signIns).toHaveLength(1);
  });

  it('takes a recovery code once, in any case and without its hyphen, and mails the owner', async () => {
    const tess = await withTwoFactor(server, 'Tess Recovery');
    const [first, second] = tess.recoveryCodes as [string, string];
    let res = await secondStep(app, await totpTicket(app, tess.user.email), first);
    expect(res.status).toBe(200);
    expect(securityEvents()).toContainEqual(
      expect.objectContaining({ event: 'signin.success', method: 'recovery-code', userId: tess.user.id }),
    );
    expect(securityEvents()).toContainEqual(
      expect.objectContaining({ event: 'two_factor.recovery_code_used', userId: tess.user.id }),
    );
    const mail = await mailAbout(smtp, tess.user.email, /recovery code was used/);
    expect(mail.text).toContain('9 unused codes are left');
    expect(await queuedKinds(tess.user.email)).toEqual([
      'verification code',
      'security notice (totp_enabled)',
      'security notice (recovery_code_used)',
    ]);
    expect(mail.raw).not.toContain(first);

    res = await secondStep(app, await totpTicket(app, tess.user.email), first);
    expect(res.status).toBe(400);
    expect(await errorText(res)).toBe(TOTP_INVALID_TEXT);

    res = await secondStep(app, await totpTicket(app, tess.user.email), second.replace('-', ' ').toUpperCase());
    expect(res.status).toBe(200);
    expect((await status(app, (await sessionBody(res)).token)).recoveryCodesLeft).toBe(8);
  });

  it('does not take a recovery code of another account', async () => {
    const tess = await withTwoFactor();
    const other = await withTwoFactor();
    const res = await secondStep(app, await totpTicket(app, tess.user.email), other.recoveryCodes[0]!);
    expect(res.status).toBe(400);
  });

  it('counts wrong codes: five per ticket, then even the right code needs a new ticket', async () => {
    const tess = await withTwoFactor();
    const ticket = await totpTicket(app, tess.user.email);
    const right = codeNow(tess.secret);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await secondStep(app, ticket, otherThan(right))).status).toBe(400);
    }
    const res = await secondStep(app, ticket, right);
    expect(res.status).toBe(400);
    expect(await errorText(res)).toBe(CODE_INVALID_TEXT);
    expect((await secondStep(app, await totpTicket(app, tess.user.email), right)).status).toBe(200);
    expect(securityEvents()).toContainEqual(
      expect.objectContaining({ event: 'code.failed', purpose: 'sign_in_totp', userId: tess.user.id }),
    );
  });

  it('a ticket expires with the e-mailed codes’ time: at its last moment it still works, at 15 minutes no more', async () => {
    const tess = await withTwoFactor();
    const late = await totpTicket(app, tess.user.email);
    const expired = await totpTicket(app, tess.user.email);
    clock.advance(CODE_TTL_MINUTES * MINUTE - 1);
    expect((await secondStep(app, late, codeNow(tess.secret))).status).toBe(200);
    clock.advance(1);
    const res = await secondStep(app, expired, codeNow(tess.secret, 1));
    expect(res.status).toBe(400);
    expect(await errorText(res)).toBe(CODE_INVALID_TEXT);
  });

  it('a ticket is for the address it was given to: changed since, the right code gets nothing', async () => {
    const tess = await withTwoFactor();
    const ticket = await totpTicket(app, tess.user.email);
    await db.updateTable('users').set({ email: uniqueEmail() }).where('id', '=', tess.user.id).execute();
    const res = await secondStep(app, ticket, codeNow(tess.secret));
    expect(res.status).toBe(400);
    expect(await errorText(res)).toBe(CODE_INVALID_TEXT);
    expect(securityEvents()).toContainEqual(
      expect.objectContaining({ event: 'code.failed', purpose: 'sign_in_totp', userId: tess.user.id }),
    );
  });
});

// The tests above pass while either of two guards holds: the check before anything is written (matchFactor) and
// the write that takes the step or the code only once (the repository). Each is proven here on its own.
describe('each code works once, by each of its two guards', () => {
  const services = { db, clock, config, log };
  const appCode = (id: string, code: string) => matchFactor(services, id, code, { appOnly: true });

  it('the check refuses the last accepted step and any earlier one before writing, and takes a later one', async () => {
    const tess = await withTwoFactor(server, 'Tess Check');
    const fresh = await appCode(tess.user.id, codeNow(tess.secret));
    expect(fresh?.kind).toBe('totp');
    expect(await fresh!.use(db)).toBe(true);
    expect(await appCode(tess.user.id, codeNow(tess.secret))).toBeNull();
    expect(await appCode(tess.user.id, codeNow(tess.secret, -1))).toBeNull();
    expect((await appCode(tess.user.id, codeNow(tess.secret, 1)))?.kind).toBe('totp');
    // A recovery code is no app code, and is looked at only where one is allowed.
    expect(await appCode(tess.user.id, tess.recoveryCodes[0]!)).toBeNull();
  });

  it('the check refuses a recovery code once it is used', async () => {
    const tess = await withTwoFactor(server, 'Tess Used');
    const code = tess.recoveryCodes[1]!;
    const first = await matchFactor(services, tess.user.id, code);
    expect(first?.kind).toBe('recovery');
    expect(await first!.use(db)).toBe(true);
    expect(await matchFactor(services, tess.user.id, code)).toBeNull();
  });

  it('the write takes a step only later than the last, and a recovery code only once', async () => {
    const tess = await withTwoFactor(server, 'Tess Write');
    const step = stepAt(clock.now());
    expect(await takeStep(db, tess.user.id, step)).toBe(true);
    expect(await takeStep(db, tess.user.id, step)).toBe(false);
    expect(await takeStep(db, tess.user.id, step - 1)).toBe(false);
    expect(await takeStep(db, tess.user.id, step + 1)).toBe(true);
    const hashes = await twoFactorKeys(services).hashes(recoveryCodeText(tess.user.id, tess.recoveryCodes[2]!));
    expect(await useRecoveryCode(db, tess.user.id, hashes, clock.now())).toBe(true);
    expect(await useRecoveryCode(db, tess.user.id, hashes, clock.now())).toBe(false);
  });
});

describe('a secret no key reads (the key replaced without the one that wrote it)', () => {
  it('refuses the app’s code and logs why; a recovery code still signs in', async () => {
    const tess = await withTwoFactor(server, 'Tess Unreadable');
    const mine = db.selectFrom('totp_secrets').where('user_id', '=', tess.user.id);
    const { secret } = await mine.select('secret').executeTakeFirstOrThrow();
    const [version, keyId, ...rest] = secret.split('.');
    const otherKeyId = keyId!.replace(/./g, (digit) => (digit === '0' ? '1' : '0'));
    await db
      .updateTable('totp_secrets')
      .set({ secret: [version, otherKeyId, ...rest].join('.') })
      .where('user_id', '=', tess.user.id)
      .execute();

    const res = await secondStep(app, await totpTicket(app, tess.user.email), codeNow(tess.secret));
    expect(res.status).toBe(400);
    expect(await errorText(res)).toBe(TOTP_INVALID_TEXT);
    expect(logLines).toContainEqual(
      expect.objectContaining({
        level: 50,
        event: 'two_factor.secret_unreadable',
        userId: tess.user.id,
        msg: 'no known key reads this secret',
      }),
    );
    const rescued = await secondStep(app, await totpTicket(app, tess.user.email), tess.recoveryCodes[0]!);
    expect(rescued.status).toBe(200);
  });
});

describe('any other code', () => {
  it('is refused at sign-in: six digits outside the window, or a recovery code never issued', async () => {
    const tess = await withTwoFactor();
    const wrong = fc.oneof(
      fc
        .stringMatching(/^\d{6}$/)
        .filter((code) => ![-1, 0, 1].some((offset) => codeNow(tess.secret, offset) === code)),
      fc.stringMatching(/^[a-z2-9]{4}-[a-z2-9]{4}$/).filter((code) => !tess.recoveryCodes.includes(code)),
    );
    // Twelve runs stay under the account's day of twenty wrong codes.
    await fc.assert(
      fc.asyncProperty(wrong, async (code) => {
        const res = await secondStep(app, await totpTicket(app, tess.user.email), code);
        expect(res.status).toBe(400);
        expect(await errorText(res)).toBe(TOTP_INVALID_TEXT);
      }),
      { numRuns: 12 },
    );
    expect((await secondStep(app, await totpTicket(app, tess.user.email), codeNow(tess.secret))).status).toBe(200);
  });
});

describe('the account’s day of wrong codes', () => {
  it('past the day’s ceiling gives each ticket one try, and never refuses the owner’s right code on it', async () => {
    const strict = await createTestServer({ CODE_MAX_FAILURES_PER_ACCOUNT_PER_DAY: 3 });
    const tess = await withTwoFactor(strict);
    const right = codeOfStep(tess.secret, stepAt(strict.clock.now()));
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect(
        (await secondStep(strict.app, await totpTicket(strict.app, tess.user.email), otherThan(right))).status,
      ).toBe(400);
    }
    // A ticket's second try past the ceiling is refused, right or wrong.
    const guessed = await totpTicket(strict.app, tess.user.email);
    const guesser = uniqueAddress();
    expect((await secondStep(strict.app, guessed, otherThan(right), guesser)).status).toBe(400);
    // The ceiling reached is logged once, with the account and the address, never the e-mail it is kept under.
    const reached = strict.securityEvents().filter((line) => line.event === 'limit.exceeded');
    expect(reached).toEqual([
      expect.objectContaining({ limit: 'code_check.account_daily', userId: tess.user.id, address: guesser }),
    ]);
    expect(JSON.stringify(reached)).not.toContain(tess.user.email);
    expect((await secondStep(strict.app, guessed, right)).status).toBe(400);
    // The owner's first try on a fresh ticket gets in.
    const res = await secondStep(strict.app, await totpTicket(strict.app, tess.user.email), right);
    expect(res.status).toBe(200);
  });
});

describe('the e-mailed step past the day’s ceiling, then the app', () => {
  it('asks for the app’s code after the e-mailed code', async () => {
    const strict = await createTestServer({ SMTP_URL: smtp.url, LOGIN_MAX_FAILURES_PER_ACCOUNT_PER_DAY: 2 });
    const account = await register(strict.app);
    const { secret } = await setUp(strict.app, account.token);
    await enable(strict.app, account.token, codeOfStep(secret, stepAt(strict.clock.now())));
    strict.clock.advance(STEP);
    for (let attempt = 0; attempt < 2; attempt += 1) {
      expect((await login(strict.app, account.user.email, 'a wrong guess', uniqueAddress())).status).toBe(401);
    }
    const res = await login(strict.app, account.user.email, PASSWORD, uniqueAddress());
    const first = (await res.json()) as { secondStep: { kind: string; ticket: string } };
    expect(first.secondStep.kind).toBe('email-code');
    const mail = await mailAbout(smtp, account.user.email, /sign-in code/);
    const next = await secondStep(strict.app, first.secondStep.ticket, codeIn(mail));
    expect(next.status).toBe(200);
    const second = (await next.json()) as { secondStep: { kind: string; ticket: string } };
    expect(Object.keys(second)).toEqual(['secondStep']);
    expect(second.secondStep.kind).toBe('totp');
    // The e-mailed ticket is used up; the app's code on the new ticket signs in.
    expect((await secondStep(strict.app, first.secondStep.ticket, codeIn(mail))).status).toBe(400);
    const done = await secondStep(strict.app, second.secondStep.ticket, codeOfStep(secret, stepAt(strict.clock.now())));
    expect(done.status).toBe(200);
    expect((await sessionBody(done)).user.id).toBe(account.user.id);
  });
});

describe('new recovery codes', () => {
  it('need a current code of the app, and replace the old ones', async () => {
    const tess = await withTwoFactor(server, 'Tess Regenerate');
    let res = await call(app, tess.token, '/recovery-codes', { code: otherThan(codeNow(tess.secret)) });
    expect(res.status).toBe(400);
    expect(await errorText(res)).toBe(TOTP_CODE_WRONG_TEXT);
    // A recovery code is not a current code of the app.
    res = await call(app, tess.token, '/recovery-codes', { code: tess.recoveryCodes[0] });
    expect(res.status).toBe(400);

    res = await call(app, tess.token, '/recovery-codes', { code: codeNow(tess.secret) });
    expect(res.status).toBe(200);
    const { recoveryCodes } = (await res.json()) as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    expect(recoveryCodes.filter((code) => tess.recoveryCodes.includes(code))).toEqual([]);
    await mailAbout(smtp, tess.user.email, /New recovery codes/);
    expect(securityEvents()).toContainEqual(
      expect.objectContaining({ event: 'two_factor.recovery_codes_regenerated', userId: tess.user.id }),
    );

    expect((await secondStep(app, await totpTicket(app, tess.user.email), tess.recoveryCodes[0]!)).status).toBe(400);
    expect((await secondStep(app, await totpTicket(app, tess.user.email), recoveryCodes[0]!)).status).toBe(200);
  });

  it('are refused while the app is off', async () => {
    const ada = await register(app);
    const res = await call(app, ada.token, '/recovery-codes', { code: '123456' });
    expect(res.status).toBe(409);
    expect(await errorText(res)).toBe(TOTP_OFF_TEXT);
  });
});

describe('turning the app off', () => {
  it('needs the password and a current code or a recovery code', async () => {
    const tess = await withTwoFactor(server, 'Tess Disable');
    let res = await call(app, tess.token, '/disable', { currentPassword: PASSWORD });
    expect(res.status).toBe(400);
    expect(await errorText(res)).toBe(TWO_FACTOR_CODE_FIELD_TEXT);
    res = await call(app, tess.token, '/disable', {
      currentPassword: 'wrong password',
      twoFactorCode: codeNow(tess.secret),
    });
    expect(res.status).toBe(403);
    res = await call(app, tess.token, '/disable', {
      currentPassword: PASSWORD,
      twoFactorCode: otherThan(codeNow(tess.secret)),
    });
    expect(res.status).toBe(400);
    expect(await errorText(res)).toBe(TWO_FACTOR_CODE_WRONG_TEXT);
    expect((await status(app, tess.token)).totp).toBe(true);

    res = await call(app, tess.token, '/disable', { currentPassword: PASSWORD, twoFactorCode: tess.recoveryCodes[3] });
    expect(res.status).toBe(200);
    expect(await status(app, tess.token)).toEqual({
      totp: false,
      totpSince: null,
      recoveryCodesLeft: 0,
      required: false,
    });
    await mailAbout(smtp, tess.user.email, /turned off/);
    expect(securityEvents()).toContainEqual(
      expect.objectContaining({ event: 'two_factor.disabled', userId: tess.user.id }),
    );
    expect(
      await db.selectFrom('recovery_codes').select('user_id').where('user_id', '=', tess.user.id).execute(),
    ).toEqual([]);
    // Sign-in needs the password alone again, and a new set-up may start.
    const signIn = await login(app, tess.user.email, PASSWORD, uniqueAddress());
    expect((await sessionBody(signIn)).user.id).toBe(tess.user.id);
    expect(
      (await call(app, tess.token, '/disable', { currentPassword: PASSWORD, twoFactorCode: '123456' })).status,
    ).toBe(409);
    await setUp(app, tess.token);
  });

  it('with a current code of the app', async () => {
    const tess = await withTwoFactor();
    const res = await call(app, tess.token, '/disable', {
      currentPassword: PASSWORD,
      twoFactorCode: codeNow(tess.secret),
    });
    expect(res.status).toBe(200);
  });
});

describe('a deleted account', () => {
  it('takes its secret and recovery codes with it', async () => {
    const tess = await withTwoFactor();
    await db
      .updateTable('users')
      .set({ deletion_scheduled_for: clock.now().toISOString() })
      .where('id', '=', tess.user.id)
      .execute();
    expect(await purgeDueAccounts(db, clock)).toContain(tess.user.id);
    const left = async (table: 'totp_secrets' | 'recovery_codes') =>
      db.selectFrom(table).select('user_id').where('user_id', '=', tess.user.id).execute();
    expect(await left('totp_secrets')).toEqual([]);
    expect(await left('recovery_codes')).toEqual([]);
  });
});

describe('bad input', () => {
  it('answers 400 with a message, and 401 signed out', async () => {
    const ada = await register(app);
    const raw = await app.request(
      '/api/users/two-factor/totp/setup',
      { method: 'POST', headers: { ...bearer(ada.token), 'Content-Type': 'application/json' }, body: '{not json' },
      fromAddress(uniqueAddress()),
    );
    expect(raw.status).toBe(400);
    await errorText(raw);
    for (const [path, body] of [
      ['/totp/setup', { currentPassword: 42 }],
      ['/totp/setup', { code: 'abcdef' }],
      ['/totp/enable', { code: '12345' }],
      ['/totp/enable', {}],
      ['/recovery-codes', { code: 'abcd-efgh' }],
      ['/disable', { currentPassword: PASSWORD, twoFactorCode: 'not a code' }],
    ] as const) {
      const res = await call(app, ada.token, path, body);
      expect(res.status, path).toBe(400);
      expect(await errorText(res)).not.toBe('');
    }
    const step = await app.request(
      '/api/auth/login/second-step',
      jsonInit('POST', { ticket: 'A'.repeat(43), code: '!!' }),
    );
    expect(step.status).toBe(400);
    expect(await errorText(step)).toBe(CODE_INVALID_TEXT);
    const signedOut = await app.request('/api/users/two-factor', {});
    expect(signedOut.status).toBe(401);
  });
});
