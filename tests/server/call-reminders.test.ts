/**
 * The customer's call reminder (docs/product.md#booking), on SQLite and on PostgreSQL, with the test clock: once,
 * CALL_REMINDER_MINUTES before the call and not before; once when two runs race; for a moved call, at its new time
 * only; never for a cancelled call, a started one, or one whose customer deleted their account. Each test has a
 * database of its own: the job looks at every order.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { findOrderIdByToken } from '#server/orders/booking-links-repository';
import { claimCallReminder, listCallsToRemind } from '#server/booking/reminders-repository';
import type { Config } from '#server/config';
import { runCallReminders } from '#server/jobs/call-reminders';
import { MINUTE, cleanup, createCapturedLog, createTestServer } from './helpers';
import { account, paidOrder, schedule } from './office-helpers';

afterAll(cleanup);

const HOUR = 60 * MINUTE;
const JOIN = 'https://meet.example.com/northgate-ada';

/** A server with one customer, one office member and a paid call order; `reminders()` runs the job once. */
async function setUp(overrides: Partial<Config> = {}) {
  const server = await createTestServer(overrides);
  const { app, db, clock } = server;
  const customer = await account(app, db, 'common', 'Ada Customer');
  const staff = await account(app, db, 'office');
  const id = await paidOrder(app, customer);
  const kicks: number[] = [];
  const { log, lines: jobLines } = createCapturedLog();
  const reminders = () => runCallReminders({ ...server, mail: { kick: () => kicks.push(1) }, log });
  /** Sets (or moves) the call to `msFromNow` after the test clock's now; answers its ISO time. */
  const callAt = async (msFromNow: number) => {
    const at = new Date(clock.now().getTime() + msFromNow).toISOString();
    expect((await schedule(app, staff.token, id, { at, join: JOIN })).status).toBe(200);
    return at;
  };
  /** The reminders queued so far, oldest first. */
  const queued = () =>
    db
      .selectFrom('mail_queue')
      .select(['to_address', 'subject', 'text_body', 'expires_at'])
      .where('kind', '=', 'call reminder')
      .orderBy('id')
      .execute();
  const remindedFor = async () =>
    (await db.selectFrom('orders').select('call_reminded_for').where('invoice_id', '=', id).executeTakeFirstOrThrow())
      .call_reminded_for;
  return { ...server, customer, id, kicks, jobLines, reminders, callAt, queued, remindedFor };
}

