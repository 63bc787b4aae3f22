import { afterAll, describe, expect, it } from 'vitest';
import { CODE_INVALID_TEXT } from '#server/ways-in/email-codes';
import { MAIL_FAILED_TEXT, codeSentText } from '#server/account/codes';
import { ALREADY_VERIFIED_TEXT } from '#server/account/verification';
import { UserResponse } from '#domain/contract';
import { company } from '#domain/company';
import { assert } from 'superstruct';
import {
  MINUTE,
  authenticate,
  bearer,
  cleanup,
  createTestServer,
  errorText,
  form,
  jsonInit,
  register,
  uniqueEmail,
  type TestApp,
} from './helpers';
import { limitsFollow } from './limit-helpers';
import { codeIn, expectWellFormed, startMailCatcher } from './mail-helpers';

const smtp = await startMailCatcher();
afterAll(async () => {
  await smtp.close();
  await cleanup();
});

const { app, clock, db } = await createTestServer({ SMTP_URL: smtp.url });
// The code request limits' windows pass with the test clock.
limitsFollow(clock);

function sendCode(token: string, type = 'email', target: TestApp = app) {
  return target.request(`/api/users/verify/${type}?lang=en`, { headers: bearer(token) });
}

function confirm(token: string, code: string, type = 'email') {
  return app.request(`/api/users/verify/${type}`, jsonInit('POST', { code }, bearer(token)));
}

async function codeFor(token: string, email: string, nth = 1): Promise<string> {
  const res = await sendCode(token);
  expect(res.status).toBe(200);
  return codeIn(await smtp.waitFor(email, nth));
}

async function markUnverified(userId: string) {
  await db.updateTable('users').set({ email_verified: 0 }).where('id', '=', userId).execute();
}

function wrongCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}

describe('GET /api/users/verify/email', () => {
  it('e-mails a code to the signed-in customer and says where it went', async () => {
    const account = await register(app, { name: 'Mary Jackson' });
    const res = await sendCode(account.token);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: { en: `We have sent a code to ${account.user.email}.` } });
    expect(codeSentText(account.user.email)).toBe(`We have sent a code to ${account.user.email}.`);
    const mail = await smtp.waitFor(account.user.email);
    expectWellFormed(mail, company.mailFrom);
    expect(mail.subject).toBe(`Verify your e-mail address for ${company.name}`);
    // The address is not proven yet: the mail greets no one by the name the customer typed.
    expect(mail.text.split(/\r?\n/)[0]).toBe('Hello,');
    expect(mail.text).not.toContain('Mary Jackson');
    expect(codeIn(mail)).toMatch(/^\d{6}$/);
  });

  it('needs a token (401)', async () => {
    const res = await app.request('/api/users/verify/email');
    expect(res.status).toBe(401);
  });

  it('answers 404 for any type but email', async () => {
    const account = await register(app);
    const res = await sendCode(account.token, 'phone');
    expect(res.status).toBe(404);
    expect(await errorText(res)).toBe('Not found.');
    expect((await confirm(account.token, '123456', 'phone')).status).toBe(404);
  });

  it('answers 409 when the address is verified already', async () => {
    const account = await register(app);
    const code = await codeFor(account.token, account.user.email);
    expect((await confirm(account.token, code)).status).toBe(200);
    const again = await sendCode(account.token);
    expect(again.status).toBe(409);
    expect(await errorText(again)).toBe(ALREADY_VERIFIED_TEXT);
    expect(ALREADY_VERIFIED_TEXT).toBe('Your e-mail address is already verified.');
    const confirmAgain = await confirm(account.token, code);
    expect(confirmAgain.status).toBe(409);
    expect(smtp.to(account.user.email)).toHaveLength(1);
  });

  it('mails an address not yet proven 3 times a day at most (429 with Retry-After), then again the next day', async () => {
    const account = await register(app);
    for (let i = 0; i < 3; i += 1) expect((await sendCode(account.token)).status).toBe(200);
    const blocked = await sendCode(account.token);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('Retry-After'))).toBeGreaterThan(15 * 60);
    clock.advance(15 * MINUTE);
    expect((await sendCode(account.token)).status).toBe(429);
    clock.advance(24 * 60 * MINUTE);
    expect((await sendCode(account.token)).status).toBe(200);
  });

  it('answers 503 when the mail server cannot be reached', async () => {
    const down = await startMailCatcher();
    await down.close();
    const { app: offline, logLines } = await createTestServer({ SMTP_URL: down.url });
    const account = await register(offline);
    const res = await sendCode(account.token, 'email', offline);
    expect(res.status).toBe(503);
    expect(await errorText(res)).toBe(MAIL_FAILED_TEXT);
    const errors = logLines.filter((line) => line.level >= 50);
    expect(errors).toEqual([
      expect.objectContaining({
        event: 'mail.failed',
        msg: 'could not send the verification code e-mail',
        err: expect.objectContaining({ message: expect.any(String) }),
      }),
    ]);
  });
});

