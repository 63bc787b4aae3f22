/**
 * The heavy work in the compiled server (server/threads/pool.ts): invoice documents drawn at payment in worker
 * threads, not on the event loop, and downloaded as they were kept; the data export zipped there too; an office
 * member's report checked there. In-process tests run the TypeScript sources, where the same work runs in the
 * test's thread; only the compiled server has the worker to run.
 */
import { unzipSync } from 'fflate';
import { afterAll, expect, it } from 'vitest';
import { openDatabase } from '#server/db/database';
import { JAVASCRIPT_TEXT } from '#server/orders/pdf-check';
import { grantRole } from '#server/users/roles';
import { type TestApp, register } from './helpers';
import { type Account, PDF_ORDER, paidOrder, pdfBlob, uploadReport } from './office-helpers';
import { javascriptInNames, reportPdf } from './report-pdf-files';
import { type Running, startServer, stopSpawnedServers } from './spawned-server';

afterAll(() => stopSpawnedServers());

function over(instance: Running): TestApp {
  // The sandbox's 303 goes to PUBLIC_URL, where nothing listens: not followed.
  const request = (path: string, init?: RequestInit) =>
    fetch(`http://127.0.0.1:${instance.port}${path}`, { redirect: 'manual', ...init });
  return { request } as unknown as TestApp;
}

it('a payment in the compiled server draws its document in a worker thread; the download is that PDF', async () => {
  const server = await startServer({ PUBLIC_URL: 'http://127.0.0.1:3000' });
  expect((await server.waitForEvent('documents.drawing')).where).toBe('threads');
  const app = over(server);
  const { token, user } = await register(app);
  const customer: Account = { token, id: user.id, name: user.name, email: user.email };
  const id = await paidOrder(app, customer);
  const res = await app.request(`/api/orders/${encodeURIComponent(id)}/invoice.pdf`, {
    headers: { authorization: `Bearer ${customer.token}` },
  });
  expect(res.status).toBe(200);
  const bytes = Buffer.from(await res.arrayBuffer());
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  const again = await app.request(`/api/orders/${encodeURIComponent(id)}/invoice.pdf`, {
    headers: { authorization: `Bearer ${customer.token}` },
  });
  expect(Buffer.from(await again.arrayBuffer()).equals(bytes)).toBe(true);

  // The data export is zipped in the same threads: the archive holds that PDF, byte for byte.
  const exported = await app.request('/api/users/export', { headers: { authorization: `Bearer ${customer.token}` } });
  expect(exported.status).toBe(200);
  const files = unzipSync(new Uint8Array(await exported.arrayBuffer()));
  const pdfs = Object.entries(files).filter(([name]) => name.startsWith('invoices/'));
  expect(pdfs).toHaveLength(1);
  expect(Buffer.from(pdfs[0]![1]).equals(bytes)).toBe(true);
}, 60_000);

it("an office member's report is checked in a worker thread: a clean one lands, one with JavaScript is refused", async () => {
  const server = await startServer({ REGISTER_MAX_PER_ADDRESS_PER_HOUR: '1000' });
  expect((await server.waitForEvent('documents.drawing')).where).toBe('threads');
  const app = over(server);
  const [member, customer] = [await register(app), await register(app)];
  const db = openDatabase(server.dataDir);
  try {
    await grantRole(db, { id: member.user.id }, 'office', new Date());
  } finally {
    await db.destroy();
  }
  const buyer: Account = { token: customer.token, id: customer.user.id, name: '', email: '' };
  const refusedId = await paidOrder(app, buyer, PDF_ORDER);
  const refused = await uploadReport(app, member.token, refusedId, pdfBlob(await javascriptInNames()));
  expect(refused.status).toBe(422);
  expect(await refused.json()).toEqual({ message: { en: JAVASCRIPT_TEXT } });

  const acceptedId = await paidOrder(app, buyer, PDF_ORDER);
  const accepted = await uploadReport(app, member.token, acceptedId, pdfBlob(await reportPdf()));
  expect(accepted.status).toBe(200);
}, 60_000);
