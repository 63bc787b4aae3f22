/** What the office may do to the open order: schedule or move its call, send its report, mark it delivered. */
import type { RefObject } from 'react';
import type { SnapshotFrom } from 'xstate';
import { JOIN_MAX, REASON_MAX } from '#domain/orders';
import { type OfficeOrder } from '#domain/officeContract';
import { needsReason, type OfficeQueueEvent, type officeQueueMachine } from '#machines/officeQueue.machine';
import { isoToZonedInput } from '#domain/zonedTime';
import { COMPANY_ZONE_LABEL, formatOrderTime } from '#src/common/orderTime';
import { ConfirmDialog } from '#src/components/ConfirmDialog';
import { Spinner } from '#src/components/Spinner';

export type DeskSnapshot = SnapshotFrom<typeof officeQueueMachine>;

interface ActionProps {
  order: OfficeOrder;
  snapshot: DeskSnapshot;
  send: (event: OfficeQueueEvent) => void;
}

/** The report to e-mail to the customer (again, once sent); a file the machine refuses is not left chosen. */
export function ReportForm({
  order,
  snapshot,
  send,
  chosenReport,
}: ActionProps & {
  /** The report the machine holds now, read straight after an event (the snapshot prop is the last render's). */
  chosenReport: () => unknown;
}) {
  return (
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
          disabled={!snapshot.hasTag('idle')}
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
      <button type="submit" className="button button--primary" disabled={!snapshot.can({ type: 'office.sendReport' })}>
        {snapshot.hasTag('sendingReport') ? <Spinner label="Sending the report" /> : 'Send report'}
      </button>
    </form>
  );
}

/**
 * Mark delivered, confirmed first; before the call's start the button shows, unavailable, with the reason
 * (`atCall`).
 */
export function DeliveryAction({
  order,
  snapshot,
  send,
  atCall,
  heading,
}: ActionProps & { atCall: boolean; heading: RefObject<HTMLHeadingElement | null> }) {
  return (
    <div className="office-detail__action">
      <button
        type="button"
        className="button button--primary"
        disabled={!snapshot.can({ type: 'office.deliver' })}
        aria-describedby={atCall ? 'office-deliver-hint' : undefined}
        onClick={() => send({ type: 'office.deliver' })}
      >
        {snapshot.hasTag('delivering') ? <Spinner label="Marking delivered" /> : 'Mark delivered'}
      </button>
      {atCall && (
        <p className="field__hint" id="office-deliver-hint" data-testid="deliver-hint">
          The call is on {formatOrderTime(order.scheduledAt!)}: it can be marked delivered once it has started.
        </p>
      )}
      <ConfirmDialog
        open={snapshot.hasTag('confirming')}
        title="Mark this order delivered?"
        description={deliveryConsequences(order)}
        confirmLabel="Mark delivered"
        onConfirm={() => send({ type: 'office.confirm' })}
        onCancel={() => send({ type: 'office.cancel' })}
        focusAfterConfirm={heading}
      />
    </div>
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

/** The call's time, how to join, and (after the promise) why later: a new call, or one moved. */
export function ScheduleForm({ order, snapshot, send }: ActionProps) {
  const { draft } = snapshot.context;
  const idle = snapshot.hasTag('idle');
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
          disabled={!idle}
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
          disabled={!idle}
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
            disabled={!idle}
            value={draft.reason}
            onChange={(event) => send({ type: 'office.editSchedule', field: 'reason', value: event.target.value })}
          />
          <p className="field__hint">This time is after the one-day promise; the customer is told why.</p>
        </div>
      )}
      <button type="submit" className="button button--primary" disabled={!snapshot.can({ type: 'office.schedule' })}>
        {snapshot.hasTag('scheduling') ? (
          <Spinner label="Scheduling the call" />
        ) : moving ? (
          'Move call'
        ) : (
          'Schedule call'
        )}
      </button>
    </form>
  );
}
