/**
 * GET /api/users/export, "Download my data" (docs/data-export.md): a customer with every kind of data gets one
 * ZIP, unzipped here, holding each part and no secret; another customer's data is not in it; the route needs a
 * session, is limited per account per day, mails the account and writes the security log. On SQLite and
 * PostgreSQL, with mail through a real SMTP server on loopback.
 */
import { createHash } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import { strFromU8, unzipSync } from 'fflate';
import { assert } from 'superstruct';
import { afterAll, describe, expect, it } from 'vitest';
import { PasskeyRegistrationOptions } from '#domain/passkeyContract';
import { RecoveryCodesResponse, TwoFactorSetupResponse } from '#domain/twoFactorContract';
import { codeOfStep, stepAt } from '#server/ways-in/two-factor';
import { CONSENT_NOTE, uniquePath } from '#server/data-export/gather';
import type { DataExport } from '#server/data-export/format';
import { DATA_EXPORT_SUBJECT } from '#server/data-export/notice';
import {
  PASSWORD,
  bearer,
  cleanup,
  createTestServer,
  errorText,
  form,
  fromAddress,
  jsonInit,
  login,
  uniqueAddress,
} from './helpers';
import {
  type Account,
  PDF_ORDER,
  account,
  paidOrder,
  tinyPdf,
  unpaidOrder,
  uploadReport,
  pdfBlob,
} from './office-helpers';
import { company } from '#domain/company';
import { type MailCatcher, expectWellFormed, startMailCatcher } from './mail-helpers';
import { SoftwareAuthenticator } from './passkeys-authenticator';

const smtp: MailCatcher = await startMailCatcher();
afterAll(async () => {
  await cleanup();
  await smtp.close();
});

const server = await createTestServer({ SMTP_URL: smtp.url });
const { app, db, clock } = server;

/** A valid 1x1 PNG (signature, IHDR, IDAT, IEND with correct CRCs). */
function png(): Uint8Array<ArrayBuffer> {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header[8] = 8;
  header[9] = 2;
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(Buffer.from([0, 10, 200, 30]))),
      chunk('IEND', Buffer.alloc(0)),
    ]),
  );
}

const VISIT = {
  visitor: 'visitor-export-0001',
  country_code: 'GB',
  country_name: 'United Kingdom',
  city: 'London',
  postal: 'EC1A',
  latitude: 51.5072,
  longitude: -0.1276,
  IPv4: '203.0.113.7',
  state: 'England',
  visitDate: '2026-01-05',
  visitTime: '09:00:00',
};

function exportOf(token: string | null, address = uniqueAddress()) {
  return app.request('/api/users/export', { headers: token ? bearer(token) : {} }, fromAddress(address));
}

async function post(token: string, path: string, body: unknown = {}) {
  const res = await app.request(path, jsonInit('POST', body, bearer(token)), fromAddress(uniqueAddress()));
  expect(res.status, `${path}: ${await res.clone().text()}`).toBeLessThan(300);
  return (await res.json()) as unknown;
}

