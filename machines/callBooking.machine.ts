/**
 * The customer books their own call (docs/decisions/0042-customers-book-their-call.md): on a paid call order's
 * invoice card, signed in, and on the mail link's page (`/booking/<token>`), without signing in. One machine
 * serves both; its input says which API it talks to, and the wiring beside the view picks the requests.
 *
 * A call waits for a time, or is booked. Choosing loads the free slots, shows the days on the customer's own
 * clock, then the times of the chosen day; a time picked is confirmed before it is booked. A time taken
 * meanwhile loads fresh slots and says so, the day kept. A booked call may be moved or cancelled (cancelling
 * asks first) until its `changeUntil`; after that, the page says to contact the office, as the server does.
 */
import { assign, fromPromise, setup } from 'xstate';
import { pastCutoffText, type Slot } from '#domain/booking';
import type { BookingPageResponse, BookingResponse, SlotsResponse } from '#domain/bookingContract';
import { company } from '#domain/company';
import { zonedDate } from '#domain/zonedTime';
import { assignError } from './lib/assignError';

/** Which API the machine's actors call: the signed-in order's, or the mail link's. */
export type BookingApi = { via: 'order'; orderId: string } | { via: 'link'; token: string };

/** What the page shows of a booked call: its start, how to join, who holds it, and until when it may change. */
export type CallShown = Pick<NonNullable<BookingResponse['call']>, 'start' | 'join' | 'with' | 'changeUntil'>;

/**
 * A refusal the page has words for, as the wiring reads the server's answer: the time was `taken` meanwhile;
 * the call can no longer be changed here (`closed`: past the cut-off, or the order moved on); the link is not
 * valid (`invalid`). Any other failure is a plain error, and the page offers to try again.
 */
export type Refusal = 'taken' | 'closed' | 'invalid';

export class BookingRefusal extends Error {
  constructor(
    readonly refusal: Refusal,
    message: string,
  ) {
    super(message);
    this.name = 'BookingRefusal';
  }
}

export interface CallBookingInput {
  api: BookingApi;
  /** The customer's IANA zone (the browser's): days and times are shown on its clock, and sent with a booking. */
  timeZone: string;
  /** The card's call as the invoice list gave it, null while it waits for a time; a link's page loads its own. */
  call: CallShown | null;
}

export type CallBookingEvent =
  | { type: 'booking.choose' }
  | { type: 'booking.pickDay'; day: string }
  | { type: 'booking.pickTime'; start: string }
  | { type: 'booking.book' }
  | { type: 'booking.back' }
  | { type: 'booking.dismiss' }
  | { type: 'booking.cancel' }
  | { type: 'booking.confirmCancel' }
  | { type: 'booking.keep' }
  | { type: 'booking.retry' };

interface CallBookingContext {
  api: BookingApi;
  timeZone: string;
  /** The company's zone, as the server names it: the times are shown on its clock too when it differs. */
  companyZone: string;
  /** The link's page names the service; the card has its own title. */
  service: BookingPageResponse['service'] | null;
  call: CallShown | null;
  slots: Slot[];
  /** When the order's one-day promise ends: later slots are marked so (still choosable). */
  promiseEndsAt: string | null;
  /** The day shown ('2026-11-23', on the customer's clock), and the start of the time picked. */
  day: string | null;
  chosen: string | null;
  /** Why fresh slots were loaded: the time picked was taken meanwhile (the server's words). */
  notice: string | null;
  /** Why the call can no longer be changed here. */
  closedText: string | null;
  error: string | null;
}

/** The largest delay a browser's timer takes; a longer wait is made of several. */
const MAX_TIMER_MS = 2 ** 31 - 1;
const MINUTE_MS = 60_000;

/** The days that have slots, in order, on the customer's clock. */
export function offeredDays(slots: readonly Slot[], timeZone: string): string[] {
  return [...new Set(slots.map((slot) => zonedDate(Date.parse(slot.start), timeZone)))];
}

