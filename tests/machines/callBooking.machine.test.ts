import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { SLOT_TAKEN_TEXT } from '#domain/booking';
import type { BookingResponse, SlotsResponse } from '#domain/bookingContract';
import {
  type BookingApi,
  BookingRefusal,
  callBookingMachine,
  type CallBookingInput,
  cutoffTextOf,
  offeredDays,
  slotsOn,
} from '#machines/callBooking.machine';
import { BOOKED, callBookingSamples, CUTOFF_TEXT, FAR_CALL, NEAR_CALL, ORDER_ID, SLOTS } from './callBookingSamples';
import { describePathTests } from './pathTest';
import { type Answer, scriptedService } from './scriptedService';

describePathTests({
  machine: callBookingMachine,
  ...callBookingSamples,
  check: (snapshot) => {
    const { context } = snapshot;
    // A time is only ever chosen from the day shown, and only while it is confirmed or booked.
    if (context.chosen !== null) {
      expect(snapshot.hasTag('confirming')).toBe(true);
      expect(slotsOn(context.slots, context.day, context.timeZone).map((slot) => slot.start)).toContain(context.chosen);
    }
    // A booked call is shown with it; a page waiting for a time has none.
    if (snapshot.hasTag('booked')) expect(context.call).not.toBeNull();
    if (snapshot.hasTag('waiting')) expect(context.call).toBeNull();
    if (snapshot.hasTag('closed')) expect(context.closedText).not.toBeNull();
  },
});

const card = (call: CallBookingInput['call'], timeZone = 'Europe/London'): CallBookingInput => ({
  api: { via: 'order', orderId: ORDER_ID },
  timeZone,
  call,
});

/** The machine against answers given in advance, with what it asked for. */
function booking(
  input: CallBookingInput,
  answers: {
    loadSlots?: Answer<SlotsResponse>[];
    book?: Answer<BookingResponse>[];
    cancelBooking?: Answer<BookingResponse>[];
  },
) {
  const calls = {
    loadSlots: [] as { api: BookingApi }[],
    book: [] as { api: BookingApi; start: string; timeZone: string }[],
    cancelBooking: [] as { api: BookingApi }[],
  };
  const actor = createActor(
    callBookingMachine.provide({
      actors: {
        loadSlots: scriptedService(calls.loadSlots, answers.loadSlots ?? []),
        book: scriptedService(calls.book, answers.book ?? []),
        cancelBooking: scriptedService(calls.cancelBooking, answers.cancelBooking ?? []),
      },
    }),
    { input },
  ).start();
  return {
    actor,
    calls,
    send: actor.send.bind(actor),
    context: () => actor.getSnapshot().context,
    tags: () => [...actor.getSnapshot().tags].sort(),
    settled: (tag: 'loadingSlots' | 'submitting' | 'cancelling') =>
      vi.waitFor(() => expect(actor.getSnapshot().hasTag(tag)).toBe(false)),
  };
}

describe('the days and times, on the customer’s clock', () => {
  it('groups the slots by the day they fall on where the customer is', () => {
    expect(offeredDays(SLOTS.slots, 'Europe/London')).toEqual(['2026-11-23', '2026-11-24']);
    expect(offeredDays(SLOTS.slots, 'Pacific/Kiritimati')).toEqual(['2026-11-24', '2026-11-25']);
    // UTC−12: the morning slot of the 24th is still the 23rd.
    expect(offeredDays(SLOTS.slots, 'Etc/GMT+12')).toEqual(['2026-11-23']);
    expect(slotsOn(SLOTS.slots, '2026-11-24', 'Pacific/Kiritimati').map((slot) => slot.start)).toEqual([
      '2026-11-23T14:00:00.000Z',
      '2026-11-23T16:00:00.000Z',
    ]);
    expect(slotsOn(SLOTS.slots, null, 'Europe/London')).toEqual([]);
  });

  it('says the cut-off in the words the server uses, from the call’s own times', () => {
    expect(cutoffTextOf(NEAR_CALL)).toBe(CUTOFF_TEXT);
    expect(cutoffTextOf({ ...NEAR_CALL, changeUntil: '2026-11-24T14:15:00.000Z' })).toContain('45 minutes');
  });
});

