/**
 * /api/payments/stripe/webhook: Stripe's report of a finished Checkout. The signature is verified on the
 * raw body (read as text before anything parses it); each event id is recorded in payment_events in the
 * same transaction that applies it, so a replayed or re-delivered event is a no-op that still answers 200.
 */
import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import type Stripe from 'stripe';
import type { Clock } from '../clock';
import type { Database } from '../db/schema';
import type { AppEnv } from '../http/app-env';
import { HttpError } from '../http/errors';
import { findInvoice } from '../invoices/repository';
import { type PaidEffects, markInvoicePaid } from '../payments/markPaid';
import type { StripeProvider } from '../payments/stripe';
import type { Services } from '../services';

export const BAD_SIGNATURE_TEXT = 'The webhook signature could not be verified.';

/** The events that can confirm a Checkout payment (card payments complete at once, others later). */
const PAYMENT_EVENTS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);

async function applyEvent(
  db: Kysely<Database>,
  event: Stripe.Event,
  clock: Clock,
  effects: PaidEffects,
): Promise<void> {
  if (!PAYMENT_EVENTS.has(event.type)) return; // accepted and ignored: we subscribe to more than we act on
  const session = event.data.object as Stripe.Checkout.Session;
  if (session.payment_status !== 'paid') return; // e.g. a bank transfer still on its way
  const invoiceId = session.metadata?.invoiceId ?? session.client_reference_id;
  const invoice = invoiceId ? await findInvoice(db, invoiceId) : undefined;
  const problem = !invoice
    ? 'names no invoice of ours'
    : invoice.provider_ref !== null && invoice.provider_ref !== session.id
      ? `is not the session made for invoice ${invoice.id}`
      : session.amount_total !== invoice.amount_pence || session.currency !== 'gbp'
        ? `paid ${session.amount_total} ${session.currency}, not the ${invoice.amount_pence} gbp of invoice ${invoice.id}`
        : null;
  if (problem || !invoice) {
    console.warn(`[payments] Stripe event ${event.id} (session ${session.id}) ${problem}; not applied`);
    return;
  }
  await markInvoicePaid(db, invoice.id, { provider: 'stripe', reference: session.id, at: clock.now() }, effects);
}

export function stripeWebhookRoutes(services: Services, stripe: StripeProvider) {
  const { db, clock } = services;
  const effects: PaidEffects = { mailer: services.mailer, publicUrl: services.config.PUBLIC_URL };
  const routes = new Hono<AppEnv>();

  routes.post('/webhook', async (c) => {
    // The raw text, exactly as sent: the signature covers these bytes, not a re-serialised object.
    const rawBody = await c.req.text();
    let event: Stripe.Event;
    try {
      event = stripe.constructEvent(rawBody, c.req.header('stripe-signature') ?? '');
    } catch {
      throw new HttpError(400, BAD_SIGNATURE_TEXT);
    }
    await db.transaction().execute(async (trx) => {
      const recorded = await trx
        .insertInto('payment_events')
        .values({ provider: 'stripe', event_id: event.id, processed_at: clock.now().toISOString() })
        .onConflict((conflict) => conflict.columns(['provider', 'event_id']).doNothing())
        .executeTakeFirst();
      if (recorded.numInsertedOrUpdatedRows === 0n) return; // seen before: already applied
      await applyEvent(trx, event, clock, effects);
    });
    return c.json({ received: true }, 200);
  });

  return routes;
}
