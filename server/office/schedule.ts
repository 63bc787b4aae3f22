/** Booking an order's call (POST /api/office/orders/<id>/schedule): the request read and its time checked. */
import type { Context } from 'hono';
import { JOIN_MAX, REASON_MAX } from '#domain/orders';
import { ScheduleRequest } from '#domain/officeContract';
import type { Clock } from '../clock';
import { HttpError } from '../http/errors';
import { readJson, validate } from '../http/validate';

export const AT_TEXT = "Please give the call's date and time (ISO 8601 with its time zone).";
export const JOIN_TEXT = `Please say how the customer joins the call: a link or a phone number (up to ${JOIN_MAX} characters).`;
export const REASON_TEXT = `The reason may be up to ${REASON_MAX} characters long.`;
export const IN_THE_PAST_TEXT = "The call's time must be in the future.";
/** Far enough for any real booking, near enough that no typo books a call in another century. */
const SCHEDULE_HORIZON_DAYS = 366;
export const TOO_FAR_TEXT = `The call must be within ${SCHEDULE_HORIZON_DAYS} days from now.`;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The call's time, how to join it and the reason (for a late call); 400 with the reason when one is wrong. */
export async function readSchedule(c: Context, clock: Clock) {
  const body = validate(ScheduleRequest, await readJson(c), { at: AT_TEXT, join: JOIN_TEXT, reason: REASON_TEXT });
  const join = body.join.trim();
  if (join === '') throw new HttpError(400, JOIN_TEXT);
  const reason = body.reason?.trim() || null;
  const at = new Date(body.at);
  const now = clock.now().getTime();
  if (at.getTime() <= now) throw new HttpError(400, IN_THE_PAST_TEXT);
  if (at.getTime() > now + SCHEDULE_HORIZON_DAYS * DAY_MS) throw new HttpError(400, TOO_FAR_TEXT);
  return { at, join, reason };
}
