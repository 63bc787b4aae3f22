/** The office's staff page (admins): who is office or admin, granting and revoking the office role, security-logged. */
import { assert } from 'superstruct';
import { afterAll, describe, expect, it } from 'vitest';
import { StaffResponse } from '#domain/officeContract';
import {
  ADMIN_NOT_REVOKED_TEXT,
  ALREADY_ADMIN_TEXT,
  GRANT_ROLE_TEXT,
  NO_ACCOUNT_TEXT,
  NO_STAFF_MEMBER_TEXT,
  STAFF_EMAIL_TEXT,
} from '#server/office/staff';
import { bearer, cleanup, createTestServer, errorText, jsonInit } from './helpers';
import { account } from './office-helpers';

afterAll(cleanup);

const { app, db, securityEvents } = await createTestServer();
const admin = await account(app, db, 'admin', 'Alan Admin');

function grant(body: unknown) {
  return app.request('/api/office/staff', jsonInit('POST', body, bearer(admin.token)));
}

function revoke(id: string) {
  return app.request(`/api/office/staff/${id}`, { method: 'DELETE', headers: bearer(admin.token) });
}

async function staffOf(res: Response) {
  expect(res.status).toBe(200);
  const body: unknown = await res.json();
  assert(body, StaffResponse);
  return body.staff;
}

const roleOf = async (id: string) =>
  (await db.selectFrom('users').select('role').where('id', '=', id).executeTakeFirstOrThrow()).role;

describe('/api/office/staff', () => {
  it('lists the office and admin accounts, admins first, and no customer', async () => {
    const { app: fresh, db: freshDb } = await createTestServer();
    const boss = await account(fresh, freshDb, 'admin', 'Zed Admin');
    const olive = await account(fresh, freshDb, 'office', 'Olive Office');
    const bob = await account(fresh, freshDb, 'office', 'Bob Office');
    await account(fresh, freshDb, 'common', 'Carl Customer');
    const res = await fresh.request('/api/office/staff', { headers: bearer(boss.token) });
    expect(await staffOf(res)).toEqual([
      { id: boss.id, name: 'Zed Admin', email: boss.email, role: 'admin' },
      { id: bob.id, name: 'Bob Office', email: bob.email, role: 'office' },
      { id: olive.id, name: 'Olive Office', email: olive.email, role: 'office' },
    ]);
  });

  it('grants office to an existing account by e-mail (any case), once, security-logged', async () => {
    const someone = await account(app, db, 'common', 'Sam Someone');
    const staff = await staffOf(await grant({ email: `  ${someone.email.toUpperCase()} `, role: 'office' }));
    expect(staff).toContainEqual({ id: someone.id, name: 'Sam Someone', email: someone.email, role: 'office' });
    expect(await roleOf(someone.id)).toBe('office');
    const granted = securityEvents().filter((line) => line.event === 'role.granted' && line.userId === someone.id);
    expect(granted).toEqual([
      expect.objectContaining({ role: 'office', previous: 'common', by: admin.id, via: 'office' }),
    ]);
    // Again: nothing changes, nothing more is logged.
    expect(await staffOf(await grant({ email: someone.email, role: 'office' }))).toContainEqual(
      expect.objectContaining({ id: someone.id, role: 'office' }),
    );
    expect(securityEvents().filter((line) => line.event === 'role.granted' && line.userId === someone.id)).toHaveLength(
      1,
    );
  });

  it('refuses an unknown e-mail (404), a malformed one or another role (400), and an admin (409)', async () => {
    const unknown = await grant({ email: 'nobody.here@example.com', role: 'office' });
    expect(unknown.status).toBe(404);
    expect(await errorText(unknown)).toBe(NO_ACCOUNT_TEXT);
    for (const body of [{ email: 'not an e-mail', role: 'office' }, { role: 'office' }]) {
      const res = await grant(body);
      expect(res.status).toBe(400);
      expect(await errorText(res)).toBe(STAFF_EMAIL_TEXT);
    }
    const someone = await account(app, db);
    const asAdmin = await grant({ email: someone.email, role: 'admin' });
    expect(asAdmin.status).toBe(400);
    expect(await errorText(asAdmin)).toBe(GRANT_ROLE_TEXT);
    expect(await roleOf(someone.id)).toBe('common');
    const otherAdmin = await account(app, db, 'admin');
    const res = await grant({ email: otherAdmin.email, role: 'office' });
    expect(res.status).toBe(409);
    expect(await errorText(res)).toBe(ALREADY_ADMIN_TEXT);
    expect(await roleOf(otherAdmin.id)).toBe('admin');
  });

  it('revokes office (the account becomes a customer, security-logged); an admin cannot be revoked here', async () => {
    const member = await account(app, db, 'office');
    const staff = await staffOf(await revoke(member.id));
    expect(staff.map((entry) => entry.id)).not.toContain(member.id);
    expect(await roleOf(member.id)).toBe('common');
    expect(securityEvents().filter((line) => line.event === 'role.revoked' && line.userId === member.id)).toEqual([
      expect.objectContaining({ role: 'office', previous: 'office', by: admin.id, via: 'office' }),
    ]);

    const self = await revoke(admin.id);
    expect(self.status).toBe(409);
    expect(await errorText(self)).toBe(ADMIN_NOT_REVOKED_TEXT);
    expect(await roleOf(admin.id)).toBe('admin');

    const customer = await account(app, db);
    for (const id of [member.id, customer.id, '0190a8d0-0000-7000-8000-000000000000', 'not-an-id']) {
      const res = await revoke(id);
      expect(res.status, id).toBe(404);
      expect(await errorText(res)).toBe(NO_STAFF_MEMBER_TEXT);
    }
  });

  it('an id no row can have is no member on either database: 404, even with a NUL that PostgreSQL refuses', async () => {
    for (const id of ['not-an-id', 'a%00b', encodeURIComponent("x' OR '1'='1")]) {
      const res = await revoke(id);
      expect([res.status, await errorText(res)], id).toEqual([404, 'No office member with that id.']);
    }
  });
});
