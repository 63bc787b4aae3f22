/**
 * What a customer's booking, move and cancel write beside the order (docs/decisions/0042-customers-book-their-call.md):
 * the audit entry's words, the customer's notification, the mail's kind, the security line, the calendar SEQUENCE,
 * and the mail sender woken once the change commits. A change made on an order read before someone else changed
 * it is refused whole. Both databases (TEST_DATABASE).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { bookCall } from '#server/booking/book';
import { cancelBooking } from '#server/booking/cancel';
import { findOrder } from '#server/orders/repository';
import { type Services, createServices } from '#server/services';
import { cleanup, createDataDir, createTestServer } from './helpers';
import { type Account, account, paidOrder, schedule } from './office-helpers';
import { book, bookingBody, cancel, queuedCallMails, setHours } from './booking-helpers';

afterAll(cleanup);

// The test clock starts on Monday 2026-01-05 at 09:00 UTC; Olive is the only member.
const { app, db, clock, config, securityEvents } = await createTestServer();
const olive = await account(app, db, 'office', 'Olive Office');
await setHours(app, olive);
const TITLE = 'Website Development Consultation';

const orderRow = (id: string) =>
  db.selectFrom('orders').selectAll().where('invoice_id', '=', id).executeTakeFirstOrThrow();

async function notes(id: string) {
  const rows = await db
    .selectFrom('order_events')
    .select(['from_status', 'to_status', 'actor_user_id', 'note'])
    .where('invoice_id', '=', id)
    .orderBy('at')
    .orderBy('id')
    .execute();
  // The first entry is the payment.
  return rows.slice(1);
}

async function notifications(customer: Account) {
  const rows = await db
    .selectFrom('notifications')
    .select(['kind', 'text_en'])
    .where('user_id', '=', customer.id)
    .where('kind', 'like', 'order_%')
    .execute();
  return rows.filter((row) => row.kind !== 'order_paid' && row.kind !== 'invoice_paid');
}

const mailKinds = async (customer: Account) => (await queuedCallMails(db, customer.email)).map((mail) => mail.kind);

async function cancellation(customer: Account) {
  const mail = (await queuedCallMails(db, customer.email)).find((queued) => queued.kind === 'call cancelled');
  expect(mail).toBeDefined();
  return mail!;
}

/** The services of the app's kind, with a mail sender that only counts how often it is woken. */
function countingServices(): { services: Services; kicks: () => number; close: () => Promise<void> } {
  const real = createServices({ db, config: { ...config, DATA_DIR: createDataDir() }, clock });
  let kicks = 0;
  const mail = { ...real.mail, kick: () => (kicks += 1) };
  return { services: { ...real, mail }, kicks: () => kicks, close: () => real.close() };
}

