/** The one place an invoice row becomes the contract's `Invoice` (pounds, booleans, camelCase times). */
import type { Invoice } from '#domain/contract';
import { isServiceType } from '#domain/catalogue/delivery';
import type { InvoiceRow } from '../db/schema';
import { type BookingRules, toOrderWire } from '../orders/wire';
import { penceToPounds } from '../orders/pence';
import type { InvoiceOrderColumns } from './repository';

/**
 * With its order's columns (a listing joins them), the invoice carries `order`; with its document's number, the
 * document and where it downloads (the owner's only, server/invoices/download-routes.ts).
 */
export function toWireInvoice(
  row: InvoiceRow & Partial<InvoiceOrderColumns> & { document_number?: string | null; call_with?: string | null },
  rules: BookingRules,
): Invoice {
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
    document: row.document_number
      ? { number: row.document_number, url: `/api/orders/${encodeURIComponent(row.id)}/invoice.pdf` }
      : null,
    ...(row.status !== undefined
      ? {
          order: toOrderWire(row.id, rules, {
            status: row.status,
            scheduled_at: row.scheduled_at ?? null,
            join_info: row.join_info ?? null,
            late_reason: row.late_reason ?? null,
            delivered_at: row.delivered_at ?? null,
            report_name: row.report_name ?? null,
            call_chosen_by_customer: row.call_chosen_by_customer ?? 0,
            call_with: row.call_with ?? null,
          }),
        }
      : {}),
  };
}
