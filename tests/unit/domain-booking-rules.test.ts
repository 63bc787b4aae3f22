/**
 * The booking's settings and texts (domain/booking.ts): the defaults docs/product.md#booking and
 * docs/configuration.md state, the office's week, and the words the server and the pages share.
 */
import { describe, expect, it } from 'vitest';
import {
  BOOKING_CHANGE_CUTOFF_MINUTES_DEFAULT,
  BOOKING_HORIZON_DAYS_DEFAULT,
  BOOKING_NOTICE_MINUTES_DEFAULT,
  CALL_BUFFER_MINUTES_DEFAULT,
  CALL_MINUTES_DEFAULT,
  CALL_REMINDER_MINUTES_DEFAULT,
  SLOT_STEP_MINUTES,
  SLOT_TAKEN_TEXT,
  WEEKDAYS,
  pastCutoffText,
} from '#domain/booking';

describe('the booking’s settings', () => {
  it('default to a 45-minute call, 15 minutes’ rest, 2 hours’ notice, 14 days ahead, changes until 2 hours before', () => {
    expect({
      call: CALL_MINUTES_DEFAULT,
      buffer: CALL_BUFFER_MINUTES_DEFAULT,
      notice: BOOKING_NOTICE_MINUTES_DEFAULT,
      horizon: BOOKING_HORIZON_DAYS_DEFAULT,
      cutoff: BOOKING_CHANGE_CUTOFF_MINUTES_DEFAULT,
      reminder: CALL_REMINDER_MINUTES_DEFAULT,
      step: SLOT_STEP_MINUTES,
    }).toEqual({ call: 45, buffer: 15, notice: 120, horizon: 14, cutoff: 120, reminder: 60, step: 30 });
  });

  it('run the office’s week from Monday', () => {
    expect(WEEKDAYS).toEqual(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']);
  });
});

describe('the booking’s texts', () => {
  it('say a time was taken meanwhile, and ask for another', () => {
    expect(SLOT_TAKEN_TEXT).toBe('Sorry, that time was taken a moment ago. Please choose another time.');
  });

  it.each([
    [120, '2 hours'],
    [60, '1 hour'],
    [90, '90 minutes'],
    [1, '1 minute'],
    [1440, '24 hours'],
  ])('past a cut-off of %i minutes, say the call is less than %s away and whom to write to', (minutes, before) => {
    expect(pastCutoffText(minutes, 'office@example.com')).toBe(
      `Your call is less than ${before} away, so it can no longer be changed here. ` +
        'To move or cancel it, please contact us at office@example.com.',
    );
  });
});
