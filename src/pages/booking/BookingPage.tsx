/**
 * /booking/<token>, the page a booking mail links to (docs/product.md#orders): no sign-in, the link is the key.
 * Opening it only reads; a change is a POST after a click, so a mail scanner following the link changes nothing.
 */
import { useMachine } from '@xstate/react';
import { Link, useParams } from 'wouter';
import { company } from '#domain/company';
import { bookingLinkPage } from '#domain/pages';
import { useAppActors } from '#src/common/AppActorsContext';
import { usePageMeta } from '#src/common/hooks';
import { Spinner } from '#src/components/Spinner';
import { BookingPanel } from './BookingPanel';
import { callTime, viewerZone } from './bookingTime';
import { wireCallBooking } from './CallBooking.wiring';
import type { BookingSnapshot, StepProps } from './SlotPicker';

export default function BookingPage() {
  usePageMeta(bookingLinkPage);
  const { token = '' } = useParams<{ token: string }>();
  const { inspect } = useAppActors();
  const [snapshot, send] = useMachine(wireCallBooking(), {
    input: { api: { via: 'link', token }, timeZone: viewerZone(), call: null },
    inspect,
  });
  const { service } = snapshot.context;
  return (
    <main className="page booking-page">
      <h1>{service ? service.title : 'Your booked call'}</h1>
      <Body snapshot={snapshot} send={send} />
    </main>
  );
}

function Body({ snapshot, send }: StepProps) {
  if (snapshot.hasTag('loading')) return <Spinner label="Loading your booking" />;
  if (snapshot.hasTag('invalid')) return <Invalid />;
  if (snapshot.hasTag('failed')) {
    return (
      <div className="booking__problem" role="alert">
        <p>Your booking could not be loaded. {snapshot.context.error}</p>
        <button
          type="button"
          className="button button--outline booking__button"
          onClick={() => send({ type: 'booking.retry' })}
        >
          Try again
        </button>
      </div>
    );
  }
  if (snapshot.hasTag('ended')) return <Ended snapshot={snapshot} />;
  return (
    <section className="booking-page__card" aria-label="Your call">
      <BookingPanel snapshot={snapshot} send={send} cancelledHere />
    </section>
  );
}

function Invalid() {
  return (
    <div className="booking-page__card" data-testid="booking-invalid">
      <h2>This booking link is not valid</h2>
      <p>
        It may be mistyped, or the call it was for is over. The latest mail about your call has a link that works. Your
        call is also on <Link href="/invoices">your invoices</Link> once you sign in. Or write to us at{' '}
        <a href={`mailto:${company.supportEmail}`}>{company.supportEmail}</a>.
      </p>
    </div>
  );
}

function Ended({ snapshot }: { snapshot: BookingSnapshot }) {
  const { call, timeZone, companyZone } = snapshot.context;
  const when = call ? callTime(call.start, timeZone, companyZone) : null;
  return (
    <div className="booking-page__card" data-testid="booking-ended">
      <h2>This booking has ended</h2>
      {when && (
        <p>
          The call was for {when.mine}
          {when.theirs && ` (${when.theirs})`}.
        </p>
      )}
      <p>
        Nothing can be changed here any more. For anything about it, write to us at{' '}
        <a href={`mailto:${company.supportEmail}`}>{company.supportEmail}</a>.
      </p>
    </div>
  );
}