describe('a booking, a move and a cancel', () => {
  it('each write their own audit words, notification, mail and security line', async () => {
    const ada = await account(app, db);
    const id = await paidOrder(app, ada);
    const [first, second] = ['2026-01-06T10:00:00.000Z', '2026-01-06T14:00:00.000Z'];
    await bookingBody(await book(app, ada, id, first), 201);
    await bookingBody(await book(app, ada, id, second), 200);
    await bookingBody(await cancel(app, ada, id), 200);

    expect(await notes(id)).toEqual([
      {
        from_status: 'paid',
        to_status: 'scheduled',
        actor_user_id: ada.id,
        note: 'The customer booked the call for Tuesday, 6 January 2026 at 10:00 GMT (London time).',
      },
      {
        from_status: 'scheduled',
        to_status: 'scheduled',
        actor_user_id: ada.id,
        note: 'The customer moved the call from Tuesday, 6 January 2026 at 10:00 GMT (London time) to Tuesday, 6 January 2026 at 14:00 GMT (London time).',
      },
      {
        from_status: 'scheduled',
        to_status: 'paid',
        actor_user_id: ada.id,
        note: 'The customer cancelled the call of Tuesday, 6 January 2026 at 14:00 GMT (London time).',
      },
    ]);
    const told = (await notifications(ada)).sort((a, b) => a.text_en.localeCompare(b.text_en));
    const join = told[1]!.text_en.split('How to join: ')[1]!;
    expect(join).toMatch(/^https:\/\//);
    expect(told).toEqual([
      {
        kind: 'order_booking_cancelled',
        text_en: `You cancelled your call for ${TITLE}. Choose a new time on your invoices whenever you like.`,
      },
      {
        kind: 'order_scheduled',
        text_en: `Your call for ${TITLE} has moved to Tuesday, 6 January 2026 at 14:00 GMT (London time). How to join: ${join}`,
      },
      {
        kind: 'order_scheduled',
        text_en: `Your call for ${TITLE} is booked for Tuesday, 6 January 2026 at 10:00 GMT (London time). How to join: ${join}`,
      },
    ]);
    expect(await mailKinds(ada)).toEqual(['call booked', 'call moved', 'call cancelled']);
    // The cancellation names the same place as the invitation it takes back.
    expect((await cancellation(ada)).lines).toContain(`LOCATION:${join}`);
    const lines = securityEvents().filter((line) => line.orderId === id);
    expect(lines).toEqual([
      expect.objectContaining({ event: 'order.changed', change: 'order.book', to: 'scheduled', actorId: ada.id }),
      expect.objectContaining({ event: 'order.changed', change: 'order.book', to: 'scheduled', actorId: ada.id }),
      expect.objectContaining({ event: 'order.changed', change: 'order.cancelBooking', to: 'paid', actorId: ada.id }),
    ]);
  });

  it('raises the SEQUENCE of a moved call once more when it is cancelled', async () => {
    const ada = await account(app, db);
    const id = await paidOrder(app, ada);
    await bookingBody(await book(app, ada, id, '2026-01-07T10:00:00.000Z'), 201);
    await bookingBody(await book(app, ada, id, '2026-01-07T11:00:00.000Z'), 200);
    await bookingBody(await cancel(app, ada, id), 200);
    expect(await orderRow(id)).toMatchObject({ status: 'paid', call_sequence: 2 });
  });

  it("cancels a call the office set, on the company's clock alone since the customer never chose a zone", async () => {
    const ada = await account(app, db);
    const id = await paidOrder(app, ada);
    const body = { at: '2026-01-07T15:00:00.000Z', join: 'https://meet.example.com/by-hand', reason: 'Asked for.' };
    expect((await schedule(app, olive.token, id, body)).status).toBe(200);
    expect(await orderRow(id)).toMatchObject({ call_customer_zone: null, call_sequence: 0 });
    await bookingBody(await cancel(app, ada, id), 200);
    const mail = await cancellation(ada);
    expect(mail.text_body).toContain('Wednesday, 7 January 2026 at 15:00 GMT (London time) is cancelled.');
    expect(mail.lines).toContain('LOCATION:https://meet.example.com/by-hand');
    expect(await orderRow(id)).toMatchObject({ status: 'paid', call_sequence: 1 });
  });
});

describe('the functions under the routes', () => {
  it('wake the mail sender once per committed change', async () => {
    const { services, kicks, close } = countingServices();
    try {
      const ada = await account(app, db);
      const id = await paidOrder(app, ada);
      await bookCall(services, (await findOrder(db, id))!, { start: '2026-01-08T10:00:00.000Z', timeZone: 'UTC' }, ada);
      expect(kicks()).toBe(1);
      await cancelBooking(services, (await findOrder(db, id))!, ada);
      expect(kicks()).toBe(2);
    } finally {
      await close();
    }
  });

  it('refuse a change on an order read before another change, and leave the other change standing', async () => {
    const { services, kicks, close } = countingServices();
    try {
      const ada = await account(app, db);
      const id = await paidOrder(app, ada);
      const unbooked = (await findOrder(db, id))!;
      await bookingBody(await book(app, ada, id, '2026-01-08T14:00:00.000Z'), 201);
      const booked = (await findOrder(db, id))!;
      const request = { start: '2026-01-08T15:00:00.000Z', timeZone: 'UTC' };
      const meanwhile = {
        status: 409,
        message: 'Your booking changed a moment ago. Please reload the page and try again.',
      };
      await expect(bookCall(services, unbooked, request, ada)).rejects.toMatchObject(meanwhile);
      await bookingBody(await book(app, ada, id, '2026-01-08T16:00:00.000Z'), 200);
      await expect(cancelBooking(services, booked, ada)).rejects.toMatchObject(meanwhile);
      expect(kicks()).toBe(0);
      expect(await orderRow(id)).toMatchObject({
        status: 'scheduled',
        scheduled_at: '2026-01-08T16:00:00.000Z',
        call_sequence: 1,
      });
      expect(await mailKinds(ada)).toEqual(['call booked', 'call moved']);
    } finally {
      await close();
    }
  });
});
