/** The body of a booking or a move: the chosen start and the customer's zone, checked; 400 with the reason. */
import type { Context } from 'hono';
import { BookingRequest } from '#domain/bookingContract';
import { readJson, validate } from '../http/validate';
import { TIME_ZONE_TEXT } from './time-zone';

export const START_TEXT = "Please choose one of the times offered (the call's start as an ISO date and time).";

export async function readBooking(c: Context): Promise<BookingRequest> {
  return validate(BookingRequest, await readJson(c), { start: START_TEXT, timeZone: TIME_ZONE_TEXT });
}
