/**
 * Stripe Checkout (used when STRIPE_SECRET_KEY is set): one Checkout Session per invoice, priced from the
 * invoice (never from the browser). Stripe tells us about the payment through a signed webhook, verified
 * here on the raw body. "Pay now" on an unpaid invoice expires its session before making the next one, so an
 * invoice has at most one session that can take money.
 */
import type Stripe from 'stripe';
import { paymentReturnPath } from '#domain/contract';
import type { Config } from '../config';
import { deliveryLabelFor } from '#domain/catalogue/delivery';
import type { InvoiceRow, UserRow } from '../db/schema';
import type { PaymentLink, PaymentProvider } from './provider';

export interface StripeProvider extends PaymentProvider {
  readonly name: 'stripe';
  /** Verifies the `Stripe-Signature` header over the raw body; rejects when it does not match. */
  constructEvent(rawBody: string, signatureHeader: string): Promise<Stripe.Event>;
}

type StripeConfig = Pick<Config, 'PUBLIC_URL' | 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_API_BASE'>;

/** STRIPE_API_BASE (tests only) as the client's host/port/protocol options. */
function apiBaseOptions(base: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!base) return {};
  const url = new URL(base);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

export function createStripeProvider(config: StripeConfig): StripeProvider {
  const { STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret } = config;
  if (!secretKey || !webhookSecret) throw new Error('Stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET.');
  // The client library is loaded on first use, not at start (docs/performance.md).
  let client: Promise<Stripe> | undefined;
  const stripeClient = () =>
    (client ??= import('stripe').then(
      ({ default: StripeClient }) =>
        new StripeClient(secretKey, {
          ...apiBaseOptions(config.STRIPE_API_BASE),
          // Retries are safe: every session creation carries an idempotency key.
          maxNetworkRetries: 2,
          timeout: 20_000,
          telemetry: false,
        }),
    ));

  const createSession = async (invoice: InvoiceRow, user: UserRow, idempotencyKey: string): Promise<PaymentLink> => {
    const stripe = await stripeClient();
    const session = await stripe.checkout.sessions.create(
      {
        mode: 'payment',
        client_reference_id: invoice.id,
        metadata: { invoiceId: invoice.id },
        customer_email: user.email,
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: 'gbp',
              unit_amount: invoice.amount_pence,
              product_data: { name: invoice.title, description: deliveryLabelFor(invoice.type) },
            },
          },
        ],
        success_url: `${config.PUBLIC_URL}${paymentReturnPath('paid')}`,
        cancel_url: `${config.PUBLIC_URL}${paymentReturnPath('cancelled')}`,
      },
      // A retried create (ours or the client's own) returns the same session instead of a second one.
      { idempotencyKey },
    );
    if (!session.url) throw new Error(`Stripe returned Checkout Session ${session.id} without a URL.`);
    return { url: session.url, reference: session.id };
  };

  return {
    name: 'stripe',
    createPaymentLink: (invoice, user) => createSession(invoice, user, `invoice-${invoice.id}`),
    async renewPaymentLink(invoice, user) {
      const earlier = invoice.provider_ref;
      if (earlier === null) return createSession(invoice, user, `invoice-${invoice.id}`);
      const stripe = await stripeClient();
      try {
        await stripe.checkout.sessions.expire(earlier);
      } catch (error) {
        // Only an open session can be expired: one that expired by itself is as good; a completed one has
        // taken the money (its webhook marks the invoice paid), so no second session is made.
        const session = await stripe.checkout.sessions.retrieve(earlier);
        if (session.status !== 'expired') throw error;
      }
      // Keyed by the session it replaces: a retried renewal gets the same new session, a later one a new one.
      return createSession(invoice, user, `invoice-${invoice.id}-after-${earlier}`);
    },
    async constructEvent(rawBody, signatureHeader) {
      return (await stripeClient()).webhooks.constructEvent(rawBody, signatureHeader, webhookSecret);
    },
  };
}