/** The slots of one day on the customer's clock, in order. */
export function slotsOn(slots: readonly Slot[], day: string | null, timeZone: string): Slot[] {
  return slots.filter((slot) => zonedDate(Date.parse(slot.start), timeZone) === day);
}

/** What the card and the link's page say once the cut-off has passed: derived from the call's own times. */
export function cutoffTextOf(call: CallShown): string {
  const minutes = Math.round((Date.parse(call.start) - Date.parse(call.changeUntil)) / MINUTE_MS);
  return pastCutoffText(minutes, company.supportEmail);
}

const refusedAs =
  (refusal: Refusal) =>
  ({ event }: { event: unknown }) =>
    (event as { error?: unknown }).error instanceof BookingRefusal &&
    (event as { error: BookingRefusal }).error.refusal === refusal;

export const callBookingMachine = setup({
  types: {} as {
    context: CallBookingContext;
    events: CallBookingEvent;
    input: CallBookingInput;
    tags:
      | 'loading'
      | 'failed'
      | 'invalid'
      | 'waiting'
      | 'booked'
      | 'changeable'
      | 'askingCancel'
      | 'cancelling'
      | 'cancelFailed'
      | 'picking'
      | 'loadingSlots'
      | 'slotsFailed'
      | 'noSlots'
      | 'choosing'
      | 'confirming'
      | 'submitting'
      | 'submitFailed'
      | 'closed'
      | 'ended';
  },
  actors: {
    loadPage: fromPromise<BookingPageResponse, { api: BookingApi }>(async () => {
      throw new Error('loadPage is not provided');
    }),
    loadSlots: fromPromise<SlotsResponse, { api: BookingApi }>(async () => {
      throw new Error('loadSlots is not provided');
    }),
    book: fromPromise<BookingResponse, { api: BookingApi; start: string; timeZone: string }>(async () => {
      throw new Error('book is not provided');
    }),
    cancelBooking: fromPromise<BookingResponse, { api: BookingApi }>(async () => {
      throw new Error('cancelBooking is not provided');
    }),
  },
  actions: {
    assignError: assignError<CallBookingContext, CallBookingEvent>(),
    /** The slots as the server answered them; the day kept while it still has some, else the first. */
    showSlots: assign(({ context }, answer: SlotsResponse) => {
      const days = offeredDays(answer.slots, context.timeZone);
      return {
        slots: answer.slots,
        promiseEndsAt: answer.promiseEndsAt,
        companyZone: answer.timeZone,
        day: days.find((day) => day === context.day) ?? days[0] ?? null,
        chosen: null,
        error: null,
      };
    }),
    /** The call as the server answered a booking, a move or a cancel. */
    showCall: assign((_, answer: BookingResponse) => ({
      call: answer.call,
      chosen: null,
      notice: null,
      error: null,
    })),
    /** The link's page as the server answered it: the service, the call and the slots to move to. */
    showPage: assign(({ context }, page: BookingPageResponse) => ({
      error: null,
      service: page.service,
      call: page.call,
      slots: page.slots,
      promiseEndsAt: page.promiseEndsAt,
      companyZone: page.timeZone,
      day: offeredDays(page.slots, context.timeZone)[0] ?? null,
    })),
    /** Said by the server when it refused. */
    closeWith: assign(({ event }) => ({
      closedText: (event as unknown as { error: Error }).error.message,
      chosen: null,
    })),
  },
  guards: {
    viaLink: ({ context }) => context.api.via === 'link',
    hasCall: ({ context }) => context.call !== null,
    pageEnded: (_, page: BookingPageResponse) => page.state === 'ended',
    /** No call now: the customer cancelled it (from here or the card); a new time may be chosen. */
    pageCancelled: (_, page: BookingPageResponse) => page.call === null,
    noSlots: (_, answer: SlotsResponse) => answer.slots.length === 0,
    offeredDay: ({ context }, day: string) => offeredDays(context.slots, context.timeZone).includes(day),
    /** A time of the day shown: the page has buttons for no other. */
    offeredTime: ({ context }, start: string) =>
      slotsOn(context.slots, context.day, context.timeZone).some((slot) => slot.start === start),
    /**
     * The customer may still change the call themselves: the timer ran before the window closed, which only a
     * wait longer than one timer takes does (the server refuses from the window's end on).
     */
    changeWindowOpen: ({ context }) => Date.now() < Date.parse(context.call!.changeUntil),
    taken: refusedAs('taken'),
    closed: refusedAs('closed'),
    invalid: refusedAs('invalid'),
  },
  delays: {
    /** Until the call's change window closes; a longer wait than a timer takes is checked again on the way. */
    changeWindow: ({ context }) =>
      Math.min(Math.max(Date.parse(context.call!.changeUntil) - Date.now(), 0), MAX_TIMER_MS),
  },
}).createMachine({
  id: 'callBooking',
  context: ({ input }) => ({
    api: input.api,
    timeZone: input.timeZone,
    companyZone: company.timeZone,
    service: null,
    call: input.call,
    slots: [],
    promiseEndsAt: null,
    day: null,
    chosen: null,
    notice: null,
    closedText: null,
    error: null,
  }),
  initial: 'start',
  states: {
    /** The link's page loads its call; the card knows it from the invoice list. */
    start: {
      always: [{ guard: 'viaLink', target: 'opening' }, { guard: 'hasCall', target: 'booked' }, { target: 'waiting' }],
    },
    opening: {
      tags: ['loading'],
      invoke: {
        id: 'loadPage',
        src: 'loadPage',
        input: ({ context }) => ({ api: context.api }),
        onDone: [
          {
            guard: { type: 'pageEnded', params: ({ event }) => event.output },
            target: 'ended',
            actions: { type: 'showPage', params: ({ event }) => event.output },
          },
          {
            guard: { type: 'pageCancelled', params: ({ event }) => event.output },
            target: 'waiting',
            actions: { type: 'showPage', params: ({ event }) => event.output },
          },
          { target: 'booked', actions: { type: 'showPage', params: ({ event }) => event.output } },
        ],
        onError: [
          { guard: 'invalid', target: 'invalid' },
          { target: 'unavailable', actions: 'assignError' },
        ],
      },
    },
    /** The link's page could not be loaded: it offers to try again. */
    unavailable: {
      tags: ['failed'],
      on: { 'booking.retry': 'opening' },
    },
    /** An unknown or spent link: nothing to show but what to do instead. */
    invalid: { tags: ['invalid'] },
    /** The link's call has been held, or is past: the page shows what it was and changes nothing. */
    ended: { tags: ['ended'] },
    /** Paid and waiting for a time (or cancelled, on the link's page). */
    waiting: {
      tags: ['waiting'],
      on: { 'booking.choose': 'picking' },
    },
    booked: {
      initial: 'idle',
      states: {
        idle: {
          tags: ['booked', 'changeable'],
          // A call already past its window closes at once; a wait longer than a timer takes is waited again.
          after: {
            changeWindow: [
              { guard: 'changeWindowOpen', target: 'idle', reenter: true },
              {
                target: '#callBooking.closed',
                actions: assign({ closedText: ({ context }) => cutoffTextOf(context.call!) }),
              },
            ],
          },
          on: {
            'booking.choose': '#callBooking.picking',
            'booking.cancel': 'asking',
          },
        },
        /** The dialog asks before the booking goes. */
        asking: {
          tags: ['booked', 'askingCancel'],
          on: { 'booking.confirmCancel': 'cancelling', 'booking.keep': 'idle' },
        },
        cancelling: {
          tags: ['booked', 'cancelling'],
          invoke: {
            id: 'cancelBooking',
            src: 'cancelBooking',
            input: ({ context }) => ({ api: context.api }),
            onDone: {
              target: '#callBooking.waiting',
              actions: { type: 'showCall', params: ({ event }) => event.output },
            },
            onError: [
              { guard: 'closed', target: '#callBooking.closed', actions: 'closeWith' },
              { guard: 'invalid', target: '#callBooking.invalid' },
              { target: 'cancelFailed', actions: 'assignError' },
            ],
          },
        },
        /** The booking stands: the cancel did not go through. The customer may try again or keep it. */
        cancelFailed: {
          tags: ['booked', 'cancelFailed'],
          on: { 'booking.retry': 'cancelling', 'booking.keep': { target: 'idle', actions: assign({ error: null }) } },
        },
      },
    },
    /** Choosing a time: the slots, a day, a time, then the confirmation. */
    picking: {
      tags: ['picking'],
      initial: 'loading',
      on: {
        'booking.dismiss': [
          { guard: 'hasCall', target: 'booked', actions: assign({ chosen: null, notice: null, error: null }) },
          { target: 'waiting', actions: assign({ chosen: null, notice: null, error: null }) },
        ],
      },
      states: {
        loading: {
          tags: ['loadingSlots'],
          invoke: {
            id: 'loadSlots',
            src: 'loadSlots',
            input: ({ context }) => ({ api: context.api }),
            onDone: [
              {
                guard: { type: 'noSlots', params: ({ event }) => event.output },
                target: 'empty',
                actions: { type: 'showSlots', params: ({ event }) => event.output },
              },
              { target: 'choosing', actions: { type: 'showSlots', params: ({ event }) => event.output } },
            ],
            onError: [
              { guard: 'closed', target: '#callBooking.closed', actions: 'closeWith' },
              { guard: 'invalid', target: '#callBooking.invalid' },
              { target: 'failed', actions: 'assignError' },
            ],
          },
        },
        failed: {
          tags: ['slotsFailed'],
          on: { 'booking.retry': 'loading' },
        },
        /** No time is free within the horizon: the page says to contact the office. */
        empty: {
          tags: ['noSlots'],
          on: { 'booking.retry': 'loading' },
        },
        choosing: {
          tags: ['choosing'],
          on: {
            'booking.pickDay': {
              guard: { type: 'offeredDay', params: ({ event }) => event.day },
              actions: assign({ day: ({ event }) => event.day }),
            },
            'booking.pickTime': {
              guard: { type: 'offeredTime', params: ({ event }) => event.start },
              target: 'confirming',
              actions: assign({ chosen: ({ event }) => event.start, notice: null }),
            },
          },
        },
        confirming: {
          tags: ['confirming'],
          on: {
            'booking.book': '#callBooking.submitting',
            'booking.back': { target: 'choosing', actions: assign({ chosen: null }) },
          },
        },
        /** The booking did not go through: the same time may be sent again, or another chosen. */
        submitFailed: {
          tags: ['confirming', 'submitFailed'],
          on: {
            'booking.retry': '#callBooking.submitting',
            'booking.back': { target: 'choosing', actions: assign({ chosen: null, error: null }) },
          },
        },
      },
    },
    /** The chosen time is being booked (or the call moved to it): nothing else happens meanwhile. */
    submitting: {
      tags: ['picking', 'confirming', 'submitting'],
      invoke: {
        id: 'book',
        src: 'book',
        input: ({ context }) => ({
          api: context.api,
          start: context.chosen!,
          timeZone: context.timeZone,
        }),
        onDone: { target: 'booked', actions: { type: 'showCall', params: ({ event }) => event.output } },
        onError: [
          {
            guard: 'taken',
            target: 'picking.loading',
            actions: assign({ notice: ({ event }) => (event.error as Error).message, chosen: null }),
          },
          { guard: 'closed', target: 'closed', actions: 'closeWith' },
          { guard: 'invalid', target: 'invalid', actions: assign({ chosen: null }) },
          { target: 'picking.submitFailed', actions: 'assignError' },
        ],
      },
    },
    /** Too close to the call, or the order moved on: the page says why and how to reach the office. */
    closed: { tags: ['closed'] },
  },
});
