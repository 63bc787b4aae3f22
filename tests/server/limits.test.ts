/**
 * The attacks the security review replayed, each of which got through before the limits were counted before
 * the work they guard (server/limits): now every one is cut at its limit, and every refusal is a 429 with
 * Retry-After and a `{message: {en}}`.
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { CODE_INVALID_TEXT } from '#server/ways-in/email-codes';
import { LIMITS_FILE } from '#server/limits/sqlite-repository';
import { openLimitStore } from '#server/limits/store';
import {
  DAY,
  ORDER,
  bearer,
  cleanup,
  createDataDir,
  createTestServer,
  errorText,
  form,
  fromAddress,
  jsonInit,
  login,
  myInvoices,
  register,
  uniqueAddress,
  uniqueEmail,
  type TestApp,
} from './helpers';
import { limitsFollow } from './limit-helpers';
import { codeIn, startMailCatcher } from './mail-helpers';

const smtp = await startMailCatcher();
afterAll(async () => {
  await smtp.close();
  await cleanup();
});

const TOO_MANY = /^Too many attempts\. Please try again in \d+ (minute|minutes|hour|hours)\.$/;

/** A refusal as the contract wants it: 429, Retry-After in whole seconds, and a text for people. */
async function expectTooMany(res: Response): Promise<number> {
  expect(res.status).toBe(429);
  const retryAfter = res.headers.get('Retry-After');
  expect(retryAfter).toMatch(/^[1-9]\d*$/);
  expect(await errorText(res)).toMatch(TOO_MANY);
  return Number(retryAfter);
}

function statuses(responses: Response[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const res of responses) counts[res.status] = (counts[res.status] ?? 0) + 1;
  return counts;
}

/** `count` requests made at once, the `rightAt`-th (0-based) with `right`, the others with `wrong`. */
function burst<T>(
  count: number,
  rightAt: number,
  right: T,
  wrong: T,
  send: (value: T) => Response | Promise<Response>,
) {
  return Promise.all(Array.from({ length: count }, (_, i) => send(i === rightAt ? right : wrong)));
}

describe('100 simultaneous wrong sign-ins for one account (the right password 75th)', async () => {
  const { app, logLines, securityEvents } = await createTestServer();

  it('evaluates at most 5, refuses the right password while limited, and does not lock the owner out elsewhere', async () => {
    const account = await register(app);
    const attacker = '203.0.113.74';
    const responses = await burst(100, 74, account.password, 'wrong password 123', (password) =>
      login(app, account.user.email, password, attacker),
    );
    // A 401 is a wrong password checked, a 200 the right one: together, every argon2 verification run.
    const counts = statuses(responses);
    expect(counts[200]).toBeUndefined();
    expect(counts[401]).toBe(5);
    expect(counts[429]).toBe(95);
    expect(responses[74]!.status).toBe(429);
    for (const res of responses.filter((r) => r.status === 429)) await expectTooMany(res);

    // Still limited from the attacker's address, even with the right password...
    await expectTooMany(await login(app, account.user.email, account.password, attacker));
    // ...while the owner, elsewhere, signs in.
    expect((await login(app, account.user.email, account.password, '198.51.100.200')).status).toBe(200);

    const events = securityEvents();
    // 96 refusals from the attacker's address, one line: the rest are counted into it (server/log-repeats.ts).
    expect(events.filter((e) => e.event === 'signin.limited')).toEqual([
      expect.objectContaining({ event: 'signin.limited', method: 'email', address: attacker }),
    ]);
    const exceeded = events.filter((e) => e.event === 'limit.exceeded');
    expect(exceeded.length).toBeGreaterThan(0);
    for (const line of exceeded) {
      expect(line).toMatchObject({ limit: expect.stringMatching(/^login\./), keyKind: expect.any(String) });
    }
    // Logged once per key and window, not once per refused request.
    expect(new Set(exceeded.map((e) => `${String(e.limit)}`)).size).toBe(exceeded.length);
    // No password, and no e-mail as a limit key, in any line.
    const log = JSON.stringify(logLines);
    expect(log).not.toContain('wrong password 123');
    expect(log).not.toContain(account.password);
  });
});

