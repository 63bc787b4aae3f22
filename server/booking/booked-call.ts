/** A booked call as its customer is told of it: how to join, who holds it, until when they may change it. */
import { randomBytes } from 'node:crypto';
import type { BookingResponse } from '#domain/bookingContract';
import { company } from '#domain/company';
import type { Services } from '../services';
import { changeDeadline } from './customer-order';

const MINUTE_MS = 60_000;

/**
 * How the customer joins a call they booked: a video meeting gets a room of its own (128 random bits in its
 * name, so nobody guesses it); a phone call is the office's number, rung at the call's time.
 */
export function joinFor(type: string, config: Services['config']): string {
  if (type === 'Video Meeting') {
    return `${config.CALL_VIDEO_ROOM_URL}/${company.shortName}-${randomBytes(16).toString('hex')}`;
  }
  return `Ring ${config.CALL_PHONE_NUMBER} at the call's time.`;
}

/** The answer to a booking or a move: the order is scheduled, with its call. */
export function bookedCallOf(
  config: Services['config'],
  call: { start: string; join: string },
  memberName: string | null,
): BookingResponse {
  return {
    status: 'scheduled',
    call: {
      start: call.start,
      end: new Date(Date.parse(call.start) + config.CALL_MINUTES * MINUTE_MS).toISOString(),
      join: call.join,
      with: memberName,
      changeUntil: changeDeadline(call.start, config).toISOString(),
      chosenByCustomer: true,
    },
  };
}
