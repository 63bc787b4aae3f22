/**
 * Signing up with an e-mail address sends the verification code at once: the mail is queued in the sign-up's
 * transaction (the durable mail queue), and its code verifies the address. A refused sign-up queues nothing.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { company } from '#domain/company';
import {
  cleanup,
  createTestServer,
  errorText,
  form,
  jsonInit,
  bearer,
  register,
  uniqueEmail,
  PASSWORD,
} from './helpers';

const { app, db } = await createTestServer();
afterAll(cleanup);

function queuedTo(email: string) {
  return db.selectFrom('mail_queue').selectAll().where('to_address', '=', email).orderBy('id').execute();
}

describe('the verification mail at sign-up', () => {
  it('is queued with the account, and its code verifies the address', async () => {
    const account = await register(app, { name: 'Katherine Johnson' });
    expect(account.user.emailVerified).toBe(false);
    const queued = await queuedTo(account.user.email);
    expect(queued.map((mail) => [mail.kind, mail.subject])).toEqual([
      ['verification code', `Welcome to ${company.name}: verify your e-mail address`],
    ]);
    const mail = queued[0]!;
    // The address is not proven yet: the mail greets no one by the name the customer typed.
    expect(mail.text_body.split(/\r?\n/)[0]).toBe('Hello,');
    expect(mail.text_body).not.toContain('Katherine Johnson');
    expect(mail.expires_at).not.toBeNull();
    const code = /\b(\d{6})\b/.exec(mail.text_body)?.[1];
    expect(code).toMatch(/^\d{6}$/);

    const res = await app.request('/api/users/verify/email', jsonInit('POST', { code }, bearer(account.token)));
    expect(res.status).toBe(200);
    expect(((await res.json()) as { user: { emailVerified: boolean } }).user.emailVerified).toBe(true);
  });

  it('is not queued when the address is taken', async () => {
    const email = uniqueEmail();
    await register(app, { email });
    const again = await app.request('/api/auth/register/email', {
      method: 'POST',
      body: form({ name: 'Someone Else', email, password: PASSWORD }),
    });
    expect(again.status).toBe(409);
    expect(await errorText(again)).toBe('An account with this e-mail address already exists.');
    expect(await queuedTo(email)).toHaveLength(1);
  });
});
