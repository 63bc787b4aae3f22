import { useEffect, useRef } from 'react';
import type { SnapshotFrom } from 'xstate';
import { formatPrice } from '#domain/catalogue/price';
import { JOIN_MAX, REASON_MAX } from '#domain/orders';
import { type OfficeOrder } from '#domain/officeContract';
import {
  deliverAt,
  needsReason,
  type OfficeQueueEvent,
  type officeQueueMachine,
  offersSchedule,
  orderState,
} from '#machines/officeQueue.machine';
import { isoToZonedInput } from '#machines/lib/zonedTime';
import { COMPANY_ZONE_LABEL, formatOrderTime } from '#src/common/orderTime';
import { ConfirmDialog } from '#src/components/ConfirmDialog';
import { DownloadButton } from '#src/components/DownloadButton';
import { Spinner } from '#src/components/Spinner';
import { deliveryOf, joinHref, promiseStanding, STATUS_LABELS } from './orderView';

type Snapshot = SnapshotFrom<typeof officeQueueMachine>;

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
  snapshot: Snapshot;
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

  const desk = snapshot.value.desk;
  const idle = desk === 'ready';
  const standing = promiseStanding(order, snapshot.context.now);
  // What the order offers is asked of the order machine on its state; whether the desk may do it now (not busy,
  // a report chosen) is asked of the queue machine.
  const offers = orderState(order);
  const offersReport = offers.can({ type: 'order.sendReport' });
  const deliverableNow = offers.can(deliverAt(snapshot.context.now));
  // A call whose time has not come yet: the machine would take the delivery from its start, so the button is
  // shown, unavailable, with the reason.
  const deliverableAtCall =
    !deliverableNow && order.scheduledAt !== null && offers.can({ type: 'order.deliver', at: order.scheduledAt });
  const offersDelivery = deliverableNow || deliverableAtCall;

  return (
    <section className="office-detail" aria-labelledby="office-detail-title" data-testid="order-detail">
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

      <dl className="office-detail__facts">
        <dt>Customer</dt>
        <dd>
          {order.customer ? (
            <>
              {order.customer.name} · <a href={`mailto:${order.customer.email}`}>{order.customer.email}</a>
            </>
          ) : (
            'Deleted account'
          )}
        </dd>
        <dt>Delivery</dt>
        <dd>{deliveryOf(order)}</dd>
        <dt>Website or application</dt>
        <dd>{order.service.url || 'Not provided'}</dd>
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
            <dd>{formatOrderTime(order.scheduledAt)}</dd>
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
      {order.document && (
        <DownloadButton
          url={order.document.url}
          fileName={`${order.document.number}.pdf`}
          label="Download invoice (PDF)"
        />
      )}

      {offersSchedule(order) && <ScheduleForm order={order} snapshot={snapshot} send={send} />}

      {offersReport && (
        <form
          className="form office-detail__action"
          aria-label="Send the report"
          onSubmit={(event) => {
            event.preventDefault();
            send({ type: 'office.sendReport' });
          }}
        >
          <h3>{order.status === 'reportSent' ? 'Send the report again' : 'Send the report'}</h3>
          <div className="field">
            <label htmlFor="office-report">Report (PDF, at most 10 MB)</label>
            <input
              // A new input after each change of the order: the file sent is no longer shown as chosen.
              key={order.audit.length}
              id="office-report"
              className="field__input"
              type="file"
              accept="application/pdf"
              disabled={!idle}
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (!file) return;
                send({ type: 'office.chooseReport', file });
                // A file the machine refused (it said why in a toast) must not stay shown as chosen.
                if (chosenReport() === null) event.target.value = '';
              }}
            />
            <p className="field__hint">It is e-mailed to the customer as an attachment.</p>
          </div>
          <button
            type="submit"
            className="button button--primary"
            disabled={!snapshot.can({ type: 'office.sendReport' })}
          >
            {desk === 'sendingReport' ? <Spinner label="Sending the report" /> : 'Send report'}
          </button>
        </form>
      )}

      {offersDelivery && (
        <div className="office-detail__action">
          <button
            type="button"
            className="button button--primary"
            disabled={!snapshot.can({ type: 'office.deliver' })}
            aria-describedby={deliverableAtCall ? 'office-deliver-hint' : undefined}
            onClick={() => send({ type: 'office.deliver' })}
          >
            {desk === 'delivering' ? <Spinner label="Marking delivered" /> : 'Mark delivered'}
          </button>
          {deliverableAtCall && (
            <p className="field__hint" id="office-deliver-hint" data-testid="deliver-hint">
              The call is on {formatOrderTime(order.scheduledAt!)}: it can be marked delivered once it has started.
            </p>
          )}
          <ConfirmDialog
            open={desk === 'confirmingDelivery'}
            title="Mark this order delivered?"
            description={deliveryConsequences(order)}
            confirmLabel="Mark delivered"
            onConfirm={() => send({ type: 'office.confirm' })}
            onCancel={() => send({ type: 'office.cancel' })}
            focusAfterConfirm={heading}
          />
        </div>
      )}

      <h3 className="office-detail__audit-title">History</h3>
      <ol className="office-audit" data-testid="audit">
        {order.audit.map((entry, index) => (
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
    </section>
  );
}

/**
 * What marking delivered does, as the server does it (docs/product.md#orders): the customer is told in the bell
 * and by e-mail (nobody, when the account is deleted), and the order leaves the queue for the Delivered list.
 */
function deliveryConsequences(order: OfficeOrder): string {
  const moves = 'the order moves to the Delivered list. This cannot be undone.';
  return order.customer
    ? `${order.service.title} for ${order.customer.name} (${order.customer.email}): the customer is told by e-mail ` +
        `and in the bell, and ${moves}`
    : `${order.service.title} for a deleted account: nobody is told, and ${moves}`;
}

/** How to join the call: a web address opens in a new tab (without access back to this page), else plain text. */
function JoinInfo({ join }: { join: string | null }) {
  const href = joinHref(join);
  if (href === null) return <>{join}</>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {join}
    </a>
  );
}

