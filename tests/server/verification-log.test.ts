/**
 * What the operator's security log says about e-mail verification: each wrong code, with its purpose and
 * account, and whose requests and tries ran out. A limit's key (an address) never goes into the log, so the
 * fields given with it are all that tells who it was. The verification itself is in code-requests.test.ts.
 */
import { afterAll, expect, it } from 'vitest';
import { bearer, cleanup, createTestServer, fromAddress, jsonInit, register, uniqueAddress } from './helpers';
import { startMailCatcher } from './mail-helpers';

const mail = await startMailCatcher();
afterAll(async () => {
  await cleanup();
  await mail.close();
});

const { app, securityEvents } = await createTestServer({
  SMTP_URL: mail.url,
  CODE_MAX_FAILURES_PER_ADDRESS_PER_HOUR: 2,
  CODE_MAX_REQUESTS_PER_ACCOUNT: 2,
});

const eventsOf = (event: string) => securityEvents().filter((line) => line.event === event);

it('logs each wrong verification code with its account, and the address that ran out of tries', async () => {
  const customer = await register(app);
  const address = uniqueAddress();
  const verify = () =>
    app.request(
      '/api/users/verify/email',
      jsonInit('POST', { code: '000000' }, bearer(customer.token)),
      fromAddress(address),
    );
  expect([(await verify()).status, (await verify()).status, (await verify()).status]).toEqual([400, 400, 429]);
  expect(eventsOf('code.failed').filter((line) => line.userId === customer.user.id)).toEqual([
    expect.objectContaining({ purpose: 'verify_email', userId: customer.user.id }),
    expect.objectContaining({ purpose: 'verify_email', userId: customer.user.id }),
  ]);
  expect(eventsOf('limit.exceeded')).toContainEqual(
    expect.objectContaining({ limit: 'code_check.address', userId: customer.user.id, address }),
  );
});

it('names the account whose verification mails ran out', async () => {
  const customer = await register(app);
  const request = () =>
    app.request('/api/users/verify/email/code', { method: 'POST', headers: bearer(customer.token) });
  // Two a window (the code mailed at sign-up is not one of them), then 429.
  expect([(await request()).status, (await request()).status, (await request()).status]).toEqual([200, 200, 429]);
  expect(eventsOf('limit.exceeded')).toContainEqual(
    expect.objectContaining({ limit: 'code_request.account', userId: customer.user.id }),
  );
});
