import { useMachine } from '@xstate/react';
import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { type Invoice, PAYMENT_RETURN_PARAM, PAYMENT_RETURNS, type PaymentReturn } from '#domain/contract';
import type { OrderWire } from '#domain/orders';
import { useAppActors } from '../common/AppActorsContext';
import { usePageMeta, useToast } from '../common/hooks';
import { COMPANY_ZONE_LABEL, formatOrderDay, formatOrderTime } from '../common/orderTime';
import { wireInvoices } from './Invoices.wiring';
import { deliveryLabel } from '#domain/catalogue/delivery';
import { formatPrice } from '#domain/catalogue/price';
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
        <dd>{invoice.service.url || 'Not provided'}</dd>
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
        <button type="button" className="button invoice-card__pay" disabled={busy} onClick={onPay}>
          {paying ? <Spinner label="Pay now: opening the checkout" /> : 'Pay now'}
        </button>
      )}
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
          {order.join && (
            <p className="invoice-order__join">
              How to join: <JoinText text={order.join} />
            </p>
          )}
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

/** Web addresses in the way to join: only http and https ones, the rest stays text. */
const WEB_ADDRESS = /(https?:\/\/[^\s<>"]+)/i;

/** The office's text with its web addresses as links (a new tab: the invoices page stays). */
function JoinText({ text }: { text: string }) {
  return text.split(WEB_ADDRESS).map((part, index) =>
    // split with one capturing group: the odd parts are the addresses.
    index % 2 === 1 ? (
      <a key={index} href={part} target="_blank" rel="noopener noreferrer">
        {part}
      </a>
    ) : (
      part
    ),
  );
}
