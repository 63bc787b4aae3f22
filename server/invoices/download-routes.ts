/**
 * /api/orders/<id>/invoice.pdf: the invoice document issued at payment (docs/invoices.md), for the order's owner.
 * Under the order's prefix, beside its report and calendar file; composed there by server/prefixes.ts, so that
 * orders/ need not import invoices/ (an invoice is made with its order: invoices/ is the higher tier).
 */
import { Hono } from 'hono';
import { requireAuth } from '#server/ways-in/require-auth';
import type { AppEnv } from '#server/http/app-env';
import type { Services } from '#server/services';
import { invoiceDocumentResponse } from './document/download';

export function invoiceDownloadRoutes(services: Services) {
  const routes = new Hono<AppEnv>();
  const auth = requireAuth(services.sessions);

  routes.get('/:id/invoice.pdf', auth, async (c) =>
    invoiceDocumentResponse(c, services, c.req.param('id'), c.get('auth').user.id),
  );

  return routes;
}
