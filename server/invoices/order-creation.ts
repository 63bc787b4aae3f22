/**
 * Making an order: its invoice (with its order awaiting payment) and the payment link. With an Idempotency-Key
 * (idempotency.ts) the invoice and its key commit together, and a retry answers the first attempt's link.
 */
import type { ServiceType } from '#domain/contract';
import { isConstraintRace } from '../db/errors';
import type { InvoiceRow, UserRow } from '../db/schema';
import { HttpError } from '../http/errors';
import { poundsToPence } from '../orders/pence';
import type { Services } from '../services';
import { IDEMPOTENCY_KEY_REUSED_TEXT, assertSameOrder, orderFingerprint } from './idempotency';
import { type EarlierOrder, findEarlierOrder, recordKey } from './idempotency-repository';
import { newPaymentLink } from './payment-link';
import { insertInvoice } from './new-invoice';
import { findInvoice } from './repository';

type OrderServices = Pick<Services, 'db' | 'clock' | 'payments' | 'writes' | 'log'>;

export interface NewOrder {
  price: number;
  order: { title: string; type: ServiceType; url: string };
  /** The request's Idempotency-Key; null when none was sent. */
  key: string | null;
  /** The origin the customer ordered from, where the checkout returns (server/http/site-origin.ts). */
  site: string;
}

/** The payment link of the order: a new invoice's, or (a retry with the same key) the first attempt's. */
export async function createOrder(services: OrderServices, user: UserRow, request: NewOrder): Promise<string> {
  const { db, clock, payments, writes } = services;
  const { key, order, site } = request;
  const fingerprint = orderFingerprint(order);
  const fields = { userId: user.id, amountPence: poundsToPence(request.price), ...order, provider: payments.name };
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
      // The key is taken: by the first attempt of this retry, or by the same key arriving twice at once. Either
      // way the answer is the earlier invoice's (an expired key was given up by recordKey, so it is not here).
      const earlier = isConstraintRace(error) ? await findEarlierOrder(db, user.id, key, clock) : undefined;
      if (earlier) return replay(services, user, { key, site }, earlier, fingerprint);
      throw error;
    }
  }
  return newPaymentLink(services, invoice, user, { key, site });
}

/** A retry of an order made with this key: its invoice's link, never a second invoice. */
async function replay(
  services: OrderServices,
  user: UserRow,
  link: { key: string; site: string },
  earlier: EarlierOrder,
  fingerprint: string,
): Promise<string> {
  assertSameOrder(earlier, fingerprint);
  if (earlier.payment_link !== null) return earlier.payment_link;
  // The first attempt made the invoice but got no link (the provider failed, or it is still asking).
  const invoice = await findInvoice(services.db, earlier.invoice_id);
  if (!invoice) throw new HttpError(409, IDEMPOTENCY_KEY_REUSED_TEXT);
  return newPaymentLink(services, invoice, user, link);
}
