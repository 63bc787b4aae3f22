/**
 * The customer's booking machine (machines/callBooking.machine.ts): sample inputs, events, answers and refusals,
 * for its path test and its browser model. Three ways in: the card of a paid call waiting for a time (a customer
 * in Kathmandu, UTC+05:45), the card of a call the office set weeks ahead (in London), and the mail's link (a
 * customer in Kiritimati, UTC+14, whose days start before London's).
 */
import type { SnapshotFrom } from 'xstate';
import { pastCutoffText, SLOT_TAKEN_TEXT } from '#domain/booking';
import type { BookingPageResponse, BookingResponse, SlotsResponse } from '#domain/bookingContract';
import { company } from '#domain/company';
import { BookingRefusal, type callBookingMachine } from '#machines/callBooking.machine';
import type { PathTestOptions } from '#toolkit';

type Samples = Pick<
  PathTestOptions<typeof callBookingMachine>,
  'events' | 'outputs' | 'errors' | 'inputs' | 'serializeState'
>;

type BookedCallWire = NonNullable<BookingResponse['call']>;

export const ORDER_ID = 'invoice-call-1';
const LINK_TOKEN = 'link-token-1';

/**
 * A call whose window to change it closes within a timer's reach: once its timer runs, the card says to contact
 * the office. Its dates are past, so the machine's clock check agrees wherever the suite runs.
 */
export const NEAR_CALL: BookedCallWire = {
  start: '2026-11-24T15:00:00.000Z',
  end: '2026-11-24T15:45:00.000Z',
  join: 'https://meet.example/abc',
  with: 'Olive Office',
  changeUntil: '2026-11-24T13:00:00.000Z',
  chosenByCustomer: true,
};

/**
 * A call further off than one timer waits (about 24.8 days), as the office may set one: its timer runs, and the
 * window is still open.
 */
export const FAR_CALL: BookedCallWire = {
  ...NEAR_CALL,
  start: '2099-03-02T10:00:00.000Z',
  end: '2099-03-02T10:45:00.000Z',
  changeUntil: '2099-03-02T08:00:00.000Z',
};

/**
 * Three slots over two days on London's clock; the last after the one-day promise. In Kathmandu they fall on
 * the 23rd and the 24th as in London, in Kiritimati on the 24th and the 25th.
 */
export const SLOTS: SlotsResponse = {
  timeZone: company.timeZone,
  promiseEndsAt: '2026-11-24T09:00:00.000Z',
  slots: [
    { start: '2026-11-23T14:00:00.000Z', end: '2026-11-23T14:45:00.000Z' },
    { start: '2026-11-23T16:00:00.000Z', end: '2026-11-23T16:45:00.000Z' },
    { start: '2026-11-24T10:00:00.000Z', end: '2026-11-24T10:45:00.000Z' },
  ],
};

const NO_SLOTS: SlotsResponse = { ...SLOTS, slots: [] };

const service = { title: 'Website Development Consultation', type: 'Video Meeting' };

const SCHEDULED_PAGE: BookingPageResponse = { service, state: 'scheduled', call: NEAR_CALL, ...SLOTS };
const CANCELLED_PAGE: BookingPageResponse = { ...SCHEDULED_PAGE, state: 'cancelled', call: null };
const ENDED_PAGE: BookingPageResponse = { ...SCHEDULED_PAGE, state: 'ended', slots: [] };

export const BOOKED: BookingResponse = { status: 'scheduled', call: NEAR_CALL };
const CANCELLED: BookingResponse = { status: 'paid', call: null };

export const CUTOFF_TEXT = pastCutoffText(120, company.supportEmail);
const INVALID_TEXT = 'This booking link is not valid any more.';

const taken = () => new BookingRefusal('taken', SLOT_TAKEN_TEXT);
const closed = () => new BookingRefusal('closed', CUTOFF_TEXT);
const invalid = () => new BookingRefusal('invalid', INVALID_TEXT);

export const callBookingSamples: Samples = {
  inputs: [
    { api: { via: 'order', orderId: ORDER_ID }, timeZone: 'Asia/Kathmandu', call: null },
    { api: { via: 'order', orderId: ORDER_ID }, timeZone: 'Europe/London', call: FAR_CALL },
    { api: { via: 'link', token: LINK_TOKEN }, timeZone: 'Pacific/Kiritimati', call: null },
  ],
  events: [
    { type: 'booking.choose' },
    { type: 'booking.pickDay', day: '2026-11-24' },
    { type: 'booking.pickDay', day: '2026-11-25' },
    // A day with no slot: no button names it.
    { type: 'booking.pickDay', day: '2026-11-30' },
    ...SLOTS.slots.map((slot) => ({ type: 'booking.pickTime' as const, start: slot.start })),
    { type: 'booking.book' },
    { type: 'booking.back' },
    { type: 'booking.dismiss' },
    { type: 'booking.cancel' },
    { type: 'booking.confirmCancel' },
    { type: 'booking.keep' },
    { type: 'booking.retry' },
  ],
  outputs: {
    loadPage: [SCHEDULED_PAGE, CANCELLED_PAGE, ENDED_PAGE],
    loadSlots: [SLOTS, NO_SLOTS],
    book: [BOOKED],
    cancelBooking: [CANCELLED],
  },
  errors: {
    loadPage: [invalid(), new Error('Network Error')],
    loadSlots: [closed(), invalid(), new Error('Network Error')],
    book: [taken(), closed(), invalid(), new Error('Network Error')],
    cancelBooking: [closed(), invalid(), new Error('Network Error')],
  },
  serializeState: callBookingState,
};

/** The state and what of the context decides the next step or what the page shows. */
function callBookingState(snapshot: SnapshotFrom<typeof callBookingMachine>): string {
  const { context } = snapshot;
  return JSON.stringify({
    value: snapshot.value,
    via: context.api.via,
    zone: context.timeZone,
    call: context.call?.start ?? null,
    slots: context.slots.length,
    day: context.day,
    chosen: context.chosen,
    notice: context.notice,
    closed: context.closedText,
    error: context.error,
  });
}
