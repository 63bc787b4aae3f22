/**
 * An account's ways in besides its password, as the customer reads them: the reset mail names them and offers to
 * remove them, and once removed, the notice after the reset and the account's notifications say which went
 * (docs/security.md, "An account's ways in").
 */
import { type Role, isStaff } from './orders';

export interface OtherWaysIn {
  /** The addresses of the linked Google accounts. */
  google: readonly string[];
  /** The passkeys' names, as their owner gave them. */
  passkeys: readonly string[];
  /** An authenticator app (with its recovery codes) guards the sign-in. */
  app: boolean;
}

export const NO_OTHER_WAYS_IN: OtherWaysIn = Object.freeze({ google: [], passkeys: [], app: false });

/** One line each, e.g. `Google (jo@gmail.com)`, `the passkey "Laptop"`. */
export function describeWaysIn(ways: OtherWaysIn): string[] {
  return [
    ...ways.google.map((email) => `Google (${email})`),
    ...ways.passkeys.map((name) => `the passkey "${name}"`),
    ...(ways.app ? ['the authenticator app and its recovery codes'] : []),
  ];
}

/**
 * The staff rule (STAFF_REQUIRE_TWO_FACTOR): true when it keeps this session out of the office, for staff signed
 * in without a second factor. It asks the session's factor, not the account's (docs/decisions/0030).
 */
export function staffSessionLacksSecondFactor(
  policy: { STAFF_REQUIRE_TWO_FACTOR: boolean },
  user: { role: Role },
  sessionFactor: string | null,
): boolean {
  return policy.STAFF_REQUIRE_TWO_FACTOR && isStaff(user.role) && sessionFactor === null;
}
