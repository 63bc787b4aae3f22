/**
 * An order's life through the office API: every transition the order machine allows succeeds and is
 * audited with who made it; every one it refuses answers 409 with a reason and changes nothing. The
 * lists, the customer's view of the order, and the downloads.
 */
import { assert } from 'superstruct';
import { afterAll, describe, expect, it } from 'vitest';
import { CALL_MINUTES_DEFAULT } from '#domain/booking';
import { OfficeOrdersResponse, type OfficeOrder } from '#domain/officeContract';
import { DELIVERY_PROMISE_MS } from '#domain/orders';
import { NOT_FOUND_TEXT } from '#server/http/errors';
import { markInvoicePaid } from '#server/payments/mark-paid';
import {
  ALREADY_DELIVERED_TEXT,
  callNotYetText,
  NOT_A_CALL_TEXT,
  NOT_A_REPORT_TEXT,
  NOTHING_DELIVERED_TEXT,
  NOT_PAID_TEXT,
} from '#server/orders/machine';
import { AT_TEXT, IN_THE_PAST_TEXT, JOIN_TEXT, TOO_FAR_TEXT } from '#server/office/schedule';
import { ORDER_NOT_FOUND_TEXT, VIEW_TEXT } from '#server/office/order-view';
import { MINUTE, bearer, cleanup, createTestServer, errorText, myInvoices } from './helpers';
import {
  PDF_ORDER,
  PHONE_ORDER,
  account,
  deliver,
  getOrder,
  orderBody,
  paidOrder,
  pdfBlob,
  schedule,
  tinyPdf,
  unpaidOrder,
  uploadReport,
} from './office-helpers';

afterAll(cleanup);

const { app, db, clock, securityEvents } = await createTestServer();
const customer = await account(app, db, 'common', 'Ada Customer');
const office = await account(app, db, 'office', 'Olive Office');
const admin = await account(app, db, 'admin', 'Alan Admin');
const HOUR = 60 * MINUTE;

const inHours = (hours: number) => new Date(clock.now().getTime() + hours * HOUR).toISOString();
const JOIN = 'https://meet.example.com/northgate-ada';

async function statusOf(id: string): Promise<string> {
  return (await db.selectFrom('orders').select('status').where('invoice_id', '=', id).executeTakeFirstOrThrow()).status;
}

async function auditRows(id: string) {
  return db
    .selectFrom('order_events')
    .select(['from_status', 'to_status', 'actor_user_id', 'note', 'at'])
    .where('invoice_id', '=', id)
    .orderBy('at')
    .orderBy('id')
    .execute();
}

/** A refusal: 409 with this text, and the order exactly as it was. */
async function expectRefused(res: Response, text: string | RegExp, id: string) {
  const before = await orderBody(await getOrder(app, admin.token, id));
  expect(res.status).toBe(409);
  const message = await errorText(res);
  if (typeof text === 'string') expect(message).toBe(text);
  else expect(message).toMatch(text);
  expect(await orderBody(await getOrder(app, admin.token, id))).toEqual(before);
}

async function list(view: string): Promise<OfficeOrder[]> {
  const res = await app.request(`/api/office/orders?view=${view}`, { headers: bearer(office.token) });
  expect(res.status).toBe(200);
  const body: unknown = await res.json();
  assert(body, OfficeOrdersResponse);
  return body.orders;
}

describe('payment', () => {
  it('moves the order to paid with an audit entry by no one, and the customer sees it', async () => {
    const id = await unpaidOrder(app, customer);
    expect(await statusOf(id)).toBe('awaitingPayment');
    const paidAt = clock.now().toISOString();
    await paidOrderFrom(id);
    expect(await statusOf(id)).toBe('paid');
    expect(await auditRows(id)).toEqual([
      {
        from_status: 'awaitingPayment',
        to_status: 'paid',
        actor_user_id: null,
        note: expect.stringContaining('sandbox'),
        at: paidAt,
      },
    ]);
    const order = await orderBody(await getOrder(app, office.token, id));
    expect(order).toMatchObject({
      id,
      status: 'paid',
      customer: { name: 'Ada Customer', email: customer.email },
      service: { title: 'Website Development Consultation', type: 'Video Meeting', url: 'https://example.com' },
      amount: 49,
      paidAt,
      deadline: new Date(Date.parse(paidAt) + DELIVERY_PROMISE_MS).toISOString(),
      scheduledAt: null,
      reportName: null,
    });
    expect(order.audit).toEqual([
      { at: paidAt, from: 'awaitingPayment', to: 'paid', by: null, note: expect.any(String) },
    ]);
    const invoice = (await myInvoices(app, customer.token)).find((entry) => entry._id === id);
    expect(invoice?.order).toEqual({
      status: 'paid',
      scheduledAt: null,
      join: null,
      lateReason: null,
      deliveredAt: null,
      reportURL: null,
      calendarURL: null,
      changeUntil: null,
      chosenByCustomer: false,
      callWith: null,
    });
  });
});

