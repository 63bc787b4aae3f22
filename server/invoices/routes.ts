/**
 * /api/invoices: ordering a service and the customer's own invoices.
 * The server prices every order from its own copy of the catalogue: the browser's amount is only checked
 * against it, never trusted.
 */
import { Hono } from 'hono';
import { APP_URL_MAX, InvoiceCreateRequest, SERVICE_TYPES } from '#domain/contract';
import { services as catalogue } from '#domain/catalogue/services';
import { requireAuth } from '../ways-in/require-auth';
import type { AppEnv } from '../http/app-env';
import { clientAddress, clientLimitKey } from '../http/client-address';
import { JSON_CONTENT_TYPE } from '../http/json';
import { HttpError } from '../http/errors';
import { readJson, validate } from '../http/validate';
import { isConstraintRace } from '../db/errors';
import type { InvoiceRow } from '../db/schema';
import { IDEMPOTENCY_KEY_REUSED_TEXT, assertSameOrder, orderFingerprint, readIdempotencyKey } from './idempotency';
import { type EarlierOrder, findEarlierOrder, recordKey, rememberPaymentLink } from './idempotency-repository';
import { invoiceListings } from './listing';
import { poundsToPence } from '../orders/pence';
import { findInvoice, insertInvoice, setProviderRef } from './repository';
import type { Services } from '../services';

export const UNKNOWN_SERVICE_TEXT = 'Unknown service.';
export const PRICE_CHANGED_TEXT = 'The price of this service has changed. Please reload the page.';
export const URL_TOO_LONG_TEXT = 'The website URL or application name is too long.';
export const TYPE_TEXT = `Please choose a delivery type: ${SERVICE_TYPES.join(', ')}.`;
export const INVOICE_NOT_FOUND_TEXT = 'We could not find this invoice.';
export const ALREADY_PAID_TEXT = 'This invoice is already paid.';
export const OTHER_PROVIDER_TEXT =
  'This invoice was started with a payment service that is no longer in use. Please order the service again.';
export const PAYMENT_UNAVAILABLE_TEXT =
  'The payment service could not be reached, so no payment was started. Please try again in a moment.';

const INVOICE_FIELD_MESSAGES: Record<string, string> = {
  amount: 'The price is missing or not a number.',
  title: 'Please choose a service.',
  type: TYPE_TEXT,
  url: 'Please give the website URL or application name as text (empty when there is none).',
};

/** The URL is trimmed before it is checked, so surrounding spaces neither count nor get stored. */
function trimUrl(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const { url } = body as { url?: unknown };
  return typeof url === 'string' ? { ...body, url: url.trim() } : body;
}

function isTooLong(body: unknown): boolean {
  const url = typeof body === 'object' && body !== null ? (body as { url?: unknown }).url : undefined;
  return typeof url === 'string' && url.length > APP_URL_MAX;
}

