/**
 * The sandbox checkout's server-rendered pages. No scripts (the CSP allows only our own script files, and
 * none is needed); inline styles only. Every value that reaches the HTML goes through `escapeHtml`.
 */
import { company } from '#domain/company';
import { formatPrice } from '#domain/catalogue/services';
import type { InvoiceRow } from '../db/schema';
import { deliveryLabelFor } from '#domain/catalogue/delivery';
import { formatCompanyTime } from '../mail/time';
import { penceToPounds } from '../orders/pence';
import { sandboxCheckoutPath } from './sandbox';

export const TEST_MODE_TEXT = 'Sandbox checkout — test mode, no real payment is taken';
export const ALREADY_PAID_TEXT = 'This invoice is already paid';
export const FORBIDDEN_TEXT = 'This payment link is not valid.';
export const NOT_FOUND_TEXT = 'We could not find this invoice.';

function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

// The site's colours and shapes (src/styles/global.css's tokens: page, surface, text, accent, border, radius).
// On a phone the terms stand above their values, so that no word is broken to fit a column.
const STYLE = `
  body { margin: 0; font-family: 'Inter', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif;
         background: #f4f6fa; color: #172033; line-height: 1.55; }
  main { max-width: 32rem; margin: 3rem auto; padding: 2rem; background: #fff; border-radius: 16px;
         box-shadow: 0 10px 40px rgb(15 23 42 / 0.08); }
  .test-mode { margin: 0 0 1.5rem; padding: 0.75rem 1rem; border: 2px dashed #b45309; border-radius: 10px;
               background: #fffbeb; color: #78350f; font-weight: 700; }
  h1 { font-size: 1.4rem; margin: 0 0 1rem; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.5rem 1rem; margin: 0 0 1.5rem; }
  dt { color: #4a5568; } dd { margin: 0; font-weight: 600; min-width: 0; overflow-wrap: break-word; }
  .actions { display: flex; gap: 0.75rem; flex-wrap: wrap; }
  button { font: inherit; font-weight: 600; padding: 0.7rem 1.25rem; border-radius: 10px;
           border: 2px solid #0e7490; cursor: pointer; }
  .pay { background: #0e7490; color: #fff; } .pay:hover { background: #0b5566; border-color: #0b5566; }
  .cancel { background: #fff; color: #172033; border-color: #d8dee9; } .cancel:hover { border-color: #0e7490; }
  a { color: #0b5566; }
  :focus-visible { outline: 3px solid #0e7490; outline-offset: 2px; }
  @media (max-width: 30rem) {
    main { margin: 1rem; padding: 1.25rem; }
    dl { grid-template-columns: 1fr; gap: 0.1rem; } dd + dt { margin-top: 0.5rem; }
  }
`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="/favicon.png" type="image/png" sizes="32x32">
<title>${escapeHtml(title)} — ${escapeHtml(company.name)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="test-mode" role="note">${escapeHtml(TEST_MODE_TEXT)}</p>
<p>${escapeHtml(company.name)}</p>
${body}
</main>
</body>
</html>
`;
}

function details(invoice: InvoiceRow): string {
  const rows: Array<[string, string]> = [
    ['Service', invoice.title],
    ['Delivery', deliveryLabelFor(invoice.type)],
    ['App URL', invoice.url === '' ? 'Not provided' : invoice.url],
    ['Amount', formatPrice(penceToPounds(invoice.amount_pence))],
  ];
  return `<dl>${rows.map(([term, value]) => `<dt>${escapeHtml(term)}</dt><dd>${escapeHtml(value)}</dd>`).join('')}</dl>`;
}

function form(action: string, signature: string, className: string, label: string): string {
  return `<form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="sig" value="${escapeHtml(signature)}">
<button type="submit" class="${className}">${escapeHtml(label)}</button>
</form>`;
}

export function checkoutPage(invoice: InvoiceRow, signature: string, invoicesUrl: string): string {
  const path = sandboxCheckoutPath(invoice.id);
  if (invoice.paid === 1) {
    // Said as the site says times: on the company's clock, in words.
    const paidOn = invoice.paid_at ? ` on ${formatCompanyTime(new Date(invoice.paid_at))}` : '';
    return layout(
      ALREADY_PAID_TEXT,
      `<h1>${escapeHtml(ALREADY_PAID_TEXT)}</h1>
${details(invoice)}
<p>It was paid${escapeHtml(paidOn)}. Nothing more is due.</p>
<p><a href="${escapeHtml(invoicesUrl)}">Back to your invoices</a></p>`,
    );
  }
  const amount = formatPrice(penceToPounds(invoice.amount_pence));
  return layout(
    'Checkout',
    `<h1>Checkout</h1>
${details(invoice)}
<div class="actions">
${form(`${path}/pay`, signature, 'pay', `Pay ${amount}`)}
${form(`${path}/cancel`, signature, 'cancel', 'Cancel')}
</div>`,
  );
}

export function messagePage(heading: string, text: string, invoicesUrl: string): string {
  return layout(
    heading,
    `<h1>${escapeHtml(heading)}</h1>
<p>${escapeHtml(text)}</p>
<p><a href="${escapeHtml(invoicesUrl)}">Go to your invoices</a></p>`,
  );
}
