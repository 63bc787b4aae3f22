/**
 * Making one account's export: charged to its daily limit before any work, gathered and zipped, told to the
 * account's address by mail and written to the security log, so that one made with a stolen session is noticed.
 */
import type { UserRow } from '../db/schema';
import { enqueueMail } from '../mail/queue';
import type { Services } from '../services';
import { exportArchive } from './archive';
import { exportFileName, gatherExport } from './gather';
import { dataExportNoticeMail } from './notice';

/** The ZIP of the account's data and the name it downloads under. */
export async function makeExport(services: Services, user: UserRow): Promise<{ zip: Uint8Array; fileName: string }> {
  const { db, clock, limits, config } = services;
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
  return { zip, fileName: exportFileName(now) };
}
