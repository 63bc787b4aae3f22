/**
 * Choosing a time (docs/product.md#orders): the days that have free times, on the customer's clock; the times of
 * the chosen day as buttons, the company's time beside each when the clocks differ; then the chosen time to
 * confirm. A time after the one-day promise is marked so, and may still be chosen.
 */
import { useEffect, useRef } from 'react';
import type { SnapshotFrom } from 'xstate';
import { company } from '#domain/company';
import { zoneLabel } from '#domain/zonedTime';
import { type CallBookingEvent, type callBookingMachine, offeredDays, slotsOn } from '#machines/callBooking.machine';
import { COMPANY_ZONE_LABEL } from '#src/common/orderTime';
import { Spinner } from '#src/components/Spinner';
import { callTime, dayLabel, sameClock, timeIn, whenIn } from './bookingTime';

export type BookingSnapshot = SnapshotFrom<typeof callBookingMachine>;

export interface StepProps {
  snapshot: BookingSnapshot;
  send: (event: CallBookingEvent) => void;
}

/** "London" for "London time": beside each time, where room is short. */
const COMPANY_CITY = COMPANY_ZONE_LABEL.replace(/ time$/, '');

const laterThanPromise = (start: string, promiseEndsAt: string | null) =>
  promiseEndsAt !== null && Date.parse(start) > Date.parse(promiseEndsAt);

/**
 * Moves focus to `target` whenever `step` changes (and when it first shows, with `atFirst`), unless `elsewhere`
 * (another part of the page takes it then), so a keyboard or a screen reader follows the page: the button pressed
 * is usually gone once the step changes.
 */
export function useFocusOnStep<T extends HTMLElement>(step: string, atFirst: boolean, elsewhere = false) {
  const target = useRef<T>(null);
  const first = useRef(true);
  useEffect(() => {
    const skip = (first.current && !atFirst) || elsewhere;
    first.current = false;
    if (!skip) target.current?.focus();
  }, [step, atFirst, elsewhere]);
  return target;
}

/** The step of choosing the page shows; submitting stays the confirmation's, where the pressed button is. */
const PICKER_STEPS = ['loadingSlots', 'slotsFailed', 'noSlots', 'choosing', 'submitFailed', 'confirming'] as const;

export function SlotPicker({ snapshot, send }: StepProps) {
  const moving = snapshot.context.call !== null;
  const step = PICKER_STEPS.find((tag) => snapshot.hasTag(tag)) ?? 'choosing';
  const heading = useFocusOnStep<HTMLHeadingElement>(step, true);
  return (
    <section className="booking-picker" aria-labelledby="booking-picker-title" data-testid="slot-picker">
      <h3 id="booking-picker-title" ref={heading} tabIndex={-1}>
        {snapshot.hasTag('confirming')
          ? moving
            ? 'Move your call to this time?'
            : 'Book this time?'
          : moving
            ? 'Choose a new time'
            : 'Choose a time for your call'}
      </h3>
      {snapshot.hasTag('confirming') ? (
        <ConfirmTime snapshot={snapshot} send={send} />
      ) : (
        <Choice snapshot={snapshot} send={send} />
      )}
      {!snapshot.hasTag('submitting') && (
        <button
          type="button"
          className="button button--outline booking__button"
          onClick={() => send({ type: 'booking.dismiss' })}
        >
          {moving ? 'Keep my current time' : 'Not now'}
        </button>
      )}
    </section>
  );
}

/** The slots loading, failed, none free, or the days and times to choose from. */
function Choice({ snapshot, send }: StepProps) {
  const { notice, error } = snapshot.context;
  if (snapshot.hasTag('loadingSlots')) return <Spinner label="Loading free times" />;
  if (snapshot.hasTag('slotsFailed')) {
    return (
      <div className="booking__problem" role="alert">
        <p>The free times could not be loaded. {error}</p>
        <button
          type="button"
          className="button button--outline booking__button"
          onClick={() => send({ type: 'booking.retry' })}
        >
          Load the times again
        </button>
      </div>
    );
  }
  if (snapshot.hasTag('noSlots')) {
    return (
      <div className="booking__empty">
        <p>
          There is no free time in the next two weeks right now. Please write to us at{' '}
          <a href={`mailto:${company.supportEmail}`}>{company.supportEmail}</a> and we will find a time with you.
        </p>
        <button
          type="button"
          className="button button--outline booking__button"
          onClick={() => send({ type: 'booking.retry' })}
        >
          Look again
        </button>
      </div>
    );
  }
  return (
    <>
      {notice && (
        <p className="booking__notice" role="alert">
          {notice}
        </p>
      )}
      <ZoneNote snapshot={snapshot} send={send} />
      <Days snapshot={snapshot} send={send} />
      <Times snapshot={snapshot} send={send} />
    </>
  );
}

