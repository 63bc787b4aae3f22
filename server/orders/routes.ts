/**
 * /api/orders/<id>: the downloads of a customer's order (the id is its invoice's): the report once delivered, the
 * calendar file once scheduled (the invoice document once paid is invoices/download-routes.ts, beside these in
 * server/prefixes.ts). The owner's only: anyone else's order, an unknown one, or one without the file
 * gets the same 404, so the answer tells nothing about other customers' orders. Neither is kept by a cache.
 *
 * Not under /api/invoices/<id>: a parameter beside /api/invoices/my and /create would keep the app out of Hono's
 * fastest router (docs/performance.md).
 */
import { Hono } from 'hono';
import { requireAuth } from '../ways-in/require-auth';
import type { AppEnv } from '../http/app-env';
import { HttpError, NOT_FOUND_TEXT } from '../http/errors';
import { customerCalendar } from './calendar-download';
import { findReport } from './repository';
import type { Services } from '../services';

export function orderDownloadRoutes(services: Services) {
  const { db, sessions } = services;
  const routes = new Hono<AppEnv>();
  const auth = requireAuth(sessions);

  routes.get('/:id/report', auth, async (c) => {
    const { user } = c.get('auth');
    const found = await findReport(db, c.req.param('id'), user.id);
    if (!found) throw new HttpError(404, NOT_FOUND_TEXT);
    return c.body(new Uint8Array(found.report), 200, {
      'Content-Type': 'application/pdf',
      // The name was reduced to safe characters when it was stored (server/orders/pdf.ts).
      'Content-Disposition': `attachment; filename="${found.report_name}"`,
      'Cache-Control': 'no-store',
    });
  });

  routes.get('/:id/calendar.ics', auth, async (c) => {
    const { calendar, fileName } = await customerCalendar(services, c.req.param('id'), c.get('auth').user.id);
    return c.body(calendar, 200, {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': `attachment; filename="${fileName}"`,
      'Cache-Control': 'no-store',
    });
  });

  return routes;
}
