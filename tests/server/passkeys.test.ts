/**
 * Passkeys (docs/product.md#passkeys): a signed-in account adds, lists and removes them; anyone signs in with
 * one without an e-mail (discoverable credentials). The answers are real WebAuthn responses made by a software
 * authenticator (tests/server/passkeys-authenticator.ts) and checked by @simplewebauthn/server.
 */
import { assert } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeDueAccounts } from '#server/account/deletion';
import { PASSKEY_NOT_FOUND_TEXT } from '#server/passkeys/management';
import { PASSKEYS_FULL_TEXT, PASSKEYS_MAX } from '#server/passkeys/registration';
import {
  CHALLENGE_TEXT,
  MALFORMED_TEXT,
  NOT_VERIFIED_TEXT,
  OTHER_SITE_TEXT,
  PASSKEY_UNKNOWN_TEXT,
} from '#server/passkeys/verify';
import { WRONG_CURRENT_PASSWORD_TEXT } from '#server/ways-in/current-password';
import { TWO_FACTOR_PASSWORD_TEXT } from '#server/ways-in/owner-proof';
import { Passkey, PasskeyList, PasskeyRegistrationOptions, PasskeySignInOptions } from '#domain/passkeyContract';
import {
  MINUTE,
  authenticate,
  bearer,
  cleanup,
  createTestServer,
  errorText,
  fromAddress,
  jsonInit,
  login,
  PASSWORD,
  register,
  sessionBody,
  uniqueAddress,
} from './helpers';
import { type Bend, SoftwareAuthenticator } from './passkeys-authenticator';

type Server = Awaited<ReturnType<typeof createTestServer>>;
let server: Server;

beforeAll(async () => {
  server = await createTestServer();
});
afterAll(cleanup);

function post(path: string, body: unknown, token?: string, address = uniqueAddress()) {
  return server.app.request(path, jsonInit('POST', body, token ? bearer(token) : {}), fromAddress(address));
}

async function registrationOptions(token: string): Promise<PasskeyRegistrationOptions> {
  const res = await post('/api/users/passkeys/registration/options', { currentPassword: PASSWORD }, token);
  expect(res.status).toBe(200);
  const body: unknown = await res.json();
  assert(body, PasskeyRegistrationOptions);
  return body;
}

async function signInOptions(): Promise<PasskeySignInOptions> {
  const res = await post('/api/auth/passkey/options', {});
  expect(res.status).toBe(200);
  const body: unknown = await res.json();
  assert(body, PasskeySignInOptions);
  return body;
}

/** A new account with a passkey on a fresh authenticator. */
async function accountWithPasskey(name = 'Laptop') {
  const account = await register(server.app);
  const authenticator = new SoftwareAuthenticator(server.config.PUBLIC_URL);
  const res = await post(
    '/api/users/passkeys/registration',
    { name, response: authenticator.create(await registrationOptions(account.token)) },
    account.token,
  );
  expect(res.status).toBe(201);
  const passkey: unknown = await res.json();
  assert(passkey, Passkey);
  return { account, authenticator, passkey };
}

async function list(token: string): Promise<PasskeyList> {
  const res = await server.app.request('/api/users/passkeys', { headers: bearer(token) });
  expect(res.status).toBe(200);
  const body: unknown = await res.json();
  assert(body, PasskeyList);
  return body;
}

function signIn(authenticator: SoftwareAuthenticator, options: PasskeySignInOptions, bend?: Bend, address?: string) {
  return post('/api/auth/passkey', { response: authenticator.get(options, bend) }, undefined, address);
}

async function mailsTo(email: string) {
  return server.db
    .selectFrom('mail_queue')
    .select(['subject', 'text_body', 'html_body'])
    .where('to_address', '=', email)
    .orderBy('id')
    .execute();
}

/** A second session of the account, as from another device. */
async function signInElsewhere(email: string): Promise<string> {
  return (await sessionBody(await login(server.app, email, PASSWORD, uniqueAddress()))).token;
}

/** DELETE with the owner's proof (the test accounts' password unless told). */
function remove(id: string, token: string, proof: unknown = { currentPassword: PASSWORD }) {
  return server.app.request(`/api/users/passkeys/${id}`, jsonInit('DELETE', proof, bearer(token)));
}

