/** Changing the password with the current one, from the profile: every other session ends. */
import type { PasswordChangeRequest } from '#domain/contract';
import type { SessionRow, UserWithAvatar } from '../db/schema';
import { HttpError } from '../http/errors';
import type { Services } from '../services';
import { toWireUser } from '../users/wire';
import { COMMON_PASSWORD_TEXT, isCommonPassword } from '../ways-in/common-passwords';
import { checkCurrentPassword } from '../ways-in/current-password';
import { setPassword } from '../ways-in/new-password';
import { accountChanged, queueAccountNotice } from '../ways-in/notify-change';

export const PASSWORDS_DIFFER_TEXT = 'The new passwords do not match.';
export const NO_PASSWORD_TEXT = 'This account has no password yet; it signs in with Google.';
/** The change-password page names its field "Old password" (beside "New password"): its refusal says the same. */
export const WRONG_OLD_PASSWORD_TEXT = 'Your old password is incorrect.';

export async function changePassword(
  services: Services,
  { user, session }: { user: UserWithAvatar; session: SessionRow },
  body: PasswordChangeRequest,
) {
  const { db, clock, sessions } = services;
  if (body.newPassword !== body.confirmPassword) throw new HttpError(400, PASSWORDS_DIFFER_TEXT);
  if (await isCommonPassword(body.newPassword)) throw new HttpError(400, COMMON_PASSWORD_TEXT);

  // A stolen session must not be able to guess the password (and so take the account over) at leisure:
  // the try is counted before the check, so parallel guesses cannot all be checked; the right one gives back.
  const check = await checkCurrentPassword(services, user, body.oldPassword);
  if (check === 'no_password') throw new HttpError(403, NO_PASSWORD_TEXT);
  if (check === 'wrong') {
    services.log.security('password.change_failed', { userId: user.id });
    throw new HttpError(403, WRONG_OLD_PASSWORD_TEXT);
  }

  const passwordHash = await services.passwords.hash(body.newPassword);
  const now = clock.now();
  // New hash, every old session ended (on every device) and the caller's new session, made with the factor the
  // old one was (docs/decisions/0030-staff-policy-asks-the-session.md): all or nothing.
  const { updated, token } = await db.transaction().execute(async (trx) => {
    const updated = await setPassword(trx, user.id, passwordHash, now);
    await sessions.revokeAllForUser(user.id, { db: trx });
    await queueAccountNotice(trx, services, user, { kind: 'password_changed' }, now);
    const { token } = await sessions.create(user.id, trx, session.second_factor);
    return { updated, token };
  });
  accountChanged(services, user, { kind: 'password_changed' });
  return { user: toWireUser(updated, services.config, session.second_factor), token };
}
