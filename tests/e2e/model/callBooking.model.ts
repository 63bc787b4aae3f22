/**
 * The customer books their call in Chromium against the real server, at the desktop width and at 375 px, in the
 * sample's own time zone: a paid video meeting's invoice card (Kathmandu), the card of a call the office set 25
 * days ahead (London), and the mail link's page (Kiritimati). An office member works every day, all day, so
 * times are free whenever the test runs. The page holds the real answers; the sample's days and times are
 * mapped to the real ones by their place (the second day offered, the first time of a day).
 *
 * Refusals are real: a time not offered is "taken", the office moving the call within the cut-off makes every
 * change "closed", a token that is none makes the link "invalid". Only what no request can bring about comes at
 * the network edge: a failure (the connection refused), no free time at all, and a link's call that has ended.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { pastCutoffText, type Slot } from '#domain/booking';
import type { BookingPageResponse, BookingResponse, SlotsResponse } from '#domain/bookingContract';
import { company } from '#domain/company';
import { zonedDate } from '#domain/zonedTime';
import {
  BookingRefusal,
  type CallBookingInput,
  callBookingMachine,
  type CallShown,
  offeredDays,
  slotsOn,
} from '#machines/callBooking.machine';
import { callTime, dayLabel, scheduledLines, timeIn } from '#src/pages/booking/bookingTime';
import { callBookingSamples, SLOTS } from '#tests/machines/callBookingSamples';
import { BOOKING_REQUESTS, linkFromMail, worksAllDay } from './booking';
import { describeBrowserModel } from './browser';
import { type Account, paidOrder, staffAccount } from './office';
import { existingAccount, HeldRequests, openApp, withStoredToken } from './support';

interface Ctx {
  customer: Account;
  office: Account;
  orderId: string;
  via: 'order' | 'link';
  token: string;
  /** The sample input's zone, which the browser runs in too. */
  zone: string;
  /** The call as the page holds it: from the server's last answer to the page. */
  call: CallShown | null;
  /** The free times the page last loaded, and the one chosen. */
  slots: Slot[];
  chosen: string | null;
  /** The slots' requests (the link's page for a link), the booking's and the cancel's. */
  load: HeldRequests;
  book: HeldRequests;
  cancel: HeldRequests;
}

const MINUTE_MS = 60_000;
/** The longest a browser's timer waits (about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;
/** The office sets the far call this many days ahead: further than one timer waits. */
const FAR_DAYS = 25;
const CUTOFF_TEXT = pastCutoffText(120, company.supportEmail);

const main = (page: Page) => page.getByRole('main');
const area = (page: Page, ctx: Ctx): Locator =>
  ctx.via === 'order' ? page.getByTestId('invoice-card').getByTestId('call-booking') : main(page);
const button = (page: Page, ctx: Ctx, name: string) => area(page, ctx).getByRole('button', { name, exact: true });
const spinner = (page: Page, name: string) => main(page).getByRole('progressbar', { name });

/** Clicks a button when the page offers it: an event the machine ignores has no control to press. */
async function clickIfOffered(target: Locator) {
  if ((await target.count()) > 0 && (await target.isVisible()) && (await target.isEnabled())) await target.click();
}

function authorized(account: Account) {
  return { authorization: `Bearer ${account.token}` };
}

/** The office sets (or moves) the call itself, at `at` (ms): a real change behind the page's back. */
async function officeSchedules(page: Page, ctx: Ctx, at: number): Promise<CallShown> {
  const start = new Date(Math.ceil(at / 1000) * 1000).toISOString();
  const join = 'https://meet.example/office-room';
  const response = await page.request.post(`/api/office/orders/${ctx.orderId}/schedule`, {
    headers: authorized(ctx.office),
    data: { at: start, join, reason: 'The customer asked for this date.' },
  });
  expect(response.status()).toBe(200);
  return { start, join, with: null, changeUntil: new Date(Date.parse(start) - 120 * MINUTE_MS).toISOString() };
}

