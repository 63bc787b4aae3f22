/**
 * An account's ways in besides its password: linked Google identities, passkeys, and the authenticator app with its
 * recovery codes; and the sign-ins half-way through (a right password waiting for its second step). A password reset
 * names them in its mail and can remove them all at once, so recovering an account leaves no way in someone else may
 * have added (docs/security.md, "An account's ways in").
 */
import type { Kysely } from 'kysely';
import type { OtherWaysIn } from '#domain/waysIn';
import type { Database } from '../db/schema';
import { deleteGoogleLinksOf, listGoogleLinkEmails } from './google-links-repository';
import { deletePasskeysOf, listPasskeyNames } from './passkeys-repository';
import { deleteTicketsOf } from './tickets-repository';
import { findTwoFactorEnabledAt, removeTwoFactor } from './two-factor-repository';

/** The account's other ways in, oldest first within each kind. `db` may be a transaction. */
export async function otherWaysIn(db: Kysely<Database>, userId: string): Promise<OtherWaysIn> {
  // One after another: inside a transaction they share one connection anyway.
  const google = await listGoogleLinkEmails(db, userId);
  const passkeys = await listPasskeyNames(db, userId);
  const enabledAt = await findTwoFactorEnabledAt(db, userId);
  return { google, passkeys, app: enabledAt !== null };
}

/**
 * Ends the sign-ins that a right password has begun and that wait for their second step (the app's code, or a code
 * by e-mail): after a reset, the old password must not finish what it started. `db` is the reset's transaction.
 */
export async function endPendingSignIns(db: Kysely<Database>, userId: string): Promise<void> {
  await deleteTicketsOf(db, userId, ['sign_in', 'sign_in_totp']);
}

/**
 * Removes every other way in: the Google links, the passkeys, the app's secret and recovery codes (the account's
 * mark that sign-in asks for the app with them). Answers what was removed. `db` is the reset's transaction.
 */
export async function removeOtherWaysIn(db: Kysely<Database>, userId: string, now: Date): Promise<OtherWaysIn> {
  const removed = await otherWaysIn(db, userId);
  await deleteGoogleLinksOf(db, userId);
  await deletePasskeysOf(db, userId);
  // A set-up begun and never confirmed leaves a secret too: gone with the rest.
  await removeTwoFactor(db, userId, now);
  return removed;
}