async function storedCounter(credentialId: string): Promise<number> {
  const row = await server.db
    .selectFrom('passkeys')
    .select('counter')
    .where('credential_id', '=', credentialId)
    .executeTakeFirstOrThrow();
  return Number(row.counter);
}

describe('adding a passkey', () => {
  it('offers options for a discoverable, verified credential of this site, bound to the account', async () => {
    const account = await register(server.app);
    const options = await registrationOptions(account.token);
    expect(options.rp).toEqual({ id: 'localhost', name: expect.any(String) as string });
    expect(Buffer.from(options.user.id, 'base64url').toString()).toBe(account.user.id);
    expect(options.user.name).toBe(account.user.email);
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' });
    expect(options.attestation).toBe('none');
    expect(options.timeout).toBe(5 * MINUTE);
    expect(options.excludeCredentials).toEqual([]);
  });

  it('stores it under the name given, lists it, and tells the account by mail and in the security log', async () => {
    const { account, authenticator, passkey } = await accountWithPasskey('  Work laptop ');
    expect(passkey).toEqual({
      id: expect.any(String) as string,
      name: 'Work laptop',
      createdAt: server.clock.now().toISOString(),
      lastUsedAt: null,
    });
    expect(await list(account.token)).toEqual([passkey]);
    // Next time, the browser is told not to make a second one on the same authenticator.
    expect((await registrationOptions(account.token)).excludeCredentials).toEqual([
      { id: authenticator.id, type: 'public-key' },
    ]);

    const added = (await mailsTo(account.user.email)).filter((mail) => mail.subject.includes('passkey was added'));
    expect(added).toHaveLength(1);
    expect(added[0]!.text_body).toContain('"Work laptop"');
    const event = server
      .securityEvents()
      .find((line) => line.event === 'passkey.added' && line.userId === account.user.id);
    expect(event).toMatchObject({ passkeyId: passkey.id });
    // No key material anywhere the account or an operator reads.
    const stored = await server.db
      .selectFrom('passkeys')
      .select('public_key')
      .where('id', '=', passkey.id)
      .executeTakeFirstOrThrow();
    const publicKey = Buffer.from(stored.public_key).toString('base64url');
    for (const text of [added[0]!.text_body, added[0]!.html_body, JSON.stringify(event)]) {
      expect(text).not.toContain(authenticator.id);
      expect(text).not.toContain(publicKey);
    }
  });

  it("is offered only with the owner's proof: a session alone adds no passkey", async () => {
    const account = await register(server.app);
    const options = (body: unknown) => post('/api/users/passkeys/registration/options', body, account.token);
    let res = await options({});
    expect(res.status).toBe(400);
    expect(await errorText(res)).toBe(TWO_FACTOR_PASSWORD_TEXT);
    res = await options({ currentPassword: 'not the password at all' });
    expect(res.status).toBe(403);
    expect(await errorText(res)).toBe(WRONG_CURRENT_PASSWORD_TEXT);
    expect(server.securityEvents()).toContainEqual(
      expect.objectContaining({ event: 'passkey.refused', userId: account.user.id, reason: 'wrong_password' }),
    );
    // A code is for accounts without a password: it does not stand in for one.
    res = await options({ code: '123456' });
    expect(res.status).toBe(400);
    expect(await errorText(res)).toBe(TWO_FACTOR_PASSWORD_TEXT);
    // The wrong passwords count with the account's other current-password checks.
    for (let i = 1; i < server.config.PASSWORD_CHANGE_MAX_FAILURES; i += 1) {
      expect((await options({ currentPassword: `wrong ${i}` })).status).toBe(403);
    }
    expect((await options({ currentPassword: PASSWORD })).status).toBe(429);
    expect(await list(account.token)).toEqual([]);
  });

  it('needs a session', async () => {
    expect((await post('/api/users/passkeys/registration/options', {})).status).toBe(401);
    expect((await server.app.request('/api/users/passkeys')).status).toBe(401);
  });

  it('refuses an answer made for another site: another origin, or another RP id', async () => {
    const account = await register(server.app);
    const authenticator = new SoftwareAuthenticator(server.config.PUBLIC_URL);
    for (const bend of [{ origin: 'https://evil.example' }, { rpId: 'evil.example' }]) {
      const response = authenticator.create(await registrationOptions(account.token), bend);
      const res = await post('/api/users/passkeys/registration', { name: 'Key', response }, account.token);
      expect(res.status).toBe(400);
      expect(await errorText(res)).toBe(OTHER_SITE_TEXT);
    }
    expect(await list(account.token)).toEqual([]);
  });

  it('refuses an answer without user verification (no PIN or biometrics)', async () => {
    const account = await register(server.app);
    const authenticator = new SoftwareAuthenticator(server.config.PUBLIC_URL);
    const response = authenticator.create(await registrationOptions(account.token), { unverified: true });
    const res = await post('/api/users/passkeys/registration', { name: 'Key', response }, account.token);
    expect(res.status).toBe(400);
    expect(await errorText(res)).toBe(NOT_VERIFIED_TEXT);
  });

  it('takes a challenge once, only from the account it was made for, and only for five minutes', async () => {
    const account = await register(server.app);
    const other = await register(server.app);
    const authenticator = new SoftwareAuthenticator(server.config.PUBLIC_URL);
    const options = await registrationOptions(account.token);

    const stolen = await post(
      '/api/users/passkeys/registration',
      { name: 'Key', response: new SoftwareAuthenticator(server.config.PUBLIC_URL).create(options) },
      other.token,
    );
    expect(stolen.status).toBe(400);
    expect(await errorText(stolen)).toBe(CHALLENGE_TEXT);

    const response = authenticator.create(options);
    expect((await post('/api/users/passkeys/registration', { name: 'Key', response }, account.token)).status).toBe(201);
    const replayed = await post('/api/users/passkeys/registration', { name: 'Key', response }, account.token);
    expect(replayed.status).toBe(400);
    expect(await errorText(replayed)).toBe(CHALLENGE_TEXT);

    const late = new SoftwareAuthenticator(server.config.PUBLIC_URL).create(await registrationOptions(account.token));
    server.clock.advance(5 * MINUTE);
    const expired = await post('/api/users/passkeys/registration', { name: 'Late', response: late }, account.token);
    expect(expired.status).toBe(400);
    expect(await errorText(expired)).toBe(CHALLENGE_TEXT);
    expect((await list(account.token)).map((passkey) => passkey.name)).toEqual(['Key']);
  });

  it('refuses a credential some account has already', async () => {
    const { authenticator } = await accountWithPasskey();
    const other = await register(server.app);
    const response = authenticator.create(await registrationOptions(other.token));
    const res = await post('/api/users/passkeys/registration', { name: 'Again', response }, other.token);
    expect(res.status).toBe(409);
    expect(await errorText(res)).toBe('This passkey is already registered.');
  });

  it.each([
    ['no name', { response: {} }, 'Please name the passkey (1 to 60 characters).'],
    ['a blank name', { name: '   ', response: {} }, 'Please name the passkey (1 to 60 characters).'],
    ['a name too long', { name: 'x'.repeat(61), response: {} }, 'Please name the passkey (1 to 60 characters).'],
    ['no response', { name: 'Key' }, MALFORMED_TEXT],
    ['a response that is not base64url', { name: 'Key', response: { id: '***' } }, MALFORMED_TEXT],
  ])('answers 400 to %s', async (_label, body, text) => {
    const account = await register(server.app);
    const res = await post('/api/users/passkeys/registration', body, account.token);
    expect(res.status).toBe(400);
    expect(await errorText(res)).toBe(text);
  });

  it('answers 400 to a response whose client data is not JSON', async () => {
    const account = await register(server.app);
    const response = new SoftwareAuthenticator(server.config.PUBLIC_URL).create(
      await registrationOptions(account.token),
    );
    response.response.clientDataJSON = Buffer.from('not json').toString('base64url');
    const res = await post('/api/users/passkeys/registration', { name: 'Key', response }, account.token);
    expect(res.status).toBe(400);
    expect(await errorText(res)).toBe(MALFORMED_TEXT);
  });
});

