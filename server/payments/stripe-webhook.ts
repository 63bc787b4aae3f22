/** Stripe's events, once their signature is verified: which are read, their shape, and applying one once. */
import type { Kysely } from 'kysely';
import type Stripe from 'stripe';
import type { Clock } from '../clock';
import type { Database } from '../db/schema';
import type { ServerLog } from '../log';
import { findInvoice } from '../invoices/repository';
import { type PaidEffects, markInvoicePaid } from './mark-paid';
import { recordEvent } from './repository';
import type { StripeProvider } from './stripe';
import { HttpError } from '../http/errors';

export const BAD_SIGNATURE_TEXT = 'The webhook signature could not be verified.';
export const MALFORMED_EVENT_TEXT = 'The webhook event does not have the shape of a Stripe event.';

/** The events that can confirm a Checkout payment (card payments complete at once, others later). */
const PAYMENT_EVENTS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isTextOrAbsent = (value: unknown) => value === undefined || value === null || typeof value === 'string';

/**
 * Stripe's object ids (evt_…, cs_…): letters, digits, underscores (dots and dashes allowed too), at most 255.
 * Anything else is refused before it reaches the database, where a signed but absurd id (thousands of
 * characters) would not fit a primary-key index.
 */
const STRIPE_ID = /^[A-Za-z0-9_.-]{1,255}$/;

/**
 * Whether a verified event has the shape this route reads: a signed body is still only JSON, and a wrong
 * type in it must be refused, not fail a query. Checked by hand rather than with a struct, whose error
 * text would have to print whatever the value is.
 */
function isUsableEvent(event: unknown): event is Stripe.Event {
  if (!isRecord(event) || typeof event.id !== 'string' || typeof event.type !== 'string') return false;
  if (!STRIPE_ID.test(event.id)) return false;
  if (!PAYMENT_EVENTS.has(event.type)) return true; // accepted and ignored: only its id is used
  // A payment event: its Checkout Session's id, client reference and invoice id are used as text, its
  // amount and currency are compared and written into the log.
  const session = isRecord(event.data) ? event.data.object : undefined;
  if (!isRecord(session) || typeof session.id !== 'string' || !STRIPE_ID.test(session.id)) return false;
  const amount = session.amount_total;
  if (!isTextOrAbsent(session.client_reference_id) || !isTextOrAbsent(session.currency)) return false;
  if (amount !== undefined && amount !== null && typeof amount !== 'number') return false;
  const { metadata } = session;
  return metadata === undefined || metadata === null || (isRecord(metadata) && isTextOrAbsent(metadata.invoiceId));
}

async function applyEvent(
  db: Kysely<Database>,
  event: Stripe.Event,
  clock: Clock,
  effects: PaidEffects,
  log: ServerLog,
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
    log.logger.warn(
      { event: 'payment.not_applied', stripeEvent: event.id, session: session.id },
      `Stripe event ${event.id} (session ${session.id}) ${problem}; not applied`,
    );
    return;
  }
  await markInvoicePaid(db, invoice.id, { provider: 'stripe', reference: session.id, at: clock.now() }, effects);
}

/**
 * Applies a verified event once: its id is recorded in payment_events in the same transaction that applies it,
 * so a replayed or re-delivered event changes nothing.
 */
export async function applyEventOnce(
  db: Kysely<Database>,
  event: Stripe.Event,
  clock: Clock,
  effects: PaidEffects,
  log: ServerLog,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (!(await recordEvent(trx, 'stripe', event.id, clock.now()))) return; // seen before: already applied
    await applyEvent(trx, event, clock, effects, log);
  });
}

/** The event the body carries, once its signature is verified on the raw text; 400 for a bad signature or shape. */
export async function verifiedEvent(stripe: StripeProvider, rawBody: string, signature: string): Promise<Stripe.Event> {
  let event: Stripe.Event;
  try {
    event = await stripe.constructEvent(rawBody, signature);
  } catch {
    throw new HttpError(400, BAD_SIGNATURE_TEXT);
  }
  if (!isUsableEvent(event)) throw new HttpError(400, MALFORMED_EVENT_TEXT);
  return event;
}
