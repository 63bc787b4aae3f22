/**
 * The periodic clean-up (server/main.ts schedules it every CLEANUP_INTERVAL_SECONDS, once across all instances): accounts whose deletion date has
 * passed, sessions that can never be valid again, visit records older than VISIT_RETENTION_DAYS, detached
 * invoice records whose retention period has ended, expired idempotency keys of orders, expired code tickets, mail that ended a week ago, and the booking links of calls held. Each step runs on its own, so one failing does not stop
 * the others; what it removed is logged.
 */
import type { Kysely } from 'kysely';
import { purgeDueAccounts, purgeExpiredInvoiceRecords } from '../account/deletion';
import { purgeExpiredTickets } from '../ways-in/tickets';
import { purgeEndedMail } from '../mail/queue';
import { purgeEndedLinks } from '../orders/booking-links-repository';
import { createSessions } from '../ways-in/sessions';
import { type Clock, DAY_MS } from '../clock';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import { purgeExpiredKeys } from '../invoices/idempotency-repository';
import type { ServerLog } from '../log';
import { deleteVisitsBefore } from '../visits/repository';

/** The clean-up's name in `job_leases`. */
export const CLEANUP_JOB = 'cleanup';

export interface CleanupResult {
  deletedAccounts: number;
  endedSessions: number;
  oldVisits: number;
  expiredInvoiceRecords: number;
  expiredIdempotencyKeys: number;
  expiredCodeTickets: number;
  endedMail: number;
  endedBookingLinks: number;
}

async function purgeOldVisits(db: Kysely<Database>, clock: Clock, retentionDays: number): Promise<number> {
  const cutoff = new Date(clock.now().getTime() - retentionDays * DAY_MS).toISOString();
  return deleteVisitsBefore(db, cutoff);
}

export async function runCleanup(deps: {
  db: Kysely<Database>;
  clock: Clock;
  config: Pick<Config, 'SESSION_IDLE_DAYS' | 'SESSION_ABSOLUTE_DAYS' | 'VISIT_RETENTION_DAYS'>;
  log: ServerLog;
}): Promise<CleanupResult> {
  const { db, clock, config, log } = deps;
  const step = async (name: string, work: () => Promise<number>): Promise<number> => {
    try {
      return await work();
    } catch (error) {
      log.logger.error({ err: error, job: name }, `clean-up step ${name} failed`);
      return 0;
    }
  };
  const deletedAccounts = await step('accounts', async () => {
    const ids = await purgeDueAccounts(db, clock);
    for (const userId of ids) log.security('account.deleted', { userId });
    return ids.length;
  });
  const result: CleanupResult = {
    deletedAccounts,
    endedSessions: await step('sessions', () => createSessions({ db, config, clock }).purgeEnded()),
    oldVisits: await step('visits', () => purgeOldVisits(db, clock, config.VISIT_RETENTION_DAYS)),
    expiredInvoiceRecords: await step('invoices', () => purgeExpiredInvoiceRecords(db, clock)),
    expiredIdempotencyKeys: await step('idempotency keys', () => purgeExpiredKeys(db, clock)),
    expiredCodeTickets: await step('code tickets', () => purgeExpiredTickets(db, clock)),
    endedMail: await step('ended mail', () => purgeEndedMail(db, clock.now())),
    endedBookingLinks: await step('booking links', () => purgeEndedLinks(db)),
  };
  if (Object.values(result).some((count) => count > 0)) log.logger.info({ job: 'cleanup', ...result }, 'clean-up done');
  return result;
}
