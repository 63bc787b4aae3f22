/** The invoice calls: ordering a service, and the customer's own invoices. */
import { type Invoice, type InvoiceCreateRequest, PaymentLinkResponse, InvoicesResponse } from '#domain/contract';
import { type DownloadedFile, download } from './download';
import { get, post } from './http';

/** Random per page load: the same order retried from this page reuses its key, another page life does not. */
const PAGE_NONCE = crypto.randomUUID();

/**
 * The order's Idempotency-Key: the same draft (service, type, URL) confirmed again from this page, after a
 * lost answer or a failure, names the same order, so the server answers with the first invoice instead of
 * making a second one; a changed draft is a new order with a new key.
 */
export function orderKey(order: InvoiceCreateRequest): string {
  let hash = 0x811c9dc5;
  for (const char of JSON.stringify([order.title, order.type, order.url])) {
    hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193);
  }
  return `${PAGE_NONCE}-${(hash >>> 0).toString(36)}`;
}

export const createInvoice = (order: InvoiceCreateRequest): Promise<{ paymentLink: string }> =>
  post('/invoices/create', PaymentLinkResponse, order, {
    auth: true,
    headers: { 'Idempotency-Key': orderKey(order) },
  });

/** "Pay now": a fresh payment link for an unpaid invoice of the customer's; its earlier link stops working. */
export const renewPaymentLink = (invoiceId: string): Promise<{ paymentLink: string }> =>
  post(`/invoices/pay/${encodeURIComponent(invoiceId)}`, PaymentLinkResponse, undefined, { auth: true });

export async function myInvoices(): Promise<Invoice[]> {
  const { invoices } = await get('/invoices/my', InvoicesResponse, { auth: true });
  return invoices;
}

/**
 * An order's file (the report PDF, the call's .ics): the invoice names it by its address under /api, and it
 * needs the bearer token, so it comes through the client and is saved from memory.
 */
export function orderFile(url: string): Promise<DownloadedFile> {
  return download(url.replace(/^\/api(?=\/)/, ''), { auth: true });
}
