/**
 * What the authenticator app's section (server/two-factor/) answers when a step goes wrong, and what it writes
 * down (docs/product.md#second-factor): the owner's e-mailed code for an account without a password, its limit
 * and a mail server that is down; the limit on wrong codes; two requests racing with one code; the security
 * log lines a review reads; and the texts a person sees. tests/server/two-factor.test.ts holds the happy paths.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createServices } from '#server/services';
import {
  TOTP_DISABLED_TEXT,
  TOTP_OFF_TEXT,
  TWO_FACTOR_CODE_WRONG_TEXT,
  renewRecoveryCodes,
} from '#server/two-factor/changes';
import {
  NO_SETUP_TEXT,
  TOTP_ALREADY_ON_TEXT,
  TOTP_CODE_WRONG_TEXT,
  twoFactorCodeSentText,
} from '#server/two-factor/setup';
import { CODE_INVALID_TEXT } from '#server/ways-in/email-codes';
import { codeOfStep, stepAt } from '#server/ways-in/two-factor';
import {
  PASSWORD,
  type TestApp,
  bearer,
  cleanup,
  createDataDir,
  createTestServer,
  errorText,
  fromAddress,
  jsonInit,
  register,
  uniqueAddress,
} from './helpers';
import { limitsFollow } from './limit-helpers';
import { codeIn, startMailCatcher } from './mail-helpers';

const smtp = await startMailCatcher();
afterAll(async () => {
  await smtp.close();
  await cleanup();
});

const server = await createTestServer({ SMTP_URL: smtp.url, CODE_MAX_REQUESTS_PER_ACCOUNT: 2 });
const { app, db, clock, securityEvents } = server;
limitsFollow(clock);

function call(target: TestApp, token: string, path: string, body?: unknown, address = uniqueAddress()) {
  const init = body === undefined ? { method: 'POST', headers: bearer(token) } : jsonInit('POST', body, bearer(token));
  return target.request(`/api/users/two-factor${path}`, init, fromAddress(address));
}

const codeNow = (secret: string, on = clock) => codeOfStep(secret, stepAt(on.now()));
const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
const eventsOf = (userId: string) => securityEvents().filter((line) => line.userId === userId);

/** An account that signs in with Google only: no password, so it proves itself with an e-mailed code. */
async function passwordless(target: TestApp = app, on = db) {
  const account = await register(target);
  await on.updateTable('users').set({ password_hash: null }).where('id', '=', account.user.id).execute();
  return account;
}

/** Set up and turned on; the clock then moves a step on, so the next code is fresh. */
async function withApp(target: TestApp = app, on = clock) {
  const account = await register(target);
  const setup = await call(target, account.token, '/totp/setup', { currentPassword: PASSWORD });
  const { secret } = (await setup.json()) as { secret: string };
  const enabled = await call(target, account.token, '/totp/enable', { code: codeNow(secret, on) });
  const { recoveryCodes } = (await enabled.json()) as { recoveryCodes: string[] };
  on.advance(30_000);
  return { ...account, secret, recoveryCodes };
}

/** The `count`-th code mail to `email`. */
async function mailTo(email: string, count = 1) {
  for (let waited = 0; waited < 5000; waited += 10) {
    const found = smtp.to(email).filter((mail) => /Confirm the change/.test(mail.subject))[count - 1];
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`no code mail to ${email}`);
}

describe('the owner’s e-mailed code', () => {
  it('is mailed to an account without a password, says where it went, and proves the owner', async () => {
    const gina = await passwordless();
    const res = await call(app, gina.token, '/code');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: { en: `We have sent a code to ${gina.user.email}.` } });
    const code = codeIn(await mailTo(gina.user.email));
    expect((await call(app, gina.token, '/totp/setup', { code })).status).toBe(200);
  });

  it('is sent twice a window per account, and another account’s count is its own', async () => {
    const gina = await passwordless();
    for (let sent = 0; sent < 2; sent += 1) expect((await call(app, gina.token, '/code')).status).toBe(200);
    expect((await call(app, gina.token, '/code')).status).toBe(429);
    expect(eventsOf(gina.user.id)).toContainEqual(
      expect.objectContaining({ event: 'limit.exceeded', limit: 'code_request.account' }),
    );
    // Counted per account: another account's first code still goes out.
    const other = await passwordless();
    expect((await call(app, other.token, '/code')).status).toBe(200);
  });

  it('counts each wrong one against the account’s day: past it even the right code is refused', async () => {
    const strict = await createTestServer({ SMTP_URL: smtp.url, CODE_MAX_FAILURES_PER_ACCOUNT_PER_DAY: 2 });
    const gina = await passwordless(strict.app, strict.db);
    expect((await call(strict.app, gina.token, '/code')).status).toBe(200);
    const code = codeIn(await mailTo(gina.user.email));
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const res = await call(strict.app, gina.token, '/totp/setup', { code: otherThan(code) });
      expect(res.status).toBe(400);
      expect(await errorText(res)).toBe(CODE_INVALID_TEXT);
    }
    expect((await call(strict.app, gina.token, '/totp/setup', { code })).status).toBe(429);
    expect(strict.securityEvents()).toContainEqual(
      expect.objectContaining({ event: 'limit.exceeded', limit: 'code_check.account_daily', userId: gina.user.id }),
    );
  });

  it('answers 503 when the mail server cannot be reached, and logs which mail failed', async () => {
    const down = await startMailCatcher();
    await down.close();
    const offline = await createTestServer({ SMTP_URL: down.url });
    const gina = await passwordless(offline.app, offline.db);
    const res = await call(offline.app, gina.token, '/code');
    expect(res.status).toBe(503);
    expect(await errorText(res)).toBe('We could not send the e-mail just now. Please try again in a few minutes.');
    expect(offline.logLines.filter((line) => line.level >= 50)).toEqual([
      expect.objectContaining({ event: 'mail.failed', msg: 'could not send the two-factor code e-mail' }),
    ]);
  });
});

