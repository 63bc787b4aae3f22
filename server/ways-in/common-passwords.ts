/**
 * Passwords that attackers try first: the 49,000 most common passwords of leaked password lists, as kept by
 * the zxcvbn-ts project. A new password (registration, change, reset) on the list is refused, compared
 * without regard to case, since "Password1" falls to the same guess as "password1".
 */
export const COMMON_PASSWORD_TEXT = 'This password is too common and easy to guess. Please choose another.';

/** The list is large: loaded when a password is first checked, not at start (docs/performance.md). */
let common: Promise<ReadonlySet<string>> | undefined;

export async function isCommonPassword(password: string): Promise<boolean> {
  // The list is in lower case (tests/server/account-changes.test.ts checks it): the password is lower-cased.
  common ??= import('@zxcvbn-ts/language-common').then(({ dictionary }) => new Set(dictionary['passwords-common']));
  return (await common).has(password.toLowerCase());
}