describe('the call reminder', () => {
  it('goes once, CALL_REMINDER_MINUTES before the call, with the time, how to join and a live booking link', async () => {
    const { clock, config, db, customer, id, kicks, jobLines, reminders, callAt, queued, remindedFor } = await setUp();
    expect(config.CALL_REMINDER_MINUTES).toBe(60);
    const at = await callAt(3 * HOUR);
    expect(await reminders()).toBe(0);
    clock.advance(2 * HOUR - MINUTE); // 61 minutes before: not yet
    expect(await reminders()).toBe(0);
    expect(await queued()).toEqual([]);
    clock.advance(MINUTE);
    expect(await reminders()).toBe(1);
    expect(kicks).toHaveLength(1);
    expect(jobLines).toEqual([
      expect.objectContaining({
        level: 30,
        event: 'calls.reminded',
        count: 1,
        msg: 'reminded 1 customer(s) of their call',
      }),
    ]);
    const [mail] = await queued();
    expect(mail!.to_address).toBe(customer.email);
    expect(mail!.subject).toBe(
      'Reminder: your video meeting for Website Development Consultation is on Monday, 5 January 2026 at 12:00 GMT (London time)',
    );
    expect(mail!.text_body).toContain(`How to join: ${JOIN}`);
    // A reminder that could not go before the call is dropped, not sent after it.
    expect(mail!.expires_at).toBe(at);
    const token = new RegExp(`^${config.PUBLIC_URL}/booking/(\\S+)$`, 'm').exec(mail!.text_body)?.[1];
    expect(await findOrderIdByToken(db, token!)).toBe(id);
    expect(await remindedFor()).toBe(at);

    // Later looks, up to the call: still the one.
    for (const step of [MINUTE, 30 * MINUTE, 28 * MINUTE]) {
      clock.advance(step);
      expect(await reminders()).toBe(0);
    }
    expect(await queued()).toHaveLength(1);
    expect(kicks).toHaveLength(1);
  });

  it('goes once when two runs look at the same moment', async () => {
    const { clock, reminders, callAt, queued } = await setUp();
    await callAt(50 * MINUTE);
    const runs = await Promise.all([reminders(), reminders(), reminders()]);
    expect(runs.sort()).toEqual([0, 0, 1]);
    expect(await queued()).toHaveLength(1);
    clock.advance(10 * MINUTE);
    expect(await reminders()).toBe(0);
  });

  it('follows a moved call: its new time is reminded, its old time never', async () => {
    const { clock, reminders, callAt, queued, remindedFor } = await setUp();
    await callAt(2 * HOUR);
    // Moved before its reminder was due: nothing at the old time's reminder.
    const later = await callAt(5 * HOUR);
    clock.advance(90 * MINUTE);
    expect(await reminders()).toBe(0);
    clock.advance(3 * HOUR);
    expect(await reminders()).toBe(1);
    expect(await remindedFor()).toBe(later);
    // Moved after its reminder went: the new time is reminded when it comes near.
    const last = await callAt(4 * HOUR);
    expect(await reminders()).toBe(0);
    clock.advance(3 * HOUR);
    expect(await reminders()).toBe(1);
    expect(await remindedFor()).toBe(last);
    const subjects = (await queued()).map((mail) => mail.subject.replace(/^.* is on /, ''));
    expect(subjects).toEqual([
      'Monday, 5 January 2026 at 14:00 GMT (London time)',
      'Monday, 5 January 2026 at 17:30 GMT (London time)',
    ]);
  });

  it('is not claimed for a time the call was moved from after it was read', async () => {
    const { clock, db, id, callAt, queued } = await setUp();
    const first = await callAt(30 * MINUTE);
    const now = clock.now().toISOString();
    const [listed] = await listCallsToRemind(db, now, new Date(Date.parse(now) + HOUR).toISOString());
    expect(listed?.scheduled_at).toBe(first);
    await callAt(40 * MINUTE);
    expect(await claimCallReminder(db, id, first)).toBe(false);
    expect(await queued()).toEqual([]);
  });

  it('never goes for a cancelled call', async () => {
    const { clock, db, id, reminders, callAt, queued } = await setUp();
    await callAt(2 * HOUR);
    // As the booking's cancel leaves the order: paid again, without a time.
    await db
      .updateTable('orders')
      .set({ status: 'paid', scheduled_at: null, join_info: null })
      .where('invoice_id', '=', id)
      .execute();
    for (const step of [HOUR, 30 * MINUTE, HOUR]) {
      clock.advance(step);
      expect(await reminders()).toBe(0);
    }
    expect(await queued()).toEqual([]);
  });

  it('waits while the call is further away than the window, and follows CALL_REMINDER_MINUTES', async () => {
    const { clock, reminders, callAt, queued } = await setUp({ CALL_REMINDER_MINUTES: 15 });
    await callAt(20 * HOUR);
    expect(await reminders()).toBe(0);
    clock.advance(20 * HOUR - 16 * MINUTE);
    expect(await reminders()).toBe(0);
    clock.advance(MINUTE);
    expect(await reminders()).toBe(1);
    expect(await queued()).toHaveLength(1);
  });

  it('never goes with CALL_REMINDER_MINUTES at 0', async () => {
    const { clock, reminders, callAt } = await setUp({ CALL_REMINDER_MINUTES: 0 });
    await callAt(30 * MINUTE);
    for (const step of [0, 29 * MINUTE, MINUTE - 1, 1]) {
      clock.advance(step);
      expect(await reminders()).toBe(0);
    }
  });

  it('is not sent once the call has started (the job was away), nor to a customer who deleted their account', async () => {
    const started = await setUp();
    await started.callAt(30 * MINUTE);
    started.clock.advance(30 * MINUTE);
    expect(await started.reminders()).toBe(0);

    const deleted = await setUp();
    await deleted.callAt(30 * MINUTE);
    // As the account's deletion leaves a paid invoice: kept for the records, without its customer.
    await deleted.db.updateTable('invoices').set({ user_id: null }).where('id', '=', deleted.id).execute();
    expect(await deleted.reminders()).toBe(0);
    expect([...(await started.queued()), ...(await deleted.queued())]).toEqual([]);
  });

  it("states the time on the customer's clock too, when their booking gave it", async () => {
    const { db, id, reminders, callAt, queued } = await setUp();
    await callAt(45 * MINUTE);
    await db.updateTable('orders').set({ call_customer_zone: 'Asia/Tokyo' }).where('invoice_id', '=', id).execute();
    expect(await reminders()).toBe(1);
    const [mail] = await queued();
    expect(mail!.text_body).toContain('Monday, 5 January 2026 at 09:45 GMT (London time) — 18:45 Tokyo time');
  });
});