describe('signing in with a passkey', () => {
  it('asks for no e-mail and names no credential: the browser offers the ones it holds', async () => {
    const options = await signInOptions();
    expect(options).toMatchObject({ rpId: 'localhost', allowCredentials: [], userVerification: 'required' });
    expect(options.timeout).toBe(5 * MINUTE);
  });

  it('signs in without a second step, and records the counter and when it was used', async () => {
    const { account, authenticator, passkey } = await accountWithPasskey();
    server.clock.advance(MINUTE);
    const res = await signIn(authenticator, await signInOptions());
    expect(res.status).toBe(200);
    const session = await sessionBody(res);
    expect(session.user.id).toBe(account.user.id);
    expect(session.user.lastLogin).toBe(server.clock.now().toISOString());
    expect((await authenticate(server.app, session.token)).status).toBe(200);
    expect(await storedCounter(authenticator.id)).toBe(1);
    expect(await list(account.token)).toEqual([{ ...passkey, lastUsedAt: server.clock.now().toISOString() }]);
    expect(server.securityEvents().some((line) => line.event === 'signin.success' && line.method === 'passkey')).toBe(
      true,
    );

    server.clock.advance(MINUTE);
    expect((await signIn(authenticator, await signInOptions())).status).toBe(200);
    expect(await storedCounter(authenticator.id)).toBe(2);
    expect((await list(account.token))[0]!.lastUsedAt).toBe(server.clock.now().toISOString());
  });

  it('refuses a counter that did not move on (a cloned authenticator)', async () => {
    const { authenticator } = await accountWithPasskey();
    expect((await signIn(authenticator, await signInOptions())).status).toBe(200);
    const res = await signIn(authenticator, await signInOptions(), { counter: 1 });
    expect(res.status).toBe(401);
    expect(await errorText(res)).toBe(NOT_VERIFIED_TEXT);
    expect(await storedCounter(authenticator.id)).toBe(1);
  });

  it('refuses an answer made for another site: another origin, or another RP id', async () => {
    const { authenticator } = await accountWithPasskey();
    for (const bend of [{ origin: 'https://evil.example' }, { rpId: 'evil.example' }]) {
      const res = await signIn(authenticator, await signInOptions(), bend);
      expect(res.status).toBe(400);
      expect(await errorText(res)).toBe(OTHER_SITE_TEXT);
    }
  });

  it('refuses a passkey of another site, one it never registered', async () => {
    const stranger = new SoftwareAuthenticator(server.config.PUBLIC_URL);
    const res = await signIn(stranger, await signInOptions());
    expect(res.status).toBe(401);
    expect(await errorText(res)).toBe(PASSKEY_UNKNOWN_TEXT);
  });

  it('refuses a replayed answer, and a challenge past its five minutes', async () => {
    const { authenticator } = await accountWithPasskey();
    const response = authenticator.get(await signInOptions());
    expect((await post('/api/auth/passkey', { response })).status).toBe(200);
    const replayed = await post('/api/auth/passkey', { response });
    expect(replayed.status).toBe(400);
    expect(await errorText(replayed)).toBe(CHALLENGE_TEXT);

    const options = await signInOptions();
    server.clock.advance(5 * MINUTE);
    const expired = await signIn(authenticator, options);
    expect(expired.status).toBe(400);
    expect(await errorText(expired)).toBe(CHALLENGE_TEXT);
  });

  it('refuses a forged challenge, and a registration challenge used to sign in', async () => {
    const { account, authenticator } = await accountWithPasskey();
    const forged = await signIn(authenticator, { challenge: Buffer.alloc(56, 7).toString('base64url') });
    expect(await errorText(forged)).toBe(CHALLENGE_TEXT);
    const other = await signIn(authenticator, { challenge: (await registrationOptions(account.token)).challenge });
    expect(other.status).toBe(400);
    expect(await errorText(other)).toBe(CHALLENGE_TEXT);
  });

  it.each([
    ['no response', {}],
    ['a response of the wrong shape', { response: { id: 'abc', rawId: 'abc', type: 'public-key', response: {} } }],
  ])('answers 400 to %s', async (_label, body) => {
    const res = await post('/api/auth/passkey', body);
    expect(res.status).toBe(400);
    expect(await errorText(res)).toBe(MALFORMED_TEXT);
  });
});

