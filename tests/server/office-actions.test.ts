/**
 * The office's changes to an order, called as the routes call them (server/orders/actions.ts): the role is
 * asked again as each change commits, an order whose customer was purged is worked without telling anyone, a
 * call whose invitation cannot be made is set and mailed without it, and a write that fails for any reason but
 * an overlap in the holder's diary is not written again without the holder.
 * The routes' own answers are in office-orders.test.ts; the race over real HTTP is office-upload-process.test.ts.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { promiseDeadline } from '#machines/order.machine';
import { HttpError } from '#server/http/errors';
import { formatCallTime } from '#server/mail/time';
import { deliverOrder, scheduleCall, sendReport } from '#server/orders/actions';
import { nextStatus, orderStateOf } from '#server/orders/machine';
import { findOrder } from '#server/orders/repository';
import { createServices } from '#server/services';
import { MINUTE, cleanup, closeAfterAll, createCapturedLog, createTestServer } from './helpers';
import { PDF_ORDER, account, deliver, paidOrder, schedule, tinyPdf } from './office-helpers';

afterAll(cleanup);

const server = await createTestServer();
const { app, db, clock, config } = server;
const captured = createCapturedLog();
const services = closeAfterAll(createServices({ db, config, clock, log: captured.log }));
const customer = await account(app, db);
const office = await account(app, db, 'office');
const JOIN = 'https://meet.example.com/northgate-ada';

async function actor(id: string) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

async function order(id: string) {
  const found = await findOrder(db, id);
  if (!found) throw new Error(`no order ${id}`);
  return found;
}

async function rowsOf(id: string) {
  const row = await db
    .selectFrom('orders')
    .select(['status', 'scheduled_at', 'report_name', 'delivered_at'])
    .where('invoice_id', '=', id)
    .executeTakeFirstOrThrow();
  const events = await db.selectFrom('order_events').select('to_status').where('invoice_id', '=', id).execute();
  return { row, events: events.map((event) => event.to_status) };
}

/** The refusal a change gets from actions.ts: its status and the text the office sees. */
async function refusalOf(change: Promise<unknown>) {
  const error: unknown = await change.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(HttpError);
  return { status: (error as HttpError).status, text: (error as HttpError).en };
}

