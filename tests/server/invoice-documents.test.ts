/**
 * Invoice documents (docs/invoices.md): issued at payment with a number from a gap-free series, frozen, and
 * downloaded by the invoice's owner and the office only. Runs on SQLite and on PostgreSQL.
 */
import { createHash } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { DOCUMENT_DAMAGED_TEXT, keptPdf } from '#server/invoices/document/kept';
import type { InvoiceDocumentData } from '#server/invoices/document/data';
import { issueInvoiceDocument, splitVat } from '#server/invoices/document/issue';
import { readInvoiceDocument } from '#server/invoices/document/repository';
import { markInvoicePaid, paidEffects } from '#server/payments/mark-paid';
import { openPostgresDatabase } from '#server/db/database';
import { bearer, cleanup, createCapturedLog, createTestServer, destroyAfterAll, myInvoices } from './helpers';
import { startMailCatcher } from './mail-helpers';
import { PDF_ORDER, account, paidOrder, unpaidOrder } from './office-helpers';

const smtp = await startMailCatcher();
afterAll(async () => {
  await cleanup();
  await smtp.close();
});

const YEAR = '2026'; // the test clock's

describe('numbering', async () => {
  const { app, db, clock } = await createTestServer();
  const customer = await account(app, db);

  it('a sandbox payment takes the next number of the test series; the list shows it with its download', async () => {
    const first = await paidOrder(app, customer);
    const second = await paidOrder(app, customer, PDF_ORDER);
    const invoices = await myInvoices(app, customer.token);
    const documentOf = (id: string) => invoices.find((invoice) => invoice._id === id)!.document;
    expect(documentOf(first)).toEqual({
      number: `TEST-NG-${YEAR}-000001`,
      url: `/api/orders/${first}/invoice.pdf`,
    });
    expect(documentOf(second)?.number).toBe(`TEST-NG-${YEAR}-000002`);
    const unpaid = await unpaidOrder(app, customer);
    expect((await myInvoices(app, customer.token)).find((invoice) => invoice._id === unpaid)!.document).toBeNull();
  });

  it('a real payment takes the real series; a payment event that arrives again issues nothing', async () => {
    const id = await unpaidOrder(app, customer);
    const at = clock.now();
    expect(await markInvoicePaid(db, id, { provider: 'stripe', reference: 'cs_1', at })).toBe(true);
    expect(await markInvoicePaid(db, id, { provider: 'stripe', reference: 'cs_1', at })).toBe(false);
    expect((await readInvoiceDocument(db, id))?.number).toBe(`NG-${YEAR}-000001`);
    const series = await db.selectFrom('invoice_number_series').selectAll().orderBy('series').execute();
    expect(series).toEqual([
      { series: `NG-${YEAR}`, last_number: 1 },
      { series: `TEST-NG-${YEAR}`, last_number: 2 },
    ]);
  });

  it('a payment that rolls back gives its number back: the next payment takes it', async () => {
    const id = await unpaidOrder(app, customer);
    const settings = {
      legalName: 'Northgate IT Consulting Ltd',
      address: ['1 Example Street'],
      companyNumber: null,
      vatNumber: null,
      vatRatePercent: 20,
      numberPrefix: 'NG-',
    };
    const invoice = {
      invoiceId: id,
      title: 'Security Audit',
      type: 'Video Meeting' as const,
      amountPence: 4900,
      createdAt: clock.now().toISOString(),
      buyer: { name: 'Ada', email: 'ada@example.test' },
    };
    await expect(
      db.transaction().execute(async (trx) => {
        await issueInvoiceDocument(trx, invoice, { at: clock.now(), test: false, settings });
        throw new Error('the payment failed after its number was taken');
      }),
    ).rejects.toThrow('the payment failed');
    expect(await readInvoiceDocument(db, id)).toBeUndefined();
    expect(await markInvoicePaid(db, id, { provider: 'stripe', reference: 'cs_2', at: clock.now() })).toBe(true);
    expect((await readInvoiceDocument(db, id))?.number).toBe(`NG-${YEAR}-000002`);
  });

  it('a new year starts its own series, counted in the company’s time zone', async () => {
    // 31 December 2026, 23:30 in London (GMT) is still 2026; 1 January 2027 00:30 is the new year.
    const lastOfYear = await unpaidOrder(app, customer);
    await markInvoicePaid(db, lastOfYear, {
      provider: 'stripe',
      reference: null,
      at: new Date('2026-12-31T23:30:00Z'),
    });
    const firstOfYear = await unpaidOrder(app, customer);
    await markInvoicePaid(db, firstOfYear, {
      provider: 'stripe',
      reference: null,
      at: new Date('2027-01-01T00:30:00Z'),
    });
    expect((await readInvoiceDocument(db, lastOfYear))?.number).toBe('NG-2026-000003');
    expect((await readInvoiceDocument(db, firstOfYear))?.number).toBe('NG-2027-000001');
  });
});

