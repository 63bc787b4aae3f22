/**
 * Who must prove a deletion request (docs/product.md#deletion): an office or admin account confirms its own
 * deletion with its current password, so a stolen staff session alone cannot remove a member of the office.
 * A customer keeps the product's plain `GET /api/users/account/deletion/request`; `POST` with the password
 * works for any account that has one.
 */
import { isStaff } from '#domain/orders';
import type { UserRow } from '../db/schema';
import { HttpError } from '../http/errors';
import type { Services } from '../services';
import { WRONG_CURRENT_PASSWORD_TEXT, checkCurrentPassword } from '../ways-in/current-password';

export const STAFF_DELETION_PASSWORD_TEXT = 'Please confirm with your password to delete an office account.';
export const DELETION_NEEDS_PASSWORD_TEXT =
  'Your account has no password yet. Please set one first (with "Forgot password?" on the sign-in page), then confirm the deletion with it.';
/** The validation text of a missing or malformed `currentPassword` (server/http/validate.ts). */
export const DELETION_PASSWORD_FIELD = { currentPassword: 'Please enter your current password.' };

/** The plain request (no password) is refused to office and admin accounts with 403. */
export function refuseUnconfirmedStaffDeletion(user: Pick<UserRow, 'role'>): void {
  if (isStaff(user.role)) throw new HttpError(403, STAFF_DELETION_PASSWORD_TEXT);
}

/**
 * Throws 403 unless `currentPassword` is the account's password: an account without one is asked to set one
 * first; a wrong one is counted with every other current-password check (server/ways-in/current-password.ts).
 */
export async function proveDeletion(
  services: Pick<Services, 'limits' | 'passwords'>,
  user: Pick<UserRow, 'id' | 'password_hash'>,
  currentPassword: string,
): Promise<void> {
  // Nothing to guess: the account's settings say it has no password (`hasPassword` on the wire).
  if (user.password_hash === null) throw new HttpError(403, DELETION_NEEDS_PASSWORD_TEXT);
  if ((await checkCurrentPassword(services, user, currentPassword)) !== 'right') {
    throw new HttpError(403, WRONG_CURRENT_PASSWORD_TEXT);
  }
}
