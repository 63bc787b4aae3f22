/**
 * Shared set-up for the office tests: staff accounts (a role set the way `npm run roles` sets it), paid
 * orders (created and paid through the API and the sandbox checkout, as customers do), the office's calls,
 * and small PDFs made by hand.
 */
import type { Kysely } from 'kysely';
import { assert } from 'superstruct';
import { type OfficeOrder, OfficeOrderResponse } from '#domain/officeContract';
import type { Database } from '#server/db/schema';
import { type StaffRole, grantRole } from '#server/users/roles';
import { ORDER, type TestApp, bearer, jsonInit, paymentLink, register, uniqueEmail } from './helpers';

export interface Account {
  token: string;
  id: string;
  name: string;
  email: string;
}

/** A new account; with `role`, an office member or admin. */
export async function account(
  app: TestApp,
  db: Kysely<Database>,
  role: StaffRole | 'common' = 'common',
  name = role === 'common' ? 'Ada Customer' : `Olive ${role}`,
): Promise<Account> {
  const registered = await register(app, { name, email: uniqueEmail(role) });
  if (role !== 'common') await grantRole(db, { id: registered.user.id }, role, new Date());
  return { token: registered.token, id: registered.user.id, name, email: registered.user.email };
}

export const CALL_ORDER = ORDER; // 'Video Meeting'
export const PHONE_ORDER = { ...ORDER, type: 'Phone Call' } as const;
export const PDF_ORDER = { ...ORDER, type: 'PDF Sent to Email' } as const;

/** Places the order as the customer and answers its invoice id, unpaid. */
export async function unpaidOrder(app: TestApp, customer: Account, order: unknown = CALL_ORDER): Promise<string> {
  const link = new URL(await paymentLink(app, customer.token, order));
  return decodeURIComponent(link.pathname.split('/').pop()!);
}

/** Places the order and pays it in the sandbox checkout; answers the invoice id. */
export async function paidOrder(app: TestApp, customer: Account, order: unknown = CALL_ORDER): Promise<string> {
  const link = new URL(await paymentLink(app, customer.token, order));
  const res = await app.request(`${link.pathname}/pay`, {
    method: 'POST',
    body: new URLSearchParams({ sig: link.searchParams.get('sig') ?? '' }),
    // Over the network (a spawned instance), the 303 to the invoices page is the answer, not a page to fetch.
    redirect: 'manual',
  });
  if (res.status !== 303) throw new Error(`sandbox pay failed: ${res.status} ${await res.text()}`);
  return decodeURIComponent(link.pathname.split('/').pop()!);
}

export function getOrder(app: TestApp, token: string | null, id: string) {
  return app.request(`/api/office/orders/${id}`, { headers: token ? bearer(token) : {} });
}

export function schedule(app: TestApp, token: string | null, id: string, body: unknown) {
  return app.request(`/api/office/orders/${id}/schedule`, jsonInit('POST', body, token ? bearer(token) : {}));
}

export function deliver(app: TestApp, token: string | null, id: string) {
  return app.request(`/api/office/orders/${id}/deliver`, { method: 'POST', headers: token ? bearer(token) : {} });
}

export function uploadReport(
  app: TestApp,
  token: string | null,
  id: string,
  file: Blob | null,
  name = 'Website review.pdf',
) {
  const body = new FormData();
  if (file) body.append('report', file, name);
  return app.request(`/api/office/orders/${id}/report`, {
    method: 'POST',
    headers: token ? bearer(token) : {},
    body,
  });
}

/** Reads `{order}`, asserting the contract's shape. */
export async function orderBody(res: Response): Promise<OfficeOrder> {
  const body: unknown = await res.json();
  assert(body, OfficeOrderResponse);
  return body.order;
}

/** A small but well-formed PDF: one empty page, with a real cross-reference table. */
export function tinyPdf(text = 'Report'): Uint8Array<ArrayBuffer> {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R >>`,
    `<< /Length ${text.length + 2} >>\nstream\n% ${text}\nendstream`,
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(out.length);
    out += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(out, 'latin1'));
}

/** A PDF padded to exactly `size` bytes (a comment line in the middle), still starting and ending as one. */
export function pdfOfSize(size: number): Uint8Array<ArrayBuffer> {
  const head = Buffer.from('%PDF-1.4\n%', 'latin1');
  const tail = Buffer.from('\n%%EOF\n', 'latin1');
  const bytes = new Uint8Array(size);
  bytes.fill(0x41);
  bytes.set(head, 0);
  bytes.set(tail, size - tail.length);
  return bytes;
}

export function pdfBlob(bytes: Uint8Array<ArrayBuffer>, type = 'application/pdf'): Blob {
  return new Blob([bytes], { type });
}
