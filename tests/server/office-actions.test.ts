/**
 * The office's changes to an order, called as the routes call them (server/orders/actions.ts): the role is
 * asked again as each change commits, an order whose customer was purged is worked without telling anyone, and
 * a call whose invitation cannot be made is set and mailed without it.
 * The routes' own answers are in office-orders.test.ts; the race over real HTTP is office-upload-process.test.ts.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { HttpError } from '#server/http/errors';
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
