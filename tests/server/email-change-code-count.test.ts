/**
 * A Google-only account proves an address change with a code sent to its current address. Each wrong code counts
 * toward the account's day of code checks (CODE_MAX_FAILURES_PER_ACCOUNT_PER_DAY), as its other codes do: a
 * stolen session may not guess the code without end. The rest of the change is in account-changes.test.ts.
 */
import { afterAll, expect, it } from 'vitest';
import { CODE_INVALID_TEXT } from '#server/ways-in/email-codes';
import { createSessions } from '#server/ways-in/sessions';
import { insertUser } from '#server/users/repository';
import { bearer, cleanup, createTestServer, errorText, form, uniqueEmail } from './helpers';
import { codeIn, startMailCatcher } from './mail-helpers';

const mail = await startMailCatcher();
afterAll(async () => {
  await cleanup();
  await mail.close();
});

const FAILURES_A_DAY = 3;
const server = await createTestServer({ SMTP_URL: mail.url, CODE_MAX_FAILURES_PER_ACCOUNT_PER_DAY: FAILURES_A_DAY });

it('counts each wrong code for an address change toward the day, and refuses the right one past it', async () => {
  const { app, db, clock, config, securityEvents } = server;
  const address = uniqueEmail('google-only');
  const user = await insertUser(db, { name: 'Grace Hopper', email: address, passwordHash: null, now: clock.now() });
  const { token } = await createSessions({ db, config, clock }).create(user.id);
  expect((await app.request('/api/users/verify/email-change', { headers: bearer(token) })).status).toBe(200);
  const code = codeIn(await mail.waitFor(address));
  const change = (proof: string) =>
    app.request('/api/users/profile/update', {
      method: 'PATCH',
      body: form({ name: user.name, email: uniqueEmail('moved'), code: proof }),
      headers: bearer(token),
    });

  const wrong = code === '000000' ? '000001' : '000000';
  for (let i = 0; i < FAILURES_A_DAY; i += 1) {
    const refused = await change(wrong);
    expect(refused.status).toBe(400);
    expect(await errorText(refused)).toBe(CODE_INVALID_TEXT);
  }
  const past = await change(code);
  expect(past.status).toBe(429);
  expect(past.headers.get('Retry-After')).not.toBeNull();
  // The operator sees whose account ran out of tries (the key, an address, never goes into the log).
  expect(securityEvents().filter((line) => line.event === 'limit.exceeded')).toEqual([
    expect.objectContaining({ limit: 'code_check.account_daily', userId: user.id }),
  ]);
});
