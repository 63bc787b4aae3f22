/**
 * The security event log: one JSON line per sign-in, failure, credential or e-mail change, deletion request
 * and payment, naming ids and outcomes, and never a password, token, code or payment-link signature.
 */
import { afterAll, expect, it } from 'vitest';
import { outboxDir, readOutbox } from '#server/mail/mailer';
import { bearer, cleanup, createTestServer, form, jsonInit, login, paymentLink, register } from './helpers';

afterAll(cleanup);

it('records what happened to an account and its payments, with no secret in any line', async () => {
  const { app, config, logLines, securityEvents } = await createTestServer();
  const account = await register(app);
  expect((await login(app, account.user.email, 'not the password', '203.0.113.5')).status).toBe(401);
  const signedIn = await login(app, account.user.email, account.password, '203.0.113.5');
  expect(signedIn.status).toBe(200);
  const { token } = (await signedIn.json()) as { token: string };

  const changed = await app.request(
    '/api/users/password/change',
    jsonInit(
      'PATCH',
      { oldPassword: 'wrong guess!', newPassword: 'a new passphrase', confirmPassword: 'a new passphrase' },
      bearer(token),
    ),
  );
  expect(changed.status).toBe(403);
  const link = await paymentLink(app, token);
  const url = new URL(link);
  const sig = url.searchParams.get('sig')!;
  const paid = await app.request(`${url.pathname}/pay`, { method: 'POST', body: new URLSearchParams({ sig }) });
  expect(paid.status).toBe(303);
  const email = `${account.user.id.slice(0, 8)}@example.org`;
  const renamed = await app.request('/api/users/profile/update', {
    method: 'PATCH',
    body: form({ name: 'Renamed', email, currentPassword: account.password }),
    headers: bearer(token),
  });
  expect(renamed.status).toBe(200);
  // The new address is the account's once the code mailed to it (here to the outbox) comes back; the change
  // ends every session and hands out a new one.
  const mailed = readOutbox(outboxDir(config.DATA_DIR)).find((message) => message.to === email);
  const code = /^\s*(\d{6})\s*$/m.exec(mailed?.text ?? '')?.[1] ?? '';
  const confirmed = await app.request(
    '/api/users/verify/email-change',
    jsonInit('POST', { email, code }, bearer(token)),
  );
  expect(confirmed.status).toBe(200);
  const { token: newToken } = (await confirmed.json()) as { token: string };
  expect((await app.request('/api/users/account/deletion/request', { headers: bearer(newToken) })).status).toBe(200);

  const events = securityEvents();
  const userId = account.user.id;
  expect(events).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ event: 'register.success', userId, method: 'email' }),
      expect.objectContaining({ event: 'signin.failure', userId, address: '203.0.113.5' }),
      expect.objectContaining({ event: 'signin.success', userId, address: '203.0.113.5' }),
      expect.objectContaining({ event: 'password.change_failed', userId }),
      expect.objectContaining({ event: 'payment.paid', userId, provider: 'sandbox' }),
      expect.objectContaining({ event: 'email.changed', userId }),
      expect.objectContaining({ event: 'account.deletion_requested', userId }),
    ]),
  );
  for (const line of events) expect(line).toMatchObject({ log: 'security', level: 30, time: expect.any(String) });

  const everything = JSON.stringify(logLines);
  for (const secret of [
    account.password,
    'not the password',
    'wrong guess!',
    'a new passphrase',
    token,
    account.token,
    newToken,
    code,
    sig,
  ]) {
    expect(everything).not.toContain(secret);
  }
});