describe('removing a passkey', () => {
  it("removes one's own, mails the account and logs it; it no longer signs in", async () => {
    const { account, authenticator, passkey } = await accountWithPasskey('Old phone');
    const res = await remove(passkey.id, account.token);
    expect(res.status).toBe(204);
    expect(await list(account.token)).toEqual([]);
    const removed = (await mailsTo(account.user.email)).filter((mail) => mail.subject.includes('passkey was removed'));
    expect(removed).toHaveLength(1);
    expect(removed[0]!.text_body).toContain('"Old phone"');
    expect(
      server.securityEvents().some((line) => line.event === 'passkey.removed' && line.passkeyId === passkey.id),
    ).toBe(true);
    const signedIn = await signIn(authenticator, await signInOptions());
    expect(signedIn.status).toBe(401);
    expect(await errorText(signedIn)).toBe(PASSKEY_UNKNOWN_TEXT);
  });

  it("cannot remove someone else's passkey (404, as if there were none)", async () => {
    const { account, passkey } = await accountWithPasskey();
    const other = await register(server.app);
    for (const id of [passkey.id, 'no-such-passkey']) {
      const res = await remove(id, other.token);
      expect(res.status).toBe(404);
      expect(await errorText(res)).toBe(PASSKEY_NOT_FOUND_TEXT);
    }
    expect(await list(account.token)).toEqual([passkey]);
  });

  it("asks the owner's proof, as adding one does: none, or a wrong password, removes nothing", async () => {
    const { account, authenticator, passkey } = await accountWithPasskey();
    const none = await remove(passkey.id, account.token, {});
    expect(none.status).toBe(400);
    expect(await errorText(none)).toBe(TWO_FACTOR_PASSWORD_TEXT);
    const wrong = await remove(passkey.id, account.token, { currentPassword: 'not the password at all' });
    expect(wrong.status).toBe(403);
    expect(await errorText(wrong)).toBe(WRONG_CURRENT_PASSWORD_TEXT);
    expect(await list(account.token)).toEqual([passkey]);
    expect((await signIn(authenticator, await signInOptions())).status).toBe(200);
  });

  it('ends every other session of the account, adding one too; the session that made the change stays', async () => {
    const account = await register(server.app);
    const elsewhere = await signInElsewhere(account.user.email);
    const authenticator = new SoftwareAuthenticator(server.config.PUBLIC_URL);
    const added = await post(
      '/api/users/passkeys/registration',
      { name: 'Laptop', response: authenticator.create(await registrationOptions(account.token)) },
      account.token,
    );
    expect(added.status).toBe(201);
    expect((await authenticate(server.app, elsewhere)).status).toBe(401);
    expect((await authenticate(server.app, account.token)).status).toBe(200);

    const another = await signInElsewhere(account.user.email);
    const { id } = (await added.json()) as Passkey;
    expect((await remove(id, account.token)).status).toBe(204);
    expect((await authenticate(server.app, another)).status).toBe(401);
    expect((await authenticate(server.app, account.token)).status).toBe(200);
  });

  it('goes with the account when the account is deleted', async () => {
    const { account } = await accountWithPasskey();
    await server.db
      .updateTable('users')
      .set({ deletion_scheduled_for: server.clock.now().toISOString() })
      .where('id', '=', account.user.id)
      .execute();
    expect(await purgeDueAccounts(server.db, server.clock)).toContain(account.user.id);
    const left = await server.db.selectFrom('passkeys').select('id').where('user_id', '=', account.user.id).execute();
    expect(left).toEqual([]);
  });
});