/** Pays an order made by `unpaidOrder` the way both payment providers do. */
async function paidOrderFrom(id: string): Promise<void> {
  expect(await markInvoicePaid(db, id, { provider: 'sandbox', reference: null, at: clock.now() })).toBe(true);
}

describe('a call: schedule, move, deliver', () => {
  it('walks the whole way with an audit entry for each step naming the office member', async () => {
    const id = await paidOrder(app, customer, PHONE_ORDER);
    const first = inHours(3);
    const scheduled = await schedule(app, office.token, id, { at: first, join: ` ${JOIN} ` });
    expect(scheduled.status).toBe(200);
    expect(await orderBody(scheduled)).toMatchObject({
      status: 'scheduled',
      scheduledAt: first,
      join: JOIN,
      lateReason: null,
    });

    clock.advance(MINUTE);
    const second = inHours(5);
    const moved = await schedule(app, admin.token, id, { at: second, join: '+44 20 7946 0000', reason: '  ' });
    expect(moved.status).toBe(200);
    expect(await orderBody(moved)).toMatchObject({
      status: 'scheduled',
      scheduledAt: second,
      join: '+44 20 7946 0000',
    });

    // Not before the call: the machine refuses, and says when it may be delivered.
    clock.advance(MINUTE);
    await expectRefused(await deliver(app, office.token, id), callNotYetText(new Date(second)), id);
    expect(await errorText(await deliver(app, office.token, id))).toMatch(
      /^The call is on .+ \(London time\): it can be marked delivered once it has started\.$/,
    );
    clock.advance(5 * HOUR - 2 * MINUTE);
    expect((await deliver(app, office.token, id)).status).toBe(409);
    clock.advance(MINUTE);
    const delivered = await deliver(app, office.token, id);
    expect(delivered.status).toBe(200);
    const order = await orderBody(delivered);
    expect(order).toMatchObject({ status: 'delivered', deliveredAt: clock.now().toISOString() });
    expect(order.audit.map(({ from, to, by }) => ({ from, to, by }))).toEqual([
      { from: 'awaitingPayment', to: 'paid', by: null },
      { from: 'paid', to: 'scheduled', by: { name: 'Olive Office', email: office.email } },
      { from: 'scheduled', to: 'scheduled', by: { name: 'Alan Admin', email: admin.email } },
      { from: 'scheduled', to: 'delivered', by: { name: 'Olive Office', email: office.email } },
    ]);
    expect(order.audit[2]!.note).toMatch(/^Moved from .+ to .+\.$/);
    expect((await auditRows(id)).map((row) => row.actor_user_id)).toEqual([null, office.id, admin.id, office.id]);
    // Each change is in the security log, with who made it.
    expect(securityEvents().filter((line) => line.event === 'order.changed' && line.orderId === id)).toEqual([
      expect.objectContaining({ change: 'order.schedule', from: 'paid', to: 'scheduled', actorId: office.id }),
      expect.objectContaining({ change: 'order.schedule', from: 'scheduled', to: 'scheduled', actorId: admin.id }),
      expect.objectContaining({ change: 'order.deliver', from: 'scheduled', to: 'delivered', actorId: office.id }),
    ]);

    // The customer sees the order, the call's calendar file and a notification for each step.
    const invoice = (await myInvoices(app, customer.token)).find((entry) => entry._id === id);
    expect(invoice?.order).toMatchObject({
      status: 'delivered',
      scheduledAt: second,
      join: '+44 20 7946 0000',
      deliveredAt: clock.now().toISOString(),
      reportURL: null,
      calendarURL: `/api/orders/${id}/calendar.ics`,
    });
    const kinds = await db
      .selectFrom('notifications')
      .select(['kind', 'text_en'])
      .where('user_id', '=', customer.id)
      .where('kind', 'like', 'order_%')
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    expect(kinds.slice(-3).map((row) => row.kind)).toEqual(['order_scheduled', 'order_scheduled', 'order_delivered']);
    expect(kinds.at(-2)!.text_en).toMatch(/has moved to .*How to join: \+44 20 7946 0000$/);
  });

  it('a call later than the promise needs a reason (409 without one), which the customer is then told', async () => {
    const id = await paidOrder(app, customer);
    const late = inHours(30);
    await expectRefused(
      await schedule(app, office.token, id, { at: late, join: JOIN }),
      /give the customer a reason/,
      id,
    );
    await expectRefused(
      await schedule(app, office.token, id, { at: late, join: JOIN, reason: '   ' }),
      /give the customer a reason/,
      id,
    );
    const res = await schedule(app, office.token, id, {
      at: late,
      join: JOIN,
      reason: ' Our consultant is ill today. ',
    });
    expect(res.status).toBe(200);
    const order = await orderBody(res);
    expect(order).toMatchObject({ status: 'scheduled', scheduledAt: late, lateReason: 'Our consultant is ill today.' });
    expect(order.audit.at(-1)!.note).toContain('Reason for the delay: Our consultant is ill today.');
    // Moving it back within the promise needs none, and drops the reason.
    const back = await schedule(app, office.token, id, { at: inHours(2), join: JOIN });
    expect(await orderBody(back)).toMatchObject({ lateReason: null });
  });

  it('refuses what the machine refuses: a PDF order, an unpaid one, a delivered one, delivering before anything happened', async () => {
    const pdf = await paidOrder(app, customer, PDF_ORDER);
    await expectRefused(await schedule(app, office.token, pdf, { at: inHours(2), join: JOIN }), NOT_A_CALL_TEXT, pdf);

    const unpaid = await unpaidOrder(app, customer);
    await expectRefused(
      await schedule(app, office.token, unpaid, { at: inHours(2), join: JOIN }),
      NOT_PAID_TEXT,
      unpaid,
    );
    await expectRefused(await deliver(app, office.token, unpaid), NOT_PAID_TEXT, unpaid);
    await expectRefused(await uploadReport(app, office.token, unpaid, pdfBlob(tinyPdf())), NOT_PAID_TEXT, unpaid);

    const call = await paidOrder(app, customer);
    await expectRefused(await deliver(app, office.token, call), NOTHING_DELIVERED_TEXT, call);
    await expectRefused(await uploadReport(app, office.token, call, pdfBlob(tinyPdf())), NOT_A_REPORT_TEXT, call);
    expect((await schedule(app, office.token, call, { at: inHours(2), join: JOIN })).status).toBe(200);
    clock.advance(2 * HOUR);
    expect((await deliver(app, office.token, call)).status).toBe(200);
    await expectRefused(await deliver(app, office.token, call), ALREADY_DELIVERED_TEXT, call);
    await expectRefused(
      await schedule(app, office.token, call, { at: inHours(3), join: JOIN }),
      ALREADY_DELIVERED_TEXT,
      call,
    );
    // Nothing refused was written to the audit trail.
    expect((await auditRows(call)).map((row) => row.to_status)).toEqual(['paid', 'scheduled', 'delivered']);
    expect(await auditRows(unpaid)).toEqual([]);
  });

  it('checks the request: a time in the past or too far ahead, no way to join, a time without its zone, an unknown order', async () => {
    const id = await paidOrder(app, customer);
    const cases: Array<[unknown, number, string]> = [
      [{ at: inHours(-1), join: JOIN }, 400, IN_THE_PAST_TEXT],
      [{ at: clock.now().toISOString(), join: JOIN }, 400, IN_THE_PAST_TEXT],
      [{ at: inHours(24 * 400), join: JOIN, reason: 'far' }, 400, TOO_FAR_TEXT],
      [{ at: inHours(2), join: '   ' }, 400, JOIN_TEXT],
      [{ at: inHours(2) }, 400, JOIN_TEXT],
      [{ at: inHours(2), join: 'x'.repeat(501) }, 400, JOIN_TEXT],
      [{ at: '2026-01-05 12:00', join: JOIN }, 400, AT_TEXT],
      [{ at: '2026-01-05T12:00:00', join: JOIN }, 400, AT_TEXT],
      [{ join: JOIN }, 400, AT_TEXT],
    ];
    for (const [body, status, text] of cases) {
      const res = await schedule(app, office.token, id, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(await errorText(res)).toBe(text);
    }
    expect(await statusOf(id)).toBe('paid');
    for (const unknown of ['0190a8d0-0000-7000-8000-000000000000', 'not-an-id']) {
      const res = await schedule(app, office.token, unknown, { at: inHours(2), join: JOIN });
      expect(res.status).toBe(404);
      expect(await errorText(res)).toBe(ORDER_NOT_FOUND_TEXT);
      expect((await getOrder(app, office.token, unknown)).status).toBe(404);
      expect((await deliver(app, office.token, unknown)).status).toBe(404);
    }
  });

  it('takes a call 366 days ahead to the millisecond, and not one more', async () => {
    const id = await paidOrder(app, customer);
    const horizon = clock.now().getTime() + 366 * 24 * HOUR;
    const beyond = await schedule(app, office.token, id, {
      at: new Date(horizon + 1).toISOString(),
      join: JOIN,
      reason: 'far',
    });
    expect([beyond.status, await errorText(beyond)]).toEqual([400, TOO_FAR_TEXT]);
    const res = await schedule(app, office.token, id, {
      at: new Date(horizon).toISOString(),
      join: JOIN,
      reason: 'far',
    });
    expect(res.status).toBe(200);
    expect(await statusOf(id)).toBe('scheduled');
  });

  it('lists each order with its own audit trail', async () => {
    const [waiting, set] = [await paidOrder(app, customer), await paidOrder(app, customer)];
    expect((await schedule(app, office.token, set, { at: inHours(2), join: JOIN })).status).toBe(200);
    const trails = (orders: OfficeOrder[]) =>
      orders
        .filter((order) => order.id === waiting || order.id === set)
        .map((order) => [order.id, order.audit.map(({ to, by }) => [to, by?.name ?? null])]);
    const queue = trails(await list('queue'));
    expect(queue).toHaveLength(2);
    expect(queue).toContainEqual([waiting, [['paid', null]]]);
    expect(queue).toContainEqual([
      set,
      [
        ['paid', null],
        ['scheduled', 'Olive Office'],
      ],
    ]);
  });

  it('of two office members delivering at once, one wins and the other gets 409', async () => {
    const id = await paidOrder(app, customer);
    expect((await schedule(app, office.token, id, { at: inHours(2), join: JOIN })).status).toBe(200);
    clock.advance(2 * HOUR);
    const results = await Promise.all([deliver(app, office.token, id), deliver(app, admin.token, id)]);
    expect(results.map((res) => res.status).sort()).toEqual([200, 409]);
    expect((await auditRows(id)).filter((row) => row.to_status === 'delivered')).toHaveLength(1);
  });
});

describe('who holds a call, and who chose its time', () => {
  it('names the member who holds it, whether the customer chose the time, and their zone', async () => {
    const holder = await account(app, db, 'office', 'Hal Holder');
    const id = await paidOrder(app, customer);
    expect(await orderBody(await getOrder(app, office.token, id))).toMatchObject({
      callWith: null,
      chosenByCustomer: false,
      customerTimeZone: null,
    });
    const at = inHours(30);
    expect((await schedule(app, office.token, id, { at, join: JOIN, reason: 'Asked for' })).status).toBe(200);
    // What the customer's booking writes: the member it gave the call to, the choice and the customer's zone.
    const startMinute = Date.parse(at) / MINUTE;
    await db
      .updateTable('orders')
      .set({
        call_member_id: holder.id,
        call_start_minute: startMinute,
        call_until_minute: startMinute + 60,
        call_chosen_by_customer: 1,
        call_customer_zone: 'Asia/Kathmandu',
      })
      .where('invoice_id', '=', id)
      .execute();
    const expected = {
      status: 'scheduled',
      scheduledAt: at,
      callWith: { id: holder.id, name: 'Hal Holder' },
      chosenByCustomer: true,
      customerTimeZone: 'Asia/Kathmandu',
    };
    expect(await orderBody(await getOrder(app, admin.token, id))).toMatchObject(expected);
    expect((await list('queue')).find((order) => order.id === id)).toMatchObject(expected);
    // Once the member's account is gone, no one holds the call.
    await db.deleteFrom('users').where('id', '=', holder.id).execute();
    expect(await orderBody(await getOrder(app, office.token, id))).toMatchObject({ ...expected, callWith: null });
  });
});

describe('a PDF report: send, send again, deliver', () => {
  it('walks the whole way, audited, and only the customer downloads the report', async () => {
    const id = await paidOrder(app, customer, PDF_ORDER);
    const first = tinyPdf('first');
    const sent = await uploadReport(app, office.token, id, pdfBlob(first), 'Audit ../../etc/passwd <b>.pdf');
    expect(sent.status).toBe(200);
    expect(await orderBody(sent)).toMatchObject({ status: 'reportSent', reportName: 'passwd b.pdf' });

    const second = tinyPdf('second, corrected');
    const again = await uploadReport(app, admin.token, id, pdfBlob(second), 'review.pdf');
    expect(again.status).toBe(200);
    expect(await orderBody(again)).toMatchObject({ status: 'reportSent', reportName: 'review.pdf' });

    const done = await deliver(app, office.token, id);
    const order = await orderBody(done);
    expect(order.status).toBe('delivered');
    expect(order.audit.map(({ from, to }) => `${from}>${to}`)).toEqual([
      'awaitingPayment>paid',
      'paid>reportSent',
      'reportSent>reportSent',
      'reportSent>delivered',
    ]);
    expect(order.audit[2]!.note).toContain('review.pdf');

    const invoice = (await myInvoices(app, customer.token)).find((entry) => entry._id === id);
    expect(invoice?.order).toMatchObject({ reportURL: `/api/orders/${id}/report`, calendarURL: null });
    const download = await app.request(invoice!.order!.reportURL!, { headers: bearer(customer.token) });
    expect(download.status).toBe(200);
    expect(download.headers.get('Content-Type')).toBe('application/pdf');
    expect(download.headers.get('Content-Disposition')).toBe('attachment; filename="review.pdf"');
    expect(download.headers.get('Cache-Control')).toBe('no-store');
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(second);

    // Anyone else: the same 404 as for an invoice that does not exist; signed out: 401.
    const stranger = await account(app, db);
    for (const token of [stranger.token, office.token, admin.token]) {
      const res = await app.request(`/api/orders/${id}/report`, { headers: bearer(token) });
      expect(res.status).toBe(404);
      expect(await errorText(res)).toBe(NOT_FOUND_TEXT);
    }
    expect((await app.request(`/api/orders/${id}/report`)).status).toBe(401);
    expect((await app.request(`/api/orders/not-an-id/report`, { headers: bearer(customer.token) })).status).toBe(404);
  });

  it('a call has no report to download, and a paid order no calendar file until it is scheduled', async () => {
    const id = await paidOrder(app, customer);
    for (const path of ['report', 'calendar.ics']) {
      const res = await app.request(`/api/orders/${id}/${path}`, { headers: bearer(customer.token) });
      expect(res.status, path).toBe(404);
    }
  });
});

describe('the calendar file of a scheduled call', () => {
  it('is the owner’s only: text/calendar, an attachment, the call at its UTC time for CALL_MINUTES', async () => {
    const id = await paidOrder(app, customer);
    const at = inHours(6);
    expect((await schedule(app, office.token, id, { at, join: JOIN })).status).toBe(200);
    const res = await app.request(`/api/orders/${id}/calendar.ics`, { headers: bearer(customer.token) });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('text/calendar; charset=utf-8');
    expect(res.headers.get('Content-Disposition')).toBe(`attachment; filename="northgate-call-${at.slice(0, 10)}.ics"`);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const text = await res.text();
    const utc = at.replace(/[-:]/g, '').replace(/\.\d{3}/, '');
    expect(text).toContain(`DTSTART:${utc}`);
    const end = new Date(Date.parse(at) + CALL_MINUTES_DEFAULT * MINUTE)
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}/, '');
    expect(text).toContain(`DTEND:${end}`);
    expect(text).toContain('METHOD:PUBLISH');
    expect(text).toContain(`UID:order-${id}@`);
    const stranger = await account(app, db);
    expect((await app.request(`/api/orders/${id}/calendar.ics`, { headers: bearer(stranger.token) })).status).toBe(404);
    expect((await app.request(`/api/orders/${id}/calendar.ics`, { headers: bearer(office.token) })).status).toBe(404);
  });

  it('of a moved call carries the raised SEQUENCE, so a calendar replaces the entry it already holds', async () => {
    const id = await paidOrder(app, customer);
    const sequenceOf = async () => {
      const res = await app.request(`/api/orders/${id}/calendar.ics`, { headers: bearer(customer.token) });
      return (await res.text()).split('\r\n').filter((line) => line.startsWith('SEQUENCE:'));
    };
    expect((await schedule(app, office.token, id, { at: inHours(6), join: JOIN })).status).toBe(200);
    expect(await sequenceOf()).toEqual(['SEQUENCE:0']);
    expect((await schedule(app, office.token, id, { at: inHours(7), join: JOIN })).status).toBe(200);
    expect(await sequenceOf()).toEqual(['SEQUENCE:1']);
  });
});

