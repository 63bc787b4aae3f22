/**
 * A new e-mail address takes effect only once it is proven (docs/product.md#accounts): the profile update with a
 * new address (and the proof of ownership) mails a code to the NEW address and changes nothing else about the
 * address; `POST /api/users/verify/email-change` with that code makes it the account's. Replays the takeover an
 * unproven address allowed: an attacker (signed up with Google, or with a password) moves their account to the
 * victim's address, then waits for the victim to "recover" it with Forgot password.
 * Google is the local OpenID provider (server/dev/oidc.ts); mail goes to a real SMTP server on loopback.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProfileUpdateResponse } from '#domain/contract';
import { assert } from 'superstruct';
import { CODE_INVALID_TEXT } from '#server/ways-in/email-codes';
import { EMAIL_IN_USE_TEXT, NO_EMAIL_CHANGE_PENDING_TEXT, newAddressCodeSentText } from '#server/account/email-change';
import { type LocalOidcProvider, startLocalOidcProvider } from '#server/dev/oidc';
import { MAIL_FAILED_TEXT } from '#server/account/codes';
import {
  MINUTE,
  authenticate,
  bearer,
  cleanup,
  createTestServer,
  errorText,
  form,
  jsonInit,
  login,
  register,
  sessionBody,
  uniqueEmail,
  type TestApp,
} from './helpers';
import { type MailCatcher, codeIn, settle, startMailCatcher } from './mail-helpers';
import { googleSettings, obtainToken } from './oidc-helpers';

const CLIENT_ID = 'storefront-test';
const CALLBACK = 'http://localhost:5173/oauth-callback.html';

let mail: MailCatcher;
let provider: LocalOidcProvider;
let server: Awaited<ReturnType<typeof createTestServer>>;

beforeAll(async () => {
  mail = await startMailCatcher();
  provider = await startLocalOidcProvider({ clientId: CLIENT_ID, redirectUris: [CALLBACK] });
  server = await createTestServer({
    SMTP_URL: mail.url,
    ...googleSettings(provider, CLIENT_ID),
  });
  // The provider's tokens use the real time.
  server.clock.advance(Date.now() - server.clock.now().getTime());
});

afterAll(async () => {
  await provider.stop();
  await cleanup();
  await mail.close();
});

function updateProfile(token: string, fields: Record<string, string>, app: TestApp = server.app) {
  return app.request('/api/users/profile/update', { method: 'PATCH', body: form(fields), headers: bearer(token) });
}

function confirmNewAddress(token: string, email: string, code: string) {
  return server.app.request('/api/users/verify/email-change', jsonInit('POST', { email, code }, bearer(token)));
}

function resend(token: string) {
  return server.app.request('/api/users/verify/email-change/resend', { headers: bearer(token) });
}

async function stored(userId: string) {
  return server.db
    .selectFrom('users')
    .select(['email', 'name', 'email_verified'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}

async function pendingAnswer(res: Response): Promise<ProfileUpdateResponse> {
  expect(res.status).toBe(200);
  const body: unknown = await res.json();
  assert(body, ProfileUpdateResponse);
  return body;
}

/** An account made by signing up with Google at the local provider: it has no password. */
async function googleAccount() {
  const name = `attacker-${randomUUID().slice(0, 8)}`;
  const { accessToken } = await obtainToken(provider, { clientId: CLIENT_ID, redirectUri: CALLBACK, login: name });
  const res = await server.app.request('/api/auth/register/google', jsonInit('POST', { googleToken: accessToken }));
  expect(res.status).toBe(201);
  const session = await sessionBody(res);
  expect(session.user.hasPassword).toBe(false);
  return session;
}

/** A new account that asked to move to a fresh address (named after `label`), with the code mailed there. */
async function awaitingCode(label: string) {
  const owner = await register(server.app);
  const email = uniqueEmail(label);
  await pendingAnswer(
    await updateProfile(owner.token, { name: owner.user.name, email, currentPassword: owner.password }),
  );
  return { owner, email, code: codeIn(await mail.waitFor(email)) };
}

function otherCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}

