import { type RefObject, useEffect, useRef } from 'react';
import { formatPrice } from '#domain/catalogue/price';
import { company } from '#domain/company';
import { type OfficeOrder } from '#domain/officeContract';
import { deliverAt, type OfficeQueueEvent, offersSchedule, orderState } from '#machines/officeQueue.machine';
import { formatOrderTime } from '#src/common/orderTime';
import { Breakable } from '#src/components/Breakable';
import { DownloadButton } from '#src/components/DownloadButton';
import { DeliveryAction, ReportForm, ScheduleForm, type DeskSnapshot } from './OrderActions';
import { callAfterPromise, deliveryOf, joinHref, promiseStanding, STATUS_LABELS } from './orderView';

/**
 * One order in detail: who ordered what, how it stands against the promise, what may happen to it next (asked
 * of the order machine, as the server asks it) and its audit trail.
 */
export function OrderDetail({
  order,
  snapshot,
  send,
  chosenReport,
  onClose,
}: {
  order: OfficeOrder;
  snapshot: DeskSnapshot;
  send: (event: OfficeQueueEvent) => void;
  /** The report the machine holds now, read straight after an event (the snapshot prop is the last render's). */
  chosenReport: () => unknown;
  onClose: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  // Opening an order moves the reader to it (on a phone it replaces the list).
  useEffect(() => {
    heading.current?.focus();
  }, [order.id]);

  // What the order offers is asked of the order machine on its state; whether the desk may do it now (not busy,
  // a report chosen) is asked of the queue machine.
  const offers = orderState(order);
  const offersReport = offers.can({ type: 'order.sendReport' });
  const deliverableNow = offers.can(deliverAt(snapshot.context.now));
  // A call whose time has not come yet: the machine would take the delivery from its start, so the button is
  // shown, unavailable, with the reason.
  const deliverableAtCall =
    !deliverableNow && order.scheduledAt !== null && offers.can({ type: 'order.deliver', at: order.scheduledAt });

  return (
    <section className="office-detail" aria-labelledby="office-detail-title" data-testid="order-detail">
      <OrderHeading order={order} now={snapshot.context.now} heading={heading} onClose={onClose} />
      <OrderFacts order={order} />
      {order.document && (
        <DownloadButton
          url={order.document.url}
          fileName={`${order.document.number}.pdf`}
          label="Download invoice (PDF)"
        />
      )}

      {offersSchedule(order) && <ScheduleForm order={order} snapshot={snapshot} send={send} />}
      {offersReport && <ReportForm order={order} snapshot={snapshot} send={send} chosenReport={chosenReport} />}
      {(deliverableNow || deliverableAtCall) && (
        <DeliveryAction order={order} snapshot={snapshot} send={send} atCall={deliverableAtCall} heading={heading} />
      )}

      <AuditTrail audit={order.audit} />
    </section>
  );
}

/** Back to the list, the order's title (focused when it opens), its status and its standing on the promise. */
function OrderHeading({
  order,
  now,
  heading,
  onClose,
}: {
  order: OfficeOrder;
  now: number;
  heading: RefObject<HTMLHeadingElement | null>;
  onClose: () => void;
}) {
  const standing = promiseStanding(order, now);
  return (
    <div className="office-detail__head">
      <button type="button" className="link-button office-detail__back" onClick={onClose}>
        Back to the list
      </button>
      <h2 id="office-detail-title" ref={heading} tabIndex={-1}>
        {order.service.title}
      </h2>
      <p className="office-detail__status">
        <span className="office-status">{STATUS_LABELS[order.status]}</span>
        {standing && (
          <span className={`office-badge office-badge--${standing.urgency}`} data-testid="detail-promise">
            {standing.text}
          </span>
        )}
      </p>
    </div>
  );
}

/** What is known of the order: each fact only once it exists. */
function OrderFacts({ order }: { order: OfficeOrder }) {
  return (
    <dl className="office-detail__facts">
      <dt>Customer</dt>
      <dd>
        {order.customer ? (
          <>
            {order.customer.name} ·{' '}
            <a href={`mailto:${order.customer.email}`}>
              <Breakable text={order.customer.email} />
            </a>
          </>
        ) : (
          'Deleted account'
        )}
      </dd>
      <dt>Delivery</dt>
      <dd>{deliveryOf(order)}</dd>
      <dt>App URL</dt>
      <dd>
        <Breakable text={order.service.url || 'Not provided'} />
      </dd>
      <dt>Price</dt>
      <dd>{formatPrice(order.amount)}</dd>
      <dt>Ordered</dt>
      <dd>{formatOrderTime(order.createdAt)}</dd>
      {order.paidAt && (
        <>
          <dt>Paid</dt>
          <dd>{formatOrderTime(order.paidAt)}</dd>
        </>
      )}
      {order.deadline && (
        <>
          <dt>Promised by</dt>
          <dd>{formatOrderTime(order.deadline)}</dd>
        </>
      )}
      {order.scheduledAt && (
        <>
          <dt>Call</dt>
          <dd>
            <CallFacts order={order} at={order.scheduledAt} />
          </dd>
          {customerZoneShown(order) && (
            <>
              <dt>Customer's time zone</dt>
              <dd data-testid="customer-zone">{customerClock(order.customerTimeZone!, order.scheduledAt)}</dd>
            </>
          )}
          <dt>How to join</dt>
          <dd>
            <JoinInfo join={order.join} />
          </dd>
        </>
      )}
      {order.lateReason && (
        <>
          <dt>Why later</dt>
          <dd>{order.lateReason}</dd>
        </>
      )}
      {order.reportName && (
        <>
          <dt>Report</dt>
          <dd>{order.reportName}</dd>
        </>
      )}
      {order.deliveredAt && (
        <>
          <dt>Delivered</dt>
          <dd>{formatOrderTime(order.deliveredAt)}</dd>
        </>
      )}
      {order.document && (
        <>
          <dt>Invoice number</dt>
          <dd>{order.document.number}</dd>
        </>
      )}
    </dl>
  );
}

/**
 * The call's time on the company's clock, who holds it, and whether the customer chose it: a time after the
 * promise needs no reason then, as the customer picked it (docs/decisions/0042-customers-book-their-call.md).
 */
function CallFacts({ order, at }: { order: OfficeOrder; at: string }) {
  return (
    <span className="office-detail__call">
      <span>{formatOrderTime(at)}</span>
      {order.callWith && <span data-testid="call-with">With {order.callWith.name}</span>}
      {order.chosenByCustomer && (
        <span data-testid="call-chosen">
          {callAfterPromise(order)
            ? 'The customer chose this time, after the promise: that is why the call is late.'
            : 'The customer chose this time.'}
        </span>
      )}
    </span>
  );
}

/** The customer's zone is worth a line only when it is not the company's, whose clock the page shows. */
function customerZoneShown(order: OfficeOrder): boolean {
  return order.customerTimeZone !== null && order.customerTimeZone !== company.timeZone;
}

/** "Asia/Kathmandu: Mon 23 Nov, 20:45 there"; the zone alone when this browser does not know it. */
function customerClock(zone: string, at: string): string {
  try {
    const there = new Intl.DateTimeFormat('en-GB', {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: zone,
    }).format(new Date(at));
    return `${zone}: ${there} there`;
  } catch {
    return zone;
  }
}

/** Who changed the order, from what to what, and when. */
function AuditTrail({ audit }: { audit: OfficeOrder['audit'] }) {
  return (
    <>
      <h3 className="office-detail__audit-title">History</h3>
      <ol className="office-audit" data-testid="audit">
        {audit.map((entry, index) => (
          <li key={`${entry.at}-${index}`}>
            <time dateTime={entry.at}>{formatOrderTime(entry.at)}</time>
            <span>
              {STATUS_LABELS[entry.from]} → <strong>{STATUS_LABELS[entry.to]}</strong>
            </span>
            <span className="office-audit__who">
              {entry.by ? `by ${entry.by.name} (${entry.by.email})` : 'by the payment'}
            </span>
            {entry.note && <span className="office-audit__note">{entry.note}</span>}
          </li>
        ))}
      </ol>
    </>
  );
}

/** How to join the call: a web address opens in a new tab (without access back to this page), else plain text. */
function JoinInfo({ join }: { join: string | null }) {
  const href = joinHref(join);
  if (href === null) return <>{join}</>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      <Breakable text={join ?? ''} />
    </a>
  );
}