describe('the lists', () => {
  it('queue: paid, scheduled and report sent, oldest payment first; unpaid newest first; delivered newest delivery first', async () => {
    const { app: fresh, db: freshDb, clock: freshClock } = await createTestServer();
    const who = await account(fresh, freshDb);
    const staff = await account(fresh, freshDb, 'office');
    const tick = () => freshClock.advance(MINUTE);
    const a = await paidOrder(fresh, who); // paid first
    tick();
    const b = await paidOrder(fresh, who, PDF_ORDER);
    tick();
    const c = await paidOrder(fresh, who);
    tick();
    const u1 = await unpaidOrder(fresh, who);
    tick();
    const u2 = await unpaidOrder(fresh, who);
    tick();
    const at = new Date(freshClock.now().getTime() + 2 * HOUR).toISOString();
    expect((await schedule(fresh, staff.token, c, { at, join: JOIN })).status).toBe(200);
    expect((await uploadReport(fresh, staff.token, b, pdfBlob(tinyPdf()))).status).toBe(200);
    const d1 = await paidOrder(fresh, who);
    const d2 = await paidOrder(fresh, who);
    for (const id of [d2, d1]) {
      tick();
      const call = new Date(freshClock.now().getTime() + HOUR).toISOString();
      expect((await schedule(fresh, staff.token, id, { at: call, join: JOIN })).status).toBe(200);
      // Delivered once the call has taken place.
      freshClock.advance(HOUR);
      expect((await deliver(fresh, staff.token, id)).status).toBe(200);
    }
    const ids = async (view: string) => {
      const res = await fresh.request(`/api/office/orders?view=${view}`, { headers: bearer(staff.token) });
      const body: unknown = await res.json();
      assert(body, OfficeOrdersResponse);
      return body.orders.map((order) => order.id);
    };
    expect(await ids('queue')).toEqual([a, b, c]);
    expect(await ids('unpaid')).toEqual([u2, u1]);
    expect(await ids('delivered')).toEqual([d1, d2]);
    // No view: the queue.
    const plain = await fresh.request('/api/office/orders', { headers: bearer(staff.token) });
    expect(((await plain.json()) as { orders: Array<{ id: string }> }).orders.map((order) => order.id)).toEqual([
      a,
      b,
      c,
    ]);
  });

  it('an unknown view is 400; an order whose customer deleted the account shows no customer', async () => {
    const res = await app.request('/api/office/orders?view=everything', { headers: bearer(office.token) });
    expect(res.status).toBe(400);
    expect(await errorText(res)).toBe(VIEW_TEXT);

    const gone = await account(app, db);
    const id = await paidOrder(app, gone);
    // What the account purge does to a paid invoice: it stays, detached.
    await db.updateTable('invoices').set({ user_id: null }).where('id', '=', id).execute();
    const queued = (await list('queue')).find((order) => order.id === id);
    expect(queued).toMatchObject({ id, customer: null, status: 'paid' });
    // It can still be worked.
    expect((await schedule(app, office.token, id, { at: inHours(2), join: JOIN })).status).toBe(200);
  });

  it('an audit entry keeps the office member who made it by name after their account is deleted', async () => {
    const leaving = await account(app, db, 'office', 'Lena Leaving');
    const id = await paidOrder(app, customer);
    expect((await schedule(app, leaving.token, id, { at: inHours(2), join: JOIN })).status).toBe(200);
    // What the account purge does: the row goes, and the entry's id with it.
    await db.deleteFrom('users').where('id', '=', leaving.id).execute();
    expect((await auditRows(id)).map((row) => row.actor_user_id)).toEqual([null, null]);
    const order = await orderBody(await getOrder(app, office.token, id));
    expect(order.audit.map(({ to, by }) => ({ to, by }))).toEqual([
      { to: 'paid', by: null },
      { to: 'scheduled', by: { name: 'Lena Leaving', email: leaving.email } },
    ]);
  });
});
