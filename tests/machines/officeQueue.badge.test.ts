/**
 * The office list's badge against the one-day promise (src/pages/office/orderView.ts): a call booked after the
 * promise is told apart, in the warning colour, from one the countdown still covers.
 */
import { describe, expect, it } from 'vitest';
import { BOOKED_LATE_TEXT, promiseStanding } from '#src/pages/office/orderView';
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

  it('keeps the countdown for an order with no call yet, and the delivery for a delivered one', () => {
    expect(promiseStanding(callPaid, OFFICE_NOW)?.urgency).toBe('onTrack');
    expect(promiseStanding(callDelivered, OFFICE_NOW)?.urgency).toBe('done');
  });
});
