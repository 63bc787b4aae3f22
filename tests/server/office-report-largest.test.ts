/**
 * The largest report the office may send: a real PDF of exactly REPORT_MAX_BYTES is checked, stored with its
 * sha256 and mailed as an attachment. A file of its own because checking 10 MB takes the parser about 0.2 s of
 * CPU, and the instrumented parser of a mutation run over 3 s, past the check's budget: the mutation run
 * (vitest.mutation-server.config.ts) leaves this file out, and office-reports.test.ts holds the size boundary.
 */
import { createHash } from 'node:crypto';
import { afterAll, expect, it } from 'vitest';
import { REPORT_MAX_BYTES } from '#domain/orders';
import { outboxDir, readOutbox } from '#server/mail/mailer';
import { cleanup, createTestServer } from './helpers';
import { PDF_ORDER, account, orderBody, paidOrder, pdfBlob, uploadReport } from './office-helpers';
import { reportPdfOfSize } from './report-pdf-files';

afterAll(cleanup);

const { app, db, config } = await createTestServer();
const customer = await account(app, db);
const office = await account(app, db, 'office');

it('takes a PDF of exactly REPORT_MAX_BYTES, stores it with its sha256 and mails it as an attachment', async () => {
  const id = await paidOrder(app, customer, PDF_ORDER);
  const pdf = await reportPdfOfSize(REPORT_MAX_BYTES);
  const res = await uploadReport(app, office.token, id, pdfBlob(pdf), 'Big review.pdf');
  expect(res.status).toBe(200);
  expect(await orderBody(res)).toMatchObject({ status: 'reportSent', reportName: 'Big review.pdf' });
  const row = await db
    .selectFrom('orders')
    .select(['report', 'report_name', 'report_sha256'])
    .where('invoice_id', '=', id)
    .executeTakeFirstOrThrow();
  expect(row.report_name).toBe('Big review.pdf');
  expect(row.report_sha256).toBe(createHash('sha256').update(pdf).digest('hex'));
  expect(Buffer.from(row.report!).equals(Buffer.from(pdf))).toBe(true);
  // Without SMTP_URL the mail goes to the outbox, which keeps the attachment's name, type and size only.
  await app.mail.idle();
  const mail = readOutbox(outboxDir(config.DATA_DIR)).find(
    (message) => message.to === customer.email && /report/i.test(message.subject),
  );
  expect(mail?.attachments).toEqual([
    { filename: 'Big review.pdf', contentType: 'application/pdf', size: REPORT_MAX_BYTES },
  ]);
});