/** The customer books the first free time through the API, as the card would: the booking mail carries the link. */
async function bookedByApi(page: Page, ctx: Ctx): Promise<CallShown> {
  const slots = await page.request.get(`/api/orders/${ctx.orderId}/slots`, { headers: authorized(ctx.customer) });
  expect(slots.status()).toBe(200);
  const first = ((await slots.json()) as SlotsResponse).slots[0]!;
  const booked = await page.request.post(`/api/orders/${ctx.orderId}/booking`, {
    headers: authorized(ctx.customer),
    data: { start: first.start, timeZone: ctx.zone },
  });
  expect(booked.status()).toBe(201);
  return ((await booked.json()) as BookingResponse).call!;
}

/** Lets the next held request through to the real server and hands the page its answer (edited, when asked). */
async function passOn<T>(held: HeldRequests, edit: (body: T) => T = (body) => body): Promise<T> {
  const route = await held.next();
  const response = await route.fetch();
  const json = edit((await response.json()) as T);
  await route.fulfill({ response, json });
  return json;
}

/** Sends the next held request to a token that is none: the server answers what it answers an unknown link. */
async function toUnknownLink(held: HeldRequests, token: string) {
  const route = await held.next();
  await route.continue({ url: route.request().url().replace(token, 'not-a-booking-link') });
}

/** The sample's days, on the input's clock, and the real day at the same place. */
function realDay(ctx: Ctx, sampleDay: string | null): string | undefined {
  const index = offeredDays(SLOTS.slots, ctx.zone).indexOf(sampleDay ?? '');
  return index < 0 ? undefined : offeredDays(ctx.slots, ctx.zone)[index];
}

/** The real slot at the sample slot's place: the same day, the same place in it. */
function realSlot(ctx: Ctx, sampleStart: string): Slot | undefined {
  const sampleDay = zonedDate(Date.parse(sampleStart), ctx.zone);
  const index = slotsOn(SLOTS.slots, sampleDay, ctx.zone).findIndex((slot) => slot.start === sampleStart);
  return slotsOn(ctx.slots, realDay(ctx, sampleDay) ?? null, ctx.zone)[index];
}

const pressedDay = (page: Page, ctx: Ctx) => area(page, ctx).locator('.booking-picker__day[aria-pressed="true"]');
const times = (page: Page, ctx: Ctx) =>
  area(page, ctx)
    .getByRole('group', { name: /^Times on / })
    .getByRole('button');

/** The call as the page states it, on the customer's clock and London's. */
async function expectCall(page: Page, ctx: Ctx, call: CallShown) {
  const when = scheduledLines(call.start, ctx.zone);
  const shown = area(page, ctx).getByTestId('booked-call');
  await expect(shown).toContainText(when.company);
  if (when.mine) await expect(shown).toContainText(when.mine);
  else await expect(shown).not.toContainText('your time');
  await expect(shown).toContainText(`How to join: ${call.join}`);
  if (call.with) await expect(shown).toContainText(`With ${call.with}`);
}

/** The days and times as the page shows them: the sample's day at its place, each real time of it. */
async function expectChoice(
  page: Page,
  ctx: Ctx,
  snapshot: { context: { day: string | null; notice: string | null } },
) {
  const day = realDay(ctx, snapshot.context.day)!;
  await expect(pressedDay(page, ctx)).toHaveAccessibleName(dayLabel(day, true));
  const offered = slotsOn(ctx.slots, day, ctx.zone);
  await expect(times(page, ctx)).toHaveCount(offered.length);
  await expect(times(page, ctx).first()).toContainText(timeIn(offered[0]!.start, ctx.zone));
  const notice = area(page, ctx).getByRole('alert').filter({ hasText: 'that time was taken' });
  await expect(notice).toHaveCount(snapshot.context.notice ? 1 : 0);
}

