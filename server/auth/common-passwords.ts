/**
 * Passwords that attackers try first: the 49,000 most common passwords of leaked password lists, as kept by
 * the zxcvbn-ts project. A new password (registration, change, reset) on the list is refused, compared
 * without regard to case, since "Password1" falls to the same guess as "password1".
 */
import { dictionary } from '@zxcvbn-ts/language-common';

export const COMMON_PASSWORD_TEXT = 'This password is too common and easy to guess. Please choose another.';

let common: ReadonlySet<string> | undefined;

export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common'].map((entry) => entry.toLowerCase()));
  return common.has(password.toLowerCase());
}
