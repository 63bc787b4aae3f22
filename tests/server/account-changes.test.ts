/**
 * Changes that could hand an account to someone else need proof and are told to the owner:
 * - an e-mail change needs the current password (or, without one, a code sent to the current address), and
 *   takes effect once the code sent to the new address comes back (email-change-proof.test.ts);
 * - e-mail change, password change and password reset are mailed to the address in place before;
 * - new passwords on the common-password list are refused.
 * Mail goes to a real SMTP server on loopback.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CURRENT_PASSWORD_REQUIRED_TEXT,
  EMAIL_CHANGE_CODE_REQUIRED_TEXT,
  HAS_PASSWORD_TEXT,
} from '#server/account/email-change';
import { NO_PASSWORD_TEXT } from '#server/account/password-change';
import { WRONG_CURRENT_PASSWORD_TEXT } from '#server/ways-in/current-password';
import { CODE_INVALID_TEXT } from '#server/ways-in/email-codes';
import { COMMON_PASSWORD_TEXT } from '#server/ways-in/common-passwords';
import { createSessions } from '#server/ways-in/sessions';
import { insertUser } from '#server/users/repository';
import {
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
} from './helpers';
import { type MailCatcher, codeIn, settle, startMailCatcher } from './mail-helpers';

let mail: MailCatcher;
let server: Awaited<ReturnType<typeof createTestServer>>;

beforeAll(async () => {
  mail = await startMailCatcher();
  server = await createTestServer({ SMTP_URL: mail.url });
});

afterAll(async () => {
  await cleanup();
  await mail.close();
});

function updateProfile(token: string, fields: Record<string, string>) {
  return server.app.request('/api/users/profile/update', {
    method: 'PATCH',
    body: form(fields),
    headers: bearer(token),
  });
}

async function storedEmail(userId: string): Promise<string> {
  const row = await server.db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow();
  return row.email;
}

describe('changing the e-mail address', () => {
  it('is refused to a stolen session that does not know the password, and the owner keeps the account', async () => {
    const owner = await register(server.app);
    const attacker = uniqueEmail('attacker');

    const bare = await updateProfile(owner.token, { name: owner.user.name, email: attacker });
    expect(bare.status).toBe(400);
    expect(await errorText(bare)).toBe(CURRENT_PASSWORD_REQUIRED_TEXT);

    const guessed = await updateProfile(owner.token, {
      name: owner.user.name,
      email: attacker,
      currentPassword: 'a wrong guess',
    });
    expect(guessed.status).toBe(403);
    expect(await errorText(guessed)).toBe(WRONG_CURRENT_PASSWORD_TEXT);

    // Not even whether the target address is taken leaks without the proof.
    const other = await register(server.app);
    const probe = await updateProfile(owner.token, { name: owner.user.name, email: other.user.email });
    expect(probe.status).toBe(400);

    expect(await storedEmail(owner.user.id)).toBe(owner.user.email);
    // A reset code for the attacker's address reaches nobody: no account has it.
    await server.app.request(`/api/users/password/forgot?email=${encodeURIComponent(attacker)}`);
    await settle();
    expect(mail.to(attacker)).toEqual([]);
    expect((await login(server.app, owner.user.email, owner.password, '198.51.100.30')).status).toBe(200);
    expect(server.securityEvents()).toContainEqual(
      expect.objectContaining({ event: 'email.change_refused', userId: owner.user.id, reason: 'wrong_password' }),
    );
  });

  it('works with the current password and the code sent to the new address; the old address is told', async () => {
    const owner = await register(server.app);
    const before = mail.to(owner.user.email).length;
    const email = uniqueEmail('moved');
    const res = await updateProfile(owner.token, {
      name: owner.user.name,
      email,
      currentPassword: owner.password,
    });
    expect(res.status).toBe(200);
    // Not yet: the address waits for the code sent to it (email-change-proof.test.ts), and nothing is told yet.
    expect((await sessionBody(res)).user.email).toBe(owner.user.email);
    const code = codeIn(await mail.waitFor(email));
    await settle();
    expect(mail.to(owner.user.email)).toHaveLength(before);
    const confirmed = await confirmNewAddress(owner.token, email, code);
    expect(confirmed.status).toBe(200);
    const changed = await sessionBody(confirmed);
    expect(changed.user.email).toBe(email);
    // Every session ended with the change (a stolen one too); the caller goes on in the new one it was given.
    expect((await authenticate(server.app, owner.token)).status).toBe(401);
    expect((await authenticate(server.app, changed.token)).status).toBe(200);

    const notice = await mail.waitFor(owner.user.email, before + 1);
    expect(notice.subject).toBe('The e-mail address of your Northgate IT Consulting account was changed');
    expect(notice.text).toContain(`was changed to ${email}`);
    expect(notice.text).toContain('If this was not you, reset your password now');
    // The notice carries no secret.
    expect(notice.text).not.toContain(owner.password);
    // The new address got its code, and nothing else.
    expect(mail.to(email)).toHaveLength(1);
    expect(server.securityEvents()).toContainEqual(
      expect.objectContaining({ event: 'email.changed', userId: owner.user.id }),
    );
  });

  it('needs no proof when only the name changes, and mails nobody', async () => {
    const owner = await register(server.app);
    const res = await updateProfile(owner.token, { name: 'Only The Name', email: owner.user.email.toUpperCase() });
    expect(res.status).toBe(200);
    await settle();
    expect(mail.to(owner.user.email)).toEqual([]);
  });

  it('proves a Google-only account with a code sent to its current address, once', async () => {
    const { db, app, clock } = server;
    const address = uniqueEmail('google-only');
    const user = await insertUser(db, { name: 'Grace Hopper', email: address, passwordHash: null, now: clock.now() });
    const token = await sessionFor(user.id);

    const noCode = await updateProfile(token, { name: user.name, email: uniqueEmail('g') });
    expect(noCode.status).toBe(400);
    expect(await errorText(noCode)).toBe(EMAIL_CHANGE_CODE_REQUIRED_TEXT);

    const sent = await app.request('/api/users/verify/email-change', { headers: bearer(token) });
    expect(sent.status).toBe(200);
    const code = codeIn(await mail.waitFor(address));
    const wrong = code === '000000' ? '000001' : '000000';
    const refused = await updateProfile(token, { name: user.name, email: uniqueEmail('g'), code: wrong });
    expect(refused.status).toBe(400);
    expect(await errorText(refused)).toBe(CODE_INVALID_TEXT);
    expect(server.securityEvents()).toContainEqual(
      expect.objectContaining({ event: 'email.change_refused', userId: user.id, reason: 'wrong_code' }),
    );
    expect(await storedEmail(user.id)).toBe(address);

    // Two changes racing with the one code: it is used once, by the one that won (either may get to the
    // database first); the other is refused (400). Neither moves the address: the winner's new address is
    // sent a code, and becomes the account's once that code comes back.
    const racing = [uniqueEmail('g-moved'), uniqueEmail('g-other')];
    const raced = await Promise.all(racing.map((email) => updateProfile(token, { name: user.name, email, code })));
    const won = raced.findIndex((res) => res.status === 200);
    expect(won).not.toBe(-1);
    expect(raced[1 - won]!.status).toBe(400);
    expect(await storedEmail(user.id)).toBe(address);
    const email = racing[won]!;
    const confirmed = await confirmNewAddress(token, email, codeIn(await mail.waitFor(email)));
    expect(confirmed.status).toBe(200);
    expect(await storedEmail(user.id)).toBe(email);
    const notice = await mail.waitFor(address, 2);
    expect(notice.subject).toBe('The e-mail address of your Northgate IT Consulting account was changed');

    // Used up: the same code cannot start another change, even in the new session the change handed out.
    const { token: newToken } = await sessionBody(confirmed);
    const again = await updateProfile(newToken, { name: user.name, email: uniqueEmail('g-again'), code });
    expect(again.status).toBe(400);
    expect(await storedEmail(user.id)).toBe(email);
  });

  it('sends no code to an account with a password: its password is the proof', async () => {
    const owner = await register(server.app);
    const res = await server.app.request('/api/users/verify/email-change', { headers: bearer(owner.token) });
    expect(res.status).toBe(409);
    expect(await errorText(res)).toBe(HAS_PASSWORD_TEXT);
  });
});

/** Finishes an e-mail change with the code sent to the new address. */
function confirmNewAddress(token: string, email: string, code: string) {
  return server.app.request('/api/users/verify/email-change', jsonInit('POST', { email, code }, bearer(token)));
}

