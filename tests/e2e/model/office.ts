/**
 * What the office models share: staff accounts made as an operator makes them (the roles command), customers
 * with paid orders made through the API and the sandbox checkout, a PDF, and the office page's requests.
 */
import { expect, type Page } from '@playwright/test';
import type { ServiceType } from '#domain/contract';
import { servicesByPrice } from '#domain/catalogue/services';
import { openConfiguredDatabase } from '#server/db/database';
import { createLog } from '#server/log';
import { runRolesCommand } from '#server/users/roles-command';
import { siteDatabaseEnv } from './siteDatabase';
import { existingAccount } from './support';

export type Account = Awaited<ReturnType<typeof existingAccount>>;

/**
 * The roles command's work (`runRolesCommand`, what `npm run roles` runs) on the running test's site database,
 * in this process: spawning `npx tsx scripts/roles.ts` cost 1.2 to 1.5 s a call, several per office test. The
 * command's own wiring (its configuration, migration and exit codes) is tested in tests/server/roles-cli.test.ts.
 * SQLite lets it in while the server has the file open.
 */
export async function roles(...args: string[]): Promise<void> {
  const env = siteDatabaseEnv();
  const db = openConfiguredDatabase({ DATA_DIR: env.DATA_DIR!, DATABASE_URL: env.DATABASE_URL });
  const errors: string[] = [];
  try {
    const code = await runRolesCommand(args, {
      db,
      log: createLog({ level: 'silent' }),
      now: () => new Date(),
      print: () => {},
      error: (line) => errors.push(line),
    });
    if (code !== 0) throw new Error(`roles ${args.join(' ')} exited with ${code}: ${errors.join('\n')}`);
  } finally {
    await db.destroy();
  }
}

/** A new account given a staff role with the roles command. */
export async function staffAccount(page: Page, role: 'office' | 'admin'): Promise<Account> {
  const account = await existingAccount(page);
  await roles('grant', role, account.email);
  return account;
}

export interface PaidOrder {
  id: string;
  title: string;
}

/** The customer orders a service with this delivery type and pays it in the sandbox checkout. */
export async function paidOrder(
  page: Page,
  customer: Account,
  serviceIndex: number,
  type: ServiceType,
  url = '',
): Promise<PaidOrder> {
  const service = servicesByPrice[serviceIndex]!;
  const created = await page.request.post('/api/invoices/create', {
    headers: { authorization: `Bearer ${customer.token}` },
    data: { amount: service.price, title: service.title, type, url },
  });
  expect(created.status()).toBe(201);
  const link = new URL(((await created.json()) as { paymentLink: string }).paymentLink);
  const id = link.pathname.split('/').pop()!;
  const paid = await page.request.post(`/pay/sandbox/${id}/pay`, {
    form: { sig: link.searchParams.get('sig')! },
    maxRedirects: 0,
  });
  expect(paid.status()).toBe(303);
  return { id, title: service.title };
}

/** The office schedules the order's call by hand, as its form does: at `start` (ISO), joined by a meeting link. */
export async function scheduleCall(page: Page, staff: Account, orderId: string, start: string): Promise<void> {
  const response = await page.request.post(`/api/office/orders/${orderId}/schedule`, {
    headers: { authorization: `Bearer ${staff.token}` },
    data: { at: start, join: 'https://meet.example.com/northgate', reason: 'The customer asked for it.' },
  });
  expect(response.status()).toBe(200);
}

/**
 * Gives a scheduled call to an office member, as the customer's booking does (server/booking/): the member, the
 * call's range with its buffer, whether the customer chose the time and their zone. Written straight into the
 * site's database, as the test's own set-up.
 */
export async function giveCall(
  orderId: string,
  memberId: string,
  call: { start: string; chosenByCustomer: boolean; zone: string | null },
): Promise<void> {
  const env = siteDatabaseEnv();
  const db = openConfiguredDatabase({ DATA_DIR: env.DATA_DIR!, DATABASE_URL: env.DATABASE_URL });
  const startMinute = Date.parse(call.start) / 60_000;
  try {
    await db
      .updateTable('orders')
      .set({
        call_member_id: memberId,
        call_start_minute: startMinute,
        call_until_minute: startMinute + 60,
        call_chosen_by_customer: call.chosenByCustomer ? 1 : 0,
        call_customer_zone: call.zone,
      })
      .where('invoice_id', '=', orderId)
      .execute();
  } finally {
    await db.destroy();
  }
}

/** A time on the hour, `hours` from now: a call's start as the office or a customer picks one. */
export function hoursFromNow(hours: number): string {
  const at = new Date(Date.now() + hours * 3_600_000);
  at.setUTCMinutes(0, 0, 0);
  return at.toISOString();
}

/** A one-page PDF with its cross-reference table at the right offsets. */
export function tinyPdf(text: string): Buffer {
  const stream = `BT /F1 18 Tf 24 72 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 144] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (const [index, object] of objects.entries()) {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  }
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** The office API's requests, told apart by their address. */
export const OFFICE_REQUESTS = {
  list: /\/api\/office\/orders\?view=/,
  one: /\/api\/office\/orders\/[^/?]+$/,
  schedule: /\/api\/office\/orders\/[^/]+\/schedule$/,
  report: /\/api\/office\/orders\/[^/]+\/report$/,
  deliver: /\/api\/office\/orders\/[^/]+\/deliver$/,
  staff: /\/api\/office\/staff$/,
  staffMember: /\/api\/office\/staff\/[^/]+$/,
  availability: /\/api\/office\/availability(\?|$)/,
};

/** A multipart body whose `report` is not a PDF: the server judges the bytes and refuses it (415). */
export function notAPdfUpload(): { postData: string; contentType: string } {
  const boundary = 'model-boundary';
  const postData = [
    `--${boundary}`,
    'Content-Disposition: form-data; name="report"; filename="report.pdf"',
    'Content-Type: application/pdf',
    '',
    'this is not a PDF',
    `--${boundary}--`,
    '',
  ].join('\r\n');
  return { postData, contentType: `multipart/form-data; boundary=${boundary}` };
}
