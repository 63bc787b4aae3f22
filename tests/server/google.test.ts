/**
 * Sign-in with Google, against a REAL OpenID provider (oidc-provider, server/dev/oidc.ts) started here on
 * loopback: tokens are obtained by driving its authorisation endpoint as the browser's popup would, and the
 * server verifies them through the same tokeninfo + userinfo calls it makes to Google.
 */
import { randomUUID } from 'node:crypto';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { assert } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '#server/config';
import { type LocalOidcProvider, startLocalOidcProvider } from '#server/dev/oidc';
import {
  GOOGLE_EMAIL_TAKEN_TEXT,
  GOOGLE_EMAIL_UNVERIFIED_TEXT,
  GOOGLE_NO_ACCOUNT_TEXT,
  nameFromProfile,
} from '#server/ways-in/google-links';
import {
  GOOGLE_EXPIRED_TEXT,
  GOOGLE_NO_EMAIL_TEXT,
  GOOGLE_OFF_TEXT,
  GOOGLE_REFUSED_TEXT,
  GOOGLE_UNREACHABLE_TEXT,
  GOOGLE_WRONG_AUDIENCE_TEXT,
} from '#server/google/verify';
import { GOOGLE_TOKEN_FIELD_TEXT } from '#server/google/routes';
import { ClientConfig, REMOVE_OTHER_SIGN_INS_LABEL } from '#domain/contract';
import {
  type TestApp,
  authenticate,
  cleanup,
  createTestServer,
  errorText,
  fromAddress,
  jsonInit,
  login,
  register,
  sessionBody,
} from './helpers';
import { type MailCatcher, codeIn, settle, startMailCatcher } from './mail-helpers';
import { obtainToken } from './oidc-helpers';

const CLIENT_ID = 'storefront-test';
const CALLBACK = 'http://localhost:5173/oauth-callback.html';
const OTHER_CLIENT_ID = 'some-other-site';
const OTHER_CALLBACK = 'https://other-site.example/callback';

let provider: LocalOidcProvider;
/** A provider whose access tokens live 2 seconds. */
let shortLived: LocalOidcProvider;
const cleanups: Array<() => Promise<unknown>> = [];

beforeAll(async () => {
  provider = await startLocalOidcProvider({
    clientId: CLIENT_ID,
    redirectUris: [CALLBACK],
    otherClients: [{ clientId: OTHER_CLIENT_ID, redirectUris: [OTHER_CALLBACK] }],
  });
  shortLived = await startLocalOidcProvider({
    clientId: CLIENT_ID,
    redirectUris: [CALLBACK],
    accessTokenTtlSeconds: 2,
  });
  cleanups.push(
    () => provider.stop(),
    () => shortLived.stop(),
  );
});

afterAll(async () => {
  for (const step of cleanups.splice(0).reverse()) await step();
  await cleanup();
});

function oauthConfig(from: LocalOidcProvider, overrides: Partial<Config> = {}): Partial<Config> {
  return {
    OAUTH_CLIENT_ID: CLIENT_ID,
    OAUTH_AUTHORIZATION_URL: from.authorizationUrl,
    OAUTH_TOKENINFO_URL: from.tokeninfoUrl,
    OAUTH_USERINFO_URL: from.userinfoUrl,
    OAUTH_TIMEOUT_MS: 2000,
    ...overrides,
  };
}

/** An app using `from` as its Google, with its clock at the real time (the provider's tokens use real time). */
async function googleServer(from: LocalOidcProvider, overrides: Partial<Config> = {}) {
  const server = await createTestServer(oauthConfig(from, overrides));
  server.clock.advance(Date.now() - server.clock.now().getTime());
  return server;
}

