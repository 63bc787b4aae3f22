/**
 * The authenticator app and passkeys on an account that signs in with Google, against the REAL local OpenID
 * provider (server/dev/oidc.ts), as tests/server/google.test.ts does: an account without a password proves it is
 * the owner's with an e-mailed code before the set-up (and Google's sign-in then answers the 'totp' step), and
 * before a passkey is added.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE_INVALID_TEXT } from '#server/ways-in/email-codes';
import { HAS_PASSWORD_TEXT } from '#server/account/email-change';
import { type LocalOidcProvider, startLocalOidcProvider } from '#server/dev/oidc';
import { TWO_FACTOR_EMAIL_CODE_TEXT } from '#server/ways-in/owner-proof';
import { codeOfStep, stepAt } from '#server/ways-in/two-factor';
import {
  type TestApp,
  bearer,
  cleanup,
  createTestServer,
  errorText,
  fromAddress,
  jsonInit,
  register,
  sessionBody,
  uniqueAddress,
} from './helpers';
import { type MailCatcher, codeIn, startMailCatcher } from './mail-helpers';
import { googleSettings, obtainToken } from './oidc-helpers';
import { SoftwareAuthenticator } from './passkeys-authenticator';

const CLIENT_ID = 'storefront-test';
const CALLBACK = 'http://localhost:5173/oauth-callback.html';

let provider: LocalOidcProvider;
let mail: MailCatcher;
beforeAll(async () => {
  provider = await startLocalOidcProvider({ clientId: CLIENT_ID, redirectUris: [CALLBACK] });
  mail = await startMailCatcher();
});
afterAll(async () => {
  await provider.stop();
  await mail.close();
  await cleanup();
});

async function googleToken(login: string): Promise<string> {
  return (await obtainToken(provider, { clientId: CLIENT_ID, redirectUri: CALLBACK, login })).accessToken;
}

/** A server that knows the provider and mails through the catcher, its clock on real time (the provider's). */
async function googleServer() {
  const server = await createTestServer({
    SMTP_URL: mail.url,
    ...googleSettings(provider, CLIENT_ID),
  });
  server.clock.advance(Date.now() - server.clock.now().getTime());
  return server;
}

const call = (app: TestApp, token: string, path: string, body?: unknown) =>
  app.request(
    `/api/users/two-factor${path}`,
    body === undefined ? { method: 'POST', headers: bearer(token) } : jsonInit('POST', body, bearer(token)),
    fromAddress(uniqueAddress()),
  );

/** The `count`-th code mail to `email` (the security notices arrive in between, in their own time). */
async function codeMail(email: string, count: number) {
  for (let waited = 0; waited < 5000; waited += 10) {
    const codes = mail.to(email).filter((sent) => /Confirm the change/.test(sent.subject));
    if (codes.length >= count) return codes[count - 1]!;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`no code mail #${count} to ${email}`);
}

