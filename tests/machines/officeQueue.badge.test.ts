/**
 * The office list's badge against the one-day promise (src/pages/office/orderView.ts): a call booked after the
 * promise is told apart, in the warning colour, from one the countdown still covers; one the customer chose says so.
 */
import { describe, expect, it } from 'vitest';
import {
  BOOKED_LATE_TEXT,
  callAfterPromise,
  callTimeText,
  CHOSEN_LATE_TEXT,
  promiseStanding,
} from '#src/pages/office/orderView';
import { callDelivered, callPaid, callScheduled, callScheduledLate, OFFICE_NOW } from './fixtures';

const MINUTE = 60_000;

describe('the promise badge', () => {
  it('counts down for a call booked within the promise', () => {
    expect(promiseStanding(callScheduled, OFFICE_NOW)).toEqual({ text: '23 h left', urgency: 'onTrack' });
  });

  it('says a call booked after the promise is late, however much of the countdown is left', () => {
    expect(promiseStanding(callScheduledLate, OFFICE_NOW)).toEqual({ text: BOOKED_LATE_TEXT, urgency: 'bookedLate' });
    expect(promiseStanding(callScheduledLate, OFFICE_NOW + 3 * MINUTE)?.text).toBe('Call booked after the promise');
    // Past the deadline it stays what it is: a known delay, explained to the customer.
    expect(promiseStanding(callScheduledLate, Date.parse('2026-11-24T12:00:00.000Z'))?.urgency).toBe('bookedLate');
  });

  it('says when the customer chose the time after the promise, and counts down when they chose within it', () => {
    const chosenLate = { ...callScheduledLate, lateReason: null, chosenByCustomer: true };
    expect(promiseStanding(chosenLate, OFFICE_NOW)).toEqual({ text: CHOSEN_LATE_TEXT, urgency: 'bookedLate' });
    expect(CHOSEN_LATE_TEXT).toBe('Customer chose a time after the promise');
    const chosenWithin = { ...callScheduled, chosenByCustomer: true };
    expect(promiseStanding(chosenWithin, OFFICE_NOW)).toEqual({ text: '23 h left', urgency: 'onTrack' });
  });

  it('tells a call after the promise from one within it, and an order without a call', () => {
    expect(callAfterPromise(callScheduledLate)).toBe(true);
    expect(callAfterPromise(callScheduled)).toBe(false);
    expect(callAfterPromise(callPaid)).toBe(false);
    // One minute past the promise is after it; the promise's own minute is not.
    expect(callAfterPromise({ ...callScheduled, scheduledAt: '2026-11-24T09:01:00.000Z' })).toBe(true);
    expect(callAfterPromise({ ...callScheduled, scheduledAt: '2026-11-24T09:00:00.000Z' })).toBe(false);
  });

  it('keeps the countdown for an order with no call yet, and the delivery for a delivered one', () => {
    expect(promiseStanding(callPaid, OFFICE_NOW)?.urgency).toBe('onTrack');
    expect(promiseStanding(callDelivered, OFFICE_NOW)?.urgency).toBe('done');
  });
});

describe("a call's time in the office's lists", () => {
  it("reads on the company's clock, from its start to its end, in winter and in summer", () => {
    expect(callTimeText({ start: '2026-01-05T14:00:00.000Z', end: '2026-01-05T14:45:00.000Z' })).toBe(
      'Mon, 5 Jan 2026, 14:00–14:45 GMT',
    );
    expect(callTimeText({ start: '2026-07-05T23:30:00.000Z', end: '2026-07-06T00:15:00.000Z' })).toBe(
      'Mon, 6 Jul 2026, 00:30–01:15 BST',
    );
  });
});