describe('the same race on password change', async () => {
  const { app } = await createTestServer();

  it('checks at most 5 current passwords, refuses the right one while limited, and changes nothing', async () => {
    const account = await register(app);
    const body = (oldPassword: string) => ({
      oldPassword,
      newPassword: 'a brand new passphrase',
      confirmPassword: 'a brand new passphrase',
    });
    const responses = await burst(100, 74, account.password, 'not my password', (oldPassword) =>
      app.request('/api/users/password/change', jsonInit('PATCH', body(oldPassword), bearer(account.token))),
    );
    const counts = statuses(responses);
    expect(counts[200]).toBeUndefined();
    expect(counts[403]).toBe(5);
    expect(counts[429]).toBe(95);
    expect(responses[74]!.status).toBe(429);
    await expectTooMany(responses[74]!);

    // Proving an e-mail change with the password is the same guess, counted with the same limit.
    const emailChange = await app.request('/api/users/profile/update', {
      method: 'PATCH',
      body: form({ name: 'Ada', email: uniqueEmail('moved'), currentPassword: account.password }),
      headers: bearer(account.token),
    });
    await expectTooMany(emailChange);

    // Nothing changed: the session still works and the old password still signs in.
    expect((await app.request('/api/users/authenticate', { headers: bearer(account.token) })).status).toBe(200);
    expect((await login(app, account.user.email, account.password, uniqueAddress())).status).toBe(200);
  });
});

describe('wrong current passwords per day', async () => {
  const { app: daily, clock } = await createTestServer({ PASSWORD_CHANGE_MAX_FAILURES_PER_DAY: 7 });
  limitsFollow(clock);

  it('are capped however slowly they come', async () => {
    const account = await register(daily);
    const attempt = (oldPassword: string) =>
      daily.request(
        '/api/users/password/change',
        jsonInit(
          'PATCH',
          { oldPassword, newPassword: 'a brand new passphrase', confirmPassword: 'a brand new passphrase' },
          bearer(account.token),
        ),
      );
    for (let i = 0; i < 5; i += 1) expect((await attempt('not my password')).status).toBe(403);
    clock.advance(16 * 60_000);
    for (let i = 0; i < 2; i += 1) expect((await attempt('not my password')).status).toBe(403);
    const retryAfter = await expectTooMany(await attempt(account.password));
    expect(retryAfter).toBeGreaterThan(20 * 3600);
  });
});

describe('registration', async () => {
  const { app, securityEvents } = await createTestServer();

  it('cuts 400 simultaneous registrations from one address at 10 an hour; another address still registers', async () => {
    const address = '192.0.2.40';
    const responses = await Promise.all(
      Array.from({ length: 400 }, () =>
        app.request(
          '/api/auth/register/email',
          { method: 'POST', body: form({ name: 'Bot', email: uniqueEmail('bot'), password: 'a fine passphrase' }) },
          fromAddress(address),
        ),
      ),
    );
    expect(statuses(responses)).toEqual({ 201: 10, 429: 390 });
    const retryAfter = await expectTooMany(responses.find((res) => res.status === 429)!);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    // Logged once, with the address it counts.
    expect(securityEvents().filter((line) => line.event === 'limit.exceeded')).toEqual([
      expect.objectContaining({ limit: 'register.address', address }),
    ]);
    await register(app, { address: '192.0.2.41' });
  });

  it('caps registrations on the whole site, whatever the addresses', async () => {
    const { app: site, securityEvents: siteEvents } = await createTestServer({ REGISTER_MAX_PER_HOUR: 3 });
    for (let i = 0; i < 3; i += 1) await register(site);
    const late = uniqueAddress();
    const refused = await site.request(
      '/api/auth/register/email',
      { method: 'POST', body: form({ name: 'Late', email: uniqueEmail('late'), password: 'a fine passphrase' }) },
      fromAddress(late),
    );
    await expectTooMany(refused);
    expect(siteEvents().filter((line) => line.event === 'limit.exceeded')).toEqual([
      expect.objectContaining({ limit: 'register.site', address: late }),
    ]);
  });

  it('counts accounts created on the whole site, not attempts: re-registering a taken address spends none of it', async () => {
    const { app: site } = await createTestServer({ REGISTER_MAX_PER_HOUR: 3 });
    const taken = await register(site);
    const retries = await Promise.all(
      Array.from({ length: 20 }, () =>
        site.request(
          '/api/auth/register/email',
          { method: 'POST', body: form({ name: 'Bot', email: taken.user.email, password: 'a fine passphrase' }) },
          fromAddress(uniqueAddress()),
        ),
      ),
    );
    expect(statuses(retries)).toEqual({ 409: 20 });
    // Two more accounts fit under the ceiling of three; the fourth does not.
    await register(site, { address: uniqueAddress() });
    await register(site, { address: uniqueAddress() });
    await expectTooMany(
      await site.request(
        '/api/auth/register/email',
        { method: 'POST', body: form({ name: 'Late', email: uniqueEmail('late'), password: 'a fine passphrase' }) },
        fromAddress(uniqueAddress()),
      ),
    );
  });
});

