import {
  BOOKING_CHANGE_CUTOFF_MINUTES_DEFAULT,
  BOOKING_HORIZON_DAYS_DEFAULT,
  BOOKING_NOTICE_MINUTES_DEFAULT,
  CALL_BUFFER_MINUTES_DEFAULT,
  CALL_MINUTES_DEFAULT,
  CALL_REMINDER_MINUTES_DEFAULT,
} from '#domain/booking';
import { type Env, integer, raw, url } from './config-values';

const WEEK_MINUTES = 7 * 24 * 60;

/**
 * The variables of customers booking their call (docs/decisions/0042-customers-book-their-call.md): how long a
 * call lasts and rests after, which slots are offered, and until when a customer may change one.
 */
export function readBooking(env: Env) {
  return {
    /** How long a call lasts, and the pause after it before the same office member's next call. */
    CALL_MINUTES: integer(env, 'CALL_MINUTES', CALL_MINUTES_DEFAULT, 15, 240),
    CALL_BUFFER_MINUTES: integer(env, 'CALL_BUFFER_MINUTES', CALL_BUFFER_MINUTES_DEFAULT, 0, 240),
    /** The first slot offered starts this long after now; the last within this many days. */
    BOOKING_NOTICE_MINUTES: integer(env, 'BOOKING_NOTICE_MINUTES', BOOKING_NOTICE_MINUTES_DEFAULT, 0, WEEK_MINUTES),
    BOOKING_HORIZON_DAYS: integer(env, 'BOOKING_HORIZON_DAYS', BOOKING_HORIZON_DAYS_DEFAULT, 1, 90),
    /** A customer moves or cancels a call until this long before it. */
    BOOKING_CHANGE_CUTOFF_MINUTES: integer(
      env,
      'BOOKING_CHANGE_CUTOFF_MINUTES',
      BOOKING_CHANGE_CUTOFF_MINUTES_DEFAULT,
      0,
      WEEK_MINUTES,
    ),
    /** The customer's reminder goes this long before the call. */
    CALL_REMINDER_MINUTES: integer(env, 'CALL_REMINDER_MINUTES', CALL_REMINDER_MINUTES_DEFAULT, 0, 24 * 60),
    /**
     * How a customer joins a call they booked: a video meeting's room is this address and a random name (rooms
     * made on first join, as Jitsi's are); a phone call is this number, rung at the call's time.
     */
    CALL_VIDEO_ROOM_URL: url(env, 'CALL_VIDEO_ROOM_URL', 'https://meet.jit.si/'),
    CALL_PHONE_NUMBER: raw(env, 'CALL_PHONE_NUMBER')?.trim() || '+44 20 7946 0000',
  };
}