const countOf = async (table: 'mail_queue' | 'notifications') =>
  Number((await db.selectFrom(table).select(db.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describe('the role is asked again as the change commits', () => {
  it('a member whose role was revoked sets no call, sends no report and delivers nothing: 403', async () => {
    const id = await paidOrder(app, customer, PDF_ORDER);
    const callId = await paidOrder(app, customer);
    // The account that began the request is no longer in the office (or never was): a common account.
    const revoked = await actor(customer.id);
    const forbidden = { status: 403, text: 'This page is for the office only.' };
    const at = new Date(clock.now().getTime() + 120 * MINUTE);
    expect(
      await refusalOf(scheduleCall(services, await order(callId), { actor: revoked, at, join: JOIN, reason: null })),
    ).toEqual(forbidden);
    const report = { fileName: 'r.pdf', bytes: tinyPdf(), sha256: 'x'.repeat(64) };
    expect(await refusalOf(sendReport(services, await order(id), { ...report, actor: revoked }))).toEqual(forbidden);
    const unchanged = { status: 'paid', scheduled_at: null, report_name: null, delivered_at: null };
    expect(await rowsOf(id)).toEqual({ row: unchanged, events: ['paid'] });
    expect(await rowsOf(callId)).toEqual({ row: unchanged, events: ['paid'] });

    // One who still holds the role sends it; the revoked one then cannot mark it delivered.
    await sendReport(services, await order(id), { ...report, actor: await actor(office.id) });
    expect(await refusalOf(deliverOrder(services, await order(id), revoked))).toEqual(forbidden);
    const sent = { status: 'reportSent', scheduled_at: null, report_name: 'r.pdf', delivered_at: null };
    expect(await rowsOf(id)).toEqual({ row: sent, events: ['paid', 'reportSent'] });
  });
});

describe('an order whose customer deleted the account', () => {
  it('is scheduled and delivered with no notification and no mail to anyone', async () => {
    const gone = await account(app, db);
    const id = await paidOrder(app, gone);
    // What the account purge does to a paid invoice: it stays, detached.
    await db.updateTable('invoices').set({ user_id: null }).where('id', '=', id).execute();
    const [mails, notifications] = [await countOf('mail_queue'), await countOf('notifications')];
    const at = new Date(clock.now().getTime() + 120 * MINUTE).toISOString();
    expect((await schedule(app, office.token, id, { at, join: JOIN })).status).toBe(200);
    clock.advance(180 * MINUTE);
    expect((await deliver(app, office.token, id)).status).toBe(200);
    expect((await rowsOf(id)).events).toEqual(['paid', 'scheduled', 'delivered']);
    expect([await countOf('mail_queue'), await countOf('notifications')]).toEqual([mails, notifications]);
  });
});

describe('a call whose invitation cannot be made', () => {
  it('is set all the same, and its mail goes without the invitation; the failure is logged', async () => {
    const id = await paidOrder(app, customer);
    // `ics` writes no time before 1970; the route refuses a past time, so the action is called directly.
    const at = new Date('1969-12-31T12:00:00.000Z');
    await scheduleCall(services, await order(id), { actor: await actor(office.id), at, join: JOIN, reason: null });
    expect((await rowsOf(id)).events).toEqual(['paid', 'scheduled']);
    const mail = await db
      .selectFrom('mail_queue')
      .select(['text_body', 'calendar'])
      .where('to_address', '=', customer.email)
      .where('kind', '=', 'call scheduled')
      .executeTakeFirstOrThrow();
    expect(mail.calendar).toBeNull();
    expect(mail.text_body).toContain('You can add the call to your calendar from your invoices page.');
    expect(captured.lines.filter((line) => line.event === 'order.invitation_failed')).toEqual([
      expect.objectContaining({ orderId: id, msg: 'the invitation could not be made; the mail goes without it' }),
    ]);
    // The error says which order, and carries what `ics` said (pino appends its cause's message).
    const logged = captured.lines.find((line) => line.event === 'order.invitation_failed')!.err as { message: string };
    expect(logged.message).toMatch(new RegExp(`^could not make the calendar file of order ${id}: \\S`));
  });
});

describe('a failure of the write that is not an overlap', () => {
  it('is not taken for one: the call is not written again without its holder, and the failure stands', async () => {
    const id = await paidOrder(app, customer);
    const busy = Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
    // The database fails the order's first UPDATE once, as a writer held past the wait would; the next would pass.
    let failures = 1;
    const flaky = db.withPlugin({
      transformQuery: ({ node }) => {
        if (node.kind === 'UpdateQueryNode' && failures > 0) {
          failures -= 1;
          throw busy;
        }
        return node;
      },
      transformResult: ({ result }) => Promise.resolve(result),
    });
    const at = new Date(clock.now().getTime() + 120 * MINUTE);
    const request = { actor: await actor(office.id), at, join: JOIN, reason: null };
    await expect(scheduleCall({ ...services, db: flaky }, await order(id), request)).rejects.toBe(busy);
    expect(failures).toBe(0);
    expect(await rowsOf(id)).toEqual({
      row: { status: 'paid', scheduled_at: null, report_name: null, delivered_at: null },
      events: ['paid'],
    });
  });
});

describe("the machine's word on a row", () => {
  const row = { id: 'INV-7', status: 'paid', paid_at: '2026-01-05T09:00:00.000Z', scheduled_at: null } as const;

  it('a row of no known delivery type is damaged: an error naming the invoice, never a guess', () => {
    expect(() => orderStateOf({ ...row, type: 'Carrier Pigeon' })).toThrow(
      new Error('Invoice INV-7 has an unknown delivery type.'),
    );
  });

  it('a change it refuses for no more particular reason says so in general: 409', () => {
    const paid = orderStateOf({ ...row, type: 'Video Meeting' });
    const error: unknown = (() => {
      try {
        return nextStatus(paid, { type: 'order.cancelBooking' });
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(HttpError);
    expect([(error as HttpError).status, (error as HttpError).en]).toEqual([
      409,
      'That change is not possible for this order now.',
    ]);
  });
});

describe('what each change writes down and mails', () => {
  /** The mails every customer gets before the office does anything: the sign-up code and the receipt. */
  const SIGN_UP_AND_PAY = ['verification code', 'payment receipt'];
  const notesOf = async (id: string) =>
    (
      await db
        .selectFrom('order_events')
        .select('note')
        .where('invoice_id', '=', id)
        .orderBy('at')
        .orderBy('id')
        .execute()
    )
      .map((event) => event.note)
      .slice(1);
  const kindsTo = async (email: string) =>
    (await db.selectFrom('mail_queue').select('kind').where('to_address', '=', email).orderBy('id').execute()).map(
      (mail) => mail.kind,
    );

  it('a call set, moved, moved at the promise and past it; a move from a stale view is refused', async () => {
    const buyer = await account(app, db);
    const id = await paidOrder(app, buyer);
    const member = await actor(office.id);
    const deadline = promiseDeadline((await order(id)).paid_at!);
    const first = new Date(clock.now().getTime() + 120 * MINUTE);
    const second = new Date(first.getTime() + 60 * MINUTE);
    // A reason for a call within the promise explains nothing: it is not kept.
    await scheduleCall(services, await order(id), { actor: member, at: first, join: JOIN, reason: 'Busy' });
    const seen = await order(id);
    await scheduleCall(services, seen, { actor: member, at: second, join: JOIN, reason: null });
    // `seen` still says the call is at `first`: someone moved it meanwhile.
    expect(
      await refusalOf(scheduleCall(services, seen, { actor: member, at: first, join: JOIN, reason: null })),
    ).toEqual({ status: 409, text: 'Someone else changed this order a moment ago. Please reload it and try again.' });
    await scheduleCall(services, await order(id), { actor: member, at: deadline, join: JOIN, reason: 'Busy' });
    const late = new Date(deadline.getTime() + 1);
    await scheduleCall(services, await order(id), { actor: member, at: late, join: JOIN, reason: 'Sick' });
    const [a, b, c, d] = [first, second, deadline, late].map(formatCallTime);
    expect(await notesOf(id)).toEqual([
      `Call set for ${a}.`,
      `Moved from ${a} to ${b}.`,
      `Moved from ${b} to ${c}.`,
      `Moved from ${c} to ${d}. Reason for the delay: Sick`,
    ]);
    expect(await kindsTo(buyer.email)).toEqual([
      ...SIGN_UP_AND_PAY,
      'call scheduled',
      'call moved',
      'call moved',
      'call moved',
    ]);
  });

  it("a call keeps its member's diary from the minute it starts in to the end of its pause, rounded up", async () => {
    const id = await paidOrder(app, customer);
    // A member of no other call, who is free to hold it.
    const member = await account(app, db, 'office');
    // The office may type seconds: 30 s past a minute.
    const at = new Date(Math.floor(clock.now().getTime() / MINUTE) * MINUTE + 180 * MINUTE + 30_000);
    await scheduleCall(services, await order(id), { actor: await actor(member.id), at, join: JOIN, reason: null });
    const diary = await db
      .selectFrom('orders')
      .select(['call_member_id', 'call_start_minute', 'call_until_minute'])
      .where('invoice_id', '=', id)
      .executeTakeFirstOrThrow();
    const startMinute = Math.floor(at.getTime() / MINUTE);
    // CALL_MINUTES and CALL_BUFFER_MINUTES: 45 and 15 minutes, ending 30 s into the 61st minute.
    expect([config.CALL_MINUTES, config.CALL_BUFFER_MINUTES]).toEqual([45, 15]);
    expect(diary).toEqual({
      call_member_id: member.id,
      call_start_minute: startMinute,
      call_until_minute: startMinute + 61,
    });
  });

  it('a report sent, sent again, then delivered; for a purged customer, sent to no one', async () => {
    const buyer = await account(app, db);
    const id = await paidOrder(app, buyer, PDF_ORDER);
    const member = await actor(office.id);
    const report = { actor: member, fileName: 'Review.pdf', bytes: tinyPdf(), sha256: 'x'.repeat(64) };
    await sendReport(services, await order(id), report);
    await sendReport(services, await order(id), report);
    await deliverOrder(services, await order(id), member);
    const size = report.bytes.byteLength;
    expect(await notesOf(id)).toEqual([
      `Report sent: Review.pdf (${size} bytes).`,
      `Report sent again: Review.pdf (${size} bytes).`,
      null,
    ]);
    expect(await kindsTo(buyer.email)).toEqual([...SIGN_UP_AND_PAY, 'report', 'report', 'order delivered']);

    const gone = await paidOrder(app, buyer, PDF_ORDER);
    await db.updateTable('invoices').set({ user_id: null }).where('id', '=', gone).execute();
    const [mails, notifications] = [await countOf('mail_queue'), await countOf('notifications')];
    await sendReport(services, await order(gone), report);
    expect((await rowsOf(gone)).events).toEqual(['paid', 'reportSent']);
    expect([await countOf('mail_queue'), await countOf('notifications')]).toEqual([mails, notifications]);
  });
});