describe('wrong codes of the app', () => {
  it('count against the account’s day, logged with the account and the address', async () => {
    const strict = await createTestServer({ CODE_MAX_FAILURES_PER_ACCOUNT_PER_DAY: 2 });
    const ada = await register(strict.app);
    const setup = await call(strict.app, ada.token, '/totp/setup', { currentPassword: PASSWORD });
    const { secret } = (await setup.json()) as { secret: string };
    const address = uniqueAddress();
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const res = await call(
        strict.app,
        ada.token,
        '/totp/enable',
        { code: otherThan(codeNow(secret, strict.clock)) },
        address,
      );
      expect(res.status).toBe(400);
    }
    const right = { code: codeNow(secret, strict.clock) };
    const refused = await call(strict.app, ada.token, '/totp/enable', right, address);
    expect(refused.status).toBe(429);
    const events = strict.securityEvents().filter((line) => line.userId === ada.user.id);
    expect(events.filter((line) => line.event === 'code.failed')).toEqual([
      expect.objectContaining({ purpose: 'totp_enable' }),
      expect.objectContaining({ purpose: 'totp_enable' }),
    ]);
    expect(events).toContainEqual(
      expect.objectContaining({ event: 'limit.exceeded', limit: 'code_check.account_daily', address }),
    );
    expect(
      await strict.db.selectFrom('users').select('totp_enabled_at').where('id', '=', ada.user.id).execute(),
    ).toEqual([{ totp_enabled_at: null }]);
  });

  it('are logged with what they were for', async () => {
    const tess = await withApp();
    const wrong = otherThan(codeNow(tess.secret));
    expect((await call(app, tess.token, '/recovery-codes', { code: wrong })).status).toBe(400);
    const off = await call(app, tess.token, '/disable', { currentPassword: PASSWORD, twoFactorCode: wrong });
    expect(off.status).toBe(400);
    const failed = eventsOf(tess.user.id).filter((line) => line.event === 'code.failed');
    expect(failed.map((line) => line.purpose)).toEqual(['totp', 'totp_disable']);
  });
});

describe('new recovery codes', () => {
  it('take only a code of the app, even should a recovery code get past the request’s check', async () => {
    // The contract's six digits keep a recovery code out over HTTP; renewing must not lean on that alone.
    const tess = await withApp();
    // Limits of its own (DATA_DIR): the app's limits database is the app's.
    const services = createServices({ db, config: { ...server.config, DATA_DIR: createDataDir() }, clock });
    try {
      const caller = (await services.sessions.resolve(tess.token))!;
      await expect(
        renewRecoveryCodes(services, caller, { code: tess.recoveryCodes[0]! }, uniqueAddress()),
      ).rejects.toMatchObject({ status: 400, message: TOTP_CODE_WRONG_TEXT });
    } finally {
      await services.close();
    }
    const left = await db.selectFrom('recovery_codes').select('used_at').where('user_id', '=', tess.user.id).execute();
    expect(left.filter((row) => row.used_at === null)).toHaveLength(10);
  });
});

describe('a wrong password', () => {
  it('is logged as a refused change of the second factor, at the set-up and at turning it off', async () => {
    const tess = await withApp();
    const wrong = { currentPassword: 'not the password' };
    expect((await call(app, tess.token, '/disable', { ...wrong, twoFactorCode: codeNow(tess.secret) })).status).toBe(
      403,
    );
    const ada = await register(app);
    expect((await call(app, ada.token, '/totp/setup', wrong)).status).toBe(403);
    for (const userId of [tess.user.id, ada.user.id]) {
      expect(eventsOf(userId)).toContainEqual(
        expect.objectContaining({ event: 'two_factor.refused', reason: 'wrong_password' }),
      );
    }
  });
});

