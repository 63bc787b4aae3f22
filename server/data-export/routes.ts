/**
 * GET /api/users/export: "Download my data" (docs/data-export.md). The signed-in account's data as one ZIP,
 * made on request and kept nowhere. Each export is charged to the account's daily limit before any work, told
 * to the account's address by mail and written to the security log, so that one made with a stolen session is
 * noticed.
 */
import { Hono } from 'hono';
import { requireAuth } from '../ways-in/require-auth';
import type { AppEnv } from '../http/app-env';
import { enqueueMail } from '../mail/queue';
import type { Services } from '../services';
import { exportArchive } from './archive';
import { exportFileName, gatherExport } from './gather';
import { dataExportNoticeMail } from './notice';

export function dataExportRoutes(services: Services) {
  const { db, clock, limits, sessions, config } = services;
  const routes = new Hono<AppEnv>();

  routes.get('/', requireAuth(sessions), async (c) => {
    const { user } = c.get('auth');
    await limits.charge([{ limit: limits.dataExport.user, key: user.id }], { userId: user.id });
    const now = clock.now();
    const gathered = await gatherExport(db, user.id, now);
    const zip = await exportArchive(gathered, services);
    // Queued before the answer: no archive leaves without its notice on the way. Committed with the writes
    // arriving meanwhile (group commit on SQLite): one fsync for many exports, not one each on the event loop.
    const notice = dataExportNoticeMail({ to: user.email, name: user.name, at: now, publicUrl: config.PUBLIC_URL });
    await services.writes.run((trx) => enqueueMail(trx, notice, { kind: 'data export notice', now }));
    services.log.security('account.data_exported', {
      userId: user.id,
      bytes: zip.byteLength,
      files: gathered.files.length,
    });
    services.mail.kick();
    return c.body(zip as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': 'application/zip',
      'Content-Disposition': `attachment; filename="${exportFileName(now)}"`,
      'Cache-Control': 'no-store',
    });
  });

  return routes;
}
