/**
 * The mails a customer's own booking queues, as they leave the transaction (server/booking/booking-mail.ts): the
 * booked, moved and cancelled mails with the call's time on both clocks, its length, its holder, the change
 * deadline, and the invitation whose method, times and SEQUENCE follow each change
 * (docs/decisions/0042-customers-book-their-call.md). The words themselves are in booking-mails.test.ts.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { queueCallMail } from '#server/booking/booking-mail';
import { findOrder } from '#server/orders/repository';
import { createServices } from '#server/services';
import { cleanup, closeAfterAll, createCapturedLog, createTestServer } from './helpers';
import { account, paidOrder } from './office-helpers';
import { book, cancel, queuedCallMails, setHours, slotsOf } from './booking-helpers';

afterAll(cleanup);

// The test clock starts on Monday 2026-01-05 at 09:00 UTC; Olive is the only member, so she holds every call.
const { app, db, clock, config } = await createTestServer();
const olive = await account(app, db, 'office', 'Olive Office');
await setHours(app, olive);

describe('the mails of a booked, moved and cancelled call', () => {
  it('each says the time on both clocks and carries an invitation that follows the change', async () => {
    const ada = await account(app, db);
    const id = await paidOrder(app, ada);
    const slots = (await slotsOf(app, ada, id)).slots;
    // 13:00 and 15:00 on London's clock (the first slots are within the change cut-off).
    expect(slots[4]!.start).toBe('2026-01-05T13:00:00.000Z');
    expect(slots[8]!.start).toBe('2026-01-05T15:00:00.000Z');
    expect((await book(app, ada, id, slots[4]!.start, 'Asia/Tokyo')).status).toBe(201);
    expect((await book(app, ada, id, slots[8]!.start, 'Asia/Tokyo')).status).toBe(200);
    expect((await cancel(app, ada, id)).status).toBe(200);

    const [booked, moved, cancelled, ...more] = await queuedCallMails(db, ada.email);
    expect(more).toEqual([]);
    expect(booked).toMatchObject({ kind: 'call booked', method: 'REQUEST' });
    expect(booked!.subject).toBe(
      'Your video meeting for Website Development Consultation is booked for Monday, 5 January 2026 at 13:00 GMT (London time)',
    );
    expect(booked!.text_body).toContain(
      'booked for Monday, 5 January 2026 at 13:00 GMT (London time) — 22:00 Tokyo time. It lasts 45 minutes.\nOlive Office will hold the call.',
    );
    expect(booked!.text_body).toContain('until Monday, 5 January 2026 at 11:00 GMT (London time) — 20:00 Tokyo time:');
    expect(booked!.text_body).toContain('open it to add the call to your calendar.');
    expect(booked!.lines).toEqual(
      expect.arrayContaining(['DTSTART:20260105T130000Z', 'DTEND:20260105T134500Z', 'SEQUENCE:0', 'STATUS:CONFIRMED']),
    );

    expect(moved).toMatchObject({ kind: 'call moved', method: 'REQUEST' });
    expect(moved!.subject).toBe(
      'Your video meeting for Website Development Consultation has moved to Monday, 5 January 2026 at 15:00 GMT (London time)',
    );
    expect(moved!.text_body).toContain(
      'The new time is Monday, 5 January 2026 at 15:00 GMT (London time) — Tuesday, 6 January 2026 at 00:00 Tokyo time. It lasts 45 minutes.\nOlive Office will hold the call.',
    );
    expect(moved!.text_body).toContain('open it to move the call in your calendar.');
    expect(moved!.lines).toEqual(
      expect.arrayContaining(['DTSTART:20260105T150000Z', 'DTEND:20260105T154500Z', 'SEQUENCE:1', 'METHOD:REQUEST']),
    );

    expect(cancelled).toMatchObject({ kind: 'call cancelled', method: 'CANCEL' });
    expect(cancelled!.subject).toBe(
      'Your video meeting for Website Development Consultation on Monday, 5 January 2026 at 15:00 GMT (London time) is cancelled',
    );
    expect(cancelled!.text_body).toContain(
      'at 15:00 GMT (London time) — Tuesday, 6 January 2026 at 00:00 Tokyo time is cancelled.',
    );
    expect(cancelled!.text_body).toContain('The attached cancellation takes the call out of your calendar.');
    expect(cancelled!.lines).toEqual(
      expect.arrayContaining(['DTSTART:20260105T150000Z', 'SEQUENCE:2', 'METHOD:CANCEL', 'STATUS:CANCELLED']),
    );
    // One event throughout: the same UID in all three.
    const uids = [booked, moved, cancelled].map((mail) => mail!.lines.find((line) => line.startsWith('UID:')));
    expect(new Set(uids).size).toBe(1);
    expect(uids[0]).toMatch(/^UID:order-.+@/);
  });

  it('on London time the customer reads the time once', async () => {
    const ada = await account(app, db);
    const id = await paidOrder(app, ada);
    const slots = (await slotsOf(app, ada, id)).slots;
    expect((await book(app, ada, id, slots[5]!.start, 'Europe/London')).status).toBe(201);
    const [booked] = await queuedCallMails(db, ada.email);
    expect(booked!.text_body).toContain('at 13:30 GMT (London time). It lasts 45 minutes.');
  });
});

describe('a call whose invitation cannot be made', () => {
  it('is told all the same, by mails without it; the failure is logged', async () => {
    const captured = createCapturedLog();
    const services = closeAfterAll(createServices({ db, config, clock, log: captured.log }));
    const ada = await account(app, db);
    const id = await paidOrder(app, ada);
    const order = (await findOrder(db, id))!;
    // `ics` writes no time before 1970, and no slot is that early: the mails are queued as a change queues them.
    const change = {
      order,
      start: '1969-12-31T12:00:00.000Z',
      join: 'https://meet.example.com/northgate-ada',
      timeZone: 'Europe/London',
      memberId: null,
      sequence: 0,
      now: clock.now(),
    };
    const customer = { id: ada.id, name: ada.name, email: ada.email };
    const bookingUrl = 'http://localhost/book/link';
    for (const kind of ['booked', 'cancelled'] as const) {
      await queueCallMail(db, services, { kind, change, customer, bookingUrl });
    }

    const [booked, cancelled, ...more] = await queuedCallMails(db, ada.email);
    expect(more).toEqual([]);
    expect(booked).toMatchObject({ kind: 'call booked', method: null, lines: [] });
    expect(booked!.text_body).toContain('You can add the call to your calendar from your invoices page.');
    expect(cancelled).toMatchObject({ kind: 'call cancelled', method: null, lines: [] });
    expect(cancelled!.text_body).toContain('If the call is in your calendar, please delete it there.');
    const failures = captured.lines.filter((line) => line.event === 'order.invitation_failed');
    expect(failures).toEqual([
      expect.objectContaining({ orderId: id, msg: 'the invitation could not be made; the mail goes without it' }),
      expect.objectContaining({ orderId: id, msg: 'the invitation could not be made; the mail goes without it' }),
    ]);
    expect((failures[0]!.err as { message: string }).message).toMatch(
      new RegExp(`^could not make the calendar file of order ${id}: \\S`),
    );
  });
});