describe('the daily ceiling per account', async () => {
  const { app, clock, securityEvents } = await createTestServer({
    SMTP_URL: smtp.url,
    LOGIN_MAX_FAILURES_PER_ACCOUNT_PER_DAY: 10,
  });
  limitsFollow(clock);

  it('stops an attacker who rotates addresses: past it, every password gets the same second step', async () => {
    const account = await register(app);
    for (let i = 0; i < 10; i += 1) {
      expect((await login(app, account.user.email, 'wrong password', uniqueAddress())).status).toBe(401);
    }
    // A wrong guess and the right password look alike: the ceiling still tells a guesser nothing.
    const guess = await login(app, account.user.email, 'another wrong password', uniqueAddress());
    expect(securityEvents()).toContainEqual(
      expect.objectContaining({ event: 'limit.exceeded', limit: 'login.account_daily', keyKind: 'account' }),
    );
    const right = await login(app, account.user.email, account.password, uniqueAddress());
    expect([guess.status, right.status]).toEqual([200, 200]);
    const shape = (body: { secondStep: { kind: string; ticket: string } }) => ({
      kind: body.secondStep.kind,
      ticket: body.secondStep.ticket.length,
      keys: Object.keys(body),
    });
    expect(shape(await guess.json())).toEqual(shape(await right.json()));
    // Only the right password's code is sent.
    await smtp.waitFor(account.user.email, 1);
    expect(smtp.to(account.user.email)).toHaveLength(1);
    clock.advance(DAY);
    expect((await login(app, account.user.email, account.password, uniqueAddress())).status).toBe(200);
  });

  it('is lifted for the owner by a password reset (the code proves the account is theirs)', async () => {
    const account = await register(app);
    for (let i = 0; i < 10; i += 1) await login(app, account.user.email, 'wrong password', uniqueAddress());
    const stepped = await login(app, account.user.email, account.password, uniqueAddress());
    expect(await stepped.json()).toHaveProperty('secondStep');
    await smtp.waitFor(account.user.email, 1);

    const address = uniqueAddress();
    const asked = await app.request(
      `/api/users/password/forgot?email=${encodeURIComponent(account.user.email)}`,
      {},
      fromAddress(address),
    );
    expect(asked.status).toBe(200);
    const { ticket } = (await asked.json()) as { ticket: string };
    const code = codeIn(await smtp.waitFor(account.user.email, 2));
    const newPassword = 'a brand new passphrase';
    const reset = await app.request(
      '/api/users/password/forgot',
      jsonInit('POST', { email: account.user.email, code, newPassword, ticket }),
      fromAddress(address),
    );
    expect(reset.status).toBe(200);
    const signedIn = await login(app, account.user.email, newPassword, uniqueAddress());
    expect(signedIn.status).toBe(200);
    expect(await signedIn.json()).toHaveProperty('token');
  });
});