describe('a Google-only account', () => {
  it('sets the app up with an e-mailed code, and Google sign-in then asks for the app', async () => {
    const { app, clock, securityEvents } = await googleServer();
    const login = `gina-${randomUUID().slice(0, 8)}`;
    const google = async () =>
      app.request('/api/auth/login/google', jsonInit('POST', { googleToken: await googleToken(login) }));

    const registered = await app.request(
      '/api/auth/register/google',
      jsonInit('POST', { googleToken: await googleToken(login) }),
    );
    expect(registered.status).toBe(201);
    const { token, user } = await sessionBody(registered);

    // No password to give: the set-up asks for the e-mailed code, and a wrong one is refused.
    let res = await call(app, token, '/totp/setup', {});
    expect(res.status).toBe(400);
    expect(await errorText(res)).toBe(TWO_FACTOR_EMAIL_CODE_TEXT);
    res = await call(app, token, '/code');
    expect(res.status).toBe(200);
    const code = codeIn(await codeMail(user.email, 1));
    res = await call(app, token, '/totp/setup', { code: String((Number(code) + 1) % 1_000_000).padStart(6, '0') });
    expect(res.status).toBe(400);
    expect(await errorText(res)).toBe(CODE_INVALID_TEXT);
    res = await call(app, token, '/totp/setup', { code });
    expect(res.status).toBe(200);
    const { secret } = (await res.json()) as { secret: string };
    // The e-mailed code worked once.
    expect((await call(app, token, '/totp/setup', { code })).status).toBe(400);

    res = await call(app, token, '/totp/enable', { code: codeOfStep(secret, stepAt(clock.now())) });
    expect(res.status).toBe(200);

    // Google is now the first step only.
    res = await google();
    expect(res.status).toBe(200);
    const body = (await res.json()) as { secondStep: { kind: string; ticket: string } };
    expect(Object.keys(body)).toEqual(['secondStep']);
    expect(body.secondStep.kind).toBe('totp');
    expect(securityEvents()).toContainEqual(
      expect.objectContaining({ event: 'signin.second_step', kind: 'totp', method: 'google', userId: user.id }),
    );
    clock.advance(30_000);
    res = await app.request(
      '/api/auth/login/second-step',
      jsonInit('POST', { ticket: body.secondStep.ticket, code: codeOfStep(secret, stepAt(clock.now())) }),
      fromAddress(uniqueAddress()),
    );
    expect(res.status).toBe(200);
    expect((await sessionBody(res)).user.id).toBe(user.id);

    // Turning it off also takes an e-mailed code instead of a password.
    res = await call(app, token, '/code');
    expect(res.status).toBe(200);
    const offCode = codeIn(await codeMail(user.email, 2));
    clock.advance(30_000);
    res = await call(app, token, '/disable', {
      code: offCode,
      twoFactorCode: codeOfStep(secret, stepAt(clock.now())),
    });
    expect(res.status).toBe(200);
    res = await google();
    expect(res.status).toBe(200);
    expect((await sessionBody(res)).user.id).toBe(user.id);
  });

  it('adds a passkey with an e-mailed code, which works once', async () => {
    const server = await googleServer();
    const { app } = server;
    const registered = await app.request(
      '/api/auth/register/google',
      jsonInit('POST', { googleToken: await googleToken(`pia-${randomUUID().slice(0, 8)}`) }),
    );
    const { token, user } = await sessionBody(registered);
    const options = (body: unknown) =>
      app.request('/api/users/passkeys/registration/options', jsonInit('POST', body, bearer(token)));

    let res = await options({});
    expect(res.status).toBe(400);
    expect(await errorText(res)).toBe(TWO_FACTOR_EMAIL_CODE_TEXT);
    // No password to give: one typed is no proof.
    res = await options({ currentPassword: 'anything at all' });
    expect(res.status).toBe(400);
    expect(await errorText(res)).toBe(TWO_FACTOR_EMAIL_CODE_TEXT);
    expect((await call(app, token, '/code')).status).toBe(200);
    const code = codeIn(await codeMail(user.email, 1));
    res = await options({ code: String((Number(code) + 1) % 1_000_000).padStart(6, '0') });
    expect(res.status).toBe(400);
    expect(await errorText(res)).toBe(CODE_INVALID_TEXT);
    expect(server.securityEvents()).toContainEqual(
      expect.objectContaining({ event: 'passkey.refused', userId: user.id, reason: 'wrong_email_code' }),
    );
    res = await options({ code });
    expect(res.status).toBe(200);
    const authenticator = new SoftwareAuthenticator(server.config.PUBLIC_URL);
    const response = authenticator.create((await res.json()) as { challenge: string; user: { id: string } });
    // The code is used up by the options that took it.
    expect((await options({ code })).status).toBe(400);
    res = await app.request(
      '/api/users/passkeys/registration',
      jsonInit('POST', { name: 'Phone', response }, bearer(token)),
    );
    expect(res.status).toBe(201);
  });

  it('an account with a password is not sent a code: it confirms with its password', async () => {
    const server = await createTestServer({ SMTP_URL: mail.url });
    const ada = await register(server.app);
    const res = await call(server.app, ada.token, '/code');
    expect(res.status).toBe(409);
    expect(await errorText(res)).toBe(HAS_PASSWORD_TEXT);
  });
});