/** A session for a user made directly in the database (an account without a password). */
async function sessionFor(userId: string): Promise<string> {
  const sessions = createSessions({ db: server.db, config: server.config, clock: server.clock });
  return (await sessions.create(userId)).token;
}

/** Changes the password to 'a fresh passphrase'. */
function changePassword(token: string, oldPassword: string) {
  const newPassword = 'a fresh passphrase';
  return server.app.request(
    '/api/users/password/change',
    jsonInit('PATCH', { oldPassword, newPassword, confirmPassword: newPassword }, bearer(token)),
  );
}

describe('the owner hears of password changes and resets', () => {
  it('mails the address when the password is changed', async () => {
    const owner = await register(server.app);
    const before = mail.to(owner.user.email).length;
    const res = await changePassword(owner.token, owner.password);
    expect(res.status).toBe(200);
    const notice = await mail.waitFor(owner.user.email, before + 1);
    expect(notice.subject).toBe('Your Northgate IT Consulting password was changed');
    expect(notice.text).not.toContain('a fresh passphrase');
    // An address not yet proven to be the account's gets no name the customer typed.
    expect(notice.text.split(/\r?\n/)[0]).toBe('Hello,');
    expect(server.securityEvents()).toContainEqual(
      expect.objectContaining({ event: 'password.changed', userId: owner.user.id }),
    );
  });

  it('greets a proven address by the account’s name', async () => {
    const owner = await register(server.app, { name: 'Vera Proven' });
    await server.db.updateTable('users').set({ email_verified: 1 }).where('id', '=', owner.user.id).execute();
    const before = mail.to(owner.user.email).length;
    const res = await changePassword(owner.token, owner.password);
    expect(res.status).toBe(200);
    const notice = await mail.waitFor(owner.user.email, before + 1);
    expect(notice.text.split(/\r?\n/)[0]).toBe('Hello Vera Proven,');
  });

  it('refuses to change the password of a Google-only account, which has none, and changes nothing', async () => {
    const owner = await register(server.app);
    await server.db.updateTable('users').set({ password_hash: null }).where('id', '=', owner.user.id).execute();
    const res = await changePassword(owner.token, 'any guess at all');
    expect(res.status).toBe(403);
    expect(await errorText(res)).toBe(NO_PASSWORD_TEXT);
    const row = await server.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', owner.user.id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toBeNull();
    expect((await authenticate(server.app, owner.token)).status).toBe(200);
  });

  it('mails the address when the password is reset with a code', async () => {
    const owner = await register(server.app);
    const asked = await server.app.request(`/api/users/password/forgot?email=${encodeURIComponent(owner.user.email)}`);
    const { ticket } = (await asked.json()) as { ticket: string };
    const code = codeIn(await mail.waitFor(owner.user.email));
    const res = await server.app.request(
      '/api/users/password/forgot',
      jsonInit('POST', { email: owner.user.email, code, ticket, newPassword: 'another fresh passphrase' }),
    );
    expect(res.status).toBe(200);
    const notice = await mail.waitFor(owner.user.email, 2);
    expect(notice.subject).toBe('Your Northgate IT Consulting password was reset');
    expect(notice.text).not.toContain(code);
    expect((await authenticate(server.app, owner.token)).status).toBe(401);
  });
});