describe('the sign-in limits', () => {
  it("count a refused passkey answer against the caller's address; a sign-in gives its point back", async () => {
    const limited = await createTestServer({ LOGIN_MAX_FAILURES_PER_ADDRESS: 2 });
    const address = uniqueAddress();
    const account = await register(limited.app);
    const authenticator = new SoftwareAuthenticator(limited.config.PUBLIC_URL);
    const call = async (path: string, body: unknown, token?: string) =>
      limited.app.request(path, jsonInit('POST', body, token ? bearer(token) : {}), fromAddress(address));
    const options = async (path: string, token?: string): Promise<{ challenge: string; user: { id: string } }> =>
      (await (await call(path, token ? { currentPassword: PASSWORD } : {}, token)).json()) as {
        challenge: string;
        user: { id: string };
      };
    const added = await call(
      '/api/users/passkeys/registration',
      {
        name: 'Key',
        response: authenticator.create(await options('/api/users/passkeys/registration/options', account.token)),
      },
      account.token,
    );
    expect(added.status).toBe(201);
    const attempt = async (bend?: Bend) =>
      call('/api/auth/passkey', { response: authenticator.get(await options('/api/auth/passkey/options'), bend) });

    // Sign-ins, however many, take nothing.
    for (let i = 0; i < 3; i += 1) expect((await attempt()).status).toBe(200);
    expect((await attempt({ rpId: 'evil.example' })).status).toBe(400);
    expect((await attempt({ origin: 'https://evil.example' })).status).toBe(400);
    const refused = await attempt();
    expect(refused.status).toBe(429);
    expect(refused.headers.get('Retry-After')).not.toBeNull();
    // Another address is not refused.
    const elsewhere = await limited.app.request(
      '/api/auth/passkey',
      jsonInit('POST', { response: authenticator.get(await options('/api/auth/passkey/options')) }),
      fromAddress(uniqueAddress()),
    );
    expect(elsewhere.status).toBe(200);
  });
});

