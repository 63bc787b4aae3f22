/**
 * The current password asked for before a change a stolen session must not make alone: a new password, a new
 * e-mail address, a staff account's deletion (docs/product.md#accounts, #deletion). Every such check is one
 * guess at the password, so all of them are counted together, with `limits.passwordCheck` (per user, and a
 * day's cap), before the check: parallel guesses cannot all be checked. The right password gives its point
 * back, so only wrong ones add up (docs/product.md#limits).
 */
import type { UserRow } from '../db/schema';
import type { Services } from '../services';

export const WRONG_CURRENT_PASSWORD_TEXT = 'Your current password is incorrect.';

/** 'no_password': the account signs in only with Google, and was charged as for a wrong password. */
export type CurrentPasswordCheck = 'right' | 'wrong' | 'no_password';

/** Counts the guess, then checks it; throws the 429 of a limit reached before any check. */
export async function checkCurrentPassword(
  services: Pick<Services, 'limits' | 'passwords'>,
  user: Pick<UserRow, 'id' | 'password_hash'>,
  password: string,
): Promise<CurrentPasswordCheck> {
  const { limits, passwords } = services;
  const attempt = await limits.charge(
    [
      { limit: limits.passwordCheck.user, key: user.id },
      { limit: limits.passwordCheck.userDaily, key: user.id },
    ],
    { userId: user.id },
  );
  const storedHash = user.password_hash;
  if (!storedHash) {
    // As long as a real check.
    await attempt.guard(() => passwords.verifyDummy(password));
    return 'no_password';
  }
  if (!(await attempt.guard(() => passwords.verify(storedHash, password)))) return 'wrong';
  await attempt.giveBack();
  return 'right';
}