describe('POST /api/users/verify/email', () => {
  it('marks the address verified and answers the user', async () => {
    const account = await register(app);
    expect(account.user.emailVerified).toBe(false);
    const code = await codeFor(account.token, account.user.email);
    const res = await confirm(account.token, code);
    expect(res.status).toBe(200);
    const body: unknown = await res.json();
    assert(body, UserResponse);
    expect(body.user).toEqual({ ...account.user, emailVerified: true });
    expect(await (await authenticate(app, account.token)).json()).toEqual({ user: body.user });
  });

  it('refuses a wrong or malformed code with 400', async () => {
    const account = await register(app);
    const code = await codeFor(account.token, account.user.email);
    const wrong = await confirm(account.token, wrongCode(code));
    expect(wrong.status).toBe(400);
    expect(await errorText(wrong)).toBe(CODE_INVALID_TEXT);
    const malformed = await confirm(account.token, '12345');
    expect(malformed.status).toBe(400);
    expect(await errorText(malformed)).toBe(CODE_INVALID_TEXT);
    expect((await confirm(account.token, code)).status).toBe(200);
  });

  it('refuses any code against a stored hash of another length (a row of another version): 400, not a failure', async () => {
    const account = await register(app);
    const code = await codeFor(account.token, account.user.email);
    await db.updateTable('email_codes').set({ code_hash: 'abcd' }).where('user_id', '=', account.user.id).execute();
    const res = await confirm(account.token, code);
    expect(res.status).toBe(400);
    expect(await errorText(res)).toBe(CODE_INVALID_TEXT);
  });

  it('refuses a code that was never sent, and one sent to another account', async () => {
    const account = await register(app);
    expect((await confirm(account.token, '000000')).status).toBe(400);
    const other = await register(app);
    const othersCode = await codeFor(other.token, other.user.email);
    expect((await confirm(account.token, othersCode)).status).toBe(400);
  });

  it('lets a code expire after 15 minutes', async () => {
    const account = await register(app);
    const code = await codeFor(account.token, account.user.email);
    clock.advance(15 * MINUTE);
    const res = await confirm(account.token, code);
    expect(res.status).toBe(400);
    expect(await errorText(res)).toBe(CODE_INVALID_TEXT);
  });

  it('stops a code after 5 wrong tries: the 6th fails even with the right code', async () => {
    const account = await register(app);
    const code = await codeFor(account.token, account.user.email);
    for (let i = 0; i < 5; i += 1) expect((await confirm(account.token, wrongCode(code))).status).toBe(400);
    expect((await confirm(account.token, code)).status).toBe(400);
    expect(((await (await authenticate(app, account.token)).json()) as UserResponse).user.emailVerified).toBe(false);
  });

  it('replaces an older code with a newer one', async () => {
    const account = await register(app);
    const first = await codeFor(account.token, account.user.email, 1);
    const second = await codeFor(account.token, account.user.email, 2);
    expect(second).not.toBe(first);
    expect((await confirm(account.token, first)).status).toBe(400);
    expect((await confirm(account.token, second)).status).toBe(200);
  });

  it('works once, and only for the address it was sent to (a changed e-mail needs a new code)', async () => {
    const account = await register(app);
    const code = await codeFor(account.token, account.user.email);
    expect((await confirm(account.token, code)).status).toBe(200);
    // Used up: with the account unverified again, the same code does not verify it.
    await markUnverified(account.user.id);
    expect((await confirm(account.token, code)).status).toBe(400);

    // A code sent to the old address does not prove the new one. A changed address is verified by the code
    // that changed it (email-change-proof.test.ts); unverified again, the old address's code is refused.
    const other = await register(app);
    const oldAddressCode = await codeFor(other.token, other.user.email);
    const email = uniqueEmail('moved');
    const moved = await app.request('/api/users/profile/update', {
      method: 'PATCH',
      body: form({ name: other.user.name, email, currentPassword: other.password }),
      headers: bearer(other.token),
    });
    expect(moved.status).toBe(200);
    const changed = await app.request(
      '/api/users/verify/email-change',
      jsonInit('POST', { email, code: codeIn(await smtp.waitFor(email)) }, bearer(other.token)),
    );
    expect(changed.status).toBe(200);
    const { token: movedToken } = (await changed.json()) as { token: string };
    await markUnverified(other.user.id);
    expect((await confirm(movedToken, oldAddressCode)).status).toBe(400);
  });
});