describe('payments at once', async () => {
  const { app, db, clock, config } = await createTestServer();
  const customer = await account(app, db);
  // On PostgreSQL a second instance: a pool of its own on the same database. SQLite serves one instance.
  const other = config.DATABASE_URL ? destroyAfterAll(openPostgresDatabase(config.DATABASE_URL)) : db;

  it('get consecutive, distinct numbers, also from two instances on PostgreSQL', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 12; i += 1) ids.push(await unpaidOrder(app, customer));
    const paid = await Promise.all(
      ids.map((id, i) =>
        markInvoicePaid(i % 2 === 0 ? db : other, id, { provider: 'stripe', reference: `cs_${i}`, at: clock.now() }),
      ),
    );
    expect(paid).toEqual(ids.map(() => true));
    const numbers = await Promise.all(ids.map(async (id) => (await readInvoiceDocument(db, id))!.number));
    expect(numbers.sort()).toEqual(ids.map((_, i) => `NG-${YEAR}-${String(i + 1).padStart(6, '0')}`));
  });
});

describe('what a document says', async () => {
  it('is frozen at payment: a later change of name changes no issued document', async () => {
    const { app, db } = await createTestServer();
    const customer = await account(app, db, 'common', 'Ada Before');
    const id = await paidOrder(app, customer);
    await db.updateTable('users').set({ name: 'Ada After' }).where('id', '=', customer.id).execute();
    const document = (await readInvoiceDocument(db, id))!;
    expect(document.buyer).toMatchObject({ name: 'Ada Before', email: customer.email });
  });

  it('a receipt without a VAT number; a VAT invoice with one, with the configured seller and rate', async () => {
    const plain = await createTestServer();
    const receiptId = await paidOrder(plain.app, await account(plain.app, plain.db));
    const receipt = (await readInvoiceDocument(plain.db, receiptId))!;
    expect(receipt).toMatchObject<Partial<InvoiceDocumentData>>({ kind: 'receipt', test: true });
    expect(receipt.seller.vatNumber).toBeNull();
    // Not registered for VAT: none is charged, the whole price is the net.
    expect(receipt.money).toEqual({ grossPence: 4900, netPence: 4900, vatPence: 0, vatRatePercent: 0 });

    const registered = await createTestServer({
      COMPANY_LEGAL_NAME: 'Northgate Consulting Limited',
      COMPANY_ADDRESS: ['2 Harbour Road', 'Leeds', 'LS1 4AP'],
      COMPANY_NUMBER: '09876543',
      VAT_NUMBER: 'GB987654321',
      VAT_RATE: 17.5,
      INVOICE_NUMBER_PREFIX: 'NGC-',
    });
    const customer = await account(registered.app, registered.db, 'common', 'Grace Hopper');
    const invoiceId = await paidOrder(registered.app, customer);
    const invoice = (await readInvoiceDocument(registered.db, invoiceId))!;
    expect(invoice).toMatchObject({
      kind: 'invoice',
      test: true,
      number: `TEST-NGC-${YEAR}-000001`,
      seller: {
        legalName: 'Northgate Consulting Limited',
        address: ['2 Harbour Road', 'Leeds', 'LS1 4AP'],
        companyNumber: '09876543',
        vatNumber: 'GB987654321',
      },
      buyer: { name: 'Grace Hopper', email: customer.email },
      item: { service: 'Website Development Consultation', delivery: 'Video meeting' },
      // £49.00 including 17.5 % VAT: £41.70 net and £7.30 VAT.
      money: { grossPence: 4900, netPence: 4170, vatPence: 730, vatRatePercent: 17.5 },
      invoiceId,
    });
  });

  it('splits any price so that net and VAT add up to the penny', () => {
    for (const gross of [1, 99, 4900, 12_345, 70_000]) {
      for (const rate of [0, 5, 17.5, 20]) {
        const { netPence, vatPence } = splitVat(gross, rate);
        expect(netPence + vatPence).toBe(gross);
        // The VAT is the exact VAT of the gross, rounded to the nearest penny.
        expect(Math.abs(vatPence - (gross * rate) / (100 + rate))).toBeLessThanOrEqual(0.5);
      }
    }
    expect(splitVat(4900, 20)).toEqual({ netPence: 4083, vatPence: 817, grossPence: 4900, vatRatePercent: 20 });
  });
});