describe('user verification', () => {
  it('is required to sign in: an answer without PIN or biometrics is refused', async () => {
    const { authenticator } = await accountWithPasskey();
    const res = await signIn(authenticator, await signInOptions(), { unverified: true });
    expect(res.status).toBe(401);
    expect(await errorText(res)).toBe(NOT_VERIFIED_TEXT);
  });
});

describe('renaming a passkey', () => {
  function rename(token: string, id: string, body: unknown) {
    return server.app.request(`/api/users/passkeys/${id}`, jsonInit('PATCH', body, bearer(token)));
  }

  it("renames one's own, without a mail", async () => {
    const { account, passkey } = await accountWithPasskey('Laptop');
    const mailsBefore = (await mailsTo(account.user.email)).length;
    const res = await rename(account.token, passkey.id, { name: ' Old laptop ' });
    expect(res.status).toBe(200);
    const renamed: unknown = await res.json();
    expect(renamed).toEqual({ ...passkey, name: 'Old laptop' });
    expect(await list(account.token)).toEqual([renamed]);
    expect(await mailsTo(account.user.email)).toHaveLength(mailsBefore);
  });

  it("cannot rename someone else's (404), nor to a blank name (400)", async () => {
    const { account, passkey } = await accountWithPasskey('Laptop');
    const other = await register(server.app);
    const foreign = await rename(other.token, passkey.id, { name: 'Mine now' });
    expect(foreign.status).toBe(404);
    expect(await errorText(foreign)).toBe(PASSKEY_NOT_FOUND_TEXT);
    const blank = await rename(account.token, passkey.id, { name: ' ' });
    expect(blank.status).toBe(400);
    expect(await errorText(blank)).toBe('Please name the passkey (1 to 60 characters).');
    expect(await list(account.token)).toEqual([passkey]);
  });
});

describe('how many passkeys an account has', () => {
  it(`stops at ${PASSKEYS_MAX}: neither options nor a registration for one more`, async () => {
    const account = await register(server.app);
    const pending = new SoftwareAuthenticator(server.config.PUBLIC_URL).create(
      await registrationOptions(account.token),
    );
    for (let i = 0; i < PASSKEYS_MAX; i += 1) {
      const response = new SoftwareAuthenticator(server.config.PUBLIC_URL).create(
        await registrationOptions(account.token),
      );
      expect(
        (await post('/api/users/passkeys/registration', { name: `Key ${i}`, response }, account.token)).status,
      ).toBe(201);
    }
    const options = await post(
      '/api/users/passkeys/registration/options',
      { currentPassword: PASSWORD },
      account.token,
    );
    expect(options.status).toBe(409);
    expect(await errorText(options)).toBe(PASSKEYS_FULL_TEXT);
    // Options fetched before the account was full do not make room for one more.
    const late = await post('/api/users/passkeys/registration', { name: 'One more', response: pending }, account.token);
    expect(late.status).toBe(409);
    expect(await errorText(late)).toBe(PASSKEYS_FULL_TEXT);
    expect(await list(account.token)).toHaveLength(PASSKEYS_MAX);
  });
});
