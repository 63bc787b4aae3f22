// @vitest-environment jsdom
/**
 * The office calls of the browser's API client (src/api/office.ts) against the real Hono app in-process: every
 * answer the office page reads passes the client's structs, a change answers the order as it now stands, a
 * refusal keeps the server's text, and the staff calls answer the list as it stands after the change. (The
 * report upload is left to the end-to-end journey: under jsdom the server's own `File` checks would see
 * jsdom's class, not the one its form parser makes.)
 */
import { describe, expect, it } from 'vitest';
import * as office from '#src/api/office';
import { storeToken } from '#src/api/token';
import { account, CALL_ORDER, paidOrder } from '../server/office-helpers';
import { createTestServer } from '../server/helpers';
import { fetchToApp } from './fetch-to-app';

const { app, db, clock } = await createTestServer();
fetchToApp(app);

const HOUR = 60 * 60 * 1000;

describe('office API client', () => {
  it('lists the queue, opens an order, schedules, moves and delivers a call', async () => {
    const customer = await account(app, db);
    const member = await account(app, db, 'office');
    const id = await paidOrder(app, customer, CALL_ORDER);
    storeToken(member.token);

    const queue = await office.officeOrders('queue');
    const listed = queue.find((order) => order.id === id)!;
    expect(listed).toMatchObject({ status: 'paid', customer: { email: customer.email } });
    expect(await office.officeOrder(id)).toEqual(listed);

    const at = new Date(clock.now().getTime() + 2 * HOUR).toISOString();
    const scheduled = await office.scheduleCall(id, { at, join: 'https://meet.example/x', reason: null });
    expect(scheduled).toMatchObject({ status: 'scheduled', scheduledAt: at, join: 'https://meet.example/x' });
    expect(scheduled.audit.at(-1)).toMatchObject({ from: 'paid', to: 'scheduled', by: { email: member.email } });

    // Later than the promise without a reason: refused, with the server's words.
    const late = new Date(clock.now().getTime() + 30 * HOUR).toISOString();
    await expect(office.scheduleCall(id, { at: late, join: 'x', reason: null })).rejects.toMatchObject({
      status: 409,
      serverMessage: expect.stringMatching(/\w/),
    });
    await expect(office.scheduleCall(id, { at: late, join: 'x', reason: 'Asked for' })).resolves.toMatchObject({
      lateReason: 'Asked for',
    });

    // The call has taken place: now it may be marked delivered.
    clock.advance(30 * HOUR);
    await expect(office.deliverOrder(id)).resolves.toMatchObject({ status: 'delivered' });
    expect((await office.officeOrders('queue')).some((order) => order.id === id)).toBe(false);
    expect((await office.officeOrders('delivered')).some((order) => order.id === id)).toBe(true);
  });

  it('lets an admin grant and revoke the office role; the answer is the list after the change', async () => {
    const admin = await account(app, db, 'admin');
    const colleague = await account(app, db);
    storeToken(admin.token);
    expect((await office.staffList()).some((member) => member.email === colleague.email)).toBe(false);
    const granted = await office.grantOffice(colleague.email);
    expect(granted.find((member) => member.email === colleague.email)).toMatchObject({ role: 'office' });
    await expect(office.grantOffice(`nobody-${Date.now()}@example.com`)).rejects.toMatchObject({ status: 404 });
    const revoked = await office.revokeOffice(colleague.id);
    expect(revoked.some((member) => member.email === colleague.email)).toBe(false);
    // An office member is not an admin: the staff list is refused.
    storeToken((await account(app, db, 'office')).token);
    await expect(office.staffList()).rejects.toMatchObject({ status: 403 });
  });
});