describe('the takeover through an address nobody proved', () => {
  it('a Google-only account moved to the victim’s address keeps its own until the victim’s code comes back', async () => {
    const attacker = await googleAccount();
    const own = attacker.user.email;
    const victim = uniqueEmail('victim');

    // The proof of ownership: a code to the attacker's own (current) address.
    expect(
      (await server.app.request('/api/users/verify/email-change', { headers: bearer(attacker.token) })).status,
    ).toBe(200);
    const proof = codeIn(await mail.waitFor(own));
    const answer = await pendingAnswer(
      await updateProfile(attacker.token, { name: 'Innocent Name', email: victim.toUpperCase(), code: proof }),
    );
    // The name changes at once; the address does not, and the session goes on.
    expect(answer.user).toMatchObject({ name: 'Innocent Name', email: own });
    expect(answer.token).toBe(attacker.token);
    expect(answer.emailChange).toEqual({ pending: victim, message: { en: newAddressCodeSentText(victim) } });
    expect(newAddressCodeSentText(victim)).toBe(
      `We have sent a code to ${victim}. Enter it to finish changing your e-mail address.`,
    );
    expect(await stored(attacker.user.id)).toMatchObject({ email: own, name: 'Innocent Name' });
    expect((await authenticate(server.app, attacker.token)).status).toBe(200);

    // The code goes to the NEW address only; the old one gets no code (and no notice: nothing changed).
    const sent = await mail.waitFor(victim);
    expect(sent.subject).toBe('Confirm your new Northgate IT Consulting e-mail address');
    expect(sent.text).toContain('Enter this code on the profile page');
    await settle();
    expect(mail.to(own)).toHaveLength(1);

    // The victim's "recovery": no account has their address, so no reset code and no way in.
    await server.app.request(`/api/users/password/forgot?email=${encodeURIComponent(victim)}`);
    await settle();
    expect(mail.to(victim)).toHaveLength(1);
    expect((await login(server.app, victim, 'any password at all', '198.51.100.60')).status).toBe(401);

    // Without the victim's code the change cannot be finished: a guess is refused and counted.
    const guess = await confirmNewAddress(attacker.token, victim, otherCode(codeIn(sent)));
    expect(guess.status).toBe(400);
    expect(await errorText(guess)).toBe(CODE_INVALID_TEXT);
    expect(server.securityEvents()).toContainEqual(
      expect.objectContaining({ event: 'code.failed', purpose: 'email_new', userId: attacker.user.id }),
    );
    expect(await stored(attacker.user.id)).toMatchObject({ email: own });
  });

  it('an account with a password moved to the victim’s address cannot sign in with it', async () => {
    const attacker = await register(server.app);
    const victim = uniqueEmail('victim');
    const answer = await pendingAnswer(
      await updateProfile(attacker.token, {
        name: attacker.user.name,
        email: victim,
        currentPassword: attacker.password,
      }),
    );
    expect(answer.user).toEqual(attacker.user);
    expect(answer.emailChange?.pending).toBe(victim);
    expect(await stored(attacker.user.id)).toMatchObject({ email: attacker.user.email, email_verified: 0 });

    expect((await login(server.app, victim, attacker.password, '198.51.100.61')).status).toBe(401);
    expect((await login(server.app, attacker.user.email, attacker.password, '198.51.100.61')).status).toBe(200);
    await mail.waitFor(victim);
    await server.app.request(`/api/users/password/forgot?email=${encodeURIComponent(victim)}`);
    await settle();
    expect(mail.to(victim)).toHaveLength(1);
    expect(mail.to(attacker.user.email)).toEqual([]);
  });
});

