/**
 * The billing details (docs/product.md#billing-details): read and saved by the signed-in customer through
 * `GET`/`PUT /api/users/billing`, checked with the form's rules, logged; and named as the buyer by the document of
 * a later payment, frozen there (docs/invoices.md). Runs on SQLite and on PostgreSQL.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import {
  BILLING_ADDRESS_LINES_TEXT,
  BILLING_ADDRESS_TOO_LONG_TEXT,
  BILLING_NAME_TOO_LONG_TEXT,
  VAT_NUMBER_FORMAT_TEXT,
  VAT_NUMBER_NEEDS_BUYER_TEXT,
} from '#domain/billing';
import { readInvoiceDocument } from '#server/invoices/document/repository';
import { bearer, cleanup, createTestServer, jsonInit, type TestApp } from './helpers';
import { account, paidOrder } from './office-helpers';

afterAll(cleanup);

const NONE = { billingName: null, address: null, vatNumber: null };
const BUSINESS = {
  billingName: 'Ada Analytics Ltd',
  address: '1 Main Street\nLondon\nEC1A 1BB',
  vatNumber: 'GB123456789',
};

function getBilling(app: TestApp, token: string | null) {
  return app.request('/api/users/billing', { headers: token ? bearer(token) : {} });
}
function putBilling(app: TestApp, token: string | null, body: unknown) {
  return app.request('/api/users/billing', jsonInit('PUT', body, token ? bearer(token) : {}));
}

describe('billing details', async () => {
  const { app, db, securityEvents } = await createTestServer();
  const customer = await account(app, db);
  const other = await account(app, db);

  it('none at first; saved in their normal form, read back, and only by their owner', async () => {
    expect(await (await getBilling(app, customer.token)).json()).toEqual(NONE);
    const res = await putBilling(app, customer.token, {
      billingName: '  Ada Analytics Ltd ',
      address: ' 1 Main Street \r\n\n London\nEC1A 1BB\n',
      vatNumber: 'gb 123 456 789',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(BUSINESS);
    expect(await (await getBilling(app, customer.token)).json()).toEqual(BUSINESS);
    expect(await (await getBilling(app, other.token)).json()).toEqual(NONE);
    const row = await db
      .selectFrom('users')
      .select(['billing_name', 'billing_address', 'billing_vat_number'])
      .where('id', '=', customer.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      billing_name: BUSINESS.billingName,
      billing_address: BUSINESS.address,
      billing_vat_number: BUSINESS.vatNumber,
    });
  });

  it('a change is logged with the fields it changed, never their values; saving the same again logs nothing', async () => {
    const before = securityEvents().length;
    await putBilling(app, customer.token, { ...BUSINESS, billingName: 'Ada Analytics Limited' });
    await putBilling(app, customer.token, { ...BUSINESS, billingName: 'Ada Analytics Limited' });
    const logged = securityEvents().slice(before);
    expect(logged).toEqual([
      expect.objectContaining({ event: 'billing.changed', userId: customer.id, fields: ['billingName'] }),
    ]);
    expect(JSON.stringify(logged)).not.toContain('Ada Analytics');
  });

  it('empty, null or left out clears a field; a name or an address alone is kept', async () => {
    let res = await putBilling(app, customer.token, { billingName: 'Ada', address: ' ', vatNumber: '' });
    expect(await res.json()).toEqual({ ...NONE, billingName: 'Ada' });
    res = await putBilling(app, customer.token, { address: 'London', billingName: null });
    expect(await res.json()).toEqual({ ...NONE, address: 'London' });
    res = await putBilling(app, customer.token, {});
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(NONE);
    expect(await (await getBilling(app, customer.token)).json()).toEqual(NONE);
  });

  it.each<[string, unknown, string]>([
    ['a name too long', { ...BUSINESS, billingName: 'n'.repeat(201) }, BILLING_NAME_TOO_LONG_TEXT],
    ['an address too long', { ...BUSINESS, address: 'a'.repeat(501) }, BILLING_ADDRESS_TOO_LONG_TEXT],
    ['an address of seven lines', { ...BUSINESS, address: '1\n2\n3\n4\n5\n6\n7' }, BILLING_ADDRESS_LINES_TEXT],
    ['a VAT number without a country code', { ...BUSINESS, vatNumber: '123456789' }, VAT_NUMBER_FORMAT_TEXT],
    ['a VAT number too long', { ...BUSINESS, vatNumber: `GB${'1'.repeat(14)}` }, VAT_NUMBER_FORMAT_TEXT],
    ['a VAT number with a dash', { ...BUSINESS, vatNumber: 'GB-123456789' }, VAT_NUMBER_FORMAT_TEXT],
    ['a VAT number without an address', { ...BUSINESS, address: '' }, VAT_NUMBER_NEEDS_BUYER_TEXT],
    ['a VAT number without a name', { ...BUSINESS, billingName: null }, VAT_NUMBER_NEEDS_BUYER_TEXT],
    ['a name that is not text', { billingName: 42 }, 'The billing name must be text of at most 200 characters.'],
    [
      'an address far too long',
      { address: 'a'.repeat(2001) },
      'The billing address must be text of at most 500 characters.',
    ],
    [
      'a VAT number that is not text',
      { vatNumber: ['GB123456789'] },
      'The VAT number must be text: a two-letter country code and 2 to 13 letters or digits.',
    ],
    ['a body that is not an object', [], 'The request body must be an object of fields.'],
  ])('refuses %s with 400 and the rule, and changes nothing', async (_case, body, message) => {
    await putBilling(app, customer.token, BUSINESS);
    const res = await putBilling(app, customer.token, body);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: { en: message } });
    expect(await (await getBilling(app, customer.token)).json()).toEqual(BUSINESS);
  });

  it('refuses a body that is not JSON with 415', async () => {
    const res = await app.request('/api/users/billing', {
      method: 'PUT',
      headers: { ...bearer(customer.token), 'content-type': 'text/plain' },
      body: 'billingName=Ada',
    });
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({ message: { en: expect.any(String) } });
  });

  it('signed out, or with a token that is not a session: 401, and nothing read or changed', async () => {
    for (const token of [null, 'not-a-session-token']) {
      for (const res of [await getBilling(app, token), await putBilling(app, token, BUSINESS)]) {
        expect(res.status).toBe(401);
        expect(await res.json()).toEqual({ message: { en: expect.any(String) } });
      }
    }
  });
});

/** The text a reader gets out of the document, runs of white space made one space. */
async function pdfText(app: TestApp, token: string, invoiceId: string): Promise<string> {
  const res = await app.request(`/api/orders/${invoiceId}/invoice.pdf`, { headers: bearer(token) });
  expect(res.status).toBe(200);
  const pdf = await getDocumentProxy(new Uint8Array(await res.arrayBuffer()));
  const { text } = await extractText(pdf, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

describe("a paid order's document", async () => {
  const { app, db } = await createTestServer({ VAT_NUMBER: 'GB987654321' });

  it('names the billing details as the buyer, and keeps them when they change later', async () => {
    const customer = await account(app, db, 'common', 'Ada Person');
    await putBilling(app, customer.token, BUSINESS);
    const id = await paidOrder(app, customer);
    const expected = {
      name: 'Ada Person',
      email: customer.email,
      billingName: 'Ada Analytics Ltd',
      address: ['1 Main Street', 'London', 'EC1A 1BB'],
      vatNumber: 'GB123456789',
    };
    expect((await readInvoiceDocument(db, id))!.buyer).toEqual(expected);
    const before = await pdfText(app, customer.token, id);
    expect(before).toContain('Ada Analytics Ltd');
    expect(before).toContain('1 Main Street London EC1A 1BB');
    expect(before).toContain('VAT number GB123456789');

    await putBilling(app, customer.token, {
      billingName: 'Another Name Ltd',
      address: 'Leeds',
      vatNumber: 'GB999999999',
    });
    expect((await readInvoiceDocument(db, id))!.buyer).toEqual(expected);
    const after = await pdfText(app, customer.token, id);
    expect(after).toBe(before);
    expect(after).not.toContain('Another Name Ltd');

    // The next payment takes the details as they are now.
    const next = await paidOrder(app, customer);
    expect((await readInvoiceDocument(db, next))!.buyer).toMatchObject({
      billingName: 'Another Name Ltd',
      address: ['Leeds'],
      vatNumber: 'GB999999999',
    });
  });

  it('without billing details, the account name and no address or VAT number', async () => {
    const customer = await account(app, db, 'common', 'Grace Plain');
    const id = await paidOrder(app, customer);
    expect((await readInvoiceDocument(db, id))!.buyer).toEqual({
      name: 'Grace Plain',
      email: customer.email,
      billingName: null,
      address: [],
      vatNumber: null,
    });
    const text = await pdfText(app, customer.token, id);
    expect(text).toContain('Grace Plain');
    // The seller's VAT number is on it, the buyer has none.
    expect(text.match(/VAT number/g)).toHaveLength(1);
  });
});
