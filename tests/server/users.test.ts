import { afterAll, describe, expect, it } from 'vitest';
import { WRONG_OLD_PASSWORD_TEXT } from '#server/account/password-change';
import { outboxDir, readOutbox } from '#server/mail/mailer';
import { assert } from 'superstruct';
import { ProfileUpdateResponse } from '#domain/contract';
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

afterAll(cleanup);

const { app, db, config } = await createTestServer();

/** The code of the newest message in the outbox (no SMTP_URL here) to `to`. */
function newestCodeTo(to: string): string {
  const mail = readOutbox(outboxDir(config.DATA_DIR)).find((message) => message.to === to);
  const code = mail && /^\s*(\d{6})\s*$/m.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code mailed to ${to}`);
  return code;
}

function updateProfile(token: string | null, body: BodyInit, headers: Record<string, string> = {}) {
  return app.request('/api/users/profile/update', {
    method: 'PATCH',
    body,
    headers: { ...(token ? bearer(token) : {}), ...headers },
  });
}

function changePassword(token: string, body: unknown) {
  return app.request('/api/users/password/change', jsonInit('PATCH', body, bearer(token)));
}

async function markVerified(userId: string) {
  await db.updateTable('users').set({ email_verified: 1 }).where('id', '=', userId).execute();
}

describe('GET /api/users/authenticate', () => {
  it('returns the signed-in user, and 401 without a token', async () => {
    const account = await register(app, { name: 'Katherine Johnson' });
    const res = await authenticate(app, account.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    expect(await res.json()).toEqual({ user: account.user });

    const anonymous = await app.request('/api/users/authenticate');
    expect(anonymous.status).toBe(401);
    expect(await errorText(anonymous)).toBe('Please sign in to continue.');
  });
});

describe('PATCH /api/users/profile/update', () => {
  it('changes the name at once, and the e-mail once the code sent to it comes back: then every session ends', async () => {
    const account = await register(app);
    await markVerified(account.user.id);
    const email = uniqueEmail('renamed');
    const res = await updateProfile(
      account.token,
      form({ name: ' Dorothy Vaughan ', email: email.toUpperCase(), currentPassword: account.password }),
    );
    expect(res.status).toBe(200);
    // The address waits for its code (email-change-proof.test.ts); the session goes on meanwhile.
    const pending: unknown = await res.json();
    assert(pending, ProfileUpdateResponse);
    expect(pending.user).toEqual({ ...account.user, name: 'Dorothy Vaughan', emailVerified: true });
    expect(pending.token).toBe(account.token);
    expect(pending.emailChange?.pending).toBe(email);
    expect((await login(app, email, account.password)).status).toBe(401);

    const confirmed = await app.request(
      '/api/users/verify/email-change',
      jsonInit('POST', { email, code: newestCodeTo(email) }, bearer(account.token)),
    );
    expect(confirmed.status).toBe(200);
    const body = await sessionBody(confirmed);
    // The code reached the address, so it is verified.
    expect(body.user).toEqual({ ...account.user, name: 'Dorothy Vaughan', email, emailVerified: true });
    // A new address is a new way in: the old session (a stolen one too) ends; the caller's new one works.
    expect(body.token).not.toBe(account.token);
    expect((await authenticate(app, account.token)).status).toBe(401);
    expect(await (await authenticate(app, body.token)).json()).toEqual({ user: body.user });
    // The new address signs in; the old one no longer does.
    expect((await login(app, email, account.password)).status).toBe(200);
    expect((await login(app, account.user.email, account.password)).status).toBe(401);
  });

  it('keeps emailVerified when only the name changes (e-mail case and spaces do not count)', async () => {
    const account = await register(app);
    await markVerified(account.user.id);
    const res = await updateProfile(
      account.token,
      form({ name: 'New Name', email: ` ${account.user.email.toUpperCase()} ` }),
    );
    expect(res.status).toBe(200);
    expect((await sessionBody(res)).user).toMatchObject({
      name: 'New Name',
      email: account.user.email,
      emailVerified: true,
    });
  });

  it('refuses an avatar that is not an image (see avatars.test.ts) and then changes nothing', async () => {
    const account = await register(app);
    const res = await updateProfile(
      account.token,
      form({ name: 'With Avatar', email: account.user.email, avatar: new Blob(['png'], { type: 'image/png' }) }),
    );
    expect(res.status).toBe(415);
    expect(await (await authenticate(app, account.token)).json()).toEqual({ user: account.user });
  });

  it('refuses an e-mail used by another account with 409 and changes nothing', async () => {
    const owner = await register(app);
    const account = await register(app, { name: 'Unchanged' });
    const res = await updateProfile(
      account.token,
      form({ name: 'Changed', email: owner.user.email.toUpperCase(), currentPassword: account.password }),
    );
    expect(res.status).toBe(409);
    expect(await errorText(res)).toBe('This e-mail address is already used by another account.');
    expect(await (await authenticate(app, account.token)).json()).toEqual({ user: account.user });
  });

  it.each([
    ['an invalid e-mail', { name: 'N', email: 'broken@' }, 'Please enter a valid e-mail address.'],
    ['a missing name', { email: 'n@example.com' }, 'Please enter your name (up to 100 characters).'],
    ['a blank name', { name: ' ', email: 'n@example.com' }, 'Please enter your name (up to 100 characters).'],
  ])('refuses %s with 400', async (_label, fields, message) => {
    const account = await register(app);
    const res = await updateProfile(account.token, form(fields as Record<string, string>));
    expect(res.status).toBe(400);
    expect(await errorText(res)).toBe(message);
  });

  it('refuses an unsupported content type with 415', async () => {
    const account = await register(app);
    const res = await updateProfile(account.token, 'name=N', { 'Content-Type': 'text/plain' });
    expect(res.status).toBe(415);
  });

  it('needs a token (401)', async () => {
    const res = await updateProfile(null, form({ name: 'N', email: uniqueEmail() }));
    expect(res.status).toBe(401);
    expect(await errorText(res)).toBe('Please sign in to continue.');
  });
});

describe('PATCH /api/users/password/change', () => {
  const NEW_PASSWORD = 'a brand new secret';

  it('refuses different new and confirm passwords with 400', async () => {
    const account = await register(app);
    const res = await changePassword(account.token, {
      oldPassword: account.password,
      newPassword: NEW_PASSWORD,
      confirmPassword: `${NEW_PASSWORD}!`,
    });
    expect(res.status).toBe(400);
    expect(await errorText(res)).toBe('The new passwords do not match.');
  });

  it.each([
    [
      'a short new password',
      { oldPassword: 'x', newPassword: 'short', confirmPassword: 'short' },
      'The new password must be 8 to 128 characters.',
    ],
    [
      'a long new password',
      { oldPassword: 'x', newPassword: 'p'.repeat(129), confirmPassword: 'p'.repeat(129) },
      'The new password must be 8 to 128 characters.',
    ],
    [
      'a missing old password',
      { newPassword: 'long enough', confirmPassword: 'long enough' },
      'Please enter your old password.',
    ],
    ['a missing confirmation', { oldPassword: 'x', newPassword: 'long enough' }, 'Please confirm the new password.'],
  ])('refuses %s with 400', async (_label, body, message) => {
    const account = await register(app);
    const res = await changePassword(account.token, body);
    expect(res.status).toBe(400);
    expect(await errorText(res)).toBe(message);
  });

  it('refuses a wrong old password with 403, and throttles repeated tries', async () => {
    const account = await register(app);
    const attempt = () =>
      changePassword(account.token, {
        oldPassword: 'not my password',
        newPassword: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      });
    const first = await attempt();
    expect(first.status).toBe(403);
    // In the words of the page's field, "Old password".
    expect(await errorText(first)).toBe(WRONG_OLD_PASSWORD_TEXT);
    expect(WRONG_OLD_PASSWORD_TEXT).toBe('Your old password is incorrect.');
    for (let i = 0; i < 4; i += 1) expect((await attempt()).status).toBe(403);
    const blocked = await changePassword(account.token, {
      oldPassword: account.password,
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('Retry-After'))).toBeGreaterThan(0);
    // The password did not change.
    expect((await login(app, account.user.email, account.password)).status).toBe(200);
  });

  it('on success: new token, every old session ended, only the new password signs in', async () => {
    const account = await register(app);
    const otherDevice = await sessionBody(await login(app, account.user.email, account.password));
    const res = await changePassword(account.token, {
      oldPassword: account.password,
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(res.status).toBe(200);
    const body = await sessionBody(res);
    expect(body.user.id).toBe(account.user.id);
    expect(body.token).not.toBe(account.token);
    expect(body.token).not.toBe(otherDevice.token);

    expect((await authenticate(app, body.token)).status).toBe(200);
    expect((await authenticate(app, account.token)).status).toBe(401);
    expect((await authenticate(app, otherDevice.token)).status).toBe(401);

    expect((await login(app, account.user.email, NEW_PASSWORD)).status).toBe(200);
    const old = await login(app, account.user.email, account.password);
    expect(old.status).toBe(401);
    expect(await errorText(old)).toBe('Invalid e-mail or password.');
  });

  it('needs a token (401) and JSON (415)', async () => {
    const anonymous = await app.request(
      '/api/users/password/change',
      jsonInit('PATCH', { oldPassword: 'x', newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }),
    );
    expect(anonymous.status).toBe(401);
    const account = await register(app);
    const formBody = await app.request('/api/users/password/change', {
      method: 'PATCH',
      headers: bearer(account.token),
      body: form({ oldPassword: account.password, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }),
    });
    expect(formBody.status).toBe(415);
  });
});
