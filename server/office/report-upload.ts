/**
 * An order's report, uploaded by the office (POST /api/office/orders/<id>/report): refused before it is read
 * when the order cannot take one, read as a form within its limit, judged by its bytes, then sent.
 */
import type { Context } from 'hono';
import { REPORT_MAX_BYTES } from '#domain/orders';
import type { UserRow } from '../db/schema';
import { readFormWithin } from '../http/body-read';
import { clientAborted } from '../http/client-aborted';
import { HttpError } from '../http/errors';
import { assertAllowed, sendReport } from '../orders/actions';
import { REPORT_BODY_LIMIT_BYTES, REPORT_TOO_LARGE_TEXT } from '../orders/body-limit';
import { reportFileName, sha256Hex } from '../orders/pdf';
import type { OrderDetailRow } from '../orders/repository';
import type { Services } from '../services';

export const REPORT_FORM_TEXT = 'Please send the report as multipart/form-data, with the PDF in the field "report".';
export const REPORT_MISSING_TEXT = 'Please attach the report: a PDF file in the field "report".';
export const CUSTOMER_GONE_TEXT =
  "This customer's account was deleted: there is no one to send the report to, so nothing is stored.";
export { NOT_A_PDF_TEXT } from '../orders/pdf-check';

/** Receives the report of the order and sends it to its customer; the status and text of the refusal when not. */
export async function receiveReport(c: Context, services: Services, order: OrderDetailRow, actor: UserRow) {
  // Refused before the upload is read: a call order, or one not paid, gets its 409 without sending 10 MB.
  assertAllowed(order, { type: 'order.sendReport' });
  // A purged customer's order keeps its invoice, not the work: a report for it would be kept for no one.
  if (order.user_id === null) throw new HttpError(409, CUSTOMER_GONE_TEXT);
  const file = await readReportFile(c);
  if (file.size > REPORT_MAX_BYTES) throw new HttpError(413, REPORT_TOO_LARGE_TEXT);
  const bytes = new Uint8Array(await file.arrayBuffer());
  // Judged by the bytes, parsed (docs/decisions/0021-reports-parsed-not-sniffed.md): the name and declared
  // type are whatever the sender says. In a worker thread: a check may take seconds of CPU.
  const verdict = await services.threads.checkReport(bytes);
  if (!verdict.ok) throw new HttpError(verdict.status, verdict.text);
  await sendReport(services, order, {
    actor,
    fileName: reportFileName(file.name, order.id),
    bytes,
    sha256: sha256Hex(bytes),
  });
}

/** The file in the form's field "report"; 415, 400 or 413 when the request carries none that can be read. */
async function readReportFile(c: Context): Promise<File> {
  const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'multipart/form-data') throw new HttpError(415, REPORT_FORM_TEXT);
  let form: Record<string, unknown>;
  try {
    // The size was judged by the route's body limit; a few fields at most: the file and its name.
    form = await readFormWithin(c, { maxBytes: REPORT_BODY_LIMIT_BYTES, maxFields: 4 });
  } catch (error) {
    // A client that hung up is logged as such by the error handler; a form with too many fields says so; any
    // other unreadable form is the sender's.
    if (clientAborted(c) || (error instanceof HttpError && error.status === 413)) throw error;
    throw new HttpError(400, REPORT_FORM_TEXT);
  }
  const file = form.report;
  if (!(file instanceof File)) throw new HttpError(400, REPORT_MISSING_TEXT);
  return file;
}