/** A login name no other test uses (the provider's accounts are named by it). */
function loginName(prefix = 'user'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}`;
}

async function token(loginAs: string, from = provider, options: { scope?: string } = {}): Promise<string> {
  const { accessToken } = await obtainToken(from, {
    clientId: CLIENT_ID,
    redirectUri: CALLBACK,
    login: loginAs,
    ...options,
  });
  return accessToken;
}

function google(app: TestApp, route: 'register' | 'login', body: unknown) {
  return app.request(`/api/auth/${route}/google`, jsonInit('POST', body));
}

describe('sign-in with Google against the local OpenID provider', () => {
  let server: Awaited<ReturnType<typeof googleServer>>;
  /** The same, with its mail going to a real SMTP server on loopback. */
  let mailingServer: Awaited<ReturnType<typeof googleServer>>;
  let mail: MailCatcher;
  beforeAll(async () => {
    server = await googleServer(provider);
    mail = await startMailCatcher();
    cleanups.push(() => mail.close());
    mailingServer = await googleServer(provider, { SMTP_URL: mail.url });
  });

  it('tells the browser where the sign-in popup goes', async () => {
    const res = await server.app.request('/api/client-config');
    expect(res.status).toBe(200);
    const body: unknown = await res.json();
    assert(body, ClientConfig);
    expect(body.google).toEqual({ authorizationUrl: provider.authorizationUrl, clientId: CLIENT_ID });
  });

  it('registers a new account (201) from a valid token, then signs it in (200) with later tokens', async () => {
    const { app, db, clock } = server;
    const name = loginName('ada');
    const res = await google(app, 'register', { googleToken: await token(name) });
    expect(res.status).toBe(201);
    const first = await sessionBody(res);
    expect(first.user).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: `Test User ${name}`,
      email: `${name}@example.test`,
      avatarURL: null,
      lastLogin: clock.now().toISOString(),
      emailVerified: true,
      deletionScheduledFor: null,
      hasPassword: false,
    });
    expect((await authenticate(app, first.token)).status).toBe(200);

    const row = await db.selectFrom('users').selectAll().where('id', '=', first.user.id).executeTakeFirstOrThrow();
    expect(row.password_hash).toBeNull();
    const identities = await db.selectFrom('identities').selectAll().where('user_id', '=', first.user.id).execute();
    expect(identities).toEqual([
      {
        provider: 'google',
        subject: name,
        user_id: first.user.id,
        email: `${name}@example.test`,
        created_at: clock.now().toISOString(),
      },
    ]);
    const notifications = await db
      .selectFrom('notifications')
      .select('kind')
      .where('user_id', '=', first.user.id)
      .execute();
    expect(notifications).toEqual([{ kind: 'welcome' }]);

    // Register again (the other "Continue with Google" button): signs in, creates nothing.
    clock.advance(60_000);
    const again = await google(app, 'register', { googleToken: await token(name) });
    expect(again.status).toBe(200);
    const second = await sessionBody(again);
    expect(second.user.id).toBe(first.user.id);
    expect(second.user.lastLogin).toBe(clock.now().toISOString());
    expect(second.token).not.toBe(first.token);

    const signIn = await google(app, 'login', { googleToken: await token(name) });
    expect(signIn.status).toBe(200);
    const third = await sessionBody(signIn);
    expect(third.user.id).toBe(first.user.id);
    expect(new Set([first.token, second.token, third.token]).size).toBe(3);
    const users = await db.selectFrom('users').select('id').where('email', '=', `${name}@example.test`).execute();
    expect(users).toHaveLength(1);
    const sessions = await db.selectFrom('sessions').select('id').where('user_id', '=', first.user.id).execute();
    expect(sessions).toHaveLength(3);
  });

  it('login/google answers 404 for a Google account that no account uses, and 200 once it registered', async () => {
    const { app, db } = server;
    const name = loginName('grace');
    const refusedLinks = () => server.securityEvents().filter((line) => line.event === 'identity.link_refused');
    const refusedBefore = refusedLinks().length;
    const unknown = await google(app, 'login', { googleToken: await token(name) });
    expect(unknown.status).toBe(404);
    expect(await errorText(unknown)).toBe(GOOGLE_NO_ACCOUNT_TEXT);
    // Only a refused link is a security event; an unknown account is not one.
    expect(refusedLinks()).toHaveLength(refusedBefore);
    expect(await db.selectFrom('users').select('id').where('email', '=', `${name}@example.test`).execute()).toEqual([]);

    const registered = await google(app, 'register', { googleToken: await token(name) });
    expect(registered.status).toBe(201);
    const { user } = await sessionBody(registered);
    const signIn = await google(app, 'login', { googleToken: await token(name) });
    expect(signIn.status).toBe(200);
    expect((await sessionBody(signIn)).user.id).toBe(user.id);
  });

  it('refuses (401) a token the provider issued to another site, on both routes', async () => {
    const { app, db } = server;
    const name = loginName('mallory');
    const foreign = await obtainToken(provider, {
      clientId: OTHER_CLIENT_ID,
      redirectUri: OTHER_CALLBACK,
      login: name,
    });
    for (const route of ['register', 'login'] as const) {
      const res = await google(app, route, { googleToken: foreign.accessToken });
      expect(res.status).toBe(401);
      expect(await errorText(res)).toBe(GOOGLE_WRONG_AUDIENCE_TEXT);
    }
    expect(await db.selectFrom('identities').select('user_id').where('subject', '=', name).execute()).toEqual([]);
  });

  it('refuses (401) a token the provider does not know', async () => {
    const res = await google(server.app, 'register', { googleToken: 'not-a-token-the-provider-issued' });
    expect(res.status).toBe(401);
    expect(await errorText(res)).toBe(GOOGLE_REFUSED_TEXT);
  });

  it('refuses (401) a token without the e-mail scope: there is no address to name the account by', async () => {
    const res = await google(server.app, 'register', {
      googleToken: await token(loginName(), provider, { scope: 'openid profile' }),
    });
    expect(res.status).toBe(401);
    expect(await errorText(res)).toBe(GOOGLE_NO_EMAIL_TEXT);
  });

  it('does not link an unverified Google e-mail to an existing account (409), and links nothing', async () => {
    const { app, db } = server;
    const name = loginName('unverified');
    const existing = await register(app, { email: `${name}@example.test` });
    const res = await google(app, 'register', { googleToken: await token(name) });
    expect(res.status).toBe(409);
    expect(await errorText(res)).toBe(GOOGLE_EMAIL_TAKEN_TEXT);
    expect(
      await db.selectFrom('identities').select('subject').where('user_id', '=', existing.user.id).execute(),
    ).toEqual([]);
    expect(await db.selectFrom('identities').select('user_id').where('subject', '=', name).execute()).toEqual([]);
    // Still no account for this Google sign-in, and the password still works.
    expect((await google(app, 'login', { googleToken: await token(name) })).status).toBe(404);
    expect((await login(app, existing.user.email, existing.password, '192.0.2.77')).status).toBe(200);
  });

  it('refuses (409) to join a verified Google e-mail to an account whose own address was never verified', async () => {
    // The attack: someone registers the victim's address with a password of their own, then waits for the
    // victim to "Continue with Google". Joining the two would leave the attacker's password and session in
    // the account the victim now fills with orders.
    const { app, db } = server;
    const name = loginName('squatted');
    const squatter = await register(app, { email: `${name}@example.test`, name: 'Not The Owner' });
    expect(squatter.user.emailVerified).toBe(false);

    const res = await google(app, 'register', { googleToken: await token(name) });
    expect(res.status).toBe(409);
    expect(await errorText(res)).toBe(GOOGLE_EMAIL_UNVERIFIED_TEXT);
    expect(await db.selectFrom('identities').select('user_id').where('subject', '=', name).execute()).toEqual([]);
    const row = await db
      .selectFrom('users')
      .select('email_verified')
      .where('id', '=', squatter.user.id)
      .executeTakeFirstOrThrow();
    expect(row.email_verified).toBe(0);
    expect(server.securityEvents()).toContainEqual(
      expect.objectContaining({
        event: 'identity.link_refused',
        provider: 'google',
        reason: GOOGLE_EMAIL_UNVERIFIED_TEXT,
        address: expect.any(String),
      }),
    );
  });

  it('links a verified Google e-mail to an existing verified account (same user id) and mails its address', async () => {
    const { app, db } = mailingServer;
    const name = loginName('verified');
    const email = `${name}@example.test`;
    const existing = await register(app, { email, name: 'Katherine Johnson' });
    await db.updateTable('users').set({ email_verified: 1 }).where('id', '=', existing.user.id).execute();

    const res = await google(app, 'register', { googleToken: await token(name) });
    expect(res.status).toBe(200);
    const { user } = await sessionBody(res);
    expect(user.id).toBe(existing.user.id);
    // The account keeps its name.
    expect(user.name).toBe('Katherine Johnson');
    expect(user.emailVerified).toBe(true);
    expect(
      await db.selectFrom('identities').select(['subject', 'user_id']).where('subject', '=', name).execute(),
    ).toEqual([{ subject: name, user_id: existing.user.id }]);
    const notifications = await db.selectFrom('notifications').select('kind').where('user_id', '=', user.id).execute();
    expect(notifications).toHaveLength(1);

    // The owner hears of the new way into the account, at the account's address.
    const notice = await mail.waitFor(email);
    expect(notice.subject).toBe('Google sign-in was added to your Northgate IT Consulting account');
    expect(notice.text).toContain('Your account can now be signed in to with Google.');
    expect(mailingServer.securityEvents()).toContainEqual(
      expect.objectContaining({ event: 'identity.linked', userId: existing.user.id }),
    );

    const signIn = await google(app, 'login', { googleToken: await token(name) });
    expect(signIn.status).toBe(200);
    expect((await sessionBody(signIn)).user.id).toBe(existing.user.id);
    // Google sign-ins name the client's address in the security log, as e-mail sign-ins do.
    expect(mailingServer.securityEvents()).toContainEqual(
      expect.objectContaining({ event: 'signin.success', method: 'google', address: expect.any(String) }),
    );
    expect((await login(app, existing.user.email, existing.password, '192.0.2.78')).status).toBe(200);
    // Signing in again with an identity already linked sends no second notice.
    await settle();
    expect(mail.to(email)).toHaveLength(1);
  });

  it('creates one account when two sign-ins of the same new Google account arrive together', async () => {
    const { app, db } = server;
    const name = loginName('twice');
    const [a, b] = await Promise.all([token(name), token(name)]);
    const responses = await Promise.all([
      google(app, 'register', { googleToken: a }),
      google(app, 'register', { googleToken: b }),
    ]);
    expect(responses.map((res) => res.status).sort()).toEqual([200, 201]);
    const ids = await Promise.all(responses.map(async (res) => (await sessionBody(res)).user.id));
    expect(ids[0]).toBe(ids[1]);
    expect(
      await db.selectFrom('users').select('id').where('email', '=', `${name}@example.test`).execute(),
    ).toHaveLength(1);
  });

  it('validates the body (400)', async () => {
    const { app } = server;
    for (const body of [{}, { googleToken: '' }, { googleToken: 42 }, { googleToken: 'x'.repeat(4097) }]) {
      for (const route of ['register', 'login'] as const) {
        const res = await google(app, route, body);
        expect(res.status).toBe(400);
        expect(await errorText(res)).toBe(GOOGLE_TOKEN_FIELD_TEXT);
      }
    }
    const notJson = await app.request('/api/auth/register/google', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"googleToken":',
    });
    expect(notJson.status).toBe(400);
    expect(await errorText(notJson)).toBe('The request body is not valid JSON.');
    const array = await google(app, 'login', ['token']);
    expect(array.status).toBe(400);
  });
});

describe('expired tokens', () => {
  it('refuses (401) a token whose lifetime at the provider has run out', async () => {
    const { app } = await googleServer(shortLived);
    const name = loginName('late');
    const obtained = await obtainToken(shortLived, { clientId: CLIENT_ID, redirectUri: CALLBACK, login: name });
    expect(obtained.expiresIn).toBe(2);
    // Still live: the provider accepts it (and no account uses it yet).
    const live = await google(app, 'login', { googleToken: obtained.accessToken });
    expect(live.status).toBe(404);

    await new Promise((resolve) =>
      setTimeout(resolve, obtained.receivedAt + obtained.expiresIn * 1000 + 1100 - Date.now()),
    );
    const res = await google(app, 'register', { googleToken: obtained.accessToken });
    expect(res.status).toBe(401);
    expect(await errorText(res)).toBe(GOOGLE_REFUSED_TEXT);
  });

  it('refuses (401) a token that tokeninfo still describes but whose exp has passed on our clock', async () => {
    const { app, clock } = await googleServer(provider);
    const googleToken = await token(loginName('skew'));
    clock.advance(2 * 60 * 60 * 1000);
    const res = await google(app, 'register', { googleToken });
    expect(res.status).toBe(401);
    expect(await errorText(res)).toBe(GOOGLE_EXPIRED_TEXT);
  });
});

/** A stand-in for Google answering every request with `handler`; resolves with its base URL. */
async function fakeGoogle(handler: Parameters<typeof createServer>[1]): Promise<{ url: string; server: Server }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe('when Google cannot be used', () => {
  it('answers 502 when the provider is down', async () => {
    const down = await startLocalOidcProvider({ clientId: CLIENT_ID, redirectUris: [CALLBACK] });
    const { app } = await googleServer(down);
    const googleToken = await token(loginName(), down);
    await down.stop();
    for (const route of ['register', 'login'] as const) {
      const res = await google(app, route, { googleToken });
      expect(res.status).toBe(502);
      expect(await errorText(res)).toBe(GOOGLE_UNREACHABLE_TEXT);
    }
  });

  it('answers 502 when the provider fails (5xx) or does not answer within OAUTH_TIMEOUT_MS', async () => {
    const failing = await fakeGoogle((_req, res) => {
      res.writeHead(503, { 'Content-Type': 'application/json' });
      res.end('{"error":"backendError"}');
    });
    const hanging = await fakeGoogle(() => {
      // Never answers.
    });
    for (const base of [failing.url, hanging.url]) {
      const { app } = await createTestServer({
        OAUTH_CLIENT_ID: CLIENT_ID,
        OAUTH_TOKENINFO_URL: `${base}/tokeninfo`,
        OAUTH_USERINFO_URL: `${base}/userinfo`,
        OAUTH_TIMEOUT_MS: 300,
      });
      const started = Date.now();
      const res = await google(app, 'register', { googleToken: 'some-token' });
      expect(res.status).toBe(502);
      expect(await errorText(res)).toBe(GOOGLE_UNREACHABLE_TEXT);
      expect(Date.now() - started).toBeLessThan(5000);
    }
  });

  it('refuses (401) when userinfo describes someone else than tokeninfo', async () => {
    const exp = Math.floor(Date.now() / 1000) + 3600;
    const fake = await fakeGoogle((req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      if (req.url?.startsWith('/tokeninfo')) {
        res.end(
          JSON.stringify({ aud: CLIENT_ID, azp: CLIENT_ID, sub: 'alice', exp: String(exp), scope: 'openid email' }),
        );
      } else {
        res.end(JSON.stringify({ sub: 'bob', email: 'bob@example.test', email_verified: true, name: 'Bob' }));
      }
    });
    const { app, clock } = await createTestServer({
      OAUTH_CLIENT_ID: CLIENT_ID,
      OAUTH_TOKENINFO_URL: `${fake.url}/tokeninfo`,
      OAUTH_USERINFO_URL: `${fake.url}/userinfo`,
    });
    clock.advance(Date.now() - clock.now().getTime());
    const res = await google(app, 'register', { googleToken: 'some-token' });
    expect(res.status).toBe(401);
    expect(await errorText(res)).toBe(GOOGLE_REFUSED_TEXT);
  });

  it('is off without OAUTH_CLIENT_ID: client-config google null, both routes 503', async () => {
    const { app } = await createTestServer();
    const config = await app.request('/api/client-config');
    const body: unknown = await config.json();
    assert(body, ClientConfig);
    expect(body.google).toBeNull();
    for (const route of ['register', 'login'] as const) {
      const res = await google(app, route, { googleToken: await token(loginName()) });
      expect(res.status).toBe(503);
      expect(await errorText(res)).toBe(GOOGLE_OFF_TEXT);
      // Said before the body is read: a malformed one gets the same answer.
      const malformed = await google(app, route, {});
      expect(malformed.status).toBe(503);
      expect(await errorText(malformed)).toBe(GOOGLE_OFF_TEXT);
    }
  });
});

describe('an account created with Google', () => {
  it('can set a password through the forgotten-password code, then sign in with it', async () => {
    const smtp = await startMailCatcher();
    cleanups.push(() => smtp.close());
    const { app, db } = await googleServer(provider, { SMTP_URL: smtp.url });
    const created = await sessionBody(await google(app, 'register', { googleToken: await token(loginName('nopass')) }));
    const { email } = created.user;
    expect((await login(app, email, 'a brand new passphrase', '192.0.2.90')).status).toBe(401);

    const query = new URLSearchParams({ email, lang: 'en', sendTo: '/reset-password' });
    const ask = await app.request(`/api/users/password/forgot?${query}`, {}, fromAddress('192.0.2.91'));
    expect(ask.status).toBe(200);
    const { ticket } = (await ask.json()) as { ticket: string };
    const mail = await smtp.waitFor(email, 1);
    const code = codeIn(mail);
    // The mail names the other way in, and how to end it with the reset.
    expect(mail.text).toContain(`signed in to with Google (${email})`);
    expect(mail.text).toContain(REMOVE_OTHER_SIGN_INS_LABEL);
    const reset = await app.request(
      '/api/users/password/forgot',
      jsonInit('POST', { email, code, ticket, newPassword: 'a brand new passphrase' }),
    );
    expect(reset.status).toBe(200);
    const row = await db
      .selectFrom('users')
      .select('password_hash')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);

    const signIn = await login(app, email, 'a brand new passphrase', '192.0.2.92');
    expect(signIn.status).toBe(200);
    expect((await sessionBody(signIn)).user.id).toBe(created.user.id);
    // Google still works too.
    expect((await google(app, 'login', { googleToken: await token(created.user.email.split('@')[0]!) })).status).toBe(
      200,
    );
  });

  it('is named after the profile, else after the e-mail address', () => {
    expect(nameFromProfile({ name: '  Ada Lovelace ', email: 'ada@example.test' })).toBe('Ada Lovelace');
    expect(nameFromProfile({ name: null, email: 'ada.l@example.test' })).toBe('ada.l');
    expect(nameFromProfile({ name: 'x'.repeat(300), email: 'a@example.test' })).toHaveLength(100);
    // Blank is no name; a name cut at its hundredth character does not end in the space there.
    expect(nameFromProfile({ name: '   ', email: 'grace@example.test' })).toBe('grace');
    expect(nameFromProfile({ name: `${'x'.repeat(99)} Hopper`, email: 'a@example.test' })).toBe('x'.repeat(99));
  });

  it("loses its Google sign-in when the reset asks for it: a recovered account keeps no stranger's way in", async () => {
    const smtp = await startMailCatcher();
    cleanups.push(() => smtp.close());
    const { app, db } = await googleServer(provider, { SMTP_URL: smtp.url });
    const name = loginName('taken');
    const created = await sessionBody(await google(app, 'register', { googleToken: await token(name) }));
    const { email } = created.user;
    const ask = await app.request(
      `/api/users/password/forgot?email=${encodeURIComponent(email)}`,
      {},
      fromAddress('192.0.2.93'),
    );
    const { ticket } = (await ask.json()) as { ticket: string };
    const code = codeIn(await smtp.waitFor(email, 1));
    const reset = await app.request(
      '/api/users/password/forgot',
      jsonInit('POST', { email, code, ticket, newPassword: 'a brand new passphrase', removeOtherSignIns: true }),
    );
    expect(reset.status).toBe(200);
    const identities = await db
      .selectFrom('identities')
      .select('user_id')
      .where('user_id', '=', created.user.id)
      .execute();
    expect(identities).toEqual([]);
    const again = await google(app, 'login', { googleToken: await token(name) });
    expect(again.status).toBe(404);
    expect(await errorText(again)).toBe(GOOGLE_NO_ACCOUNT_TEXT);
    expect((await login(app, email, 'a brand new passphrase', '192.0.2.94')).status).toBe(200);
  });
});
