/** How long queued mail waits between tries, when it is given up, and how long ended mail is kept. */
import { DAY_MS } from '../clock';

/** The first retry's wait; each failure doubles it, up to MAIL_RETRY_CAP_MS. */
const MAIL_RETRY_FIRST_MS = 10_000;
/** The longest wait between tries: once the mail server is back, every queued message goes within two minutes. */
export const MAIL_RETRY_CAP_MS = 90_000;
/** A message that has failed for this long is given up (and the security log says so). */
export const MAIL_GIVE_UP_MS = DAY_MS;
/** Ended messages are kept this long (for `npm run outbox` and an operator's questions), then removed. */
export const MAIL_KEEP_ENDED_MS = 7 * DAY_MS;

/** The wait before the next try after `failures` failed tries (1, 2, ...). */
export function retryDelayMs(failures: number): number {
  return Math.min(MAIL_RETRY_FIRST_MS * 2 ** Math.max(0, failures - 1), MAIL_RETRY_CAP_MS);
}
