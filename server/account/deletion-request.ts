/**
 * The customer's side of account deletion (docs/product.md#deletion): the request schedules it (a repeated
 * request keeps the first date) and says when; a cancel clears it. server/account/deletion.ts holds the dates
 * and the purge.
 */
import type { UserRow } from '../db/schema';
import { deletionRequestedMail, formatLongDate } from '../mail/messages';
import { enqueueMail } from '../mail/queue';
import { addNotification, markKindSeen, notificationTexts } from '../notifications/notifications';
import type { Services } from '../services';
import { cancelDeletion, daysUntil, scheduleDeletion } from './deletion';
import { proveDeletion, refuseUnconfirmedStaffDeletion } from './deletion-proof';

export const DELETION_CANCELLED_TEXT = 'Your account will not be deleted.';

function deletionScheduledText(on: Date, now: Date): string {
  const days = daysUntil(on, now);
  return (
    `Your account and its data will be deleted on ${formatLongDate(on)} (in ${days} ${days === 1 ? 'day' : 'days'}). ` +
    'Sign in and cancel the deletion before then to keep it.'
  );
}

/**
 * Schedules the account's deletion and answers the text saying when. Both request routes end here, once the
 * caller is allowed.
 */
async function requestDeletion(services: Services, user: UserRow) {
  const { db, clock, config } = services;
  const now = clock.now();
  const { on, created } = await db.transaction().execute(async (trx) => {
    const scheduled = await scheduleDeletion(trx, user.id, now);
    // A repeated request keeps the first date and sends nothing new.
    if (scheduled.created) {
      const text = notificationTexts.deletionRequested(scheduled.on);
      await addNotification(trx, { userId: user.id, kind: 'deletion_requested', text, now });
      const message = deletionRequestedMail({
        to: user.email,
        name: user.name,
        on: scheduled.on,
        publicUrl: config.PUBLIC_URL,
      });
      await enqueueMail(trx, message, { kind: 'account deletion', now });
    }
    return scheduled;
  });
  if (created) {
    services.log.security('account.deletion_requested', { userId: user.id, on: on.toISOString() });
    services.mail.kick();
  }
  return { message: { en: deletionScheduledText(on, now) } };
}

/** The product's plain request, for customers; an office or admin account must confirm with its password. */
export function requestPlainDeletion(services: Services, user: UserRow) {
  refuseUnconfirmedStaffDeletion(user);
  return requestDeletion(services, user);
}

/** The request confirmed with the current password, counted as a password change's. */
export async function requestConfirmedDeletion(services: Services, user: UserRow, currentPassword: string) {
  await proveDeletion(services, user, currentPassword);
  return requestDeletion(services, user);
}

/**
 * Clears a scheduled deletion; the same answer whether there was one or not. A cleared one is news: a
 * notification says so, and the one that announced the date is no longer new (docs/product.md#deletion).
 */
export async function cancelDeletionRequest(services: Services, userId: string) {
  const now = services.clock.now();
  const cancelled = await services.db.transaction().execute(async (trx) => {
    if (!(await cancelDeletion(trx, userId, now))) return false;
    await markKindSeen(trx, userId, 'deletion_requested', now);
    const text = notificationTexts.deletionCancelled();
    await addNotification(trx, { userId, kind: 'deletion_cancelled', text, now });
    return true;
  });
  if (cancelled) services.log.security('account.deletion_cancelled', { userId });
  return { message: { en: DELETION_CANCELLED_TEXT } };
}
