/**
 * The staff policy (docs/product.md#second-factor, docs/decisions/0030-staff-policy-asks-the-session.md): with
 * STAFF_REQUIRE_TWO_FACTOR an office or admin account reaches the office API only with a session made with a
 * second factor, the authenticator app's step or a passkey. Any other session signs in, is told so on its user
 * (`secondFactorRequired`, and `required` of GET /api/users/two-factor), and is refused with 403 and the way in:
 * set a factor up when the account has none, else sign in with it. Customers and a site without the policy see
 * no change.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { assert } from 'superstruct';
import { AuthenticateResponse } from '#domain/contract';
import { TwoFactorStatus } from '#domain/twoFactorContract';
import { Passkey, PasskeyRegistrationOptions, PasskeySignInOptions } from '#domain/passkeyContract';
import { STAFF_ONLY_TEXT } from '#server/ways-in/require-auth';
import { createSessions } from '#server/ways-in/sessions';
import { SET_UP_SECOND_FACTOR_TEXT, SIGN_IN_WITH_SECOND_FACTOR_TEXT } from '#server/ways-in/staff-rule';
import { codeOfStep, stepAt } from '#server/ways-in/two-factor';
import {
  PASSWORD,
  type TestApp,
  authenticate,
  bearer,
  cleanup,
  createTestServer,
  errorText,
  form,
  fromAddress,
  jsonInit,
  login,
  sessionBody,
  uniqueAddress,
} from './helpers';
import { codeIn, startMailCatcher } from './mail-helpers';
import { account } from './office-helpers';
import { SoftwareAuthenticator } from './passkeys-authenticator';

afterAll(cleanup);

/** One time step of the app (RFC 6238: 30 seconds). */
const STEP_MS = 30_000;

type Server = Awaited<ReturnType<typeof createTestServer>>;
type Member = Awaited<ReturnType<typeof account>>;

const post = (app: TestApp, path: string, body: unknown, token?: string) =>
  app.request(path, jsonInit('POST', body, token ? bearer(token) : {}), fromAddress(uniqueAddress()));

async function userOf(app: TestApp, token: string) {
  const body: unknown = await (await authenticate(app, token)).json();
  assert(body, AuthenticateResponse);
  return body.user;
}

async function required(app: TestApp, token: string): Promise<boolean> {
  const body: unknown = await (await app.request('/api/users/two-factor', { headers: bearer(token) })).json();
  assert(body, TwoFactorStatus);
  return body.required;
}

const office = (app: TestApp, token: string, path = '/api/office/orders') =>
  app.request(path, { headers: bearer(token) });

/** The office paths of a role: the staff list is an admin's (an office member is refused it by role first). */
const officePaths = (role: 'office' | 'admin') =>
  role === 'admin' ? ['/api/office/orders', '/api/office/staff'] : ['/api/office/orders'];

/** The session is told it needs a second factor, and every office path refuses it with `text`. */
async function expectKeptOut(app: TestApp, token: string, role: 'office' | 'admin', text: string) {
  expect((await userOf(app, token)).secondFactorRequired).toBe(true);
  expect(await required(app, token)).toBe(true);
  for (const path of officePaths(role)) {
    const refused = await office(app, token, path);
    expect(refused.status, `${role} ${path}`).toBe(403);
    expect(await errorText(refused), `${role} ${path}`).toBe(text);
  }
}

/** The session carries no flag and reaches every office path of its role. */
async function expectLetIn(app: TestApp, token: string, role: 'office' | 'admin') {
  expect((await userOf(app, token)).secondFactorRequired).toBeUndefined();
  expect(await required(app, token)).toBe(false);
  for (const path of officePaths(role)) expect((await office(app, token, path)).status, `${role} ${path}`).toBe(200);
}

/** A password sign-in with no second step: its session and the user it answered. */
async function passwordSession(app: TestApp, email: string) {
  const res = await login(app, email, PASSWORD, uniqueAddress());
  expect(res.status).toBe(200);
  return sessionBody(res);
}