/** Which clock the times are on, and what the promise means for them. */
function ZoneNote({ snapshot }: StepProps) {
  const { timeZone, companyZone, promiseEndsAt, slots } = snapshot.context;
  const differs = slots.some((slot) => !sameClock(slot.start, timeZone, companyZone));
  return (
    <>
      <p className="booking__hint">
        {differs
          ? `Times are in your time zone (${zoneLabel(timeZone)}), with ${COMPANY_ZONE_LABEL} beside them.`
          : `Times are in ${COMPANY_ZONE_LABEL}, which is also yours.`}
      </p>
      {promiseEndsAt && (
        <p className="booking__hint">
          We promised your call within one day of your payment, by {whenIn(promiseEndsAt, timeZone)}. Later times are
          marked; you are welcome to choose one.
        </p>
      )}
    </>
  );
}

function Days({ snapshot, send }: StepProps) {
  const { slots, timeZone, day } = snapshot.context;
  return (
    <fieldset className="booking-picker__group">
      <legend>Day</legend>
      <div className="booking-picker__days">
        {offeredDays(slots, timeZone).map((offered) => (
          <button
            key={offered}
            type="button"
            className="booking-picker__day"
            aria-pressed={offered === day}
            aria-label={dayLabel(offered, true)}
            onClick={() => send({ type: 'booking.pickDay', day: offered })}
          >
            {dayLabel(offered)}
          </button>
        ))}
      </div>
    </fieldset>
  );
}

function Times({ snapshot, send }: StepProps) {
  const { slots, timeZone, companyZone, day, promiseEndsAt } = snapshot.context;
  if (day === null) return null;
  return (
    <fieldset className="booking-picker__group">
      <legend>Times on {dayLabel(day, true)}</legend>
      <ul className="booking-picker__times">
        {slotsOn(slots, day, timeZone).map((slot) => {
          const company = sameClock(slot.start, timeZone, companyZone) ? null : timeIn(slot.start, companyZone);
          const late = laterThanPromise(slot.start, promiseEndsAt);
          const name = [
            timeIn(slot.start, timeZone),
            company && `${company} ${COMPANY_ZONE_LABEL}`,
            late && 'after our one-day promise',
          ];
          return (
            <li key={slot.start}>
              <button
                type="button"
                className={`booking-picker__time${late ? ' booking-picker__time--late' : ''}`}
                aria-label={name.filter(Boolean).join(', ')}
                onClick={() => send({ type: 'booking.pickTime', start: slot.start })}
              >
                <strong>{timeIn(slot.start, timeZone)}</strong>
                {company && (
                  <span>
                    {company} {COMPANY_CITY}
                  </span>
                )}
                {late && <span className="booking-picker__late">After promise</span>}
              </button>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

/** The time chosen, in both zones, to book (or move the call to), or to choose again. */
function ConfirmTime({ snapshot, send }: StepProps) {
  const { chosen, timeZone, companyZone, promiseEndsAt, call, error } = snapshot.context;
  if (chosen === null) return null;
  const when = callTime(chosen, timeZone, companyZone);
  const failed = snapshot.hasTag('submitFailed');
  const submitting = snapshot.hasTag('submitting');
  return (
    <div className="booking-confirm" aria-busy={submitting}>
      <p className="booking-confirm__time">
        <strong>{when.mine}</strong>
        {when.theirs && <span>{when.theirs}</span>}
      </p>
      {laterThanPromise(chosen, promiseEndsAt) && (
        <p className="booking__hint">This is later than our one-day promise, which is fine: it is your choice.</p>
      )}
      {failed && (
        <p className="booking__problem" role="alert">
          The time could not be booked. {error}
        </p>
      )}
      <div className="booking__actions">
        <button
          type="button"
          className="button button--primary booking__button"
          disabled={submitting}
          onClick={() => send({ type: failed ? 'booking.retry' : 'booking.book' })}
        >
          {submitting ? (
            <Spinner label="Booking" />
          ) : failed ? (
            'Try again'
          ) : call ? (
            'Move to this time'
          ) : (
            'Book this time'
          )}
        </button>
        <button
          type="button"
          className="button button--outline booking__button"
          disabled={submitting}
          onClick={() => send({ type: 'booking.back' })}
        >
          Choose another time
        </button>
      </div>
    </div>
  );
}
