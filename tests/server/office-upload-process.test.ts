/**
 * An office member's report upload still arriving when an admin revokes the role does not land
 * (server/orders/actions.ts asks the role again as the change commits). Over real HTTP to the compiled server: the
 * body streams in after the route has checked who is asking, as it does from a browser on a slow line (in-process,
 * the body limit reads the whole body before the checks, so the race cannot be shown there).
 */
import { request as httpRequest } from 'node:http';
import { afterAll, expect, it } from 'vitest';
import { openDatabase } from '#server/db/database';
import { STAFF_ONLY_TEXT } from '#server/ways-in/require-auth';
import { grantRole } from '#server/users/roles';
import { type TestApp, bearer, register } from './helpers';
import { PDF_ORDER, paidOrder, tinyPdf } from './office-helpers';
import { startServer, stopSpawnedServers } from './spawned-server';

afterAll(() => stopSpawnedServers());

it('an upload under way when the role is revoked does not land: 403, and the order keeps no report', async () => {
  const server = await startServer({ REGISTER_MAX_PER_ADDRESS_PER_HOUR: '1000' });
  const app = {
    request: (path: string, init?: RequestInit) =>
      fetch(`http://127.0.0.1:${server.port}${path}`, { redirect: 'manual', ...init }),
  } as unknown as TestApp;
  const [member, admin, customer] = [await register(app), await register(app), await register(app)];
  const db = openDatabase(server.dataDir);
  try {
    await grantRole(db, { id: member.user.id }, 'office', new Date());
    await grantRole(db, { id: admin.user.id }, 'admin', new Date());
    const id = await paidOrder(app, { token: customer.token, id: customer.user.id, name: '', email: '' }, PDF_ORDER);

    const boundary = 'in-flight-boundary';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="report"; filename="r.pdf"\r\n` +
        'Content-Type: application/pdf\r\n\r\n',
    );
    const rest = Buffer.concat([Buffer.from(tinyPdf()), Buffer.from(`\r\n--${boundary}--\r\n`)]);
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port: server.port,
          method: 'POST',
          path: `/api/office/orders/${encodeURIComponent(id)}/report`,
          headers: {
            ...bearer(member.token),
            'content-type': `multipart/form-data; boundary=${boundary}`,
            'content-length': String(head.length + rest.length),
          },
        },
        (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode!, body }));
        },
      );
      req.on('error', reject);
      req.write(head);
      // The route has checked the member (milliseconds) and waits for the file when the admin revokes the role.
      setTimeout(async () => {
        const revoked = await app.request(`/api/office/staff/${member.user.id}`, {
          method: 'DELETE',
          headers: bearer(admin.token),
        });
        if (revoked.status !== 200) reject(new Error(`revoking failed: ${revoked.status}`));
        req.end(rest);
      }, 500);
    });
    const { status, body } = await answer;
    expect(status).toBe(403);
    expect(JSON.parse(body)).toEqual({ message: { en: STAFF_ONLY_TEXT } });
    const row = await db
      .selectFrom('orders')
      .select(['status', 'report_name'])
      .where('invoice_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'paid', report_name: null });
  } finally {
    await db.destroy();
  }
}, 60_000);
