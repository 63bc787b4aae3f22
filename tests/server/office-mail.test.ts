/**
 * The order mail, read off a real SMTP server on loopback: the office's mail for every paid order and its
 * one reminder before the promise runs out; the customer's scheduling mail (the time in London time, and a
 * calendar invitation that a parser reads back to the absolute UTC time), the move, the report with the PDF
 * attached, and the delivery.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { company } from '#domain/company';
import { DELIVERY_PROMISE_MS } from '#domain/orders';
import { ACCOUNT_DELETION_GRACE_DAYS } from '#domain/policies';
import { purgeDueAccounts } from '#server/account/deletion';
import { ORDER_REMINDERS_JOB, ORDER_REMINDER_INTERVAL_MS, runOrderReminders } from '#server/jobs/order-reminders';
import { scheduleJob } from '#server/jobs/schedule';
import { callScheduledMail } from '#server/mail/order-messages';
import { DAY, MINUTE, bearer, cleanup, createCapturedLog, createTestServer, register } from './helpers';
import { type MailPart, type ReceivedMail, expectWellFormed, settle, startMailCatcher } from './mail-helpers';
import {
  PDF_ORDER,
  PHONE_ORDER,
  account,
  deliver,
  paidOrder,
  pdfBlob,
  schedule,
  tinyPdf,
  uploadReport,
} from './office-helpers';

const smtp = await startMailCatcher();
afterAll(async () => {
  await settle();
  await smtp.close();
  await cleanup();
});

const OFFICE = 'orders@northgate.test';
const { app, db, clock, config, logLines } = await createTestServer({ SMTP_URL: smtp.url, OFFICE_EMAIL: OFFICE });
const HOUR = 60 * MINUTE;
const JOIN = 'https://meet.example.com/northgate-ada';

/** Moves the test clock to `iso` (forward only). */
function moveClockTo(iso: string): void {
  const target = Date.parse(iso);
  expect(target).toBeGreaterThanOrEqual(clock.now().getTime());
  clock.advance(target - clock.now().getTime());
}

/** The messages to `address` whose subject matches, after letting background sends arrive. */
async function mailsTo(address: string, subject: RegExp): Promise<ReceivedMail[]> {
  await settle();
  return smtp.to(address).filter((mail) => subject.test(mail.subject));
}

