/**
 * What the browser models of booking a call share (docs/decisions/0042-customers-book-their-call.md): an office
 * member who works every day, so that free slots exist; the booking panel of the invoice card and of the link's
 * page; and choosing a time in it as a customer does, day first, then the time.
 */
import { expect, type Locator, type Page, type Response } from '@playwright/test';
import { WEEKDAYS } from '#domain/booking';
import type { BookingResponse, SlotsResponse } from '#domain/bookingContract';
import { zonedDate } from '#domain/zonedTime';
import { slotsOn } from '#machines/callBooking.machine';
import { dayLabel, timeIn } from '#src/pages/booking/bookingTime';
import { mailsTo } from '../support';
import type { Account } from './office';

/** Every day from midnight to half past eleven at night, on the company's clock. */
const ALL_DAY = Object.fromEntries(WEEKDAYS.map((day) => [day, [{ start: '00:00', end: '23:30' }]]));

/** The office member works every day, all day: whatever the hour a test runs, times are free. */
export async function worksAllDay(page: Page, member: Account) {
  const response = await page.request.put('/api/office/availability', {
    headers: { authorization: `Bearer ${member.token}` },
    data: { weekly: ALL_DAY, daysOff: [] },
  });
  expect(response.status()).toBe(200);
}

/** The browser's own zone, as the page reads it. */
export function zoneOf(page: Page): Promise<string> {
  return page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');
}

/** The booking's requests, told apart by their address. */
export const BOOKING_REQUESTS = {
  slots: /\/api\/orders\/[^/]+\/slots$/,
  book: /\/api\/orders\/[^/]+\/booking$/,
  cancel: /\/api\/orders\/[^/]+\/booking\/cancel$/,
  page: /\/api\/bookings\/[^/]+$/,
  move: /\/api\/bookings\/[^/]+\/move$/,
  cancelLink: /\/api\/bookings\/[^/]+\/cancel$/,
};

/** The next answer to a request whose path matches. */
export function answerTo(page: Page, request: RegExp): Promise<Response> {
  return page.waitForResponse((response) => request.test(new URL(response.url()).pathname));
}

/** The free slots of the answer the page just loaded. */
export async function slotsFrom(answer: Promise<Response>): Promise<SlotsResponse> {
  const response = await answer;
  expect(response.status()).toBe(200);
  return (await response.json()) as SlotsResponse;
}

/** The first slot at or after `at` (ms), else the last: the time a sample's offset asks for. */
export function slotNear(slots: SlotsResponse['slots'], at: number) {
  return slots.find((slot) => Date.parse(slot.start) >= at) ?? slots.at(-1)!;
}

/** Picks the day of the slot, then the slot itself, as a customer does. */
export async function pickSlot(scope: Locator, start: string, timeZone: string, slots: SlotsResponse['slots']) {
  const day = zonedDate(Date.parse(start), timeZone);
  const dayButton = scope.getByRole('button', { name: dayLabel(day, true), exact: true });
  if ((await dayButton.getAttribute('aria-pressed')) !== 'true') await dayButton.click();
  // Times of one day read differently on the customer's clock: the slot is found by its place in the day.
  const index = slotsOn(slots, day, timeZone).findIndex((slot) => slot.start === start);
  const times = scope.getByRole('list').last().getByRole('button');
  await expect(times.nth(index)).toContainText(timeIn(start, timeZone));
  await times.nth(index).click();
}

/** Presses the confirmation's button and answers the booking the server made. */
export async function confirmBooking(page: Page, scope: Locator, request: RegExp): Promise<BookingResponse> {
  const answer = answerTo(page, request);
  await scope.getByRole('button', { name: /^(Book this time|Move to this time)$/ }).click();
  const response = await answer;
  expect([200, 201]).toContain(response.status());
  return (await response.json()) as BookingResponse;
}

/** The token of the `/booking/<token>` link in the customer's latest booking mail (about `about`, when given). */
export async function linkFromMail(email: string, about = ''): Promise<string> {
  let token: string | undefined;
  await expect
    .poll(() => {
      token = mailsTo(email)
        // Quoted-printable breaks long lines with a trailing '=': joined again, the link is whole.
        .map((mail) => mail.replace(/=\r?\n/g, ''))
        .filter((mail) => mail.includes(about))
        .flatMap((mail) => [...mail.matchAll(/\/booking\/([A-Za-z0-9_-]{20,})/g)].map((match) => match[1]!))
        .at(-1);
      return token;
    })
    .toBeDefined();
  return token!;
}