/** Turns the authenticator app on from `member`'s session; answers its secret. */
async function turnOnTwoFactor({ app, clock }: Server, member: Member): Promise<string> {
  const setup = await post(app, '/api/users/two-factor/totp/setup', { currentPassword: PASSWORD }, member.token);
  expect(setup.status).toBe(200);
  const { secret } = (await setup.json()) as { secret: string };
  const enabled = await post(
    app,
    '/api/users/two-factor/totp/enable',
    { code: codeOfStep(secret, stepAt(clock.now())) },
    member.token,
  );
  expect(enabled.status).toBe(200);
  // The next sign-in's code is a later step than the one just used.
  clock.advance(STEP_MS);
  return secret;
}

/** The password, then the app's code: the session of the 'totp' step and the user it answered. */
async function totpSession({ app, clock }: Server, email: string, secret: string) {
  const first = await login(app, email, PASSWORD, uniqueAddress());
  expect(first.status).toBe(200);
  const { secondStep } = (await first.json()) as { secondStep: { kind: string; ticket: string } };
  expect(secondStep.kind).toBe('totp');
  const code = codeOfStep(secret, stepAt(clock.now()));
  const res = await post(app, '/api/auth/login/second-step', { ticket: secondStep.ticket, code });
  expect(res.status).toBe(200);
  return sessionBody(res);
}

/** Adds a passkey from `member`'s session, on a fresh software authenticator. */
async function addPasskey({ app, config }: Server, member: Member): Promise<SoftwareAuthenticator> {
  const authenticator = new SoftwareAuthenticator(config.PUBLIC_URL);
  const optionsRes = await post(
    app,
    '/api/users/passkeys/registration/options',
    { currentPassword: PASSWORD },
    member.token,
  );
  const options: unknown = await optionsRes.json();
  assert(options, PasskeyRegistrationOptions);
  const res = await post(
    app,
    '/api/users/passkeys/registration',
    { name: 'Laptop', response: authenticator.create(options) },
    member.token,
  );
  expect(res.status).toBe(201);
  assert(await res.json(), Passkey);
  return authenticator;
}

/** A passkey sign-in: its session and the user it answered. */
async function passkeySession({ app }: Server, authenticator: SoftwareAuthenticator) {
  const options: unknown = await (await post(app, '/api/auth/passkey/options', {})).json();
  assert(options, PasskeySignInOptions);
  const res = await post(app, '/api/auth/passkey', { response: authenticator.get(options) });
  expect(res.status).toBe(200);
  return sessionBody(res);
}