describe('wrong e-mailed codes', async () => {
  const { app, clock } = await createTestServer({ SMTP_URL: smtp.url });
  limitsFollow(clock);

  /** Asks for a reset code; answers the ticket and the code the `nth` mail carries. */
  const ask = async (email: string, nth: number) => {
    const res = await app.request(
      `/api/users/password/forgot?email=${encodeURIComponent(email)}`,
      {},
      fromAddress(uniqueAddress()),
    );
    expect(res.status).toBe(200);
    const { ticket } = (await res.json()) as { ticket: string };
    return { ticket, code: codeIn(await smtp.waitFor(email, nth)) };
  };
  const reset = (email: string, proof: { code: string; ticket: string }, address = uniqueAddress()) =>
    app.request(
      '/api/users/password/forgot',
      jsonInit('POST', { email, ...proof, newPassword: 'a brand new passphrase' }),
      fromAddress(address),
    );
  const wrong = (proof: { code: string; ticket: string }) => ({
    ...proof,
    code: String((Number(proof.code) + 1) % 1_000_000).padStart(6, '0'),
  });

  it('are bounded per ticket, and count against nothing of the account its owner needs', async () => {
    const account = await register(app);
    const first = await ask(account.user.email, 1);
    // 25 wrong codes at once, each from its own address: the ticket takes five tries, and then no more.
    const guesses = await Promise.all(Array.from({ length: 25 }, () => reset(account.user.email, wrong(first))));
    expect(statuses(guesses)).toEqual({ 400: 25 });
    for (const res of guesses) expect(await errorText(res)).toBe(CODE_INVALID_TEXT);
    expect((await reset(account.user.email, first)).status).toBe(400);
    // Strangers' wrong reset codes are not the account's: its own verification code check still answers...
    const verify = await app.request(
      '/api/users/verify/email',
      jsonInit('POST', { code: '123456' }, bearer(account.token)),
    );
    expect(verify.status).toBe(400);
    // ...and a fresh reset ticket keeps its five tries: a typo, then the right code.
    const second = await ask(account.user.email, 2);
    expect((await reset(account.user.email, wrong(second))).status).toBe(400);
    expect((await reset(account.user.email, second)).status).toBe(200);
  });

  it('are capped at 30 an hour per address, whatever accounts they name', async () => {
    const address = uniqueAddress();
    const none = { code: '000000', ticket: 'A'.repeat(43) };
    for (let i = 0; i < 30; i += 1) expect((await reset(uniqueEmail('guess'), none, address)).status).toBe(400);
    await expectTooMany(await reset(uniqueEmail('guess'), none, address));
    expect((await reset(uniqueEmail('guess'), none)).status).toBe(400);
  });
});

describe('invoice creation', async () => {
  const { app } = await createTestServer();

  function order(target: TestApp, token: string, address: string) {
    return target.request('/api/invoices/create', jsonInit('POST', ORDER, bearer(token)), fromAddress(address));
  }

  it('makes at most 30 invoices an hour per customer, however many orders arrive at once', async () => {
    const account = await register(app);
    const responses = await Promise.all(Array.from({ length: 40 }, () => order(app, account.token, uniqueAddress())));
    expect(statuses(responses)).toEqual({ 201: 30, 429: 10 });
    await expectTooMany(responses.find((res) => res.status === 429)!);
    expect(await myInvoices(app, account.token)).toHaveLength(30);
    // Another customer is not held back.
    const other = await register(app);
    expect((await order(app, other.token, uniqueAddress())).status).toBe(201);
  });

  it('limits one address across customers', async () => {
    const { app: shared } = await createTestServer({ INVOICE_MAX_PER_ADDRESS_PER_HOUR: 3 });
    const [one, two] = [await register(shared), await register(shared)];
    const address = '192.0.2.90';
    expect((await order(shared, one.token, address)).status).toBe(201);
    expect((await order(shared, one.token, address)).status).toBe(201);
    expect((await order(shared, two.token, address)).status).toBe(201);
    await expectTooMany(await order(shared, two.token, address));
    expect((await order(shared, two.token, '192.0.2.91')).status).toBe(201);
  });
});

describe('avatar upload', async () => {
  const { app } = await createTestServer();
  const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

  it('takes 20 pictures an hour per customer; a profile update without one is not counted', async () => {
    const account = await register(app);
    const update = (withPicture: boolean) =>
      app.request('/api/users/profile/update', {
        method: 'PATCH',
        body: form({
          name: account.user.name,
          email: account.user.email,
          ...(withPicture ? { avatar: new File([PNG], 'me.png', { type: 'image/png' }) } : {}),
        }),
        headers: bearer(account.token),
      });
    for (let i = 0; i < 5; i += 1) expect((await update(false)).status).toBe(200);
    const uploads = await Promise.all(Array.from({ length: 25 }, () => update(true)));
    expect(statuses(uploads)).toEqual({ 200: 20, 429: 5 });
    await expectTooMany(uploads.find((res) => res.status === 429)!);
    expect((await update(false)).status).toBe(200);
  });
});