describe('common passwords', () => {
  it('come as a list in lower case, which the check compares a lower-cased password with', async () => {
    const { dictionary } = await import('@zxcvbn-ts/language-common');
    const list = dictionary['passwords-common'];
    expect(list.length).toBeGreaterThan(40_000);
    expect(list.filter((entry) => entry !== entry.toLowerCase())).toEqual([]);
  });

  it('are refused at registration, on change and on reset, with a clear text', async () => {
    const registered = await server.app.request('/api/auth/register/email', {
      method: 'POST',
      body: form({ name: 'N', email: uniqueEmail(), password: 'Password1' }),
    });
    expect(registered.status).toBe(400);
    expect(await errorText(registered)).toBe(COMMON_PASSWORD_TEXT);

    const owner = await register(server.app);
    const changed = await server.app.request(
      '/api/users/password/change',
      jsonInit(
        'PATCH',
        { oldPassword: owner.password, newPassword: 'qwertyuiop', confirmPassword: 'qwertyuiop' },
        bearer(owner.token),
      ),
    );
    expect(changed.status).toBe(400);
    expect(await errorText(changed)).toBe(COMMON_PASSWORD_TEXT);

    const reset = await server.app.request(
      '/api/users/password/forgot',
      jsonInit('POST', { email: owner.user.email, code: '123456', ticket: 'A'.repeat(43), newPassword: 'sunshine1' }),
    );
    expect(reset.status).toBe(400);
    expect(await errorText(reset)).toBe(COMMON_PASSWORD_TEXT);
  });
});
