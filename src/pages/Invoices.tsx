import { useMachine } from '@xstate/react';
import type { Invoice } from '#domain/contract';
import type { OrderWire } from '#domain/orders';
import { useAppActors } from '../shared/AppActorsContext';
import { usePageMeta, useToast } from '../shared/hooks';
import { COMPANY_ZONE_LABEL, formatOrderDay, formatOrderTime } from '../shared/orderTime';
import { wireDownload } from '../shared/wiring/download';
import { wireInvoices } from '../shared/wiring/invoices';
import { deliveryLabel } from '#domain/catalogue/delivery';
import { formatPrice } from '#domain/catalogue/price';
import { Spinner } from '../components/Spinner';
import './Invoices.css';

const dateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
const formatDate = (iso: string) => dateFormat.format(new Date(iso));

/**
 * The customer's invoice cards, or 'You have no invoices yet.' when the server says there are none. When
 * the list cannot be loaded the page says nothing about it (no error text, no claim that there are no
 * invoices) and offers to load it again.
 */
export default function Invoices() {
  usePageMeta('Invoices', 'Your invoices and their payment status.');
  const { inspect } = useAppActors();
  const [snapshot, send] = useMachine(wireInvoices(), { inspect });
  const { invoices } = snapshot.context;

  return (
    <main className="page invoices">
      <h1>Invoices</h1>
      {snapshot.matches('loading') ? (
        <Spinner label="Loading your invoices" />
      ) : snapshot.matches('unavailable') ? (
        <div className="invoices__retry">
          <button type="button" className="button button--outline" onClick={() => send({ type: 'invoices.reload' })}>
            Load invoices again
          </button>
        </div>
      ) : invoices.length === 0 ? (
        <p className="invoices__empty">You have no invoices yet.</p>
      ) : (
        <ul className="invoices__list">
          {invoices.map((invoice) => (
            <InvoiceCard key={invoice._id} invoice={invoice} />
          ))}
        </ul>
      )}
    </main>
  );
}

function InvoiceCard({ invoice }: { invoice: Invoice }) {
  return (
    <li className="invoice-card" data-testid="invoice-card">
      <div className="invoice-card__head">
        <h2>{invoice.service.title}</h2>
        <span className={`invoice-card__status invoice-card__status--${invoice.paid ? 'paid' : 'unpaid'}`}>
          {invoice.paid ? 'Paid' : 'Unpaid'}
        </span>
      </div>
      {invoice.testPayment && (
        <p className="invoice-card__test" data-testid="test-payment">
          {invoice.paid ? 'Test payment — no money was taken' : 'Test checkout — no money will be taken'}
        </p>
      )}
      <dl>
        <dt>Service</dt>
        <dd>{invoice.service.title}</dd>
        {invoice.paid && invoice.paidAt && (
          <>
            <dt>Paid on</dt>
            <dd>{formatDate(invoice.paidAt)}</dd>
          </>
        )}
        <dt>Price</dt>
        <dd>{formatPrice(invoice.amount)}</dd>
        <dt>Type</dt>
        <dd>{deliveryLabel(invoice.service.type)}</dd>
        <dt>App ID</dt>
        <dd>{invoice.service.url || 'Not provided'}</dd>
        <dt>Date</dt>
        <dd>{formatDate(invoice.createdAt)}</dd>
      </dl>
      {invoice.order && invoice.order.status !== 'awaitingPayment' && (
        <OrderStatus invoiceId={invoice._id} order={invoice.order} />
      )}
    </li>
  );
}

/**
 * Where a paid order stands (docs/product.md#orders): paid and waiting, a call scheduled (when, on the
 * company's clock as the e-mail says it, how to join, why later than promised, and the calendar file), the
 * report sent, or delivered (with the report to download when there is one).
 */
function OrderStatus({ invoiceId, order }: { invoiceId: string; order: OrderWire }) {
  return (
    <div className={`invoice-order invoice-order--${order.status}`} data-testid="order-status">
      {order.status === 'paid' && (
        <p className="invoice-order__line">
          <strong>Paid</strong> — we deliver within one day of your payment.
        </p>
      )}
      {order.status === 'scheduled' && order.scheduledAt && (
        <>
          <p className="invoice-order__line">
            <strong>
              Scheduled for {formatOrderTime(order.scheduledAt)} ({COMPANY_ZONE_LABEL})
            </strong>
          </p>
          {order.join && <p className="invoice-order__join">How to join: {order.join}</p>}
          {order.lateReason && (
            <p className="invoice-order__reason">Later than our one-day promise: {order.lateReason}</p>
          )}
          {order.calendarURL && (
            <DownloadButton url={order.calendarURL} fileName={`call-${invoiceId}.ics`} label="Add to calendar" />
          )}
        </>
      )}
      {order.status === 'reportSent' && (
        <p className="invoice-order__line">
          <strong>Report sent</strong> — it is in your e-mail.
        </p>
      )}
      {order.status === 'delivered' && (
        <p className="invoice-order__line">
          <strong>Delivered{order.deliveredAt ? ` on ${formatOrderDay(order.deliveredAt)}` : ''}</strong>
        </p>
      )}
      {(order.status === 'reportSent' || order.status === 'delivered') && order.reportURL && (
        <DownloadButton url={order.reportURL} fileName={`report-${invoiceId}.pdf`} label="Download report (PDF)" />
      )}
    </div>
  );
}

function DownloadButton({ url, fileName, label }: { url: string; fileName: string; label: string }) {
  const { inspect } = useAppActors();
  const toast = useToast();
  const [snapshot, send] = useMachine(
    wireDownload({ showError: (message) => toast({ title: message, variant: 'error' }) }),
    { input: { url, fileName }, inspect },
  );
  const downloading = snapshot.matches('downloading');
  return (
    <button
      type="button"
      className="button button--outline invoice-order__download"
      disabled={downloading}
      onClick={() => send({ type: 'download.start' })}
    >
      {downloading ? <Spinner label={`${label}: downloading`} /> : label}
    </button>
  );
}
