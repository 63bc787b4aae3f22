/**
 * Shared set-up for the booking tests (docs/decisions/0042-customers-book-their-call.md): office members with
 * weekday hours, a customer's slots, bookings and cancels as the invoice card and the mail's link send them.
 */
import type { Kysely } from 'kysely';
import { assert } from 'superstruct';
import { expect } from 'vitest';
import { type OfficeHours, WEEKDAYS } from '#domain/booking';
import { BookingPageResponse, BookingResponse, SlotsResponse } from '#domain/bookingContract';
import type { Database } from '#server/db/schema';
import type { MailCalendar } from '#server/mail/mailer';
import { type TestApp, bearer, fromAddress, jsonInit } from './helpers';
import type { Account } from './office-helpers';

const EMPTY = Object.fromEntries(WEEKDAYS.map((day) => [day, []])) as unknown as OfficeHours['weekly'];
const WORKDAY = [{ start: '09:00', end: '17:00' }];

/** Monday to Friday, 09:00 to 17:00 on London's clock. */
const WEEKDAY_HOURS = {
  weekly: { ...EMPTY, monday: WORKDAY, tuesday: WORKDAY, wednesday: WORKDAY, thursday: WORKDAY, friday: WORKDAY },
  daysOff: [],
};

export async function setHours(
  app: TestApp,
  member: Account,
  hours: Omit<OfficeHours, 'memberId'> = WEEKDAY_HOURS,
): Promise<void> {
  const res = await app.request('/api/office/availability', jsonInit('PUT', hours, bearer(member.token)));
  expect(res.status).toBe(200);
}

export async function slotsOf(app: TestApp, customer: Account, id: string): Promise<SlotsResponse> {
  const res = await app.request(`/api/orders/${id}/slots`, { headers: bearer(customer.token) });
  expect(res.status).toBe(200);
  const body: unknown = await res.json();
  assert(body, SlotsResponse);
  return body;
}

export function book(app: TestApp, customer: Account, id: string, start: string, timeZone = 'Europe/London') {
  return app.request(`/api/orders/${id}/booking`, jsonInit('POST', { start, timeZone }, bearer(customer.token)));
}

export function cancel(app: TestApp, customer: Account, id: string) {
  return app.request(`/api/orders/${id}/booking/cancel`, jsonInit('POST', {}, bearer(customer.token)));
}

export async function bookingBody(res: Response, status: number): Promise<BookingResponse> {
  expect(res.status).toBe(status);
  const body: unknown = await res.json();
  assert(body, BookingResponse);
  return body;
}

/** A booking link's requests, from a client address of the test's choosing (the link is limited per address). */
export function linkRequest(app: TestApp, path: string, init: RequestInit = {}, address = '198.51.100.7') {
  return app.request(`/api/bookings/${path}`, init, fromAddress(address));
}

export async function linkPage(app: TestApp, token: string, address?: string): Promise<BookingPageResponse> {
  const res = await linkRequest(app, token, {}, address);
  expect(res.status).toBe(200);
  const body: unknown = await res.json();
  assert(body, BookingPageResponse);
  return body;
}

/**
 * The call mails queued for an address, oldest first: kind, subject, text, and the invitation's method and lines
 * (unfolded: an .ics folds long lines, so each property is one line here).
 */
export async function queuedCallMails(db: Kysely<Database>, email: string) {
  const rows = await db
    .selectFrom('mail_queue')
    .select(['kind', 'subject', 'text_body', 'calendar'])
    .where('to_address', '=', email)
    .where('kind', 'like', 'call %')
    .orderBy('id')
    .execute();
  return rows.map(({ calendar, ...row }) => {
    const invitation = calendar === null ? null : (JSON.parse(calendar) as MailCalendar);
    const lines = invitation?.content.replace(/\r\n[ \t]/g, '').split('\r\n') ?? [];
    return { ...row, method: invitation?.method ?? null, lines };
  });
}
