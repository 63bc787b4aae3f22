/**
 * The checkout returns to the origin the customer ordered from (docs/product.md#payments): a site whose PUBLIC_URL
 * is http://localhost:3000, opened at http://127.0.0.1:3000, keeps its customer there, where their sign-in is.
 * Only origins the site trusts: PUBLIC_URL's, and on this machine the same scheme and port under a loopback name.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { siteOrigin } from '#server/http/site-origin';
import { ORDER, bearer, cleanup, createTestServer, jsonInit, register } from './helpers';

afterAll(cleanup);

const { app, config } = await createTestServer();

describe('siteOrigin', () => {
  it.each([
    ['http://localhost:3000/api/x', 'http://localhost:3000', 'http://localhost:3000'],
    ['http://127.0.0.1:3000/api/x', 'http://localhost:3000', 'http://127.0.0.1:3000'],
    ['http://[::1]:3000/api/x', 'http://localhost:3000/', 'http://[::1]:3000'],
    ['http://localhost:3000/api/x', 'http://127.0.0.1:3000', 'http://localhost:3000'],
  ])('trusts %s on a site named %s', (request, publicUrl, origin) => {
    expect(siteOrigin(request, publicUrl)).toBe(origin);
  });

  it.each([
    // Another port, another scheme, or any other host: PUBLIC_URL.
    ['http://127.0.0.1:4000/api/x', 'http://localhost:3000', 'http://localhost:3000'],
    ['https://127.0.0.1:3000/api/x', 'http://localhost:3000', 'http://localhost:3000'],
    ['http://evil.example:3000/api/x', 'http://localhost:3000', 'http://localhost:3000'],
    // A public site trusts its own name only, whatever loopback name reaches it.
    ['http://127.0.0.1/api/x', 'https://shop.example', 'https://shop.example'],
    ['http://shop.example/api/x', 'https://shop.example', 'https://shop.example'],
  ])('does not trust %s on a site named %s', (request, publicUrl, origin) => {
    expect(siteOrigin(request, publicUrl)).toBe(origin);
  });
});

describe('the sandbox checkout of a site opened at another loopback name', () => {
  const site = new URL(config.PUBLIC_URL);
  const ip = `${site.protocol}//127.0.0.1:${site.port}`;

  async function order(origin: string, token: string): Promise<URL> {
    const res = await app.request(`${origin}/api/invoices/create`, jsonInit('POST', ORDER, bearer(token)));
    expect(res.status).toBe(201);
    return new URL(((await res.json()) as { paymentLink: string }).paymentLink);
  }

  it('opens there, and Pay and Cancel return there', async () => {
    expect(site.hostname).toBe('localhost');
    const { token } = await register(app);
    for (const action of ['pay', 'cancel'] as const) {
      const link = await order(ip, token);
      expect(link.origin).toBe(ip);
      const page = await app.request(link.href);
      expect(page.status).toBe(200);
      const res = await app.request(`${ip}${link.pathname}/${action}`, {
        method: 'POST',
        body: new URLSearchParams({ sig: link.searchParams.get('sig')! }),
      });
      expect(res.status).toBe(303);
      const result = action === 'pay' ? 'paid' : 'cancelled';
      expect(res.headers.get('Location')).toBe(`${ip}/invoices?payment=${result}`);
    }
  });

  it('"Pay now" renews the link there too', async () => {
    const { token } = await register(app);
    const link = await order(ip, token);
    const id = link.pathname.split('/').pop()!;
    const res = await app.request(`${ip}/api/invoices/pay/${id}`, { method: 'POST', headers: bearer(token) });
    expect(res.status).toBe(200);
    expect(new URL(((await res.json()) as { paymentLink: string }).paymentLink).origin).toBe(ip);
  });

  it('an origin the site does not trust gets PUBLIC_URL', async () => {
    const { token } = await register(app);
    const link = await order(`http://evil.example:${site.port}`, token);
    expect(link.origin).toBe(site.origin);
    const res = await app.request(`http://evil.example:${site.port}${link.pathname}/pay`, {
      method: 'POST',
      body: new URLSearchParams({ sig: link.searchParams.get('sig')! }),
    });
    expect(res.headers.get('Location')).toBe(`${site.origin}/invoices?payment=paid`);
  });
});