/** A customer with every kind of data the server keeps about one. */
async function customerWithEverything(office: Account) {
  const customer = await account(app, db, 'common', 'Ada Export');
  // A second session, signed in again.
  expect((await login(app, customer.email, PASSWORD, uniqueAddress())).status).toBe(200);
  // A picture.
  const picture = png();
  const updated = await app.request('/api/users/profile/update', {
    method: 'PATCH',
    headers: bearer(customer.token),
    body: form({ name: customer.name, email: customer.email, avatar: new File([picture], 'me.png') }),
  });
  expect(updated.status).toBe(200);
  // Billing details for the invoices.
  const billing = await app.request(
    '/api/users/billing',
    jsonInit(
      'PUT',
      { billingName: 'Ada Ltd', address: '1 Export Row\nLondon', vatNumber: 'GB123456789' },
      bearer(customer.token),
    ),
  );
  expect(billing.status).toBe(200);
  // The authenticator app, with its recovery codes.
  const setup = await post(customer.token, '/api/users/two-factor/totp/setup', { currentPassword: PASSWORD });
  assert(setup, TwoFactorSetupResponse);
  const enabled = await post(customer.token, '/api/users/two-factor/totp/enable', {
    code: codeOfStep(setup.secret, stepAt(clock.now())),
  });
  assert(enabled, RecoveryCodesResponse);
  // A passkey.
  const authenticator = new SoftwareAuthenticator(server.config.PUBLIC_URL);
  const options = await post(customer.token, '/api/users/passkeys/registration/options', {
    currentPassword: PASSWORD,
  });
  assert(options, PasskeyRegistrationOptions);
  await post(customer.token, '/api/users/passkeys/registration', {
    name: 'Work laptop',
    response: authenticator.create(options),
  });
  // A linked Google sign-in (what the Google link writes; its OpenID round trip is google.test.ts's).
  await db
    .insertInto('identities')
    .values({
      provider: 'google',
      subject: 'google-subject-export',
      user_id: customer.id,
      email: 'ada.export@gmail.example',
      created_at: clock.now().toISOString(),
    })
    .execute();
  // A visit, signed in.
  const visit = await app.request(
    '/api/users/record-visit',
    jsonInit('POST', { ...VISIT, user: customer.id }, bearer(customer.token)),
    fromAddress(uniqueAddress()),
  );
  expect(visit.status).toBe(204);
  // An unpaid order, and a paid one whose report the office sent (a notification, a document, a history).
  const unpaid = await unpaidOrder(app, customer, PDF_ORDER);
  const paid = await paidOrder(app, customer, PDF_ORDER);
  const report = tinyPdf('Export report');
  expect((await uploadReport(app, office.token, paid, pdfBlob(report), 'Website review.pdf')).status).toBe(200);
  return { customer, picture, secret: setup.secret, recoveryCodes: enabled.recoveryCodes, unpaid, paid, report };
}

/**
 * Each entry's local header, read by hand (fflate's unzip tells neither): its compression method (0 stored,
 * 8 deflated) and its modification day, as the ZIP's DOS date holds it.
 */
function zipHeaders(zip: Uint8Array) {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const headers: { name: string; method: number; day: string }[] = [];
  for (let at = 0; view.getUint32(at, true) === 0x04034b50;) {
    const date = view.getUint16(at + 12, true);
    const nameLength = view.getUint16(at + 26, true);
    headers.push({
      name: strFromU8(zip.subarray(at + 30, at + 30 + nameLength)),
      method: view.getUint16(at + 8, true),
      day: `${(date >> 9) + 1980}-${(date >> 5) & 15}-${date & 31}`,
    });
    at += 30 + nameLength + view.getUint16(at + 28, true) + view.getUint32(at + 18, true);
  }
  return headers;
}

/** data.json deflated, the files (compressed already) stored; every entry dated at the export, in local time. */
function expectStoredAsExported(headers: ReturnType<typeof zipHeaders>, names: string[]) {
  const now = clock.now();
  const exportDay = `${now.getFullYear()}-${now.getMonth() + 1}-${now.getDate()}`;
  expect(headers.map((header) => [header.name, header.method, header.day]).sort()).toEqual(
    names.map((name) => [name, name === 'data.json' ? 8 : 0, exportDay]).sort(),
  );
}

/** The archive's entries, and every byte of them as one text to search. */
async function unzipAnswer(res: Response) {
  const zip = new Uint8Array(await res.arrayBuffer());
  const files = unzipSync(zip);
  const all = Buffer.concat([Buffer.from(zip), ...Object.values(files).map((bytes) => Buffer.from(bytes))]);
  const data = JSON.parse(strFromU8(files['data.json']!)) as DataExport;
  return { files, data, text: all.toString('latin1'), headers: zipHeaders(zip) };
}

