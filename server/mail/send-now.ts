/**
 * For a code the customer waits for on screen: the message is queued (with what `write` stores, in one
 * transaction) and tried at once. If it cannot go now it is taken back out of the queue and the answer is
 * false, so the caller answers 503 ("try again in a few minutes") and no code the customer was told failed
 * arrives later. One another instance is sending right now counts as on its way.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Services } from '../services';
import type { MailMessage } from './mailer';
import { enqueueMail, findLastError } from './queue';

export async function queueAndSendNow(
  services: Pick<Services, 'db' | 'clock' | 'mail' | 'log'>,
  message: MailMessage,
  options: { kind: string; expiresAt: Date; write?: (trx: Kysely<Database>) => Promise<void> },
): Promise<boolean> {
  const now = services.clock.now();
  const id = await services.db.transaction().execute(async (trx) => {
    await options.write?.(trx);
    return enqueueMail(trx, message, { kind: options.kind, now, expiresAt: options.expiresAt });
  });
  const outcome = await services.mail.deliver(id);
  // Whatever happened, the message is withdrawn if it still waits: one that failed is not left to arrive late.
  // One that went, or that a sender holds right now, cannot be withdrawn: it is on its way.
  if (!(await services.mail.cancel(id))) return true;
  const lastError = await findLastError(services.db, id);
  services.log.logger.error(
    { event: 'mail.failed', kind: options.kind, mailId: id, err: { message: lastError ?? outcome } },
    `could not send the ${options.kind} e-mail`,
  );
  return false;
}