describe('Google sign-in', async () => {
  // The provider is unreachable: every attempt fails after the count, which is what is being tested.
  const { app, securityEvents } = await createTestServer({
    OAUTH_CLIENT_ID: 'storefront-test',
    OAUTH_TOKENINFO_URL: 'http://127.0.0.1:9/tokeninfo',
    OAUTH_USERINFO_URL: 'http://127.0.0.1:9/userinfo',
    OAUTH_TIMEOUT_MS: 500,
    GOOGLE_SIGNIN_MAX_PER_ADDRESS_PER_HOUR: 3,
  });
  const attempt = (mode: 'register' | 'login', address: string) =>
    app.request(`/api/auth/${mode}/google`, jsonInit('POST', { googleToken: 'a-token' }), fromAddress(address));

  it('is limited per address, sign-up and sign-in together', async () => {
    const address = '192.0.2.120';
    for (const mode of ['register', 'login', 'register'] as const) {
      expect((await attempt(mode, address)).status).not.toBe(429);
    }
    await expectTooMany(await attempt('login', address));
    await expectTooMany(await attempt('register', address));
    expect((await attempt('login', '192.0.2.121')).status).not.toBe(429);
    // The refusal is logged once, naming the client.
    expect(securityEvents().filter((line) => line.event === 'limit.exceeded')).toEqual([
      expect.objectContaining({ limit: 'google.address', keyKind: 'address', address }),
    ]);
  });
});

describe('IPv6 clients', async () => {
  const { app } = await createTestServer({ LOGIN_MAX_FAILURES_PER_ADDRESS: 3 });
  const fail = (address: string) => login(app, uniqueEmail('v6'), 'wrong password', address);

  it('count per /64: addresses in one /64 share a bucket, another /64 has its own', async () => {
    for (const address of ['2001:db8:1:2::1', '2001:db8:1:2::2', '2001:DB8:1:2:aaaa:bbbb:cccc:dddd']) {
      expect((await fail(address)).status).toBe(401);
    }
    await expectTooMany(await fail('2001:db8:1:2:ffff:ffff:ffff:ffff'));
    expect((await fail('2001:db8:1:3::1')).status).toBe(401);
  });

  it('count an IPv4-mapped address as its IPv4 address', async () => {
    for (let i = 0; i < 3; i += 1) expect((await fail('::ffff:192.0.2.77')).status).toBe(401);
    await expectTooMany(await fail('192.0.2.77'));
  });
});

describe('the limits database', () => {
  it('survives a restart: a new app on the same DATA_DIR and database still counts the old failures', async () => {
    const dataDir = createDataDir();
    const first = await createTestServer({ DATA_DIR: dataDir });
    const account = await register(first.app);
    const address = '192.0.2.150';
    for (let i = 0; i < 5; i += 1) {
      expect((await login(first.app, account.user.email, 'wrong password', address)).status).toBe(401);
    }
    await first.app.close();

    // A new process (a new app) on the same DATA_DIR, and on PostgreSQL the same database: the count is still
    // there. (On SQLite its main database is a new one, which does not matter: the limit refuses before any
    // account is looked up.)
    const second = await createTestServer({ DATA_DIR: dataDir, DATABASE_URL: first.config.DATABASE_URL });
    await expectTooMany(await login(second.app, account.user.email, account.password, address));
  });

  it('on SQLite is a file of its own in DATA_DIR, 0600 and in WAL mode', async () => {
    const dataDir = createDataDir();
    const store = openLimitStore({ DATA_DIR: dataDir });
    try {
      await store.limiter({ name: 'probe', points: 1, durationSeconds: 60 }).consume('key');
      const file = join(dataDir, LIMITS_FILE);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const reader = new SQLite(file, { readonly: true });
      try {
        expect(reader.pragma('journal_mode', { simple: true })).toBe('wal');
      } finally {
        reader.close();
      }
    } finally {
      await store.close();
    }
  });

  it('is in memory when DATA_DIR is :memory:', async () => {
    const { app } = await createTestServer({ DATA_DIR: ':memory:', LOGIN_MAX_FAILURES_PER_ADDRESS: 1 });
    expect((await login(app, uniqueEmail('mem'), 'wrong password', '192.0.2.160')).status).toBe(401);
    await expectTooMany(await login(app, uniqueEmail('mem'), 'wrong password', '192.0.2.160'));
  });
});

describe('Retry-After', () => {
  it('is on a 503 also where the route gave none (Google sign-in switched off)', async () => {
    const { app } = await createTestServer();
    const res = await app.request('/api/auth/login/google', jsonInit('POST', { googleToken: 'a-token' }));
    expect(res.status).toBe(503);
    expect(res.headers.get('Retry-After')).toMatch(/^[1-9]\d*$/);
    expect(await errorText(res)).not.toBe('');
  });
});
