import { useMachine } from '@xstate/react';
import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { type Invoice, PAYMENT_RETURN_PARAM, PAYMENT_RETURNS, type PaymentReturn } from '#domain/contract';
import type { OrderWire } from '#domain/orders';
import { useAppActors } from '../common/AppActorsContext';
import { usePageMeta, useToast } from '../common/hooks';
import { COMPANY_ZONE_LABEL, formatOrderDay, formatOrderTime } from '../common/orderTime';
import { wireInvoices } from './Invoices.wiring';
import { CardBooking } from './booking/CardBooking';
import { JoinText } from './booking/JoinText';
import { isCall } from '#machines/order.machine';
import { deliveryLabel } from '#domain/catalogue/delivery';
import { formatPrice } from '#domain/catalogue/price';
import { Breakable } from '../components/Breakable';
import { DownloadButton } from '../components/DownloadButton';
import { Spinner } from '../components/Spinner';
import './Invoices.css';
import { fixedPages } from '#domain/fixedPages';

const dateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
const formatDate = (iso: string) => dateFormat.format(new Date(iso));

/** What the checkout's return says (docs/product.md#payments); anything else in the query is no return. */
function paymentReturn(search: string): PaymentReturn | null {
  const value = new URLSearchParams(search).get(PAYMENT_RETURN_PARAM);
  return PAYMENT_RETURNS.find((result) => result === value) ?? null;
}

const NOTICES: Record<PaymentReturn, string> = {
  paid: 'Payment received — thank you',
  cancelled: 'Payment cancelled — you can pay from the invoice card',
};

/**
 * The customer's invoice cards, or 'You have no invoices yet.' when the server says there are none. When
 * the list cannot be loaded the page says nothing about it (no error text, no claim that there are no
 * invoices) and offers to load it again.
 */
export default function Invoices() {
  usePageMeta(fixedPages['/invoices']);
  const { inspect } = useAppActors();
  const toast = useToast();
  const search = useSearch();
  const [, navigate] = useLocation();
  const [snapshot, send] = useMachine(
    wireInvoices({
      goToPayment: (paymentLink) => window.location.assign(paymentLink),
      showError: (message) => toast({ title: message, variant: 'error' }),
    }),
    { input: { returned: paymentReturn(search) }, inspect },
  );
  const { invoices, notice, paying } = snapshot.context;
  // The machine has taken the checkout's return; the address drops it, so that a reload or a bookmark does not
  // announce the payment again (the notice stays until dismissed, as the machine holds it).
  const returned = paymentReturn(search) !== null;
  useEffect(() => {
    if (returned) navigate('/invoices', { replace: true });
  }, [returned, navigate]);
  // While a link is made, and once the browser is leaving for it, no second Pay now starts.
  const busy = snapshot.hasTag('busy');

  return (
    <main className="page invoices">
      <h1>Invoices</h1>
      {notice && (
        <div className={`invoices__notice invoices__notice--${notice}`} role="status" data-testid="payment-notice">
          <p>{NOTICES[notice]}</p>
          <button
            type="button"
            className="invoices__notice-close"
            aria-label="Dismiss"
            onClick={() => send({ type: 'invoices.dismissNotice' })}
          >
            ×
          </button>
        </div>
      )}
      {snapshot.hasTag('loading') ? (
        <Spinner label="Loading your invoices" />
      ) : snapshot.hasTag('failed') ? (
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
            <InvoiceCard
              key={invoice._id}
              invoice={invoice}
              busy={busy}
              paying={busy && paying === invoice._id}
              onPay={() => send({ type: 'invoices.pay', invoiceId: invoice._id })}
            />
          ))}
        </ul>
      )}
    </main>
  );
}

interface CardProps {
  invoice: Invoice;
  /** A Pay now is under way (on any card). */
  busy: boolean;
  /** It is this card's. */
  paying: boolean;
  onPay: () => void;
}

function InvoiceCard({ invoice, busy, paying, onPay }: CardProps) {
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
        <dd>
          <Breakable text={invoice.service.url || 'Not provided'} />
        </dd>
        <dt>Date</dt>
        <dd>{formatDate(invoice.createdAt)}</dd>
      </dl>
      {/* Beside the list, not in it: a longer term would narrow the list's values on a phone. */}
      {invoice.document && (
        <div className="invoice-card__document">
          <p>
            Invoice <span data-testid="invoice-number">{invoice.document.number}</span>
          </p>
          <DownloadButton
            url={invoice.document.url}
            fileName={`${invoice.document.number}.pdf`}
            label="Download invoice (PDF)"
          />
        </div>
      )}
      {!invoice.paid && (
        <button type="button" className="button button--primary invoice-card__pay" disabled={busy} onClick={onPay}>
          {paying ? <Spinner label="Pay now: opening the checkout" /> : 'Pay now'}
        </button>
      )}
      {invoice.order && invoice.order.status !== 'awaitingPayment' && (
        <OrderStatus invoiceId={invoice._id} order={invoice.order} call={isCall(invoice.service.type)} />
      )}
    </li>
  );
}

/**
 * Where a paid order stands (docs/product.md#orders): a call waiting for its time or booked, which the customer
 * books, moves or cancels here (src/pages/booking/); the report sent; or delivered (with the report to download
 * when there is one).
 */
function OrderStatus({ invoiceId, order, call }: { invoiceId: string; order: OrderWire; call: boolean }) {
  return (
    <div className={`invoice-order invoice-order--${order.status}`} data-testid="order-status">
      {order.status === 'paid' && !call && (
        <p className="invoice-order__line">
          <strong>Paid</strong> — we deliver within one day of your payment.
        </p>
      )}
      {call && (order.status === 'paid' || order.status === 'scheduled') && (
        <CardBooking invoiceId={invoiceId} order={order} />
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
      {order.status === 'delivered' && call && <HeldCall order={order} />}
      {(order.status === 'reportSent' || order.status === 'delivered') && order.reportURL && (
        <DownloadButton url={order.reportURL} fileName={`report-${invoiceId}.pdf`} label="Download report (PDF)" />
      )}
    </div>
  );
}

/**
 * A delivered call keeps what it was: its time and how it was joined, as the booked card said them
 * (docs/product.md#orders). The way to join is gone once the account's data is cleared, and so is its line.
 */
function HeldCall({ order }: { order: OrderWire }) {
  if (order.scheduledAt === null) return null;
  return (
    <div className="booking__call" data-testid="held-call">
      <p className="booking__line">
        The call was held on {formatOrderTime(order.scheduledAt)} ({COMPANY_ZONE_LABEL}).
      </p>
      {order.join && (
        <p className="booking__join">
          How it was joined: <JoinText text={order.join} />
        </p>
      )}
    </div>
  );
}