describeBrowserModel<typeof callBookingMachine, Ctx>({
  machine: callBookingMachine,
  model: {
    ...callBookingSamples,
    // The card's requests are the signed-in customer's: an unknown link cannot happen there.
    filterEvents: (snapshot, event) =>
      !(
        snapshot.context.api.via === 'order' &&
        'error' in event &&
        event.error instanceof BookingRefusal &&
        event.error.refusal === 'invalid'
      ),
  },
  timezoneOf: (input: CallBookingInput) => input.timeZone,
  start: async (page, rawInput) => {
    const input = rawInput as CallBookingInput;
    const office = await staffAccount(page, 'office');
    await worksAllDay(page, office);
    const customer = await existingAccount(page);
    const order = await paidOrder(page, customer, 0, 'Video Meeting');
    const via = input.api.via;
    const link = via === 'link';
    const ctx: Ctx = {
      customer,
      office,
      orderId: order.id,
      via,
      token: '',
      zone: input.timeZone,
      call: null,
      slots: [],
      chosen: null,
      load: await HeldRequests.on(page, link ? BOOKING_REQUESTS.page : BOOKING_REQUESTS.slots),
      book: await HeldRequests.on(page, link ? BOOKING_REQUESTS.move : BOOKING_REQUESTS.book),
      cancel: await HeldRequests.on(page, link ? BOOKING_REQUESTS.cancelLink : BOOKING_REQUESTS.cancel),
    };
    if (link) {
      await bookedByApi(page, ctx);
      ctx.token = await linkFromMail(customer.email);
      await openApp(page, `/booking/${ctx.token}`);
      return ctx;
    }
    if (input.call) ctx.call = await officeSchedules(page, ctx, Date.now() + FAR_DAYS * 24 * 60 * MINUTE_MS);
    await withStoredToken(page, customer.token);
    await openApp(page, '/invoices');
    await expect(page.getByTestId('invoice-card')).toHaveCount(1);
    return ctx;
  },
  states: {
    start: () => Promise.reject(new Error('the machine leaves its start at once')),
    opening: async (page) => {
      await expect(spinner(page, 'Loading your booking')).toBeVisible();
    },
    unavailable: async (page, ctx) => {
      await expect(main(page).getByRole('alert')).toContainText('Your booking could not be loaded.');
      await expect(button(page, ctx, 'Try again')).toBeEnabled();
    },
    invalid: async (page) => {
      await expect(main(page).getByRole('heading', { name: 'This booking link is not valid' })).toBeVisible();
      await expect(main(page).getByRole('button')).toHaveCount(0);
    },
    ended: async (page, ctx) => {
      await expect(main(page).getByRole('heading', { name: 'This booking has ended' })).toBeVisible();
      const when = callTime(ctx.call!.start, ctx.zone, company.timeZone);
      await expect(main(page).getByTestId('booking-ended')).toContainText(`The call was for ${when.mine}`);
      await expect(main(page).getByRole('button')).toHaveCount(0);
    },
    waiting: async (page, ctx) => {
      const link = ctx.via === 'link';
      await expect(area(page, ctx)).toContainText(
        link ? 'Your booking is cancelled.' : 'Paid — please choose a time for your call.',
      );
      await expect(button(page, ctx, link ? 'Choose a new time' : 'Choose a time')).toBeEnabled();
      await expect(area(page, ctx).getByTestId('slot-picker')).toHaveCount(0);
    },
    'booked.idle': async (page, ctx) => {
      await expectCall(page, ctx, ctx.call!);
      await expect(button(page, ctx, 'Change time')).toBeEnabled();
      await expect(button(page, ctx, 'Cancel booking')).toBeEnabled();
      await expect(page.getByRole('alertdialog')).toHaveCount(0);
      await expect(area(page, ctx).getByTestId('slot-picker')).toHaveCount(0);
    },
    'booked.asking': async (page) => {
      const dialog = page.getByRole('alertdialog', { name: 'Cancel this booking?' });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'Keep booking' })).toBeFocused();
    },
    'booked.cancelling': async (page, ctx) => {
      await expect(page.getByRole('alertdialog')).toHaveCount(0);
      await expect(area(page, ctx).getByRole('progressbar', { name: 'Cancelling' })).toBeVisible();
    },
    'booked.cancelFailed': async (page, ctx) => {
      await expectCall(page, ctx, ctx.call!);
      await expect(area(page, ctx).getByRole('alert')).toContainText('The booking could not be cancelled.');
      await expect(button(page, ctx, 'Try cancelling again')).toBeEnabled();
      await expect(button(page, ctx, 'Keep my booking')).toBeEnabled();
    },
    'picking.loading': async (page, ctx) => {
      await expect(area(page, ctx).getByRole('progressbar', { name: 'Loading free times' })).toBeVisible();
    },
    'picking.failed': async (page, ctx) => {
      await expect(area(page, ctx).getByRole('alert')).toContainText('The free times could not be loaded.');
      await expect(button(page, ctx, 'Load the times again')).toBeEnabled();
    },
    'picking.empty': async (page, ctx) => {
      await expect(area(page, ctx)).toContainText('There is no free time in the next two weeks right now.');
      await expect(area(page, ctx).getByRole('link', { name: company.supportEmail })).toBeVisible();
      await expect(button(page, ctx, 'Look again')).toBeEnabled();
    },
    'picking.choosing': (page, ctx, snapshot) => expectChoice(page, ctx, snapshot),
    'picking.confirming': async (page, ctx) => {
      await expect(area(page, ctx).locator('.booking-confirm__time')).toContainText(
        callTime(ctx.chosen!, ctx.zone, company.timeZone).mine,
      );
      await expect(button(page, ctx, ctx.call ? 'Move to this time' : 'Book this time')).toBeEnabled();
      await expect(button(page, ctx, 'Choose another time')).toBeEnabled();
    },
    'picking.submitFailed': async (page, ctx) => {
      await expect(area(page, ctx).getByRole('alert')).toContainText('The time could not be booked.');
      await expect(button(page, ctx, 'Try again')).toBeEnabled();
    },
    submitting: async (page, ctx) => {
      await expect(area(page, ctx).getByRole('progressbar', { name: 'Booking' })).toBeVisible();
      await expect(button(page, ctx, 'Choose another time')).toBeDisabled();
    },
    closed: async (page, ctx) => {
      await expect(area(page, ctx)).toContainText(CUTOFF_TEXT);
      await expect(button(page, ctx, 'Change time')).toHaveCount(0);
      await expect(button(page, ctx, 'Cancel booking')).toHaveCount(0);
    },
  },
  events: {
    'booking.choose': async (page, ctx) => {
      for (const name of ['Choose a time', 'Choose a new time', 'Change time']) {
        await clickIfOffered(button(page, ctx, name));
      }
    },
    'booking.pickDay': async (page, ctx, event) => {
      const day = realDay(ctx, event.day);
      if (day) await clickIfOffered(area(page, ctx).getByRole('button', { name: dayLabel(day, true), exact: true }));
    },
    // A time of the day shown: the page has no button for another day's.
    'booking.pickTime': async (page, ctx, event) => {
      const slot = realSlot(ctx, event.start);
      if (!slot || (await pressedDay(page, ctx).count()) === 0) return;
      const day = zonedDate(Date.parse(slot.start), ctx.zone);
      if ((await pressedDay(page, ctx).getAttribute('aria-label')) !== dayLabel(day, true)) return;
      const index = slotsOn(ctx.slots, day, ctx.zone).indexOf(slot);
      await times(page, ctx).nth(index).click();
      ctx.chosen = slot.start;
    },
    'booking.book': async (page, ctx) => {
      for (const name of ['Book this time', 'Move to this time']) await clickIfOffered(button(page, ctx, name));
    },
    'booking.back': (page, ctx) => clickIfOffered(button(page, ctx, 'Choose another time')),
    'booking.dismiss': async (page, ctx) => {
      for (const name of ['Not now', 'Keep my current time']) await clickIfOffered(button(page, ctx, name));
    },
    'booking.cancel': (page, ctx) => clickIfOffered(button(page, ctx, 'Cancel booking')),
    'booking.confirmCancel': (page) =>
      clickIfOffered(page.getByRole('alertdialog').getByRole('button', { name: 'Cancel booking' })),
    'booking.keep': async (page, ctx) => {
      await clickIfOffered(page.getByRole('alertdialog').getByRole('button', { name: 'Keep booking' }));
      await clickIfOffered(button(page, ctx, 'Keep my booking'));
    },
    'booking.retry': async (page, ctx) => {
      for (const name of ['Try again', 'Load the times again', 'Look again', 'Try cancelling again']) {
        await clickIfOffered(button(page, ctx, name));
      }
    },
  },
  outcomes: {
    // The link's call as the sample's page has it: booked; cancelled first; or set by the office for a moment
    // that has passed by the time the page asks (the office cannot set a past time).
    loadPage: {
      done: async (page, ctx, event) => {
        const { state } = (event as unknown as { output: BookingPageResponse }).output;
        if (state === 'cancelled') {
          const cancelled = await page.request.post(`/api/orders/${ctx.orderId}/booking/cancel`, {
            headers: authorized(ctx.customer),
          });
          expect(cancelled.status()).toBe(200);
        }
        if (state === 'ended') {
          const call = await officeSchedules(page, ctx, Date.now() + 2000);
          await expect.poll(() => Date.now() > Date.parse(call.start) + 500, { timeout: 5000 }).toBe(true);
        }
        const answer = await passOn<BookingPageResponse>(ctx.load);
        expect(answer.state).toBe(state);
        ctx.call = answer.call;
        ctx.slots = answer.slots;
      },
      error: async (_page, ctx, event) => {
        const { error } = event as unknown as { error: Error };
        if (error instanceof BookingRefusal) await toUnknownLink(ctx.load, ctx.token);
        else await ctx.load.fail();
      },
    },
    // No free time at all cannot be made on a shared server: the real answer with its slots taken out.
    loadSlots: {
      done: async (_page, ctx, event) => {
        const none = (event as unknown as { output: SlotsResponse }).output.slots.length === 0;
        const answer = await passOn<SlotsResponse>(ctx.load, (body) => (none ? { ...body, slots: [] } : body));
        expect(answer.slots.length > 0).toBe(!none);
        ctx.slots = answer.slots;
      },
      error: (page, ctx, event) => refuse(page, ctx, ctx.load, event),
    },
    book: {
      done: async (_page, ctx) => {
        const answer = await passOn<BookingResponse>(ctx.book);
        ctx.call = answer.call;
        ctx.chosen = null;
      },
      error: async (page, ctx, event) => {
        const { error } = event as unknown as { error: Error };
        // A time a minute past a slot's start is offered to nobody: the server refuses it as taken.
        if (error instanceof BookingRefusal && error.refusal === 'taken') {
          await ctx.book.release((body) => ({
            ...body,
            start: new Date(Date.parse(String(body.start)) + MINUTE_MS).toISOString(),
          }));
          ctx.chosen = null;
          return;
        }
        await refuse(page, ctx, ctx.book, event);
      },
    },
    cancelBooking: {
      done: async (_page, ctx) => {
        const answer = await passOn<BookingResponse>(ctx.cancel);
        expect(answer.call).toBeNull();
        ctx.call = null;
      },
      error: (page, ctx, event) => refuse(page, ctx, ctx.cancel, event),
    },
  },
  delays: {
    // The page's clock jumps to the window's end, or as far as one timer waits when the call is further off.
    changeWindow: async (page, ctx) => {
      const now = await page.evaluate(() => Date.now());
      const remaining = Math.max(Date.parse(ctx.call!.changeUntil) - now, 0);
      await page.clock.fastForward(Math.min(remaining + 1000, MAX_TIMER_MS));
    },
  },
});

/**
 * A refusal as the server gives it. Closed: the office moves the call to an hour from now, within the cut-off,
 * before the request goes. Invalid: the request goes to a link that is none. Else the connection fails.
 */
async function refuse(page: Page, ctx: Ctx, held: HeldRequests, event: unknown) {
  const { error } = event as { error: Error };
  if (error instanceof BookingRefusal && error.refusal === 'closed') {
    await officeSchedules(page, ctx, Date.now() + 60 * MINUTE_MS);
    const route = await held.next();
    await route.continue();
  } else if (error instanceof BookingRefusal && error.refusal === 'invalid') {
    await toUnknownLink(held, ctx.token);
  } else await held.fail();
}
