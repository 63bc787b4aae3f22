/** The invoice calls of SPEC 7 / DESIGN "The contract". */
import { type Invoice, type InvoiceCreateRequest, InvoiceCreateResponse, InvoicesResponse } from './contract';
import { get, post } from './http';

export const createInvoice = (order: InvoiceCreateRequest): Promise<{ paymentLink: string }> =>
  post('/invoices/create', InvoiceCreateResponse, order, { auth: true });

export async function myInvoices(): Promise<Invoice[]> {
  const { invoices } = await get('/invoices/my', InvoicesResponse, { auth: true });
  return invoices;
}
