/**
 * The receipt mailed when an order is paid: what was bought, the document issued for it (its number, the VAT split
 * and the seller), and where the customer's invoices are. The PDF is attached when given.
 */
import { documentDeliveryFor } from '#domain/catalogue/delivery';
import { escapeHtml, html, SafeHtml } from '../mail/html';
import { letter, table, textRows, type Row } from '../mail/letter';
import type { MailMessage } from '../mail/mailer';
import { formatLongDate, formatPounds } from '../mail/messages';
import type { InvoiceDocumentData } from './document/data';

export function receiptMail(p: {
  to: string;
  name: string;
  title: string;
  type: string;
  url: string;
  publicUrl: string;
  /** The invoice document issued at payment: its number, the VAT split and the seller. */
  document: InvoiceDocumentData;
  /** The document as PDF, attached when given. */
  pdf?: Uint8Array;
}): MailMessage {
  const { document } = p;
  const { money, seller } = document;
  const amount = formatPounds(money.grossPence);
  const paidOn = formatLongDate(new Date(document.item.paidAt));
  const invoices = `${p.publicUrl}/invoices`;
  const subject = `Receipt: ${p.title} (${amount})`;
  const documentName = document.kind === 'invoice' ? 'VAT invoice' : 'Receipt';
  const rows: Row[] = [
    ['Service', p.title],
    // The words of the PDF it carries (docs/invoices.md#the-pdf).
    ['Delivery', documentDeliveryFor(p.type)],
    ...(p.url ? [['App URL', p.url] satisfies Row] : []),
    // A receipt's seller is not registered for VAT and charges none: no VAT lines.
    ...(document.kind === 'invoice'
      ? ([
          ['Net', formatPounds(money.netPence)],
          [`VAT (${money.vatRatePercent}%)`, formatPounds(money.vatPence)],
        ] satisfies Row[])
      : []),
    ['Amount paid', amount],
    ['Paid on', paidOn],
    [`${documentName} number`, document.number],
  ];
  const testNotice = document.test
    ? ['This was a test payment in the sandbox checkout: no money moved. Test — not a tax document.']
    : [];
  const attached = p.pdf
    ? [`The ${document.kind === 'invoice' ? 'VAT invoice' : 'receipt'} is attached as a PDF.`]
    : [];
  const sellerLines = [
    seller.legalName,
    ...seller.address,
    ...(seller.companyNumber ? [`Company number ${seller.companyNumber}`] : []),
    ...(seller.vatNumber ? [`VAT number ${seller.vatNumber}`] : []),
  ];
  return letter(
    {
      to: p.to,
      name: p.name,
      subject,
      text: [
        'Thank you: we have received your payment. We will deliver within one day.',
        ...testNotice,
        '',
        ...textRows(rows),
        '',
        ...attached,
        `Your invoices: ${invoices}`,
        '',
        ...sellerLines,
      ],
      body: html`<p>Thank you: we have received your payment. We will deliver within one day.</p>
        ${document.test ? html`<p><strong>${testNotice[0]!}</strong></p>` : html``} ${table(rows)}
        ${p.pdf ? html`<p>${attached[0]!}</p>` : html``}
        <p><a href="${invoices}">Your invoices</a></p>
        <p>${new SafeHtml(sellerLines.map(escapeHtml).join('<br />'))}</p>`,
    },
    p.pdf
      ? {
          attachments: [{ filename: `${document.number}.pdf`, contentType: 'application/pdf', content: p.pdf }],
        }
      : {},
  );
}