describe('downloading a document', async () => {
  const { app, db } = await createTestServer();
  const customer = await account(app, db);
  const stranger = await account(app, db);
  const office = await account(app, db, 'office');
  const id = await paidOrder(app, customer);
  const unpaid = await unpaidOrder(app, customer);
  const get = (path: string, token: string | null) => app.request(path, { headers: token ? bearer(token) : {} });

  it('its owner downloads the PDF, named by its number', async () => {
    const res = await get(`/api/orders/${id}/invoice.pdf`, customer.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="TEST-NG-${YEAR}-000001.pdf"`);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(
      Buffer.from(await res.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });

  it('the office downloads it from the order', async () => {
    const { order } = (await (await get(`/api/office/orders/${id}`, office.token)).json()) as {
      order: { document: unknown };
    };
    expect(order.document).toEqual({
      number: `TEST-NG-${YEAR}-000001`,
      url: `/api/office/orders/${id}/invoice.pdf`,
    });
    const res = await get(`/api/office/orders/${id}/invoice.pdf`, office.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    // The same document, byte for byte, as the customer's.
    const mine = await (await get(`/api/orders/${id}/invoice.pdf`, customer.token)).arrayBuffer();
    expect(Buffer.from(await res.arrayBuffer()).equals(Buffer.from(mine))).toBe(true);
  });

  it('anyone else gets the same 404 as for an unknown or unpaid invoice; signed out, 401', async () => {
    const notFound = [
      await get(`/api/orders/${id}/invoice.pdf`, stranger.token),
      await get(`/api/orders/${unpaid}/invoice.pdf`, customer.token),
      await get('/api/orders/no-such-invoice/invoice.pdf', customer.token),
      await get(`/api/office/orders/${unpaid}/invoice.pdf`, office.token),
    ];
    for (const res of notFound) {
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ message: { en: expect.any(String) } });
    }
    expect((await get(`/api/orders/${id}/invoice.pdf`, null)).status).toBe(401);
    expect((await get(`/api/office/orders/${id}/invoice.pdf`, customer.token)).status).toBe(403);
  });
});

describe('a document is kept as issued', async () => {
  const { app, db, logLines } = await createTestServer();
  const customer = await account(app, db);
  const download = async (id: string) => {
    const res = await app.request(`/api/orders/${id}/invoice.pdf`, { headers: bearer(customer.token) });
    return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
  };
  const stored = (id: string) =>
    db
      .selectFrom('invoice_documents')
      .select(['pdf', 'pdf_sha256', 'data'])
      .where('invoice_id', '=', id)
      .executeTakeFirstOrThrow();
  const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
  /** A paid order whose document has no PDF kept, as those issued before PDFs were. */
  const paidBeforePdfsWereKept = async () => {
    const id = await paidOrder(app, customer);
    await db
      .updateTable('invoice_documents')
      .set({ pdf: null, pdf_sha256: null })
      .where('invoice_id', '=', id)
      .execute();
    return id;
  };

  it('its PDF is drawn at payment and stored with its checksum; every download serves those bytes', async () => {
    const id = await paidOrder(app, customer);
    const row = await stored(id);
    expect(row.pdf).not.toBeNull();
    expect(row.pdf_sha256).toBe(sha256(row.pdf!));
    // What the document says changes (a fault, or code that draws it otherwise today): the download does not.
    const data = JSON.parse(row.data) as InvoiceDocumentData;
    const changed = JSON.stringify({ ...data, buyer: { ...data.buyer, name: 'Someone Else' } });
    await db.updateTable('invoice_documents').set({ data: changed }).where('invoice_id', '=', id).execute();
    const first = await download(id);
    expect(first.status).toBe(200);
    expect(first.bytes.equals(Buffer.from(row.pdf!))).toBe(true);
    expect((await download(id)).bytes.equals(first.bytes)).toBe(true);
  });

  it('a document issued before PDFs were kept is drawn on its first download, kept, and served the same after', async () => {
    const id = await paidBeforePdfsWereKept();
    const first = await download(id);
    expect(first.status).toBe(200);
    expect(first.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const row = await stored(id);
    expect(Buffer.from(row.pdf!).equals(first.bytes)).toBe(true);
    expect(row.pdf_sha256).toBe(sha256(first.bytes));
    expect((await download(id)).bytes.equals(first.bytes)).toBe(true);
  });

  it('a stored copy that no longer matches its checksum is not served: 503, and the operator is told', async () => {
    const id = await paidOrder(app, customer);
    const row = await stored(id);
    const damaged = new Uint8Array(row.pdf!);
    damaged[damaged.length - 10]! ^= 0xff;
    await db.updateTable('invoice_documents').set({ pdf: damaged }).where('invoice_id', '=', id).execute();
    const res = await app.request(`/api/orders/${id}/invoice.pdf`, { headers: bearer(customer.token) });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ message: { en: DOCUMENT_DAMAGED_TEXT } });
    expect(logLines.find((line) => line.event === 'document.damaged' && line.invoiceId === id)).toMatchObject({
      level: 50,
      number: (JSON.parse(row.data) as InvoiceDocumentData).number,
      msg: 'a stored invoice document no longer matches its checksum; it is not served',
    });
  });

  it('two first downloads at once serve the one copy kept first, even if each drew other bytes', async () => {
    const id = await paidBeforePdfsWereKept();
    // As if the drawing changed between the two (a deploy in between): the first kept is the document.
    // Each drawing waits for the other to start, so both looked before either kept: otherwise the second may
    // find the first's copy already kept (it did on PostgreSQL in CI), and the race is not tested.
    let draws = 0;
    let bothDrawing!: () => void;
    const started = new Promise<void>((resolve) => (bothDrawing = resolve));
    const threads = {
      draw: async () => {
        const draw = (draws += 1);
        if (draw === 2) bothDrawing();
        await started;
        return new TextEncoder().encode(`%PDF-draw ${draw}`);
      },
    };
    const [one, two] = await Promise.all([1, 2].map(() => keptPdf({ db, threads, log: createCapturedLog().log }, id)));
    expect(draws).toBe(2);
    expect(new TextDecoder().decode(one!.pdf)).toBe(new TextDecoder().decode(two!.pdf));
    expect(Buffer.from((await stored(id)).pdf!).equals(Buffer.from(one!.pdf))).toBe(true);
  });
});

describe('the receipt mail', () => {
  it('carries the number, says a test payment is one, and has the document attached', async () => {
    const { app, db } = await createTestServer({ SMTP_URL: smtp.url });
    const customer = await account(app, db);
    const id = await paidOrder(app, customer);
    await app.mail.idle();
    // The catcher keeps the sign-up's verification mail apart: the receipt is the first message.
    const receipt = await smtp.waitFor(customer.email);
    expect(receipt.subject).toBe('Receipt: Website Development Consultation (£49.00)');
    const number = `TEST-NG-${YEAR}-000001`;
    expect(receipt.text).toContain(`Receipt number: ${number}`);
    expect(receipt.text).toContain('Test — not a tax document.');
    expect(receipt.text).toContain('The receipt is attached as a PDF.');
    // Not registered for VAT (no VAT_NUMBER): no VAT lines.
    expect(receipt.text).not.toContain('VAT (');
    expect(receipt.text).toContain('Northgate IT Consulting Ltd');
    const attached = receipt.parts.find((part) => part.type === 'application/pdf');
    expect(attached?.filename).toBe(`${number}.pdf`);
    const download = await app.request(`/api/orders/${id}/invoice.pdf`, { headers: bearer(customer.token) });
    expect(attached!.bytes.equals(Buffer.from(await download.arrayBuffer()))).toBe(true);
  });

  it('a document that cannot be drawn undoes no payment: the receipt goes without it, and the failure is logged', async () => {
    const { app, db, clock, config } = await createTestServer({ SMTP_URL: smtp.url });
    const customer = await account(app, db);
    const id = await unpaidOrder(app, customer);
    const { log, lines } = createCapturedLog();
    const renderPdf = () => Promise.reject(new Error('the font is missing'));
    const effects = { ...paidEffects({ mail: app.mail, config, log, threads: { draw: renderPdf } }), renderPdf };
    expect(await markInvoicePaid(db, id, { provider: 'stripe', reference: 'cs_2', at: clock.now() }, effects)).toBe(
      true,
    );
    await app.mail.idle();
    const receipt = await smtp.waitFor(customer.email);
    expect(receipt.text).toContain(`Receipt number: NG-${YEAR}-000001`);
    expect(receipt.text).not.toContain('attached');
    expect(receipt.parts.some((part) => part.type === 'application/pdf')).toBe(false);
    expect(lines.find((line) => line.number === `NG-${YEAR}-000001`)).toMatchObject({
      invoiceId: id,
      err: { message: 'the font is missing' },
    });
    // The customer still gets the document: drawn again, from the same data, when downloaded.
    const download = await app.request(`/api/orders/${id}/invoice.pdf`, { headers: bearer(customer.token) });
    expect(download.status).toBe(200);
  });

  it('on a VAT invoice, states net and VAT', async () => {
    const { app, db } = await createTestServer({ SMTP_URL: smtp.url, VAT_NUMBER: 'GB123456789' });
    const customer = await account(app, db);
    await paidOrder(app, customer);
    await app.mail.idle();
    const receipt = await smtp.waitFor(customer.email);
    expect(receipt.text).toContain('Net: £40.83');
    expect(receipt.text).toContain('VAT (20%): £8.17');
    expect(receipt.text).toContain('Amount paid: £49.00');
    expect(receipt.text).toContain(`VAT invoice number: TEST-NG-${YEAR}-000001`);
    expect(receipt.text).toContain('VAT number GB123456789');
  });
});