export function invoiceRoutes(services: Services) {
  const { db, clock, config, sessions, payments, limits, writes } = services;
  const listings = invoiceListings(db);
  const routes = new Hono<AppEnv>();
  const auth = requireAuth(sessions);

  routes.post('/create', auth, async (c) => {
    const { user } = c.get('auth');
    const input = trimUrl(await readJson(c));
    // Checked first so that an over-long URL gets its own clear text rather than the struct's general one.
    if (isTooLong(input)) throw new HttpError(400, URL_TOO_LONG_TEXT);
    const body = validate(InvoiceCreateRequest, input, INVOICE_FIELD_MESSAGES);
    const service = catalogue.find((entry) => entry.title === body.title);
    if (!service) throw new HttpError(400, UNKNOWN_SERVICE_TEXT);
    if (body.amount !== service.price) throw new HttpError(400, PRICE_CHANGED_TEXT);
    // Every well-formed order counts, retries included, before anything is written or the provider is asked.
    await limits.charge(
      [
        { limit: limits.invoice.user, key: user.id },
        { limit: limits.invoice.address, key: clientLimitKey(c, config.TRUST_PROXY) },
      ],
      { userId: user.id, address: clientAddress(c, config.TRUST_PROXY) },
    );

    const order = { title: service.title, type: body.type, url: body.url };
    const key = readIdempotencyKey(c);
    const fingerprint = orderFingerprint(order);

    /** A retry of an order made with this key: its invoice's link, never a second invoice. */
    const replay = async (earlier: EarlierOrder) => {
      assertSameOrder(earlier, fingerprint);
      if (earlier.payment_link !== null) return c.json({ paymentLink: earlier.payment_link }, 201);
      // The first attempt made the invoice but got no link (the provider failed, or it is still asking).
      const invoice = await findInvoice(db, earlier.invoice_id);
      if (!invoice) throw new HttpError(409, IDEMPOTENCY_KEY_REUSED_TEXT);
      return c.json({ paymentLink: await linkFor(invoice) }, 201);
    };

    const linkFor = async (invoice: InvoiceRow): Promise<string> => {
      let link;
      try {
        link = await payments.createPaymentLink(invoice, user);
      } catch (error) {
        // The invoice stays, unpaid: if the provider did create a payment and only its answer was lost,
        // its confirmation still finds the invoice to mark paid.
        const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
        services.log.logger.error({ invoiceId: invoice.id, provider: payments.name, reason }, 'no payment link');
        throw new HttpError(502, PAYMENT_UNAVAILABLE_TEXT);
      }
      if (link.reference !== null || key !== null) {
        await writes.run(async (trx) => {
          if (link.reference !== null) await setProviderRef(trx, invoice.id, link.reference);
          if (key !== null) await rememberPaymentLink(trx, user.id, key, link.url);
        });
      }
      return link.url;
    };

    if (key !== null) {
      const earlier = await findEarlierOrder(db, user.id, key, clock);
      if (earlier) return replay(earlier);
    }
    const fields = { userId: user.id, amountPence: poundsToPence(service.price), ...order, provider: payments.name };
    let invoice: InvoiceRow;
    if (key === null) {
      invoice = await writes.run((trx) => insertInvoice(trx, { ...fields, now: clock.now() }));
    } else {
      try {
        // The invoice and its key commit together, so a retry finds either both or neither.
        invoice = await writes.run(async (trx) => {
          const now = clock.now();
          const made = await insertInvoice(trx, { ...fields, now });
          await recordKey(trx, { userId: user.id, key, invoiceId: made.id, fingerprint, now });
          return made;
        });
      } catch (error) {
        // The same key arrived twice at once: the loser answers with the winner's invoice.
        const earlier = isConstraintRace(error) ? await findEarlierOrder(db, user.id, key, clock) : undefined;
        if (earlier) return replay(earlier);
        throw error;
      }
    }
    const paymentLink = await linkFor(invoice);
    return c.json({ paymentLink }, 201);
  });

  /**
   * "Pay now" on an unpaid invoice: a fresh payment link, and the earlier one stops working (the provider's
   * renewPaymentLink). Only the invoice's owner may, and it counts against the same limits as an order.
   * Fixed word before the parameter: decision 0019.
   */
  routes.post('/pay/:id', auth, async (c) => {
    const { user } = c.get('auth');
    await limits.charge(
      [
        { limit: limits.invoice.user, key: user.id },
        { limit: limits.invoice.address, key: clientLimitKey(c, config.TRUST_PROXY) },
      ],
      { userId: user.id, address: clientAddress(c, config.TRUST_PROXY) },
    );
    const invoice = await findInvoice(db, c.req.param('id'));
    // Another customer's invoice is as unknown as a missing one: its existence is not told.
    if (!invoice || invoice.user_id !== user.id) throw new HttpError(404, INVOICE_NOT_FOUND_TEXT);
    if (invoice.paid === 1) throw new HttpError(409, ALREADY_PAID_TEXT);
    if (invoice.provider !== payments.name) throw new HttpError(409, OTHER_PROVIDER_TEXT);
    let link;
    try {
      link = await payments.renewPaymentLink(invoice, user);
    } catch (error) {
      const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      services.log.logger.error({ invoiceId: invoice.id, provider: payments.name, reason }, 'no renewed payment link');
      throw new HttpError(502, PAYMENT_UNAVAILABLE_TEXT);
    }
    if (link.reference !== null) await writes.run((trx) => setProviderRef(trx, invoice.id, link.reference!));
    return c.json({ paymentLink: link.url }, 200);
  });

  routes.get('/my', auth, async (c) => {
    const { user } = c.get('auth');
    return c.body(await listings.json(user.id), 200, JSON_CONTENT_TYPE);
  });

  return routes;
}
