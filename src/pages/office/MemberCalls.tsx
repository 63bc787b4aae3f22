import type { AvailabilityResponse } from '#domain/bookingContract';
import { callTimeText, deliveryLabel } from './orderView';

type MemberCall = AvailabilityResponse['calls'][number];

/**
 * The calls a member holds that have not ended, earliest first, each linking to its order on the office page
 * (docs/product.md#orders): "Your calls" for the member's own, "Their calls" for an admin looking at another's.
 */
export function MemberCalls({ calls, own }: { calls: MemberCall[]; own: boolean }) {
  return (
    <section className="office-calls" aria-labelledby="office-calls-title">
      <h2 id="office-calls-title" className="office-calls__title">
        {own ? 'Your calls' : 'Their calls'}
      </h2>
      {calls.length === 0 ? (
        <p className="office-calls__none">No calls booked yet.</p>
      ) : (
        <ul className="office-calls__list">
          {calls.map((call) => (
            <li key={call.orderId} className="office-calls__call" data-testid="member-call">
              <time dateTime={call.start} className="office-calls__time">
                {callTimeText(call)}
              </time>
              <a href={`/office?order=${encodeURIComponent(call.orderId)}`} className="office-calls__service">
                {call.title}
              </a>
              <span className="office-calls__detail">
                {deliveryLabel(call.type)}
                {call.chosenByCustomer && ' · time chosen by the customer'}
              </span>
              <span className="office-calls__detail">
                {call.customer ? `${call.customer.name} · ${call.customer.email}` : 'Deleted account'}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
