/**
 * The report upload: a PDF judged by its bytes, at most REPORT_MAX_BYTES (the bigger body limit applies to
 * this route only), stored with its sha256, and mailed (here: to the outbox, which keeps the attachment's
 * name and size). The bytes are parsed, not sniffed (docs/decisions/0021-reports-parsed-not-sniffed.md):
 * the check itself is in report-pdf.test.ts; here, the route's answers to what it refuses.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { REPORT_MAX_BYTES } from '#domain/orders';
import { REPORT_BODY_LIMIT_BYTES, REPORT_TOO_LARGE_TEXT } from '#server/orders/body-limit';
import { looksLikePdf, reportFileName } from '#server/orders/pdf';
import { ATTACHMENT_TEXT, BOMB_TEXT, JAVASCRIPT_TEXT, LAUNCH_TEXT, POLYGLOT_TEXT } from '#server/orders/pdf-check';
import {
  CUSTOMER_GONE_TEXT,
  NOT_A_PDF_TEXT,
  REPORT_FORM_TEXT,
  REPORT_MISSING_TEXT,
} from '#server/office/report-upload';
import { bearer, cleanup, createTestServer, errorText, jsonInit } from './helpers';
import { PDF_ORDER, account, paidOrder, pdfBlob, pdfOfSize, tinyPdf, uploadReport } from './office-helpers';
import { attachedFile, flateBomb, javascriptInNames, launchOnPageOpen, reportPdf, zipOf } from './report-pdf-files';

afterAll(cleanup);

const { app, db } = await createTestServer();
const customer = await account(app, db);
const office = await account(app, db, 'office');

async function stored(id: string) {
  return db
    .selectFrom('orders')
    .select(['status', 'report', 'report_name', 'report_sha256'])
    .where('invoice_id', '=', id)
    .executeTakeFirstOrThrow();
}

async function expectUntouched(id: string) {
  expect(await stored(id)).toEqual({ status: 'paid', report: null, report_name: null, report_sha256: null });
}

describe('what counts as a PDF', () => {
  it('the header at the start and %%EOF in the last kilobyte; not the name, not the declared type', () => {
    expect(looksLikePdf(tinyPdf())).toBe(true);
    expect(looksLikePdf(pdfOfSize(5000))).toBe(true);
    const withPadding = new Uint8Array([...tinyPdf(), ...new Uint8Array(900).fill(0x20)]);
    expect(looksLikePdf(withPadding)).toBe(true);
    const tooMuchAfter = new Uint8Array([...tinyPdf(), ...new Uint8Array(2000).fill(0x20)]);
    expect(looksLikePdf(tooMuchAfter)).toBe(false);
    const truncated = tinyPdf().slice(0, 200);
    expect(looksLikePdf(truncated)).toBe(false);
    expect(looksLikePdf(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(false);
    expect(looksLikePdf(Buffer.from(' %PDF-1.4\n%%EOF\n', 'latin1'))).toBe(false);
    expect(looksLikePdf(Buffer.from('%PDF-%%EOF', 'latin1'))).toBe(true);
    expect(looksLikePdf(Buffer.from('%PDF-%%EO', 'latin1'))).toBe(false);
    expect(looksLikePdf(new Uint8Array())).toBe(false);
  });

  it('file names keep letters, digits, spaces, dots, dashes and underscores, and end in .pdf', () => {
    const id = '0190a8d0-0000-7000-8000-000000000000';
    expect(reportFileName('Website review.pdf', id)).toBe('Website review.pdf');
    expect(reportFileName('C:\\Users\\olive\\Audit "final".PDF', id)).toBe('Audit final.pdf');
    expect(reportFileName('résumé\r\nContent-Type: x.pdf', id)).toBe('resumeContent-Type x.pdf');
    expect(reportFileName('..', id)).toBe('report-0190a8d0.pdf');
    expect(reportFileName('', id)).toBe('report-0190a8d0.pdf');
    expect(reportFileName('x'.repeat(300), id)).toBe(`${'x'.repeat(80)}.pdf`);
  });
});

describe('POST /api/office/orders/:id/report', () => {
  it('stores nothing for an order whose customer was purged: 409, and the order is untouched', async () => {
    const gone = await account(app, db);
    const id = await paidOrder(app, gone, PDF_ORDER);
    // What the account purge does to a paid invoice: it stays, detached.
    await db.updateTable('invoices').set({ user_id: null }).where('id', '=', id).execute();
    const res = await uploadReport(app, office.token, id, pdfBlob(tinyPdf()), 'report.pdf');
    expect(res.status).toBe(409);
    expect(await errorText(res)).toBe(CUSTOMER_GONE_TEXT);
    await expectUntouched(id);
  });

  it('refuses what is not a PDF with 415, whatever its name and type say', async () => {
    const id = await paidOrder(app, customer, PDF_ORDER);
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    const bodies: Array<[Uint8Array<ArrayBuffer>, string]> = [
      [png, 'report.pdf'],
      [new Uint8Array(Buffer.from('just text, %%EOF', 'latin1')), 'notes.pdf'],
      [tinyPdf().slice(0, 120), 'cut-off.pdf'],
      [new Uint8Array(), 'empty.pdf'],
    ];
    for (const [bytes, name] of bodies) {
      const res = await uploadReport(app, office.token, id, pdfBlob(bytes), name);
      expect(res.status, name).toBe(415);
      expect(await errorText(res)).toBe(NOT_A_PDF_TEXT);
    }
    await expectUntouched(id);
  });

  it('refuses a PDF with JavaScript, a Launch action, an attachment or a bomb with 422, a polyglot with 415', async () => {
    // A customer of its own: the mail test below looks for the one report mail to `customer`.
    const id = await paidOrder(app, await account(app, db), PDF_ORDER);
    const report = await reportPdf();
    const refused: Array<[Uint8Array<ArrayBuffer>, number, string]> = [
      [await javascriptInNames(), 422, JAVASCRIPT_TEXT],
      [await launchOnPageOpen(), 422, LAUNCH_TEXT],
      [await attachedFile(), 422, ATTACHMENT_TEXT],
      [await flateBomb(200), 422, BOMB_TEXT],
      [
        new Uint8Array(Buffer.concat([report, zipOf('run.bat', 'echo pwned'), Buffer.from('\n%%EOF\n')])),
        415,
        POLYGLOT_TEXT,
      ],
      [new Uint8Array(Buffer.from('%PDF-%%EOF', 'latin1')), 415, NOT_A_PDF_TEXT],
    ];
    for (const [bytes, status, text] of refused) {
      const res = await uploadReport(app, office.token, id, pdfBlob(bytes), 'report.pdf');
      expect(res.status, text).toBe(status);
      expect(await errorText(res)).toBe(text);
    }
    await expectUntouched(id);
    const res = await uploadReport(app, office.token, id, pdfBlob(report), 'report.pdf');
    expect(res.status).toBe(200);
    expect(Buffer.from((await stored(id)).report!).equals(Buffer.from(report))).toBe(true);
  });

  it('needs a multipart form with a file in "report"', async () => {
    const id = await paidOrder(app, customer, PDF_ORDER);
    const json = await app.request(
      `/api/office/orders/${id}/report`,
      jsonInit('POST', { report: 'x' }, bearer(office.token)),
    );
    expect(json.status).toBe(415);
    expect(await errorText(json)).toBe(REPORT_FORM_TEXT);
    const none = await uploadReport(app, office.token, id, null);
    expect(none.status).toBe(400);
    expect(await errorText(none)).toBe(REPORT_MISSING_TEXT);
    const textField = new FormData();
    textField.append('report', '%PDF-1.4 %%EOF');
    const asText = await app.request(`/api/office/orders/${id}/report`, {
      method: 'POST',
      headers: bearer(office.token),
      body: textField,
    });
    expect(asText.status).toBe(400);
    expect(await errorText(asText)).toBe(REPORT_MISSING_TEXT);
    await expectUntouched(id);
  });

  it('reads the form type with a space before its boundary; a broken form is 400, too many fields 413', async () => {
    const id = await paidOrder(app, customer, PDF_ORDER);
    const form = 'multipart/form-data; boundary=edge-of-form';
    const send = (type: string | null, body: string) =>
      app.request(`/api/office/orders/${id}/report`, {
        method: 'POST',
        headers: { ...bearer(office.token), ...(type === null ? {} : { 'content-type': type }) },
        body,
      });
    const part = (name: string, content: string) =>
      `--edge-of-form\r\nContent-Disposition: form-data; name="${name}"; filename="${name}.pdf"\r\n\r\n${content}\r\n`;
    const report = part('report', Buffer.from(tinyPdf()).toString('latin1')) + '--edge-of-form--\r\n';

    const noType = await send(null, report);
    expect([noType.status, await errorText(noType)]).toEqual([415, REPORT_FORM_TEXT]);
    const broken = await send(form, '--edge-of-form\r\nno headers and no end');
    expect([broken.status, await errorText(broken)]).toEqual([
      400,
      'Please send the report as multipart/form-data, with the PDF in the field "report".',
    ]);
    const crowded = await send(form, ['a', 'b', 'c', 'd'].map((name) => part(name, 'x')).join('') + report);
    expect([crowded.status, await errorText(crowded)]).toEqual([413, 'The form has too many fields (at most 4).']);
    await expectUntouched(id);

    const res = await send('multipart/form-data ; boundary=edge-of-form', report);
    expect(res.status).toBe(200);
    expect((await stored(id)).report_name).toBe('report.pdf');
  });

  it('refuses a call order before its upload is looked at: 409, not the check of what was sent', async () => {
    const id = await paidOrder(app, customer);
    const res = await uploadReport(app, office.token, id, pdfBlob(new Uint8Array(Buffer.from('not a PDF'))));
    expect([res.status, await errorText(res)]).toEqual([
      409,
      'This order is a call, not a PDF report: schedule the call instead.',
    ]);
  });

  it('a file of exactly REPORT_MAX_BYTES passes the size check and goes on to the PDF check', async () => {
    // Zeros: the check refuses them at once as no PDF. The accepted 10 MB report is office-report-largest.test.ts.
    const id = await paidOrder(app, customer, PDF_ORDER);
    const res = await uploadReport(app, office.token, id, pdfBlob(new Uint8Array(REPORT_MAX_BYTES)), 'big.pdf');
    expect(res.status).toBe(415);
    expect(await errorText(res)).toBe(NOT_A_PDF_TEXT);
    await expectUntouched(id);
  });

  it('refuses one byte more with 413, from the file check and, for a bigger body, from the body limit', async () => {
    const id = await paidOrder(app, customer, PDF_ORDER);
    for (const size of [REPORT_MAX_BYTES + 1, REPORT_BODY_LIMIT_BYTES + 1]) {
      const res = await uploadReport(app, office.token, id, pdfBlob(pdfOfSize(size)));
      expect(res.status, String(size)).toBe(413);
      expect(await errorText(res)).toBe(REPORT_TOO_LARGE_TEXT);
    }
    await expectUntouched(id);
  });

  it('the bigger body limit is this route’s only', async () => {
    const id = await paidOrder(app, customer, PDF_ORDER);
    const big = pdfBlob(pdfOfSize(2 * 1024 * 1024));
    const body = new FormData();
    body.append('report', big, 'r.pdf');
    for (const path of [`/api/office/orders/${id}/schedule`, `/api/office/orders/${id}/deliver`, '/api/office/staff']) {
      const res = await app.request(path, { method: 'POST', headers: bearer(office.token), body });
      expect(res.status, path).toBe(413);
      expect(await errorText(res)).not.toBe(REPORT_TOO_LARGE_TEXT);
    }
  });
});
