/**
 * Sends the durable queue's messages (docs/operating.md#mail-queue). Any instance may send any message: each is
 * claimed first (server/mail/queue.ts), so two instances never send one at the same time. Right after a change
 * commits, `kick` sends what it queued at once; the periodic job (`sendDue`, every MAIL_SWEEP_INTERVAL_MS under
 * the job lease) retries what failed, with growing waits, and whatever a crashed instance left behind.
 */
import type { Kysely } from 'kysely';
import type { Clock } from '../clock';
import type { Database } from '../db/schema';
import { THIS_INSTANCE } from '../db/lease';
import type { ServerLog } from '../log';
import type { Mailer } from './mailer';
import { claimDueMail, claimMail, endMail, endSentMail } from './queue';
import { sendClaimed as sendClaimedMail } from './send-claimed';

/** The sweep's name in `job_leases`. */
export const MAIL_JOB = 'mail';
/** How often the queue is swept for retries across all instances. */
export const MAIL_SWEEP_INTERVAL_MS = 5_000;
/** Messages sent per sweep or kick, at most (the rest wait for the next). */
const BATCH = 50;
/** Messages sent at the same time. */
const PARALLEL = 4;

export type Delivery = 'sent' | 'retry' | 'gave_up' | 'expired' | 'busy';

export interface MailSender {
  /** Sends every due message this instance can claim; answers how many were sent. */
  sendDue(): Promise<number>;
  /** Sends what is due soon, without making the caller wait (after a transaction that queued mail). */
  kick(): void;
  /** Tries one message now and says how it went ('busy': another sender holds it, or it is not due). */
  deliver(id: string): Promise<Delivery>;
  /** Ends a message that is still waiting and not being sent; false when it is gone or under way. */
  cancel(id: string): Promise<boolean>;
  /** Waits for a kick under way (shutdown, tests). */
  idle(): Promise<void>;
}

export function createMailSender(deps: {
  db: Kysely<Database>;
  clock: Clock;
  mailer: Mailer;
  log: ServerLog;
  /** How long a claim holds (MAIL_CLAIM_SECONDS): a sender that died holding a message keeps it this long. */
  claimMs: number;
  holder?: string;
}): MailSender {
  const { db, clock, mailer, log, claimMs, holder = THIS_INSTANCE } = deps;
  let kicking: Promise<unknown> | undefined;
  let again = false;

  /** Sends a message this instance holds. One that went is left for the caller to mark sent. */
  const sendClaimed = (id: string) => sendClaimedMail({ db, clock, mailer, log }, id);

  async function deliver(id: string): Promise<Delivery> {
    if (!(await claimMail(db, id, { holder, now: clock.now(), forMs: claimMs }))) return 'busy';
    const outcome = await sendClaimed(id);
    if (outcome === 'sent') await endMail(db, id, 'sent', clock.now());
    return outcome;
  }

  async function sendDue(): Promise<number> {
    let sent = 0;
    // A few at a time, each few claimed in one statement and marked sent in one transaction: a burst (a payment's
    // receipt and the office's mail) goes out together, a slow mail server is not opened a connection per waiting
    // message, and a claim is taken just before its message goes, so it does not lapse while others are sent.
    for (let tried = 0; tried < BATCH; tried += PARALLEL) {
      const ids = await claimDueMail(db, { holder, now: clock.now(), forMs: claimMs }, PARALLEL);
      // Settled, not all: a message that failed to load or record must not keep the others that went from being
      // marked sent, or they would go again when their claims lapse.
      const outcomes = await Promise.allSettled(ids.map(sendClaimed));
      const went = ids.filter((_, index) => {
        const outcome = outcomes[index]!;
        return outcome.status === 'fulfilled' && outcome.value === 'sent';
      });
      // Sent: should this mark fail (the database away), the claims lapse and the messages go again. The
      // Message-ID stays the same, so a receiver can tell the copy.
      await endSentMail(db, went, clock.now());
      sent += went.length;
      const failed = outcomes.find((outcome) => outcome.status === 'rejected');
      if (failed) throw failed.reason;
      if (ids.length < PARALLEL) break;
    }
    return sent;
  }

  function kick(): void {
    // One kick at a time in this instance; a kick asked for during one runs once more after it.
    if (kicking) {
      again = true;
      return;
    }
    kicking = new Promise((resolve) => setImmediate(resolve))
      .then(sendDue)
      .catch((error: unknown) => log.logger.error({ err: error }, 'could not send queued mail'))
      .finally(() => {
        kicking = undefined;
        if (again) {
          again = false;
          kick();
        }
      });
  }

  return {
    sendDue,
    kick,
    deliver,
    cancel: async (id) => endMail(db, id, 'cancelled', clock.now(), true),
    async idle() {
      while (kicking) await kicking;
    },
  };
}
