/**
 * The codes mailed to a new address, not yet proven, are limited per account and per recipient (mail to a
 * stranger, code-requests.test.ts and ways-in.test.ts). Past either limit the operator's log says which account
 * asked: the key (the address, or the account) never goes into the log, so without the account id the line
 * would name no one.
 */
import { afterAll, expect, it } from 'vitest';
import { bearer, cleanup, createTestServer, form, register, uniqueEmail } from './helpers';
import { startMailCatcher } from './mail-helpers';

const mail = await startMailCatcher();
afterAll(async () => {
  await cleanup();
  await mail.close();
});

const server = await createTestServer({ SMTP_URL: mail.url, CODE_MAX_PER_UNPROVEN_ADDRESS_PER_DAY: 2 });

it('names the account that ran out of codes to a new address', async () => {
  const { app, securityEvents } = server;
  const customer = await register(app);
  const moved = await app.request('/api/users/profile/update', {
    method: 'PATCH',
    body: form({ name: customer.user.name, email: uniqueEmail('unproven'), currentPassword: customer.password }),
    headers: bearer(customer.token),
  });
  expect(moved.status).toBe(200);
  const resend = () =>
    app.request('/api/users/verify/email-change/resend', { method: 'POST', headers: bearer(customer.token) });
  expect((await resend()).status).toBe(200);
  expect((await resend()).status).toBe(429);
  expect(securityEvents().filter((line) => line.event === 'limit.exceeded')).toEqual([
    expect.objectContaining({ limit: 'code_request.unproven_recipient_daily', userId: customer.user.id }),
  ]);
});
