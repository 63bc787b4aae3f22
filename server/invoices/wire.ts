/** The one place an invoice row becomes the contract's `Invoice` (pounds, booleans, camelCase times). */
import { type Invoice, SERVICE_TYPES, type ServiceType } from '../../domain/contract';
import { deliveryLabel } from '../../domain/catalogue/delivery';
import type { InvoiceRow } from '../db/schema';
import { penceToPounds } from './repository';

export function isServiceType(value: string): value is ServiceType {
  return (SERVICE_TYPES as readonly string[]).includes(value);
}

/** What a customer reads for a stored delivery type: the same label as on every screen of the site. */
export function deliveryLabelFor(type: string): string {
  return isServiceType(type) ? deliveryLabel(type) : type;
}

export function toWireInvoice(row: InvoiceRow): Invoice {
  if (!isServiceType(row.type)) throw new Error(`Invoice ${row.id} has an unknown delivery type.`);
  return {
    _id: row.id,
    amount: penceToPounds(row.amount_pence),
    paid: row.paid === 1,
    paidAt: row.paid_at,
    createdAt: row.created_at,
    service: { title: row.title, type: row.type, url: row.url },
    // The sandbox checkout moves no money: the customer and the office must be able to tell.
    testPayment: row.provider === 'sandbox',
  };
}