describe('finishing an e-mail change with the code sent to the new address', () => {
  it('sets the address, verified, ends every session, hands out a new one and tells the old address', async () => {
    const { owner, email, code } = await awaitingCode('moved');

    // The code proves only the address it was sent to.
    const elsewhere = await confirmNewAddress(owner.token, uniqueEmail('elsewhere'), code);
    expect(elsewhere.status).toBe(400);

    const res = await confirmNewAddress(owner.token, ` ${email.toUpperCase()} `, code);
    expect(res.status).toBe(200);
    const changed = await sessionBody(res);
    expect(changed.user).toEqual({ ...owner.user, email, emailVerified: true });
    expect(await stored(owner.user.id)).toMatchObject({ email, email_verified: 1 });
    // A new way in: every session (a stolen one too) ended; the caller's new one works.
    expect((await authenticate(server.app, owner.token)).status).toBe(401);
    expect(await (await authenticate(server.app, changed.token)).json()).toEqual({ user: changed.user });
    expect((await login(server.app, email, owner.password, '198.51.100.62')).status).toBe(200);
    expect((await login(server.app, owner.user.email, owner.password, '198.51.100.62')).status).toBe(401);

    // The old address hears of it, at the moment it took effect.
    const notice = await mail.waitFor(owner.user.email);
    expect(notice.subject).toBe('The e-mail address of your Northgate IT Consulting account was changed');
    expect(notice.text).toContain(`was changed to ${email}`);
    expect(notice.text).not.toContain(code);
    expect(server.securityEvents()).toContainEqual(
      expect.objectContaining({ event: 'email.changed', userId: owner.user.id }),
    );

    // Used up: it works once.
    const again = await confirmNewAddress(changed.token, email, code);
    expect(again.status).toBe(400);
    expect(await errorText(again)).toBe(CODE_INVALID_TEXT);
  });

  it('a newer change replaces the older one: only the last address’s code works', async () => {
    const owner = await register(server.app);
    const [first, second] = [uniqueEmail('first'), uniqueEmail('second')];
    const proof = { name: owner.user.name, currentPassword: owner.password };
    await pendingAnswer(await updateProfile(owner.token, { ...proof, email: first }));
    const firstCode = codeIn(await mail.waitFor(first));
    await pendingAnswer(await updateProfile(owner.token, { ...proof, email: second }));
    const secondCode = codeIn(await mail.waitFor(second));

    expect((await confirmNewAddress(owner.token, first, firstCode)).status).toBe(400);
    expect((await confirmNewAddress(owner.token, second, secondCode)).status).toBe(200);
    expect(await stored(owner.user.id)).toMatchObject({ email: second });
  });

  it('is refused with 409 when the address was taken meanwhile, and changes nothing', async () => {
    const { owner, email, code } = await awaitingCode('contested');
    await register(server.app, { email });
    const res = await confirmNewAddress(owner.token, email, code);
    expect(res.status).toBe(409);
    expect(await errorText(res)).toBe(EMAIL_IN_USE_TEXT);
    expect(await stored(owner.user.id)).toMatchObject({ email: owner.user.email });
    expect((await authenticate(server.app, owner.token)).status).toBe(200);
  });

  it('gives the address to one of two accounts that finish a change to it at once; the other gets 409', async () => {
    const email = uniqueEmail('raced');
    const owners = [await register(server.app), await register(server.app)];
    const codes: string[] = [];
    for (const [nth, owner] of owners.entries()) {
      await pendingAnswer(
        await updateProfile(owner.token, { name: owner.user.name, email, currentPassword: owner.password }),
      );
      codes.push(codeIn(await mail.waitFor(email, nth + 1)));
    }
    // Both find the address free before either takes it: the database's rule decides, in the site's words.
    const answers = await Promise.all(
      owners.map((owner, index) => confirmNewAddress(owner.token, email, codes[index]!)),
    );
    expect(answers.map(({ status }) => status).sort()).toEqual([200, 409]);
    const loser = answers.findIndex(({ status }) => status === 409);
    expect(await errorText(answers[loser]!)).toBe(EMAIL_IN_USE_TEXT);
    expect(await stored(owners[loser]!.user.id)).toMatchObject({ email: owners[loser]!.user.email });
    expect((await authenticate(server.app, owners[loser]!.token)).status).toBe(200);
    expect(await stored(owners[1 - loser]!.user.id)).toMatchObject({ email, email_verified: 1 });
  });

  it('uses a code once when it is sent twice at once', async () => {
    const { owner, email, code } = await awaitingCode('twice');
    const answers = await Promise.all([1, 2].map(() => confirmNewAddress(owner.token, email, code)));
    expect(answers.map(({ status }) => status).sort()).toEqual([200, 400]);
    expect(await errorText(answers.find(({ status }) => status === 400)!)).toBe(CODE_INVALID_TEXT);
  });

  it('stops a code after 5 wrong tries, and a code expires', async () => {
    const owner = await register(server.app);
    const email = uniqueEmail('tried');
    const proof = { name: owner.user.name, email, currentPassword: owner.password };
    await pendingAnswer(await updateProfile(owner.token, proof));
    const code = codeIn(await mail.waitFor(email));
    for (let i = 0; i < 5; i += 1)
      expect((await confirmNewAddress(owner.token, email, otherCode(code))).status).toBe(400);
    expect((await confirmNewAddress(owner.token, email, code)).status).toBe(400);

    await pendingAnswer(await updateProfile(owner.token, proof));
    const late = codeIn(await mail.waitFor(email, 2));
    server.clock.advance(16 * MINUTE);
    expect((await confirmNewAddress(owner.token, email, late)).status).toBe(400);
    expect(await stored(owner.user.id)).toMatchObject({ email: owner.user.email });
  });

  it('needs a signed-in caller and a well-formed code', async () => {
    const anonymous = await server.app.request(
      '/api/users/verify/email-change',
      jsonInit('POST', { email: uniqueEmail(), code: '123456' }),
    );
    expect(anonymous.status).toBe(401);
    const owner = await register(server.app);
    const malformed = await confirmNewAddress(owner.token, uniqueEmail(), '12345');
    expect(malformed.status).toBe(400);
    expect(await errorText(malformed)).toBe(CODE_INVALID_TEXT);
  });
});

