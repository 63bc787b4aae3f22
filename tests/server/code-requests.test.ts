/**
 * Asking for a code stores it and mails it, so the site asks with a POST (docs/decisions/0023-one-home-per-resource.md
 * says the site makes no GET that writes). Each POST does what the contract's GET does, and the GET stays for
 * other clients (its own tests: verification.test.ts, users.test.ts, forgot-password-timing.test.ts).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { MAIL_FAILED_TEXT, codeSentText } from '#server/account/codes';
import { newAddressCodeSentText } from '#server/account/email-change';
import { bearer, cleanup, createTestServer, errorText, form, jsonInit, register, uniqueEmail } from './helpers';
import { limitsFollow } from './limit-helpers';
import { codeIn, startMailCatcher } from './mail-helpers';

const smtp = await startMailCatcher();
afterAll(async () => {
  await smtp.close();
  await cleanup();
});

const { app, clock, db, securityEvents } = await createTestServer({ SMTP_URL: smtp.url });
limitsFollow(clock);

const post = (path: string, token?: string, body?: unknown) =>
  app.request(
    path,
    body === undefined
      ? { method: 'POST', headers: token ? bearer(token) : {} }
      : jsonInit('POST', body, token ? bearer(token) : {}),
  );

describe('the site asks for every code with a POST', () => {
  it("POST /api/users/verify/email/code mails the code that verifies the account's address", async () => {
    const account = await register(app);
    await db.updateTable('users').set({ email_verified: 0 }).where('id', '=', account.user.id).execute();
    const res = await post('/api/users/verify/email/code', account.token);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: { en: `We have sent a code to ${account.user.email}.` } });
    const code = codeIn(await smtp.waitFor(account.user.email));
    const confirmed = await post('/api/users/verify/email', account.token, { code });
    expect(confirmed.status).toBe(200);
  });

  it('POST /api/users/password/forgot/code answers a ticket and mails the code that resets the password', async () => {
    const account = await register(app);
    const res = await post('/api/users/password/forgot/code', undefined, { email: account.user.email });
    expect(res.status).toBe(200);
    const { ticket } = (await res.json()) as { ticket: string };
    const code = codeIn(await smtp.waitFor(account.user.email));
    const reset = await post('/api/users/password/forgot', undefined, {
      email: account.user.email,
      code,
      ticket,
      newPassword: 'a brand new passphrase 42',
    });
    expect(reset.status).toBe(200);
    // Bad input is refused with the contract's answer, as the GET's query is.
    const bad = await post('/api/users/password/forgot/code', undefined, { email: 'not an address' });
    expect(bad.status).toBe(400);
  });

  it('POST /api/users/verify/email-change/code mails an account without a password a code to its address', async () => {
    const account = await register(app);
    await db.updateTable('users').set({ password_hash: null }).where('id', '=', account.user.id).execute();
    const res = await post('/api/users/verify/email-change/code', account.token);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: { en: codeSentText(account.user.email) } });
    expect(codeIn(await smtp.waitFor(account.user.email))).toMatch(/^\d{6}$/);
    const queued = await db
      .selectFrom('mail_queue')
      .select('kind')
      .where('to_address', '=', account.user.email)
      // PostgreSQL returns rows in no set order: a row the queue marked sent may come back after a newer one.
      .orderBy('id')
      .execute();
    expect(queued.map((mail) => mail.kind)).toEqual(['verification code', 'e-mail change code']);
  });

  it('mails at most five e-mail change codes a window to one account, whose limit no other account shares', async () => {
    const [first, second] = [await register(app), await register(app)];
    await db
      .updateTable('users')
      .set({ password_hash: null })
      .where('id', 'in', [first.user.id, second.user.id])
      .execute();
    for (let request = 0; request < 5; request += 1) {
      expect((await post('/api/users/verify/email-change/code', first.token)).status).toBe(200);
    }
    expect((await post('/api/users/verify/email-change/code', first.token)).status).toBe(429);
    expect(securityEvents().filter((line) => line.event === 'limit.exceeded')).toContainEqual(
      expect.objectContaining({ limit: 'code_request.account', userId: first.user.id }),
    );
    expect((await post('/api/users/verify/email-change/code', second.token)).status).toBe(200);
  });

  it('POST /api/users/verify/email-change/resend sends the new address a fresh code', async () => {
    const account = await register(app);
    const email = uniqueEmail('resent');
    const moved = await app.request('/api/users/profile/update', {
      method: 'PATCH',
      body: form({ name: account.user.name, email, currentPassword: account.password }),
      headers: bearer(account.token),
    });
    expect(moved.status).toBe(200);
    const first = codeIn(await smtp.waitFor(email));
    const res = await post('/api/users/verify/email-change/resend', account.token);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: { en: newAddressCodeSentText(email) } });
    const second = codeIn(await smtp.waitFor(email, 2));
    const changed = await post('/api/users/verify/email-change', account.token, { email, code: second });
    expect(changed.status).toBe(200);
    expect(first).toMatch(/^\d{6}$/);
  });

  it('a GET to the new paths is not a way to ask: 404', async () => {
    const account = await register(app);
    for (const path of ['/api/users/verify/email/code', '/api/users/verify/email-change/code']) {
      expect((await app.request(path, { headers: bearer(account.token) })).status, path).toBe(404);
    }
  });
});

describe('when the mail server is down', () => {
  it('the e-mail change codes answer 503: to the current address, and sent again to the new one', async () => {
    const mail = await startMailCatcher();
    const flaky = await createTestServer({ SMTP_URL: mail.url });
    const googleOnly = await register(flaky.app);
    await flaky.db.updateTable('users').set({ password_hash: null }).where('id', '=', googleOnly.user.id).execute();
    const moving = await register(flaky.app);
    const moved = await flaky.app.request('/api/users/profile/update', {
      method: 'PATCH',
      body: form({ name: moving.user.name, email: uniqueEmail('moving'), currentPassword: moving.password }),
      headers: bearer(moving.token),
    });
    expect(moved.status).toBe(200);
    await mail.close();

    for (const [path, token] of [
      ['/api/users/verify/email-change/code', googleOnly.token],
      ['/api/users/verify/email-change/resend', moving.token],
    ] as const) {
      const res = await flaky.app.request(path, { method: 'POST', headers: bearer(token) });
      expect([path, res.status, await errorText(res)]).toEqual([path, 503, MAIL_FAILED_TEXT]);
    }
  });
});
