/**
 * A call's booking as the customer sees it, on the invoice card and on the mail link's page
 * (docs/product.md#orders): waiting for a time, the time chosen, the call booked (its time in both zones, how to
 * join, who with) with "Change time" and "Cancel booking" until its cut-off, and then what to do instead.
 */
import { type ReactNode, useRef } from 'react';
import { ConfirmDialog } from '#src/components/ConfirmDialog';
import { Spinner } from '#src/components/Spinner';
import { sameClock, scheduledLines, whenIn } from './bookingTime';
import { JoinText } from './JoinText';
import { SlotPicker, type StepProps, useFocusOnStep } from './SlotPicker';
import './Booking.css';

interface PanelProps extends StepProps {
  /** What else the card shows with a booked call: its calendar file, the office's reason for a late time. */
  extras?: ReactNode;
  /** The link's page, once the call was cancelled there: a new time may be chosen. */
  cancelledHere?: boolean;
}

/** The part of the panel shown for each major step: where focus goes when it changes. */
const PANEL_STEPS = ['picking', 'closed', 'waiting', 'booked'] as const;

export function BookingPanel({ snapshot, send, extras, cancelledHere = false }: PanelProps) {
  const step = PANEL_STEPS.find((tag) => snapshot.hasTag(tag)) ?? 'none';
  // The picker takes focus to its own heading when it opens.
  const status = useFocusOnStep<HTMLDivElement>(step, false, step === 'picking');
  return (
    <div className="booking" data-testid="call-booking">
      <div className="booking__status" ref={status} tabIndex={-1}>
        {snapshot.hasTag('waiting') && <Waiting cancelledHere={cancelledHere} />}
        {snapshot.context.call &&
          (snapshot.hasTag('booked') || snapshot.hasTag('closed') || snapshot.hasTag('picking')) && (
            <CallDetails snapshot={snapshot} send={send} extras={extras} />
          )}
        {snapshot.hasTag('closed') && <p className="booking__closed">{snapshot.context.closedText}</p>}
      </div>
      {snapshot.hasTag('waiting') && (
        <button
          type="button"
          className="button button--primary booking__button"
          onClick={() => send({ type: 'booking.choose' })}
        >
          {cancelledHere ? 'Choose a new time' : 'Choose a time'}
        </button>
      )}
      {snapshot.hasTag('booked') && <Changes snapshot={snapshot} send={send} />}
      {snapshot.hasTag('picking') && <SlotPicker snapshot={snapshot} send={send} />}
    </div>
  );
}

function Waiting({ cancelledHere }: { cancelledHere: boolean }) {
  return cancelledHere ? (
    <p className="booking__line">
      <strong>Your booking is cancelled.</strong> Choose a new time whenever it suits you.
    </p>
  ) : (
    <p className="booking__line">
      <strong>Paid — please choose a time for your call.</strong> Pick any free time that suits you.
    </p>
  );
}

/** The call: when (both clocks), how to join, who with. */
function CallDetails({ snapshot, extras }: StepProps & { extras?: ReactNode }) {
  const { call, timeZone } = snapshot.context;
  if (!call) return null;
  const when = scheduledLines(call.start, timeZone);
  // While a new time is chosen, the call is shown as it stands, without what goes with a settled one.
  const moving = snapshot.hasTag('picking');
  return (
    <div className="booking__call" data-testid="booked-call">
      <p className="booking__line">
        <strong>{when.company}</strong>
      </p>
      {when.mine && <p className="booking__other-zone">{when.mine}</p>}
      {call.join && (
        <p className="booking__join">
          How to join: <JoinText text={call.join} />
        </p>
      )}
      {call.with && <p>With {call.with}</p>}
      {!moving && extras}
    </div>
  );
}

/** Change time and Cancel booking, the dialog that asks before cancelling, and a cancel that failed. */
function Changes({ snapshot, send }: StepProps) {
  const { call, timeZone, companyZone, error } = snapshot.context;
  const status = useRef<HTMLParagraphElement>(null);
  const busy = snapshot.hasTag('cancelling');
  // Not while the dialog asks: focus goes back to the button that opened it, which must take it.
  const stopped = busy || snapshot.hasTag('cancelFailed');
  return (
    <>
      <p className="booking__hint" ref={status} tabIndex={-1}>
        You can change or cancel it here until {whenIn(call!.changeUntil, timeZone)}
        {sameClock(call!.changeUntil, timeZone, companyZone) ? '' : ' your time'}.
      </p>
      {snapshot.hasTag('cancelFailed') && (
        <div className="booking__problem" role="alert">
          <p>The booking could not be cancelled. {error}</p>
          <div className="booking__actions">
            <button
              type="button"
              className="button button--outline booking__button"
              onClick={() => send({ type: 'booking.retry' })}
            >
              Try cancelling again
            </button>
            <button
              type="button"
              className="button button--outline booking__button"
              onClick={() => send({ type: 'booking.keep' })}
            >
              Keep my booking
            </button>
          </div>
        </div>
      )}
      <div className="booking__actions">
        <button
          type="button"
          className="button button--outline booking__button"
          disabled={stopped}
          onClick={() => send({ type: 'booking.choose' })}
        >
          Change time
        </button>
        <button
          type="button"
          className="button button--outline booking__button"
          disabled={stopped}
          onClick={() => send({ type: 'booking.cancel' })}
        >
          {busy ? <Spinner label="Cancelling" /> : 'Cancel booking'}
        </button>
      </div>
      <ConfirmDialog
        open={snapshot.hasTag('askingCancel')}
        title="Cancel this booking?"
        description={`Your call on ${whenIn(call!.start, timeZone)} will be cancelled. You can choose a new time afterwards.`}
        confirmLabel="Cancel booking"
        cancelLabel="Keep booking"
        onConfirm={() => send({ type: 'booking.confirmCancel' })}
        onCancel={() => send({ type: 'booking.keep' })}
        // Once cancelled, the button that opened the dialog is gone: the reader is taken to what the card says now.
        focusAfterConfirm={status}
      />
      <p className="visually-hidden" role="status">
        {busy ? 'Cancelling your booking' : ''}
      </p>
    </>
  );
}
