// @vitest-environment jsdom
/**
 * The API client's downloads and deletions: a file comes back as bytes with the server's name for it, the
 * token goes with it, and a refusal keeps the server's text although the answer was read as a file.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { download, fileNameOf } from '#src/api/download';
import { del } from '#src/api/http';
import { orderFile } from '#src/api/invoices';
import { storeToken } from '#src/api/token';
import { StaffResponse } from '#domain/officeContract';

const realFetch = globalThis.fetch;
let seen: { url: string; method: string; authorization: string | null }[] = [];

function answer(response: () => Response) {
  globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    seen.push({ url: String(input), method: init?.method ?? 'GET', authorization: headers.get('authorization') });
    return Promise.resolve(response());
  }) as typeof fetch;
}

beforeEach(() => {
  seen = [];
  localStorage.clear();
  storeToken('token-1');
});
afterEach(() => {
  globalThis.fetch = realFetch;
});

describe('downloads', () => {
  it('reads the name from Content-Disposition, plain or RFC 5987', () => {
    expect(fileNameOf('attachment; filename="report.pdf"')).toBe('report.pdf');
    expect(fileNameOf('attachment; filename="x.pdf"; filename*=UTF-8\'\'r%C3%A9sum%C3%A9.pdf')).toBe('résumé.pdf');
    expect(fileNameOf('attachment; filename=call.ics')).toBe('call.ics');
    expect(fileNameOf('attachment')).toBeNull();
    expect(fileNameOf(null)).toBeNull();
  });

  it("fetches an order's file under /api with the token, as bytes with the server's name", async () => {
    const pdf = '%PDF-1.4\n%%EOF\n';
    answer(
      () =>
        new Response(pdf, {
          headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="audit.pdf"' },
        }),
    );
    const file = await orderFile('/api/orders/inv-1/report');
    expect(seen).toEqual([{ url: '/api/orders/inv-1/report', method: 'GET', authorization: 'Bearer token-1' }]);
    expect(file.fileName).toBe('audit.pdf');
    expect(await file.blob.text()).toBe(pdf);
  });

  it("keeps the server's message when a download is refused", async () => {
    answer(() => Response.json({ message: { en: 'This order has no report.' } }, { status: 404 }));
    await expect(download('/orders/inv-1/report', { auth: true })).rejects.toMatchObject({
      message: 'This order has no report.',
      status: 404,
      serverMessage: 'This order has no report.',
    });
    answer(() => new Response('<h1>Bad gateway</h1>', { status: 502 }));
    await expect(download('/orders/inv-1/report', { auth: true })).rejects.toMatchObject({
      message: 'Request failed with status code 502',
      serverMessage: null,
    });
  });

  it('sends DELETE with the token and checks the answer', async () => {
    answer(() => Response.json({ staff: [] }));
    await expect(del('/office/staff/user-8', StaffResponse, undefined, { auth: true })).resolves.toEqual({ staff: [] });
    expect(seen).toEqual([{ url: '/api/office/staff/user-8', method: 'DELETE', authorization: 'Bearer token-1' }]);
  });
});