describe('booking a time on the card', () => {
  it('shows the first day, books the time picked with the customer’s zone, and shows the call', async () => {
    const page = booking(card(null, 'Asia/Kathmandu'), { loadSlots: [SLOTS], book: [BOOKED] });
    expect(page.tags()).toEqual(['waiting']);
    page.send({ type: 'booking.choose' });
    await page.settled('loadingSlots');
    expect(page.context()).toMatchObject({ day: '2026-11-23', slots: SLOTS.slots, promiseEndsAt: SLOTS.promiseEndsAt });
    // A time of another day is not on the buttons shown.
    page.send({ type: 'booking.pickTime', start: SLOTS.slots[2]!.start });
    expect(page.tags()).toEqual(['choosing', 'picking']);
    page.send({ type: 'booking.pickDay', day: '2026-11-24' });
    page.send({ type: 'booking.pickTime', start: SLOTS.slots[2]!.start });
    expect(page.tags()).toEqual(['confirming', 'picking']);
    page.send({ type: 'booking.book' });
    await page.settled('submitting');
    expect(page.calls.book).toEqual([
      { api: card(null).api, start: SLOTS.slots[2]!.start, timeZone: 'Asia/Kathmandu' },
    ]);
    expect(page.context().call).toEqual(NEAR_CALL);
  });

  it('loads fresh slots when the time was taken meanwhile, and keeps the day', async () => {
    const fresh = { ...SLOTS, slots: SLOTS.slots.slice(2) };
    const page = booking(card(null), {
      loadSlots: [SLOTS, fresh],
      book: [new BookingRefusal('taken', SLOT_TAKEN_TEXT), BOOKED],
    });
    page.send({ type: 'booking.choose' });
    await page.settled('loadingSlots');
    page.send({ type: 'booking.pickDay', day: '2026-11-24' });
    page.send({ type: 'booking.pickTime', start: SLOTS.slots[2]!.start });
    page.send({ type: 'booking.book' });
    await page.settled('submitting');
    await page.settled('loadingSlots');
    expect(page.tags()).toEqual(['choosing', 'picking']);
    expect(page.context()).toMatchObject({ notice: SLOT_TAKEN_TEXT, day: '2026-11-24', chosen: null });
    expect(page.calls.loadSlots).toHaveLength(2);
    // Picking another time puts the notice away.
    page.send({ type: 'booking.pickTime', start: SLOTS.slots[2]!.start });
    expect(page.context().notice).toBeNull();
  });

  it('goes to the first day when the day shown has no slot left', async () => {
    const fresh = { ...SLOTS, slots: SLOTS.slots.slice(0, 1) };
    const page = booking(card(null), {
      loadSlots: [SLOTS, fresh],
      book: [new BookingRefusal('taken', SLOT_TAKEN_TEXT)],
    });
    page.send({ type: 'booking.choose' });
    await page.settled('loadingSlots');
    page.send({ type: 'booking.pickDay', day: '2026-11-24' });
    page.send({ type: 'booking.pickTime', start: SLOTS.slots[2]!.start });
    page.send({ type: 'booking.book' });
    await page.settled('submitting');
    await page.settled('loadingSlots');
    expect(page.context().day).toBe('2026-11-23');
  });
});

describe('a booked call', () => {
  it('moves: the same request, the server knows the call is booked', async () => {
    const page = booking(card(FAR_CALL), { loadSlots: [SLOTS], book: [BOOKED] });
    expect(page.tags()).toEqual(['booked', 'changeable']);
    page.send({ type: 'booking.choose' });
    await page.settled('loadingSlots');
    page.send({ type: 'booking.pickTime', start: SLOTS.slots[0]!.start });
    page.send({ type: 'booking.book' });
    await page.settled('submitting');
    expect(page.calls.book).toEqual([{ api: card(null).api, start: SLOTS.slots[0]!.start, timeZone: 'Europe/London' }]);
    expect(page.context().call).toEqual(NEAR_CALL);
  });

  it('is cancelled only once the customer confirms, and then waits for a time again', async () => {
    const page = booking(card(FAR_CALL), {
      cancelBooking: [new Error('Network Error'), { status: 'paid', call: null }],
    });
    page.send({ type: 'booking.cancel' });
    expect(page.tags()).toEqual(['askingCancel', 'booked']);
    page.send({ type: 'booking.keep' });
    expect(page.calls.cancelBooking).toEqual([]);
    page.send({ type: 'booking.cancel' });
    page.send({ type: 'booking.confirmCancel' });
    await page.settled('cancelling');
    expect(page.tags()).toEqual(['booked', 'cancelFailed']);
    expect(page.context()).toMatchObject({ call: FAR_CALL, error: 'Network Error' });
    page.send({ type: 'booking.retry' });
    await page.settled('cancelling');
    expect(page.tags()).toEqual(['waiting']);
    expect(page.context().call).toBeNull();
    expect(page.calls.cancelBooking).toHaveLength(2);
  });

  it('closes its window at the cut-off, on the real clock', async () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-24T12:00:00.000Z') });
    try {
      const page = booking(card(NEAR_CALL), {});
      expect(page.tags()).toEqual(['booked', 'changeable']);
      vi.advanceTimersByTime(60 * 60_000 - 1);
      expect(page.tags()).toEqual(['booked', 'changeable']);
      vi.advanceTimersByTime(1);
      expect(page.tags()).toEqual(['closed']);
      expect(page.context().closedText).toBe(CUTOFF_TEXT);
    } finally {
      vi.useRealTimers();
    }
  });

  it('says what the server says when it refuses a change past the cut-off', async () => {
    const page = booking(card(FAR_CALL), { loadSlots: [new BookingRefusal('closed', 'Too late, call us.')] });
    page.send({ type: 'booking.choose' });
    await page.settled('loadingSlots');
    expect(page.tags()).toEqual(['closed']);
    expect(page.context().closedText).toBe('Too late, call us.');
  });
});

it('fails with the name of a service the page did not provide', async () => {
  const link = createActor(callBookingMachine, {
    input: { api: { via: 'link', token: 't' }, timeZone: 'UTC', call: null },
  }).start();
  await vi.waitFor(() => expect(link.getSnapshot().hasTag('failed')).toBe(true));
  expect(link.getSnapshot().context.error).toBe('loadPage is not provided');
});
