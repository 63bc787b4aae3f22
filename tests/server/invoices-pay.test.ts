// POST /api/invoices/pay/:id ("Pay now" on an unpaid invoice) with the sandbox checkout: a fresh link that
// works, the earlier one refused with its own page, only for the invoice's owner, limited like an order.
import { afterAll, describe, expect, it } from 'vitest';
import { ALREADY_PAID_TEXT, INVOICE_NOT_FOUND_TEXT, OTHER_PROVIDER_TEXT } from '#server/invoices/pay-again';
import { SUPERSEDED_TEXT } from '#server/payments/sandbox-checkout';
import { bearer, cleanup, createTestServer, errorText, myInvoices, paymentLink, register } from './helpers';

afterAll(cleanup);

const { app, db, config } = await createTestServer({ INVOICE_MAX_PER_USER_PER_HOUR: 4 });
const paidUrl = `${config.PUBLIC_URL}/invoices?payment=paid`;

function payNow(id: string, token: string | null) {
  return app.request(`/api/invoices/pay/${encodeURIComponent(id)}`, {
    method: 'POST',
    headers: token ? bearer(token) : {},
  });
}

/** The fresh link of a 200 answer. */
async function renewed(id: string, token: string): Promise<string> {
  const res = await payNow(id, token);
  expect(res.status).toBe(200);
  const body = (await res.json()) as { paymentLink: string };
  expect(Object.keys(body)).toEqual(['paymentLink']);
  return body.paymentLink;
}

function parts(link: string) {
  const url = new URL(link);
  return { path: url.pathname, sig: url.searchParams.get('sig') ?? '', pathAndQuery: `${url.pathname}${url.search}` };
}

function submit(link: string, action: 'pay' | 'cancel') {
  const { path, sig } = parts(link);
  return app.request(`${path}/${action}`, { method: 'POST', body: new URLSearchParams({ sig }) });
}

async function customerWithInvoice() {
  const { token } = await register(app);
  const first = await paymentLink(app, token);
  const [invoice] = await myInvoices(app, token);
  return { token, first, id: invoice!._id };
}

async function paidFlag(id: string) {
  return (await db.selectFrom('invoices').select('paid').where('id', '=', id).executeTakeFirstOrThrow()).paid;
}

describe('Pay now on an unpaid sandbox invoice', () => {
  it('answers a fresh link that pays the invoice and returns to the confirmation', async () => {
    const { token, first, id } = await customerWithInvoice();
    const fresh = await renewed(id, token);
    expect(fresh).not.toBe(first);
    expect(parts(fresh).path).toBe(parts(first).path);

    const page = await app.request(parts(fresh).pathAndQuery, { headers: { Accept: 'text/html' } });
    expect(page.status).toBe(200);
    const paid = await submit(fresh, 'pay');
    expect(paid.status).toBe(303);
    expect(paid.headers.get('Location')).toBe(paidUrl);
    expect(await paidFlag(id)).toBe(1);
  });

  it('the earlier link stops working: its page, Pay and Cancel say it was replaced and change nothing', async () => {
    const { token, first, id } = await customerWithInvoice();
    const second = await renewed(id, token);
    const third = await renewed(id, token);
    for (const old of [first, second]) {
      const page = await app.request(parts(old).pathAndQuery, { headers: { Accept: 'text/html' } });
      expect(page.status).toBe(410);
      const html = await page.text();
      expect(html).toContain('<h1>Link replaced</h1>');
      expect(html).toContain(SUPERSEDED_TEXT.replaceAll('"', '&quot;'));
      expect(html).not.toContain('/pay"');
      for (const action of ['pay', 'cancel'] as const) expect((await submit(old, action)).status).toBe(410);
    }
    expect(await paidFlag(id)).toBe(0);
    expect((await submit(third, 'pay')).status).toBe(303);
    expect(await paidFlag(id)).toBe(1);
  });

  it('a renewed link signed for another invoice or version is not valid (403), not superseded', async () => {
    const { token, id } = await customerWithInvoice();
    const other = await customerWithInvoice();
    const fresh = parts(await renewed(id, token));
    const otherFresh = parts(await renewed(other.id, other.token));
    // The other customer's version and signature on this invoice's path.
    const res = await app.request(`${fresh.path}?sig=${otherFresh.sig}`, { headers: { Accept: 'text/html' } });
    expect(res.status).toBe(403);
    const [version] = fresh.sig.split('.');
    const forged = await app.request(`${fresh.path}?sig=${version}.${'A'.repeat(43)}`);
    expect(forged.status).toBe(403);
  });

  it('only for its owner: another customer, an unknown id or a malformed one get 404, no token 401', async () => {
    const { id } = await customerWithInvoice();
    const stranger = await register(app);
    for (const target of [id, '01ZZZZZZZZZZZZZZZZZZZZZZZZ', 'not an id']) {
      const res = await payNow(target, stranger.token);
      expect(res.status, target).toBe(404);
      expect(await errorText(res)).toBe(INVOICE_NOT_FOUND_TEXT);
    }
    expect((await payNow(id, null)).status).toBe(401);
  });

  it('a paid invoice gets 409 and no new link', async () => {
    const { token, first, id } = await customerWithInvoice();
    expect((await submit(first, 'pay')).status).toBe(303);
    const res = await payNow(id, token);
    expect(res.status).toBe(409);
    expect(await errorText(res)).toBe(ALREADY_PAID_TEXT);
    // The paid link still shows its invoice as paid: nothing was superseded.
    expect((await app.request(parts(first).pathAndQuery)).status).toBe(200);
  });

  it('an invoice of another provider than the configured one gets 409', async () => {
    const { token, id } = await customerWithInvoice();
    await db.updateTable('invoices').set({ provider: 'stripe' }).where('id', '=', id).execute();
    const res = await payNow(id, token);
    expect(res.status).toBe(409);
    expect(await errorText(res)).toBe(OTHER_PROVIDER_TEXT);
  });

  it('counts against the order limit per customer, with orders', async () => {
    const { token, id } = await customerWithInvoice(); // 1 of 4
    await renewed(id, token);
    await renewed(id, token);
    await renewed(id, token); // 4 of 4
    const res = await payNow(id, token);
    expect(res.status).toBe(429);
    expect(await errorText(res)).not.toBe('');
  });
});
