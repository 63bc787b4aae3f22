/** The invoices machine's real actor, built on src/api/; the page supplies nothing. */
import { fromPromise } from 'xstate';
import { invoicesMachine } from '#machines/invoices.machine';
import * as api from '../../api/invoices';

const wired = invoicesMachine.provide({
  actors: { loadInvoices: fromPromise(() => api.myInvoices()) },
});

export function wireInvoices() {
  return wired;
}