/**
 * Two requests with one code at once: exactly one is taken, the other refused with `status` and one of `texts`
 * (two where the second may stop at either of two checks, depending on how far it got before the first committed).
 */
async function race(
  requests: [Response | Promise<Response>, Response | Promise<Response>],
  status: number,
  ...texts: [string, ...string[]]
) {
  const answers = await Promise.all(requests);
  expect(answers.map((res) => res.status).sort()).toEqual([200, status]);
  expect(texts).toContain(await errorText(answers.find((res) => res.status === status)!));
}

describe('one code in two requests at once', () => {
  it('turns the app on once', async () => {
    const ada = await register(app);
    const setup = await call(app, ada.token, '/totp/setup', { currentPassword: PASSWORD });
    const { secret } = (await setup.json()) as { secret: string };
    const enable = () => call(app, ada.token, '/totp/enable', { code: codeNow(secret) });
    // Past the first read, the second finds the waiting secret taken (the race this guards); if the first has
    // already committed, it finds the app on. On PostgreSQL both orders happen (seen in CI, 2026-11-30).
    await race([enable(), enable()], 409, NO_SETUP_TEXT, TOTP_ALREADY_ON_TEXT);
    const stored = await db.selectFrom('recovery_codes').select('user_id').where('user_id', '=', ada.user.id).execute();
    expect(stored).toHaveLength(10);
  });

  it('renews the recovery codes once', async () => {
    const tess = await withApp();
    const renew = () => call(app, tess.token, '/recovery-codes', { code: codeNow(tess.secret) });
    await race([renew(), renew()], 400, TOTP_CODE_WRONG_TEXT);
    expect(
      eventsOf(tess.user.id).filter((line) => line.event === 'two_factor.recovery_codes_regenerated'),
    ).toHaveLength(1);
  });

  it('turns the app off once', async () => {
    // An e-mailed code as the owner's proof: a password's check would let one request finish before the other.
    const gina = await passwordless();
    await call(app, gina.token, '/code');
    const setup = await call(app, gina.token, '/totp/setup', { code: codeIn(await mailTo(gina.user.email)) });
    const { secret } = (await setup.json()) as { secret: string };
    expect((await call(app, gina.token, '/totp/enable', { code: codeNow(secret) })).status).toBe(200);
    clock.advance(30_000);
    await call(app, gina.token, '/code');
    const body = { code: codeIn(await mailTo(gina.user.email, 2)), twoFactorCode: codeNow(secret) };
    const disable = () => call(app, gina.token, '/disable', body);
    // Past the owner's proof, the second finds the app code taken (the race this guards); if the first has
    // already committed, it finds the e-mailed code spent. On PostgreSQL both orders happen.
    await race([disable(), disable()], 400, TWO_FACTOR_CODE_WRONG_TEXT, CODE_INVALID_TEXT);
    expect(eventsOf(gina.user.id).filter((line) => line.event === 'two_factor.disabled')).toEqual([
      expect.objectContaining({ with: 'totp' }),
    ]);
  });
});

describe('while the app is on', () => {
  it('turning it off answers what changed, and logs which factor proved it', async () => {
    const tess = await withApp();
    const res = await call(app, tess.token, '/disable', {
      currentPassword: PASSWORD,
      twoFactorCode: codeNow(tess.secret),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: { en: TOTP_DISABLED_TEXT } });
    expect(eventsOf(tess.user.id)).toContainEqual(
      expect.objectContaining({ event: 'two_factor.disabled', with: 'totp' }),
    );
  });

  it('a second enable says it is on', async () => {
    const tess = await withApp();
    const enable = await call(app, tess.token, '/totp/enable', { code: codeNow(tess.secret) });
    expect(enable.status).toBe(409);
    expect(await errorText(enable)).toBe(TOTP_ALREADY_ON_TEXT);
  });
});

describe('the texts a person reads', () => {
  it('are sentences, each its own', () => {
    const texts = [
      TOTP_ALREADY_ON_TEXT,
      NO_SETUP_TEXT,
      TOTP_CODE_WRONG_TEXT,
      TOTP_OFF_TEXT,
      TWO_FACTOR_CODE_WRONG_TEXT,
      TOTP_DISABLED_TEXT,
      twoFactorCodeSentText('ada@example.com'),
    ];
    for (const text of texts) expect(text).toMatch(/^[A-Z][^]{20,}\.$/);
    expect(new Set(texts).size).toBe(texts.length);
    expect(TOTP_OFF_TEXT).toMatch(/No authenticator app/);
    expect(TOTP_DISABLED_TEXT).toMatch(/only your password/);
  });
});