describe('GET /api/users/export', () => {
  it('answers one ZIP with data.json, the picture, the invoice PDF and the report, and no secret', async () => {
    const office = await account(app, db, 'office', 'Olive Office');
    const other = await account(app, db, 'common', 'Otto Other');
    const otherOrder = await paidOrder(app, other, PDF_ORDER);
    const everything = await customerWithEverything(office);
    const { customer } = everything;

    const res = await exportOf(customer.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="northgate-data-2026-01-05.zip"');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const { files, data, text, headers } = await unzipAnswer(res);
    expectStoredAsExported(headers, Object.keys(files));

    const paidInvoice = data.invoices.find((invoice) => invoice.id === everything.paid)!;
    const number = paidInvoice.document!.number;
    expect(Object.keys(files).sort()).toEqual(
      ['avatar.png', 'data.json', `invoices/${number}.pdf`, 'reports/Website review.pdf'].sort(),
    );
    expect(Buffer.from(files['avatar.png']!).equals(Buffer.from(everything.picture))).toBe(true);
    expect(Buffer.from(files['reports/Website review.pdf']!).equals(Buffer.from(everything.report))).toBe(true);
    expect(strFromU8(files[`invoices/${number}.pdf`]!.subarray(0, 5))).toBe('%PDF-');

    expect(data.format).toBe(1);
    expect(data.exportedAt).toBe(clock.now().toISOString());
    expect(data.account).toMatchObject({
      id: customer.id,
      name: 'Ada Export',
      email: customer.email,
      emailVerified: false,
      role: 'common',
      deletionScheduledFor: null,
      billing: { billingName: 'Ada Ltd', address: '1 Export Row\nLondon', vatNumber: 'GB123456789' },
      avatar: { file: 'avatar.png', contentType: 'image/png' },
    });
    expect(data.signIn).toEqual({
      password: true,
      google: [{ provider: 'google', email: 'ada.export@gmail.example', linkedAt: clock.now().toISOString() }],
      twoFactor: { enabled: true, since: clock.now().toISOString(), recoveryCodesLeft: 10 },
      passkeys: [{ name: 'Work laptop', createdAt: clock.now().toISOString(), lastUsedAt: null }],
    });
    // Registration's session and the second sign-in's; enabling the app ends none of them.
    expect(data.sessions.length).toBeGreaterThanOrEqual(2);
    expect(data.sessions[0]).toEqual({
      createdAt: expect.any(String),
      lastUsedAt: expect.any(String),
      expiresAt: expect.any(String),
      revokedAt: null,
      secondFactor: null,
    });
    expect(data.invoices.map((invoice) => invoice.id).sort()).toEqual([everything.unpaid, everything.paid].sort());
    const unpaidInvoice = data.invoices.find((invoice) => invoice.id === everything.unpaid)!;
    expect(unpaidInvoice).toMatchObject({ paid: false, paidAt: null, document: null });
    expect(paidInvoice).toMatchObject({
      type: PDF_ORDER.type,
      paid: true,
      document: { file: `invoices/${number}.pdf`, data: { number, buyer: { email: customer.email } } },
      order: {
        status: 'reportSent',
        report: { name: 'Website review.pdf', file: 'reports/Website review.pdf' },
      },
    });
    expect(paidInvoice.order!.history.map((entry) => [entry.from, entry.to, entry.by])).toEqual([
      ['awaitingPayment', 'paid', null],
      ['paid', 'reportSent', 'office'],
    ]);
    expect(data.notifications.map((notification) => notification.kind)).toEqual(
      expect.arrayContaining(['welcome', 'invoice_paid', 'order_report_sent']),
    );
    expect(data.visits).toEqual([
      expect.objectContaining({ visitor: VISIT.visitor, city: 'London', ipv4: '203.0.113.7', date: '2026-01-05' }),
    ]);
    expect(data.consent).toEqual({ heldByServer: false, note: CONSENT_NOTE });

    // No secret anywhere in the archive, compressed or not.
    const user = await db.selectFrom('users').selectAll().where('id', '=', customer.id).executeTakeFirstOrThrow();
    const sessions = await db.selectFrom('sessions').select('token_hash').where('user_id', '=', customer.id).execute();
    const totp = await db
      .selectFrom('totp_secrets')
      .selectAll()
      .where('user_id', '=', customer.id)
      .executeTakeFirstOrThrow();
    const recovery = await db
      .selectFrom('recovery_codes')
      .select('code_hash')
      .where('user_id', '=', customer.id)
      .execute();
    const passkey = await db
      .selectFrom('passkeys')
      .selectAll()
      .where('user_id', '=', customer.id)
      .executeTakeFirstOrThrow();
    const secrets = [
      user.password_hash!,
      customer.token,
      ...sessions.map((row) => row.token_hash),
      everything.secret,
      totp.secret,
      ...everything.recoveryCodes,
      ...recovery.map((row) => row.code_hash),
      passkey.credential_id,
    ];
    expect(secrets.length).toBeGreaterThanOrEqual(2 + 2 + 2 + 20 + 1);
    // The search finds what is there: the customer's own address is.
    expect(text).toContain(customer.email);
    for (const secret of secrets) expect(text.includes(secret), `a secret in the archive: ${secret}`).toBe(false);
    expect(text).not.toContain(createHash('sha256').update(customer.token).digest('hex'));

    // Nobody else's data.
    for (const theirs of [other.id, other.email, otherOrder, office.email]) {
      expect(text.includes(theirs), `another account's ${theirs}`).toBe(false);
    }
  });

  it('mails the account and writes the security log for each export', async () => {
    const customer = await account(app, db, 'common', 'Mia Mail');
    const res = await exportOf(customer.token);
    expect(res.status).toBe(200);
    // A customer who gave no billing details: none, not empty ones.
    expect((await unzipAnswer(res)).data.account.billing).toBeNull();
    const mail = await smtp.waitFor(customer.email);
    expect(mail.subject).toBe(DATA_EXPORT_SUBJECT);
    expectWellFormed(mail, company.mailFrom);
    const reset = `${server.config.PUBLIC_URL}/forgot-password`;
    expect(mail.text).toMatch(
      /was downloaded from your profile page as a ZIP file \(.+\)\.\r\n\r\nIf this was you, there/,
    );
    expect(mail.text).toContain('If this was you, there is nothing more to do.\r\nIf this was not you');
    expect(mail.text).toContain(`reset your password now (${reset})`);
    expect(mail.html).toMatch(/<p>A copy of everything we hold about you was downloaded .+<\/p>/);
    expect(mail.html).toContain(`<a href="${reset}">reset your password now</a>`);
    expect(server.securityEvents()).toContainEqual(
      expect.objectContaining({ event: 'account.data_exported', userId: customer.id, files: 0 }),
    );
    const queued = await db
      .selectFrom('mail_queue')
      .select('kind')
      .where('to_address', '=', customer.email)
      .where('subject', '=', DATA_EXPORT_SUBJECT)
      .execute();
    expect(queued).toEqual([{ kind: 'data export notice' }]);
  });

  it("keeps each order's own history and report, two reports of one name apart", async () => {
    const office = await account(app, db, 'office', 'Owen Office');
    const customer = await account(app, db, 'common', 'Tom Two');
    await db.updateTable('users').set({ email_verified: 1 }).where('id', '=', customer.id).execute();
    // Billing details with a name only: the other two are null, not left out.
    const billing = await app.request(
      '/api/users/billing',
      jsonInit('PUT', { billingName: 'Tom Two Ltd' }, bearer(customer.token)),
    );
    expect(billing.status).toBe(200);
    const first = await paidOrder(app, customer, PDF_ORDER);
    const second = await paidOrder(app, customer, PDF_ORDER);
    const firstReport = tinyPdf('First report');
    const secondReport = tinyPdf('Second report');
    expect((await uploadReport(app, office.token, first, pdfBlob(firstReport), 'Review.pdf')).status).toBe(200);
    expect((await uploadReport(app, office.token, second, pdfBlob(secondReport), 'Review.pdf')).status).toBe(200);

    const res = await exportOf(customer.token);
    expect(res.status).toBe(200);
    const { files, data } = await unzipAnswer(res);
    expect(data.account.emailVerified).toBe(true);
    expect(data.account.billing).toEqual({ billingName: 'Tom Two Ltd', address: null, vatNumber: null });
    expect(data.signIn).toEqual({
      password: true,
      google: [],
      twoFactor: { enabled: false, since: null, recoveryCodesLeft: 0 },
      passkeys: [],
    });
    const orderOf = (id: string) => data.invoices.find((invoice) => invoice.id === id)!.order!;
    expect(orderOf(first).report).toEqual({ name: 'Review.pdf', file: 'reports/Review.pdf' });
    expect(orderOf(second).report).toEqual({ name: 'Review.pdf', file: 'reports/Review-2.pdf' });
    expect(Buffer.from(files['reports/Review.pdf']!).equals(Buffer.from(firstReport))).toBe(true);
    expect(Buffer.from(files['reports/Review-2.pdf']!).equals(Buffer.from(secondReport))).toBe(true);
    for (const id of [first, second]) {
      expect(orderOf(id).history.map((entry) => [entry.from, entry.to, entry.by])).toEqual([
        ['awaitingPayment', 'paid', null],
        ['paid', 'reportSent', 'office'],
      ]);
    }
    const numbers = data.invoices.map((invoice) => invoice.document!.number);
    expect(new Set(numbers).size).toBe(2);
    expect(Object.keys(files).sort()).toEqual(
      ['data.json', 'reports/Review.pdf', 'reports/Review-2.pdf', ...numbers.map((n) => `invoices/${n}.pdf`)].sort(),
    );
  });

  it('answers 401 without a session, and neither mails nor logs', async () => {
    const before = server.securityEvents().length;
    const res = await exportOf(null);
    expect(res.status).toBe(401);
    expect(await errorText(res)).not.toBe('');
    expect((await exportOf('not-a-token')).status).toBe(401);
    expect(
      server
        .securityEvents()
        .slice(before)
        .map((line) => line.event),
    ).not.toContain('account.data_exported');
  });

  it('allows three exports per account per day, then 429 with Retry-After; another account is not held', async () => {
    const customer = await account(app, db, 'common', 'Lena Limit');
    for (let i = 0; i < 3; i += 1) expect((await exportOf(customer.token)).status).toBe(200);
    const refused = await exportOf(customer.token);
    expect(refused.status).toBe(429);
    expect(await errorText(refused)).toMatch(/^Too many attempts\. Please try again in \d+ (hours?|minutes?)\.$/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // The log names the account (never a key that may be an address).
    expect(server.securityEvents()).toContainEqual(
      expect.objectContaining({ event: 'limit.exceeded', limit: 'data_export.user', userId: customer.id }),
    );
    await smtp.waitFor(customer.email, 3);
    expect(smtp.to(customer.email)).toHaveLength(3);
    const someoneElse = await account(app, db, 'common', 'Sam Else');
    expect((await exportOf(someoneElse.token)).status).toBe(200);
  });
});

describe('uniquePath', () => {
  it('numbers a taken name before its extension, from 2 up, and takes what it answers', () => {
    const taken = new Set<string>();
    expect(['reports/a.pdf', 'reports/a.pdf', 'reports/a.pdf'].map((path) => uniquePath(taken, path))).toEqual([
      'reports/a.pdf',
      'reports/a-2.pdf',
      'reports/a-3.pdf',
    ]);
    // A name without an extension, and a dot only in a folder's name.
    expect(['notes', 'notes', 'v1.0/notes', 'v1.0/notes'].map((path) => uniquePath(taken, path))).toEqual([
      'notes',
      'notes-2',
      'v1.0/notes',
      'v1.0/notes-2',
    ]);
    expect(taken.size).toBe(7);
  });
});