describe('sending the new address’s code again', () => {
  it('sends a fresh code to the waiting address only; the older one stops working', async () => {
    const { owner, email, code: first } = await awaitingCode('again');
    const res = await resend(owner.token);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: { en: newAddressCodeSentText(email) } });
    const second = codeIn(await mail.waitFor(email, 2));
    expect(mail.to(owner.user.email)).toEqual([]);
    if (first !== second) expect((await confirmNewAddress(owner.token, email, first)).status).toBe(400);
    expect((await confirmNewAddress(owner.token, email, second)).status).toBe(200);
    // Nothing waits any more.
    const { token } = await sessionBody(await login(server.app, email, owner.password, '198.51.100.63'));
    const none = await resend(token);
    expect(none.status).toBe(409);
    expect(await errorText(none)).toBe(NO_EMAIL_CHANGE_PENDING_TEXT);
  });

  it('has nothing to send once the code has expired, or without a change', async () => {
    const owner = await register(server.app);
    expect((await resend(owner.token)).status).toBe(409);
    await pendingAnswer(
      await updateProfile(owner.token, {
        name: owner.user.name,
        email: uniqueEmail('expired'),
        currentPassword: owner.password,
      }),
    );
    server.clock.advance(16 * MINUTE);
    expect((await resend(owner.token)).status).toBe(409);
  });
});

describe('when the code cannot be mailed', () => {
  it('answers 503 and changes nothing: not the name, not the address, and the proof still works', async () => {
    const down = await startMailCatcher();
    await down.close();
    const offline = await createTestServer({ SMTP_URL: down.url });
    const owner = await register(offline.app);
    const res = await updateProfile(
      owner.token,
      { name: 'Not Saved', email: uniqueEmail('unreachable'), currentPassword: owner.password },
      offline.app,
    );
    expect(res.status).toBe(503);
    expect(await errorText(res)).toBe(MAIL_FAILED_TEXT);
    const row = await offline.db
      .selectFrom('users')
      .select(['name', 'email'])
      .where('id', '=', owner.user.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ name: owner.user.name, email: owner.user.email });
    const codes = await offline.db
      .selectFrom('email_codes')
      .select('purpose')
      .where('user_id', '=', owner.user.id)
      .execute();
    // Only the sign-up's verification code: no code of the change was kept.
    expect(codes).toEqual([{ purpose: 'verify_email' }]);
    expect(offline.logLines).toContainEqual(
      expect.objectContaining({ event: 'mail.failed', msg: 'could not send the new address code e-mail' }),
    );
  });
});
