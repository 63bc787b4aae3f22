/**
 * An office or admin account confirms its own deletion with its current password (docs/product.md#deletion):
 * the product's plain GET is refused to it, and `POST /api/users/account/deletion/request` with the password
 * schedules the deletion as the GET does for a customer. Wrong passwords are counted with a password change's.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { assert } from 'superstruct';
import { MessageResponse, NotificationsResponse, UserResponse } from '#domain/contract';
import { DELETION_NEEDS_PASSWORD_TEXT, STAFF_DELETION_PASSWORD_TEXT } from '#server/account/deletion-proof';
import { WRONG_CURRENT_PASSWORD_TEXT } from '#server/ways-in/current-password';
import { DAY, PASSWORD, authenticate, bearer, cleanup, createTestServer, errorText, jsonInit } from './helpers';
import { settle, startMailCatcher } from './mail-helpers';
import { type Account, account } from './office-helpers';

const smtp = await startMailCatcher();
afterAll(async () => {
  await settle(); // deletion e-mails go out in the background
  await smtp.close();
  await cleanup();
});

const { app, db, clock, securityEvents } = await createTestServer({ SMTP_URL: smtp.url });

const getRequest = (token: string) => app.request('/api/users/account/deletion/request', { headers: bearer(token) });
/** The site's plain request: POST without a body (docs/decisions/0023-one-home-per-resource.md). */
const barePostRequest = (token: string) =>
  app.request('/api/users/account/deletion/request', { method: 'POST', headers: bearer(token) });
const postRequest = (token: string, body: unknown) =>
  app.request('/api/users/account/deletion/request', jsonInit('POST', body, bearer(token)));
const changePassword = (token: string, oldPassword: string) =>
  app.request(
    '/api/users/password/change',
    jsonInit(
      'PATCH',
      { oldPassword, newPassword: 'a brand new passphrase', confirmPassword: 'a brand new passphrase' },
      bearer(token),
    ),
  );

async function messageOf(res: Response): Promise<string> {
  const body: unknown = await res.json();
  assert(body, MessageResponse);
  return body.message.en;
}

async function scheduledFor(who: Account): Promise<string | null | undefined> {
  const body: unknown = await (await authenticate(app, who.token)).json();
  assert(body, UserResponse);
  return body.user.deletionScheduledFor;
}

async function deletionNotifications(who: Account): Promise<string[]> {
  const res = await app.request('/api/users/notifications', { headers: bearer(who.token) });
  const body: unknown = await res.json();
  assert(body, NotificationsResponse);
  return body.notifications.map((n) => n.text.en).filter((text) => text.includes('deletion'));
}

const requested = (who: Account) =>
  securityEvents().filter((line) => line.event === 'account.deletion_requested' && line.userId === who.id);

/** Nothing was scheduled for the account: no date, notification, mail or security event. */
async function expectNothingScheduled(who: Account) {
  expect(await scheduledFor(who)).toBeNull();
  expect(await deletionNotifications(who)).toEqual([]);
  expect(requested(who)).toEqual([]);
  await settle();
  expect(smtp.to(who.email)).toEqual([]);
}

