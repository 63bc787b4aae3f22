/**
 * The staff policy (docs/product.md#second-factor): with STAFF_REQUIRE_TWO_FACTOR an office or admin account
 * without a second factor signs in, is told so on its user (`secondFactorRequired`), and the office API refuses
 * it with 403 and the way out, until it turns an authenticator app on. Without the policy nothing changes.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { assert } from 'superstruct';
import { AuthenticateResponse, TwoFactorStatus } from '#domain/contract';
import { SECOND_FACTOR_FOR_OFFICE_TEXT } from '#server/two-factor/policy';
import { codeOfStep, stepAt } from '#server/two-factor/totp';
import {
  PASSWORD,
  type TestApp,
  authenticate,
  bearer,
  cleanup,
  createTestServer,
  errorText,
  fromAddress,
  jsonInit,
  login,
  sessionBody,
  uniqueAddress,
} from './helpers';
import { account } from './office-helpers';

afterAll(cleanup);

async function userOf(app: TestApp, token: string) {
  const body: unknown = await (await authenticate(app, token)).json();
  assert(body, AuthenticateResponse);
  return body.user;
}

async function required(app: TestApp, token: string): Promise<boolean> {
  const body: unknown = await (await app.request('/api/users/two-factor', { headers: bearer(token) })).json();
  assert(body, TwoFactorStatus);
  return body.required;
}

const office = (app: TestApp, token: string, path = '/api/office/orders') =>
  app.request(path, { headers: bearer(token) });

describe('with STAFF_REQUIRE_TWO_FACTOR=1', async () => {
  const { app, db, clock } = await createTestServer({ STAFF_REQUIRE_TWO_FACTOR: true });

  it('lets office and admin accounts without a second factor sign in, and keeps them out of the office', async () => {
    for (const role of ['office', 'admin'] as const) {
      const member = await account(app, db, role);
      const res = await login(app, member.email, PASSWORD, uniqueAddress());
      expect(res.status).toBe(200);
      const { token } = await sessionBody(res);
      expect((await userOf(app, token)).secondFactorRequired).toBe(true);
      expect(await required(app, token)).toBe(true);
      // (The staff list is an admin's: an office member is refused it by role first.)
      for (const path of role === 'admin' ? ['/api/office/orders', '/api/office/staff'] : ['/api/office/orders']) {
        const refused = await office(app, token, path);
        expect(refused.status, `${role} ${path}`).toBe(403);
        expect(await errorText(refused)).toBe(SECOND_FACTOR_FOR_OFFICE_TEXT);
      }
    }
  });

  it('lets them in once an authenticator app is on', async () => {
    const member = await account(app, db, 'admin');
    const setup = await app.request(
      '/api/users/two-factor/totp/setup',
      jsonInit('POST', { currentPassword: PASSWORD }, bearer(member.token)),
      fromAddress(uniqueAddress()),
    );
    const { secret } = (await setup.json()) as { secret: string };
    const enabled = await app.request(
      '/api/users/two-factor/totp/enable',
      jsonInit('POST', { code: codeOfStep(secret, stepAt(clock.now())) }, bearer(member.token)),
      fromAddress(uniqueAddress()),
    );
    expect(enabled.status).toBe(200);
    expect((await userOf(app, member.token)).secondFactorRequired).toBeUndefined();
    expect(await required(app, member.token)).toBe(false);
    expect((await office(app, member.token)).status).toBe(200);
    expect((await office(app, member.token, '/api/office/staff')).status).toBe(200);
  });

  it('leaves customers as they were: no flag, and the office is still not theirs', async () => {
    const customer = await account(app, db);
    expect((await userOf(app, customer.token)).secondFactorRequired).toBeUndefined();
    expect(await required(app, customer.token)).toBe(false);
    const res = await office(app, customer.token);
    expect(res.status).toBe(403);
    expect(await errorText(res)).not.toBe(SECOND_FACTOR_FOR_OFFICE_TEXT);
  });
});

describe('with STAFF_REQUIRE_TWO_FACTOR=0', async () => {
  const { app, db } = await createTestServer({ STAFF_REQUIRE_TWO_FACTOR: false });

  it('lets staff into the office with the password alone', async () => {
    const member = await account(app, db, 'office');
    expect((await userOf(app, member.token)).secondFactorRequired).toBeUndefined();
    expect(await required(app, member.token)).toBe(false);
    expect((await office(app, member.token)).status).toBe(200);
  });
});