function ScheduleForm({
  order,
  snapshot,
  send,
}: {
  order: OfficeOrder;
  snapshot: Snapshot;
  send: (event: OfficeQueueEvent) => void;
}) {
  const { draft } = snapshot.context;
  const desk = snapshot.value.desk;
  const late = needsReason(snapshot.context);
  const moving = order.status === 'scheduled';
  return (
    <form
      className="form office-detail__action"
      aria-label="Schedule the call"
      onSubmit={(event) => {
        event.preventDefault();
        send({ type: 'office.schedule' });
      }}
    >
      <h3>{moving ? 'Move the call' : 'Schedule the call'}</h3>
      <div className="field">
        <label htmlFor="office-at">Date and time ({COMPANY_ZONE_LABEL})</label>
        <input
          id="office-at"
          className="field__input"
          type="datetime-local"
          // The server refuses a time in the past; the picker starts from now on the company's clock.
          min={isoToZonedInput(new Date(snapshot.context.now).toISOString(), snapshot.context.timeZone)}
          disabled={desk !== 'ready'}
          value={draft.at}
          onChange={(event) => send({ type: 'office.editSchedule', field: 'at', value: event.target.value })}
        />
        {order.deadline && <p className="field__hint">Promised by {formatOrderTime(order.deadline)}.</p>}
      </div>
      <div className="field">
        <label htmlFor="office-join">How to join</label>
        <input
          id="office-join"
          className="field__input"
          maxLength={JOIN_MAX}
          placeholder="A video link, or the number you will call"
          disabled={desk !== 'ready'}
          value={draft.join}
          onChange={(event) => send({ type: 'office.editSchedule', field: 'join', value: event.target.value })}
        />
      </div>
      {late && (
        <div className="field">
          <label htmlFor="office-reason">
            Why later than promised
            <span className="field__required" aria-hidden="true">
              {' '}
              *
            </span>
          </label>
          <textarea
            id="office-reason"
            className="field__input"
            required
            maxLength={REASON_MAX}
            rows={3}
            disabled={desk !== 'ready'}
            value={draft.reason}
            onChange={(event) => send({ type: 'office.editSchedule', field: 'reason', value: event.target.value })}
          />
          <p className="field__hint">This time is after the one-day promise; the customer is told why.</p>
        </div>
      )}
      <button type="submit" className="button button--primary" disabled={!snapshot.can({ type: 'office.schedule' })}>
        {desk === 'scheduling' ? <Spinner label="Scheduling the call" /> : moving ? 'Move call' : 'Schedule call'}
      </button>
    </form>
  );
}