describe('with STAFF_REQUIRE_TWO_FACTOR=1', async () => {
  const server = await createTestServer({ STAFF_REQUIRE_TWO_FACTOR: true });
  const { app, db } = server;

  it('lets staff without a second factor sign in, and tells them to set one up to reach the office', async () => {
    for (const role of ['office', 'admin'] as const) {
      const member = await account(app, db, role);
      const signedIn = await passwordSession(app, member.email);
      expect(signedIn.user.secondFactorRequired).toBe(true);
      await expectKeptOut(app, signedIn.token, role, SET_UP_SECOND_FACTOR_TEXT);
    }
  });

  it('lets staff with an authenticator app in once signed in with its code, and not with the password only', async () => {
    for (const role of ['office', 'admin'] as const) {
      const member = await account(app, db, role);
      const secret = await turnOnTwoFactor(server, member);
      // The session that turned the app on was made with the password alone.
      await expectKeptOut(app, member.token, role, SIGN_IN_WITH_SECOND_FACTOR_TEXT);
      const signedIn = await totpSession(server, member.email, secret);
      expect(signedIn.user.secondFactorRequired).toBeUndefined();
      await expectLetIn(app, signedIn.token, role);
    }
  });

  it('lets staff with a passkey in once signed in with it, and refuses the password only with the way in', async () => {
    for (const role of ['office', 'admin'] as const) {
      const member = await account(app, db, role);
      const authenticator = await addPasskey(server, member);
      await expectKeptOut(app, member.token, role, SIGN_IN_WITH_SECOND_FACTOR_TEXT);

      const withPasskey = await passkeySession(server, authenticator);
      expect(withPasskey.user.secondFactorRequired).toBeUndefined();
      await expectLetIn(app, withPasskey.token, role);

      // A password sign-in has no passkey step: it is a password-only session, however many passkeys exist.
      const withPassword = await passwordSession(app, member.email);
      expect(withPassword.user.secondFactorRequired).toBe(true);
      await expectKeptOut(app, withPassword.token, role, SIGN_IN_WITH_SECOND_FACTOR_TEXT);
      // The passkey's session is untouched by the other sign-in.
      await expectLetIn(app, withPasskey.token, role);
    }
  });

  it('keeps out a session that recorded no second factor, as every session made before migration 0016', async () => {
    const member = await account(app, db, 'office');
    await turnOnTwoFactor(server, member);
    const { token } = await createSessions(server).create(member.id);
    await expectKeptOut(app, token, 'office', SIGN_IN_WITH_SECOND_FACTOR_TEXT);
  });

  it('keeps the factor of the session that changes the password in the session that replaces it', async () => {
    const member = await account(app, db, 'admin');
    const signedIn = await totpSession(server, member.email, await turnOnTwoFactor(server, member));
    const res = await app.request(
      '/api/users/password/change',
      jsonInit(
        'PATCH',
        { oldPassword: PASSWORD, newPassword: 'another horse battery', confirmPassword: 'another horse battery' },
        bearer(signedIn.token),
      ),
    );
    expect(res.status).toBe(200);
    const changed = await sessionBody(res);
    expect(changed.user.secondFactorRequired).toBeUndefined();
    await expectLetIn(app, changed.token, 'admin');
  });

  it('keeps the factor of the session that changes the address in the session that replaces it', async () => {
    const mail = await startMailCatcher();
    try {
      const withMail = await createTestServer({ STAFF_REQUIRE_TWO_FACTOR: true, SMTP_URL: mail.url });
      const member = await account(withMail.app, withMail.db, 'office');
      const signedIn = await totpSession(withMail, member.email, await turnOnTwoFactor(withMail, member));
      const email = `moved-${member.email}`;
      const updated = await withMail.app.request('/api/users/profile/update', {
        method: 'PATCH',
        body: form({ name: member.name, email, currentPassword: PASSWORD }),
        headers: bearer(signedIn.token),
      });
      expect(updated.status).toBe(200);
      expect((await sessionBody(updated)).user.secondFactorRequired).toBeUndefined();
      const code = codeIn(await mail.waitFor(email));
      const res = await post(withMail.app, '/api/users/verify/email-change', { email, code }, signedIn.token);
      expect(res.status).toBe(200);
      const changed = await sessionBody(res);
      expect(changed.user.email).toBe(email);
      expect(changed.user.secondFactorRequired).toBeUndefined();
      await expectLetIn(withMail.app, changed.token, 'office');
    } finally {
      await mail.close();
    }
  });

  it('leaves customers as they were: no flag however they signed in, and the office is still not theirs', async () => {
    const customer = await account(app, db);
    const authenticator = await addPasskey(server, customer);
    const withPasskey = await passkeySession(server, authenticator);
    for (const { user, token } of [await passwordSession(app, customer.email), withPasskey]) {
      expect(user.secondFactorRequired).toBeUndefined();
      expect((await userOf(app, token)).secondFactorRequired).toBeUndefined();
      expect(await required(app, token)).toBe(false);
      const res = await office(app, token);
      expect(res.status).toBe(403);
      expect(await errorText(res)).toBe(STAFF_ONLY_TEXT);
    }
  });
});

describe('with STAFF_REQUIRE_TWO_FACTOR=0', async () => {
  const server = await createTestServer({ STAFF_REQUIRE_TWO_FACTOR: false });
  const { app, db } = server;

  it('lets staff into the office with the password alone, with or without a second factor', async () => {
    const member = await account(app, db, 'office');
    await expectLetIn(app, member.token, 'office');
    await addPasskey(server, member);
    const signedIn = await passwordSession(app, member.email);
    expect(signedIn.user.secondFactorRequired).toBeUndefined();
    await expectLetIn(app, signedIn.token, 'office');
  });
});
