/**
 * GET /api/users/export: "Download my data" (docs/data-export.md). The signed-in account's data as one ZIP,
 * made on request and kept nowhere. Each export is charged to the account's daily limit before any work, told
 * to the account's address by mail and written to the security log, so that one made with a stolen session is
 * noticed.
 */
import { Hono } from 'hono';
import { requireAuth } from '../ways-in/require-auth';
import type { AppEnv } from '../http/app-env';
import type { Services } from '../services';
import { makeExport } from './export';

export function dataExportRoutes(services: Services) {
  const routes = new Hono<AppEnv>();

  routes.get('/', requireAuth(services.sessions), async (c) => {
    const { zip, fileName } = await makeExport(services, c.get('auth').user);
    return c.body(zip as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': 'application/zip',
      'Content-Disposition': `attachment; filename="${fileName}"`,
      'Cache-Control': 'no-store',
    });
  });

  return routes;
}