describe('an office or admin account', () => {
  it.each(['office', 'admin'] as const)('%s: the plain GET is refused (403) and schedules nothing', async (role) => {
    const staff = await account(app, db, role);
    const res = await getRequest(staff.token);
    expect(res.status).toBe(403);
    expect(await errorText(res)).toBe(STAFF_DELETION_PASSWORD_TEXT);
    expect(STAFF_DELETION_PASSWORD_TEXT).toBe('Please confirm with your password to delete an office account.');
    await expectNothingScheduled(staff);
  });

  it.each(['office', 'admin'] as const)('%s: the plain POST (no body) is refused as the GET is', async (role) => {
    const staff = await account(app, db, role);
    const res = await barePostRequest(staff.token);
    expect(res.status).toBe(403);
    expect(await errorText(res)).toBe(STAFF_DELETION_PASSWORD_TEXT);
    await expectNothingScheduled(staff);
  });

  it('POST with the current password schedules it as the GET does for a customer, once', async () => {
    const staff = await account(app, db, 'office');
    const customer = await account(app, db, 'common');
    const start = clock.now();
    const res = await postRequest(staff.token, { currentPassword: PASSWORD });
    expect(res.status).toBe(200);
    const customerRes = await getRequest(customer.token);
    expect(customerRes.status).toBe(200);
    // The same text, date, notification, mail and security event as the customer's GET.
    const text = await messageOf(res);
    expect(text).toBe(await messageOf(customerRes));
    expect(text).toMatch(/^Your account and its data will be deleted on .+ \(in 14 days\)\./);
    const due = new Date(start.getTime() + 14 * DAY).toISOString();
    expect(await scheduledFor(staff)).toBe(due);
    expect(await scheduledFor(customer)).toBe(due);
    expect(await deletionNotifications(staff)).toEqual(await deletionNotifications(customer));
    expect(await deletionNotifications(staff)).toHaveLength(1);
    expect((await smtp.waitFor(staff.email)).subject).toBe((await smtp.waitFor(customer.email)).subject);
    expect(requested(staff)).toEqual([expect.objectContaining({ log: 'security', on: due })]);

    // Asked again later: the first date is kept, and nothing new is sent.
    clock.advance(2 * DAY);
    const again = await postRequest(staff.token, { currentPassword: PASSWORD });
    expect(again.status).toBe(200);
    expect(await messageOf(again)).toContain('(in 12 days)');
    expect(await scheduledFor(staff)).toBe(due);
    expect(await deletionNotifications(staff)).toHaveLength(1);
    expect(requested(staff)).toHaveLength(1);
    await settle();
    expect(smtp.to(staff.email)).toHaveLength(1);
  });

  it('a wrong password is refused (403) and schedules nothing', async () => {
    const staff = await account(app, db, 'admin');
    const res = await postRequest(staff.token, { currentPassword: 'not my password' });
    expect(res.status).toBe(403);
    expect(await errorText(res)).toBe(WRONG_CURRENT_PASSWORD_TEXT);
    await expectNothingScheduled(staff);
  });

  it('wrong passwords count with those of a password change, and the right one gives its point back', async () => {
    const staff = await account(app, db, 'office');
    // Five wrong guesses per user in 15 minutes (PASSWORD_CHANGE_MAX_FAILURES), whichever call makes them.
    for (let i = 0; i < 2; i += 1) expect((await changePassword(staff.token, 'not my password')).status).toBe(403);
    for (let i = 0; i < 2; i += 1) {
      expect((await postRequest(staff.token, { currentPassword: 'not my password' })).status).toBe(403);
    }
    // Right: allowed, and not counted.
    expect((await postRequest(staff.token, { currentPassword: PASSWORD })).status).toBe(200);
    expect((await postRequest(staff.token, { currentPassword: 'not my password' })).status).toBe(403);
    const refused = await postRequest(staff.token, { currentPassword: PASSWORD });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('Retry-After')).toMatch(/^[1-9]\d*$/);
    // The password change shares the count.
    expect((await changePassword(staff.token, PASSWORD)).status).toBe(429);
  });

  it('without a password (Google only) it is asked to set one first, and nothing is counted', async () => {
    const staff = await account(app, db, 'office');
    await db.updateTable('users').set({ password_hash: null }).where('id', '=', staff.id).execute();
    for (let i = 0; i < 6; i += 1) {
      const res = await postRequest(staff.token, { currentPassword: 'any password at all' });
      expect(res.status).toBe(403);
      expect(await errorText(res)).toBe(DELETION_NEEDS_PASSWORD_TEXT);
    }
    const plain = await getRequest(staff.token);
    expect(plain.status).toBe(403);
    expect(await errorText(plain)).toBe(STAFF_DELETION_PASSWORD_TEXT);
    await expectNothingScheduled(staff);
  });
});

describe('POST /api/users/account/deletion/request', () => {
  it('works for a customer with a password too; a wrong one is refused', async () => {
    const customer = await account(app, db, 'common');
    const wrong = await postRequest(customer.token, { currentPassword: 'not my password' });
    expect(wrong.status).toBe(403);
    expect(await errorText(wrong)).toBe(WRONG_CURRENT_PASSWORD_TEXT);
    expect(await scheduledFor(customer)).toBeNull();
    expect((await postRequest(customer.token, { currentPassword: PASSWORD })).status).toBe(200);
    expect(await scheduledFor(customer)).not.toBeNull();
    expect(requested(customer)).toHaveLength(1);
  });

  it('needs the password in a JSON body (400), and a token (401)', async () => {
    const staff = await account(app, db, 'office');
    for (const body of [{}, { currentPassword: '' }, { currentPassword: 42 }, { currentPassword: 'x'.repeat(129) }]) {
      const res = await postRequest(staff.token, body);
      expect(res.status).toBe(400);
      expect(await errorText(res)).toBe('Please enter your current password.');
    }
    const form = new URLSearchParams({ currentPassword: PASSWORD });
    const notJson = await app.request('/api/users/account/deletion/request', {
      method: 'POST',
      headers: bearer(staff.token),
      body: form,
    });
    expect(notJson.status).toBe(415);
    const anonymous = await app.request(
      '/api/users/account/deletion/request',
      jsonInit('POST', { currentPassword: PASSWORD }),
    );
    expect(anonymous.status).toBe(401);
    await expectNothingScheduled(staff);
  });
});
