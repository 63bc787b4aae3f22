/**
 * The booking panel of a paid call order's invoice card (docs/product.md#orders): the machine starts from the
 * order as the invoice list gave it, and from then on holds the call itself.
 */
import { useMachine } from '@xstate/react';
import type { OrderWire } from '#domain/orders';
import type { CallShown } from '#machines/callBooking.machine';
import { useAppActors } from '#src/common/AppActorsContext';
import { DownloadButton } from '#src/components/DownloadButton';
import { BookingPanel } from './BookingPanel';
import { viewerZone } from './bookingTime';
import { wireCallBooking } from './CallBooking.wiring';

/** The order's call as the panel shows it, as the invoice list gave it. */
function callOf(order: OrderWire): CallShown | null {
  if (order.status !== 'scheduled' || order.scheduledAt === null) return null;
  return {
    start: order.scheduledAt,
    join: order.join ?? '',
    with: order.callWith,
    changeUntil: order.changeUntil ?? order.scheduledAt,
  };
}

export function CardBooking({ invoiceId, order }: { invoiceId: string; order: OrderWire }) {
  const { inspect } = useAppActors();
  const [snapshot, send] = useMachine(wireCallBooking(), {
    input: { api: { via: 'order', orderId: invoiceId }, timeZone: viewerZone(), call: callOf(order) },
    inspect,
  });
  const { call } = snapshot.context;
  // The office's reason belongs to the time it set: not to one the customer chose since.
  const reason = call !== null && call.start === order.scheduledAt ? order.lateReason : null;
  // The calendar file of the order's call, wherever it has moved: the same address serves the time it has now.
  const calendarURL = order.calendarURL ?? `/api/orders/${encodeURIComponent(invoiceId)}/calendar.ics`;
  return (
    <BookingPanel
      snapshot={snapshot}
      send={send}
      extras={
        <>
          {reason && <p className="invoice-order__reason">Later than our one-day promise: {reason}</p>}
          <DownloadButton url={calendarURL} fileName={`call-${invoiceId}.ics`} label="Add to calendar" />
        </>
      }
    />
  );
}
