/**
 * The booking's whole journey in Chromium against the real server and its real mail (docs/product.md#booking):
 * a customer pays for a call, books it on the invoice card at a phone's width, then moves and cancels it from the
 * mail's link without signing in. Each mail's invitation is read back with ical.js: one event, whose SEQUENCE
 * grows, moved by a REQUEST and taken away by a CANCEL, the MIME method always the file's own.
 */
import { expect, test } from '@playwright/test';
import ICAL from 'ical.js';
import { mailsTo } from './support';
import {
  answerTo,
  BOOKING_REQUESTS,
  confirmBooking,
  linkFromMail,
  pickSlot,
  slotsFrom,
  worksAllDay,
  zoneOf,
} from './model/booking';
import { paidOrder, staffAccount } from './model/office';
import { existingAccount, openApp, withStoredToken } from './model/support';

/** The invitation of the customer's mail number `index`, its MIME method, and the event read back. */
function invitation(email: string, index: number) {
  const mail = mailsTo(email)[index]!.replace(/=\r?\n/g, '');
  const mime = /Content-Type: text\/calendar; ?(?:charset=[^;\s]+; ?)?method=(\w+)/i.exec(mail)?.[1];
  const begin = mail.indexOf('BEGIN:VCALENDAR');
  const text = mail.slice(begin, mail.indexOf('END:VCALENDAR', begin) + 'END:VCALENDAR'.length);
  const calendar = new ICAL.Component(ICAL.parse(text));
  const event = calendar.getFirstSubcomponent('vevent')!;
  return {
    mime: mime?.toUpperCase(),
    method: calendar.getFirstPropertyValue('method'),
    uid: event.getFirstPropertyValue('uid'),
    sequence: event.getFirstPropertyValue('sequence'),
    status: event.getFirstPropertyValue('status'),
    start: (event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString(),
  };
}

/** The customer's mails that carry an invitation, as many as expected once they have come. */
async function invitations(email: string, count: number) {
  await expect.poll(() => mailsTo(email).filter((mail) => mail.includes('BEGIN:VCALENDAR')).length).toBe(count);
  return mailsTo(email)
    .map((mail, index) => (mail.includes('BEGIN:VCALENDAR') ? index : -1))
    .filter((index) => index >= 0)
    .map((index) => invitation(email, index));
}

test.use({ viewport: { width: 375, height: 800 } });

test('a call booked on the card, moved and cancelled from the mail: the calendar event follows', async ({ page }) => {
  const member = await staffAccount(page, 'office');
  await worksAllDay(page, member);
  const customer = await existingAccount(page);
  await paidOrder(page, customer, 0, 'Video Meeting');
  await withStoredToken(page, customer.token);
  const zone = await zoneOf(page);

  // Booked on the invoice card, on a phone.
  const slotsAnswer = answerTo(page, BOOKING_REQUESTS.slots);
  await openApp(page, '/invoices');
  const card = page.getByTestId('invoice-card').getByTestId('call-booking');
  await card.getByRole('button', { name: 'Choose a time', exact: true }).click();
  const { slots } = await slotsFrom(slotsAnswer);
  await pickSlot(card, slots[6]!.start, zone, slots);
  const booked = await confirmBooking(page, card, BOOKING_REQUESTS.book);
  await expect(card.getByTestId('booked-call')).toBeVisible();
  const [first] = await invitations(customer.email, 1);
  expect(first).toMatchObject({ mime: 'REQUEST', method: 'REQUEST', sequence: 0, start: booked.call!.start });

  // Moved from the mail's link, signed out.
  await page.evaluate(() => localStorage.clear());
  const pageAnswer = answerTo(page, BOOKING_REQUESTS.page);
  await openApp(page, `/booking/${await linkFromMail(customer.email)}`);
  const main = page.getByRole('main');
  const onLink = await slotsFrom(pageAnswer);
  await main.getByRole('button', { name: 'Change time', exact: true }).click();
  const later = onLink.slots.find((slot) => slot.start > booked.call!.start && slot.start !== slots[6]!.start)!;
  await pickSlot(main, later.start, zone, onLink.slots);
  await confirmBooking(page, main, BOOKING_REQUESTS.move);
  const [, moved] = await invitations(customer.email, 2);
  expect(moved).toMatchObject({ mime: 'REQUEST', method: 'REQUEST', uid: first!.uid, sequence: 1, start: later.start });

  // Cancelled from the same page: the event goes.
  await main.getByRole('button', { name: 'Cancel booking', exact: true }).click();
  const cancelled = answerTo(page, BOOKING_REQUESTS.cancelLink);
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel booking' }).click();
  expect((await cancelled).status()).toBe(200);
  const [, , gone] = await invitations(customer.email, 3);
  expect(gone).toMatchObject({ mime: 'CANCEL', method: 'CANCEL', uid: first!.uid, sequence: 2, status: 'CANCELLED' });
});
