import { useMachine } from '@xstate/react';
import type { Invoice } from '../../domain/contract';
import { useAppActors } from '../app/AppActorsContext';
import { usePageMeta } from '../app/hooks';
import { wireInvoices } from '../app/wiring/invoices';
import { deliveryLabel } from '../../domain/catalogue/delivery';
import { formatPrice } from '../../domain/catalogue/price';
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
    </li>
  );
}