async function waitForMail(address: string, subject: RegExp, count = 1): Promise<ReceivedMail> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const found = smtp.to(address).filter((mail) => subject.test(mail.subject));
    if (found.length >= count) return found[count - 1]!;
    if (Date.now() > deadline) throw new Error(`no message #${count} to ${address} matching ${subject}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

interface CalendarComponent {
  name: string;
  properties: Array<{ name: string; params: Record<string, string>; value: string }>;
  children: CalendarComponent[];
}

/**
 * A strict little iCalendar reader (RFC 5545 3.1: unfold, then NAME;PARAM=V:VALUE per line, BEGIN/END
 * nesting that must balance): a file it reads is well-formed enough for a calendar to take.
 */
function parseCalendar(text: string): CalendarComponent {
  expect(text.endsWith('\r\n')).toBe(true);
  const lines = text
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .slice(0, -1);
  const root: CalendarComponent = { name: '', properties: [], children: [] };
  const stack = [root];
  for (const line of lines) {
    const match = /^([A-Za-z0-9-]+)((?:;[A-Za-z0-9-]+=(?:"[^"]*"|[^";:,]*))*):(.*)$/.exec(line);
    if (!match) throw new Error(`not an iCalendar line: ${line}`);
    const [, name, rawParams, value] = match as unknown as [string, string, string, string];
    const params = Object.fromEntries(
      [...rawParams.matchAll(/;([A-Za-z0-9-]+)=("[^"]*"|[^";:,]*)/g)].map(([, key, v]) => [
        key!.toUpperCase(),
        v!.replace(/^"|"$/g, ''),
      ]),
    );
    if (name.toUpperCase() === 'BEGIN') {
      const child: CalendarComponent = { name: value, properties: [], children: [] };
      stack.at(-1)!.children.push(child);
      stack.push(child);
    } else if (name.toUpperCase() === 'END') {
      expect(stack.pop()!.name).toBe(value);
    } else {
      stack.at(-1)!.properties.push({ name: name.toUpperCase(), params, value });
    }
  }
  expect(stack).toHaveLength(1);
  expect(root.children).toHaveLength(1);
  return root.children[0]!;
}

const property = (component: CalendarComponent, name: string) =>
  component.properties.find((entry) => entry.name === name);

/** The invitation in a message: the text/calendar alternative (method REQUEST), equal to its .ics attachment. */
function invitationOf(mail: ReceivedMail): { calendar: CalendarComponent; event: CalendarComponent } {
  const alternative = mail.parts.find((part: MailPart) => part.type === 'text/calendar');
  expect(alternative, 'a text/calendar part').toBeDefined();
  expect(alternative!.typeParameters.method).toBe('REQUEST');
  const attachment = mail.parts.find((part) => part.type === 'application/ics');
  expect(attachment?.filename).toMatch(/^northgate-call-\d{4}-\d{2}-\d{2}\.ics$/);
  // The same file twice; the attachment is base64 and so byte-exact (the test's MIME reader may lose the
  // alternative's last line ending to the boundary that follows it).
  expect(alternative!.text.trimEnd()).toBe(attachment!.text.trimEnd());
  const calendar = parseCalendar(attachment!.text);
  expect(calendar.name).toBe('VCALENDAR');
  expect(calendar.children).toHaveLength(1);
  return { calendar, event: calendar.children[0]! };
}

/** "20260610T130000Z" as a Date. */
function utcOf(value: string): string {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  expect(match, `${value} is an absolute UTC time`).not.toBeNull();
  const [, y, mo, d, h, mi, s] = match!;
  return `${y}-${mo}-${d}T${h}:${mi}:${s}.000Z`;
}

describe('the office is e-mailed', () => {
  it('every paid order: customer, service, delivery, URL, payment time, deadline and the link to it', async () => {
    const customer = await account(app, db, 'common', 'Ada Customer');
    const paidAt = clock.now();
    const id = await paidOrder(app, customer);
    const mail = await waitForMail(OFFICE, /^New order/);
    expectWellFormed(mail, company.mailFrom);
    expect(mail.subject).toBe('New order: Website Development Consultation (Video meeting)');
    const link = `${config.PUBLIC_URL}/office?order=${id}`;
    for (const line of [
      `Customer: Ada Customer <${customer.email}>`,
      'Service: Website Development Consultation',
      'Delivery: Video meeting',
      'App URL: https://example.com',
      'Amount: £49.00 (test payment: no money moved)',
      'Paid: Monday, 5 January 2026 at 09:00 GMT (London time)',
      'Deliver by: Tuesday, 6 January 2026 at 09:00 GMT (London time)',
      `Order: ${id}`,
      `Open it in the office: ${link}`,
    ]) {
      expect(mail.text).toContain(line);
    }
    expect(paidAt.toISOString()).toBe('2026-01-05T09:00:00.000Z');
    expect(mail.html).toContain(`href="${link}"`);
    // The customer's receipt still goes to the customer, not to the office.
    await smtp.waitFor(customer.email);
    expect(smtp.to(customer.email).map((received) => received.subject)).toEqual([expect.stringMatching(/^Receipt: /)]);
  });

  it('once more, once, when an order is neither scheduled nor delivered four hours before its deadline', async () => {
    // A clean database and clock of its own: the reminder looks at every order.
    const server = await createTestServer({ SMTP_URL: smtp.url, OFFICE_EMAIL: 'reminders@northgate.test' });
    const to = 'reminders@northgate.test';
    const customer = await account(server.app, server.db);
    const staff = await account(server.app, server.db, 'office');
    const paidAt = server.clock.now().getTime();
    const late = await paidOrder(server.app, customer, PHONE_ORDER);
    const kept = await paidOrder(server.app, customer);
    const reported = await paidOrder(server.app, customer, PDF_ORDER);
    const at = new Date(paidAt + 2 * HOUR).toISOString();
    expect((await schedule(server.app, staff.token, kept, { at, join: JOIN })).status).toBe(200);
    expect((await uploadReport(server.app, staff.token, reported, pdfBlob(tinyPdf()))).status).toBe(200);

    const mail = server.app.mail;
    const job = scheduleJob({
      name: ORDER_REMINDERS_JOB,
      intervalMs: ORDER_REMINDER_INTERVAL_MS,
      run: () => runOrderReminders({ ...server, mail, log: createCapturedLog().log }),
      db: server.db,
      clock: server.clock,
      log: createCapturedLog().log,
    });
    try {
      // What the queue has sent by now.
      const reminders = async () => {
        await mail.idle();
        return mailsTo(to, /^Reminder/);
      };
      expect(await job.tick()).toBe(true);
      expect(await reminders()).toEqual([]);
      // One look per interval: five minutes short of the four hours before the deadline, nothing yet.
      server.clock.advance(DELIVERY_PROMISE_MS - 4 * HOUR - 5 * MINUTE);
      expect(await job.tick()).toBe(true);
      expect(await reminders()).toEqual([]);
      server.clock.advance(5 * MINUTE);
      expect(await job.tick()).toBe(true);
      const sent = await reminders();
      expect(sent).toHaveLength(1);
      expectWellFormed(sent[0]!, company.mailFrom);
      expect(sent[0]!.subject).toBe(
        'Reminder: Website Development Consultation is due by Tuesday, 6 January 2026 at 09:00 GMT (London time)',
      );
      expect(sent[0]!.text).toContain(`${server.config.PUBLIC_URL}/office?order=${late}`);
      expect(sent[0]!.text).toContain('Delivery: Audio call');
      // Later looks, and past the deadline: still the one.
      for (const step of [5 * MINUTE, 5 * MINUTE, 5 * HOUR]) {
        server.clock.advance(step);
        expect(await job.tick()).toBe(true);
      }
      expect(await reminders()).toHaveLength(1);
      // Two runs at once (a lease taken over from a stalled instance) do not mail an order twice either.
      const another = await paidOrder(server.app, customer);
      server.clock.advance(DELIVERY_PROMISE_MS - 3 * HOUR);
      const runs = await Promise.all([
        runOrderReminders({ ...server, mail, log: createCapturedLog().log }),
        runOrderReminders({ ...server, mail, log: createCapturedLog().log }),
      ]);
      expect(runs.sort()).toEqual([0, 1]);
      const both = await reminders();
      expect(both).toHaveLength(2);
      expect(both[1]!.text).toContain(`/office?order=${another}`);
      const row = await server.db
        .selectFrom('orders')
        .select('promise_reminded_at')
        .where('invoice_id', '=', late)
        .executeTakeFirstOrThrow();
      expect(row.promise_reminded_at).toBe(new Date(paidAt + DELIVERY_PROMISE_MS - 4 * HOUR).toISOString());
    } finally {
      await job.stop();
    }
  });

  it("a reminder is queued once, in the claim's transaction, for the mail queue to deliver", async () => {
    const server = await createTestServer({ OFFICE_EMAIL: 'retry@northgate.test' });
    const customer = await account(server.app, server.db);
    const id = await paidOrder(server.app, customer);
    server.clock.advance(DELIVERY_PROMISE_MS - HOUR);
    const log = createCapturedLog().log;
    const kicks: number[] = [];
    const mail = { kick: () => kicks.push(1) };
    expect(await runOrderReminders({ ...server, mail, log })).toBe(1);
    expect(await runOrderReminders({ ...server, mail, log })).toBe(0);
    expect(kicks).toHaveLength(1);
    const queued = await server.db
      .selectFrom('mail_queue')
      .select(['to_address', 'text_body'])
      .where('kind', '=', 'promise reminder (office)')
      .execute();
    expect(queued).toHaveLength(1);
    expect(queued[0]!.to_address).toBe('retry@northgate.test');
    expect(queued[0]!.text_body).toContain(`/office?order=${id}`);
  });
  it('names the customer, or says the account was deleted, and logs how many it reminded of', async () => {
    const server = await createTestServer({ OFFICE_EMAIL: 'deleted@northgate.test' });
    const staying = await account(server.app, server.db, 'common', 'Ada Staying');
    const leaving = await account(server.app, server.db, 'common', 'Bea Leaving');
    const kept = await paidOrder(server.app, staying);
    const orphaned = await paidOrder(server.app, leaving);
    const deletion = { method: 'POST', headers: bearer(leaving.token) };
    expect((await server.app.request('/api/users/account/deletion/request', deletion)).status).toBe(200);
    server.clock.advance(ACCOUNT_DELETION_GRACE_DAYS * DAY);
    expect(await purgeDueAccounts(server.db, server.clock)).toEqual([leaving.id]);

    const { log, lines } = createCapturedLog();
    const mail = { kick: () => {} };
    expect(await runOrderReminders({ ...server, mail, log })).toBe(2);
    const customerLine = async (id: string) => {
      const queued = await server.db
        .selectFrom('mail_queue')
        .select('text_body')
        .where('kind', '=', 'promise reminder (office)')
        .where('text_body', 'like', `%/office?order=${id}%`)
        .executeTakeFirstOrThrow();
      return queued.text_body.split('\n').find((line) => line.startsWith('Customer'));
    };
    expect(await customerLine(kept)).toMatch(new RegExp(`^Customer: +Ada Staying <${staying.email}>$`));
    expect(await customerLine(orphaned)).toMatch(/^Customer: +\(account deleted\)$/);
    expect(lines).toEqual([
      expect.objectContaining({
        level: 30,
        event: 'orders.reminded',
        count: 2,
        msg: 'reminded the office of 2 order(s)',
      }),
    ]);
    // Nothing more to remind of: nothing more said.
    expect(await runOrderReminders({ ...server, mail, log })).toBe(0);
    expect(lines).toHaveLength(1);
  });
});

describe('the customer is e-mailed', () => {
  it('the call with its time in London time (BST in summer) and an invitation holding the absolute UTC time', async () => {
    moveClockTo('2026-06-10T09:00:00.000Z');
    const customer = await account(app, db, 'common', 'Ada Summer');
    const staff = await account(app, db, 'office');
    const id = await paidOrder(app, customer);
    const res = await schedule(app, staff.token, id, { at: '2026-06-10T13:00:00.000Z', join: JOIN });
    expect(res.status).toBe(200);

    const mail = await waitForMail(customer.email, /booked/);
    expectWellFormed(mail, company.mailFrom);
    expect(mail.subject).toBe(
      'Your video meeting for Website Development Consultation is booked for Wednesday, 10 June 2026 at 14:00 BST (London time)',
    );
    expect(mail.text).toContain('Wednesday, 10 June 2026 at 14:00 BST (London time)');
    expect(mail.text).toContain(`How to join: ${JOIN}`);
    expect(mail.html).toContain('14:00 BST');

    const { calendar, event } = invitationOf(mail);
    expect(property(calendar, 'METHOD')?.value).toBe('REQUEST');
    expect(event.name).toBe('VEVENT');
    expect(utcOf(property(event, 'DTSTART')!.value)).toBe('2026-06-10T13:00:00.000Z');
    // As long as a call lasts (CALL_MINUTES, 45 by default).
    expect(utcOf(property(event, 'DTEND')!.value)).toBe('2026-06-10T13:45:00.000Z');
    expect(property(event, 'UID')?.value).toBe(`order-${id}@northgate-consulting.example`);
    expect(property(event, 'SEQUENCE')?.value).toBe('0');
    expect(property(event, 'LOCATION')?.value).toBe(JOIN);
    expect(property(event, 'ORGANIZER')).toEqual({
      name: 'ORGANIZER',
      params: { CN: company.name },
      value: `mailto:${OFFICE}`, // the office: what the invitation answers go to
    });
    expect(property(event, 'ATTENDEE')).toMatchObject({
      params: { CN: 'Ada Summer' },
      value: `mailto:${customer.email}`,
    });

    // Moved later than the promise, with a reason: a new mail, the same event one sequence on, the reason told.
    const moved = await schedule(app, staff.token, id, {
      at: '2026-06-11T15:30:00.000Z',
      join: JOIN,
      reason: 'Our consultant is ill today.',
    });
    expect(moved.status).toBe(200);
    const second = await waitForMail(customer.email, /has moved/);
    expect(second.subject).toContain('Thursday, 11 June 2026 at 16:30 BST (London time)');
    expect(second.text).toContain('Our consultant is ill today.');
    const again = invitationOf(second).event;
    expect(property(again, 'UID')?.value).toBe(`order-${id}@northgate-consulting.example`);
    expect(property(again, 'SEQUENCE')?.value).toBe('1');
    expect(utcOf(property(again, 'DTSTART')!.value)).toBe('2026-06-11T15:30:00.000Z');

    // The call is marked delivered once it has taken place.
    moveClockTo('2026-06-11T16:30:00.000Z');
    const done = await deliver(app, staff.token, id);
    expect(done.status).toBe(200);
    const delivered = await waitForMail(customer.email, /^Delivered/);
    expectWellFormed(delivered, company.mailFrom);
    expect(delivered.subject).toBe('Delivered: Website Development Consultation');
    expect(delivered.text).toContain('was delivered on Thursday, 11 June 2026');
  });

  it('a customer whose address is not ASCII is scheduled and invited like any other', async () => {
    moveClockTo('2026-06-12T09:00:00.000Z');
    const local = `josé.${Date.now().toString(36)}`;
    const registered = await register(app, { name: 'José Núñez', email: `${local}@exämple.test` });
    const customer = { token: registered.token, email: registered.user.email };
    const staff = await account(app, db, 'office');
    const id = await paidOrder(app, { ...customer, id: registered.user.id, name: 'José Núñez' });
    const res = await schedule(app, staff.token, id, { at: '2026-06-12T13:00:00.000Z', join: JOIN });
    expect(res.status).toBe(200);
    const moved = await schedule(app, staff.token, id, { at: '2026-06-12T15:00:00.000Z', join: JOIN });
    expect(moved.status).toBe(200);

    // The mail goes to the address as it is (SMTPUTF8); its invitation names them in a form calendars read
    // (RFC 6068).
    const mail = await waitForMail(registered.user.email, /has moved/);
    expectWellFormed(mail, company.mailFrom);
    expect(property(invitationOf(mail).event, 'ATTENDEE')).toMatchObject({
      params: { CN: 'José Núñez' },
      value: `mailto:${encodeURIComponent(local)}@xn--exmple-cua.test`,
    });
  });

  it('a customer whose address the calendar library would refuse is still mailed, with the invitation', async () => {
    moveClockTo('2026-06-12T09:00:00.000Z');
    // The site accepts it (`ics` does not). Whether a mail server takes it is its business: this test's one
    // refuses it, so the queued message is what is looked at.
    const address = `ada.${Date.now().toString(36)}@under_score.example`;
    const registered = await register(app, { name: 'Ada "Quoted" Summer', email: address });
    const staff = await account(app, db, 'office');
    const id = await paidOrder(app, { token: registered.token, email: address, id: registered.user.id, name: 'Ada' });
    const res = await schedule(app, staff.token, id, { at: '2026-06-12T13:00:00.000Z', join: JOIN });
    expect(res.status).toBe(200);
    const queued = await db
      .selectFrom('mail_queue')
      .select(['text_body', 'calendar'])
      .where('to_address', '=', address)
      .where('kind', '=', 'call scheduled')
      .executeTakeFirstOrThrow();
    expect(queued.text_body).toContain('The calendar invitation is attached');
    const { content } = JSON.parse(queued.calendar!) as { content: string };
    const unfolded = content.replace(/\r\n /g, '');
    expect(unfolded).toContain(`ATTENDEE;RSVP=FALSE;CN="Ada  Quoted  Summer":mailto:${address}\r\n`);
    expect(content.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
  });

  it('a customer at an IP literal is invited at the address as written', async () => {
    moveClockTo('2026-06-12T09:00:00.000Z');
    // An address at an IP literal: node:url gives its domain no ASCII form, so it stays as it is.
    const address = `ada.${Date.now().toString(36)}@[192.0.2.1]`;
    const registered = await register(app, { name: 'Ada', email: address });
    const staff = await account(app, db, 'office');
    const id = await paidOrder(app, { token: registered.token, email: address, id: registered.user.id, name: 'Ada' });
    expect((await schedule(app, staff.token, id, { at: '2026-06-12T13:00:00.000Z', join: JOIN })).status).toBe(200);
    const queued = await db
      .selectFrom('mail_queue')
      .select('calendar')
      .where('to_address', '=', address)
      .where('kind', '=', 'call scheduled')
      .executeTakeFirstOrThrow();
    const { content } = JSON.parse(queued.calendar!) as { content: string };
    expect(content.replace(/\r\n /g, '')).toContain(`ATTENDEE;RSVP=FALSE;CN="Ada":mailto:${address}\r\n`);
  });

  it('without an invitation (one that could not be made), the mail still goes, pointing to the invoices page', () => {
    const mail = callScheduledMail({
      to: 'ada@example.com',
      name: 'Ada',
      title: 'Website Development Consultation',
      type: 'Video Meeting',
      at: new Date('2026-06-12T13:00:00.000Z'),
      join: JOIN,
      reason: null,
      moved: false,
      publicUrl: 'https://northgate.example',
      calendar: null,
    });
    expect(mail.calendar).toBeUndefined();
    expect(mail.text).toContain('You can add the call to your calendar from your invoices page.');
    expect(mail.text).not.toContain('attached');
  });

  it('in winter the time is GMT, the same as UTC', async () => {
    moveClockTo('2026-11-02T10:00:00.000Z');
    const customer = await account(app, db);
    const staff = await account(app, db, 'office');
    const id = await paidOrder(app, customer, PHONE_ORDER);
    expect(
      (await schedule(app, staff.token, id, { at: '2026-11-02T15:00:00.000Z', join: '+44 20 7946 0000' })).status,
    ).toBe(200);
    const mail = await waitForMail(customer.email, /booked/);
    expect(mail.subject).toBe(
      'Your audio call for Website Development Consultation is booked for Monday, 2 November 2026 at 15:00 GMT (London time)',
    );
    expect(utcOf(property(invitationOf(mail).event, 'DTSTART')!.value)).toBe('2026-11-02T15:00:00.000Z');
  });

  it('the report, with the PDF attached as it was uploaded', async () => {
    const customer = await account(app, db);
    const staff = await account(app, db, 'office');
    const id = await paidOrder(app, customer, PDF_ORDER);
    const pdf = tinyPdf('the findings');
    const res = await uploadReport(app, staff.token, id, pdfBlob(pdf), 'Website review.pdf');
    expect(res.status).toBe(200);
    const mail = await waitForMail(customer.email, /^Your report/);
    expectWellFormed(mail, company.mailFrom);
    expect(mail.subject).toBe('Your report: Website Development Consultation');
    expect(mail.text).toContain('(Website review.pdf)');
    const attachment = mail.parts.find((part) => part.type === 'application/pdf');
    expect(attachment?.filename).toBe('Website review.pdf');
    expect(new Uint8Array(attachment!.bytes)).toEqual(pdf);
  });

  it('nothing is mailed for a refused change', async () => {
    const customer = await account(app, db);
    const staff = await account(app, db, 'office');
    const id = await paidOrder(app, customer, PDF_ORDER);
    await smtp.waitFor(customer.email); // the receipt
    expect(
      (await schedule(app, staff.token, id, { at: new Date(clock.now().getTime() + HOUR).toISOString(), join: JOIN }))
        .status,
    ).toBe(409);
    expect((await deliver(app, staff.token, id)).status).toBe(409);
    await settle();
    expect(smtp.to(customer.email)).toHaveLength(1);
    expect(logLines.filter((line) => line.level >= 50)).toEqual([]);
  });
});
