/**
 * A booking mail's link, without signing in (docs/decisions/0042-customers-book-their-call.md): the token opens
 * its order's call as it is now; a GET changes nothing; moving and cancelling are POSTs with the invoice card's
 * rules; junk and unknown tokens get the same 404; once the call has begun the link only shows it; every request
 * counts against the address's limit. Both databases (TEST_DATABASE).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { pastCutoffText } from '#domain/booking';
import { company } from '#domain/company';
import { LINK_INVALID_TEXT } from '#server/booking/link';
import { newBookingToken } from '#server/orders/booking-links-repository';
import { cleanup, createCapturedLog, createTestServer, errorText, jsonInit } from './helpers';
import { account, deliver, paidOrder, schedule } from './office-helpers';
import { runCleanup } from '#server/jobs/cleanup';
import { book, bookingBody, linkPage, linkRequest, setHours, slotsOf } from './booking-helpers';

afterAll(cleanup);

const { app, db, clock, config, securityEvents } = await createTestServer();
const olive = await account(app, db, 'office', 'Olive Office');
await setHours(app, olive);
const MINUTE = 60_000;

/** A customer's booked call and a link to it, as the booking mail carries one. */
async function bookedWithLink(slotIndex = 6) {
  const ada = await account(app, db);
  const id = await paidOrder(app, ada);
  const start = (await slotsOf(app, ada, id)).slots[slotIndex]!.start;
  await bookingBody(await book(app, ada, id, start), 201);
  return { ada, id, start, token: await newBookingToken(db, id, clock.now()) };
}

const eventsOf = async (id: string) =>
  (await db.selectFrom('order_events').select('id').where('invoice_id', '=', id).execute()).length;

describe('GET /api/bookings/<token>', () => {
  it('shows the call, who holds it and the times it may move to, and changes nothing', async () => {
    const { id, start, token } = await bookedWithLink();
    const before = await eventsOf(id);
    const page = await linkPage(app, token);
    expect(page).toMatchObject({ service: { title: expect.any(String), type: 'Video Meeting' }, state: 'scheduled' });
    expect(page.call).toMatchObject({ start, with: 'Olive Office', chosenByCustomer: true });
    expect(page.slots.map((slot) => slot.start)).toContain(start);
    expect(page.timeZone).toBe('Europe/London');
    // How to join, as the booking answered it.
    const row = await db.selectFrom('orders').select('join_info').where('invoice_id', '=', id).executeTakeFirst();
    expect(page.call!.join).toBe(row!.join_info);
    expect(page.call!.join).toMatch(/^https:\/\//);
    expect(await eventsOf(id)).toBe(before);
  });

  it('answers the same 404 for junk, an unknown token and a deleted account', async () => {
    const { ada, token } = await bookedWithLink(7);
    const unknown = 'A'.repeat(43);
    for (const path of ['junk', unknown, `${'x'.repeat(5000)}`]) {
      const res = await linkRequest(app, path);
      expect([res.status, await errorText(res)]).toEqual([404, LINK_INVALID_TEXT]);
    }
    await db.deleteFrom('users').where('id', '=', ada.id).execute();
    const gone = await linkRequest(app, token);
    expect([gone.status, await errorText(gone)]).toEqual([404, LINK_INVALID_TEXT]);
  });
});

describe('POST /api/bookings/<token>/move and /cancel', () => {
  it('moves (200), cancels (200) and books again after a cancel (201), by POSTs only', async () => {
    const { id, start, token } = await bookedWithLink(8);
    const later = (await linkPage(app, token)).slots.find((slot) => slot.start > start)!.start;
    const move = (body: unknown) => linkRequest(app, `${token}/move`, jsonInit('POST', body));
    await bookingBody(await move({ start: later, timeZone: 'America/New_York' }), 200);
    expect(
      await db.selectFrom('orders').selectAll().where('invoice_id', '=', id).executeTakeFirstOrThrow(),
    ).toMatchObject({ scheduled_at: later, call_sequence: 1, call_customer_zone: 'America/New_York' });
    expect(await bookingBody(await linkRequest(app, `${token}/cancel`, jsonInit('POST', {})), 200)).toEqual({
      status: 'paid',
      call: null,
    });
    const cancelled = await linkPage(app, token);
    expect(cancelled).toMatchObject({ state: 'cancelled', call: null });
    // A cancelled call may be booked again from the link: the page offers the times.
    expect(cancelled.slots.map((slot) => slot.start)).toContain(start);
    await bookingBody(await move({ start, timeZone: 'Europe/London' }), 201);
    expect((await linkPage(app, token)).state).toBe('scheduled');
    const bad = await move({ start: 'soon', timeZone: 'Europe/London' });
    expect(bad.status).toBe(400);
  });

  it('shows a call within the cut-off without slots, refuses changes, shows a begun one, ends when held', async () => {
    const { id, start, token } = await bookedWithLink(0);
    const text = pastCutoffText(config.BOOKING_CHANGE_CUTOFF_MINUTES, company.supportEmail);
    const page = await linkPage(app, token);
    expect(page).toMatchObject({ state: 'scheduled', slots: [] });
    const res = await linkRequest(app, `${token}/cancel`, jsonInit('POST', {}));
    expect([res.status, await errorText(res)]).toEqual([409, text]);
    // At the very minute it starts, the call has begun.
    clock.advance(Date.parse(start) - clock.now().getTime());
    expect(await linkPage(app, token)).toMatchObject({ state: 'ended', slots: [] });
    clock.advance(MINUTE);
    expect(await linkPage(app, token)).toMatchObject({ state: 'ended', slots: [], call: { start } });
    // Once the office marks the call delivered, the clean-up forgets its links: the link has ended with the call.
    expect((await deliver(app, olive.token, id)).status).toBe(200);
    expect((await runCleanup({ db, clock, config, log: createCapturedLog().log })).endedBookingLinks).toBe(2); // the booking mail's and this test's
    const gone = await linkRequest(app, token);
    expect([gone.status, await errorText(gone)]).toEqual([404, LINK_INVALID_TEXT]);
  });

  it("carries an office-set call too, and the office's later move is what the link shows", async () => {
    const ada = await account(app, db);
    const id = await paidOrder(app, ada);
    const at = new Date(clock.now().getTime() + 26 * 60 * MINUTE).toISOString();
    const body = { at, join: 'https://meet.example.com/by-hand', reason: 'Asked for by the customer.' };
    expect((await schedule(app, olive.token, id, body)).status).toBe(200);
    const token = await newBookingToken(db, id, clock.now());
    expect((await linkPage(app, token)).call).toMatchObject({
      start: at,
      with: 'Olive Office',
      chosenByCustomer: false,
    });
  });
});

describe('the limit per address', () => {
  it('answers 429 once an address has made its requests this minute, valid or not', async () => {
    const address = '203.0.113.99';
    for (let count = 0; count < config.BOOKING_LINK_MAX_PER_ADDRESS_PER_MINUTE; count += 1) {
      expect((await linkRequest(app, 'junk', {}, address)).status).toBe(404);
    }
    expect((await linkRequest(app, 'junk', {}, address)).status).toBe(429);
    expect((await linkRequest(app, 'junk', {}, '203.0.113.100')).status).toBe(404);
    // The operator's line names the address, so that a hammering one can be found.
    expect(securityEvents()).toContainEqual(
      expect.objectContaining({ event: 'limit.exceeded', limit: 'bookingLink.address', address }),
    );
  });
});
