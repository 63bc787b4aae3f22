/**
 * From a verified Google profile to one of our accounts, and a new session for it.
 *
 * 1. The identity (provider 'google', the profile's `sub`) is known: its account signs in.
 * 2. Otherwise (registering only) an account with the profile's e-mail exists: the identity is linked to it
 *    only when BOTH sides have proven the address: Google says it verified it (else anyone who can open a
 *    Google account under someone else's address would take that account over), and our account's address
 *    is verified too (else whoever registered the victim's address with a password of their own would keep
 *    that password and session in the account the victim now uses). Otherwise 409: sign in with the
 *    password, or reset it (which proves the address), first. A link is mailed to the account's address.
 * 3. Otherwise (registering only) a new account without a password, named from the profile, with the
 *    welcome notification that e-mail registration gives.
 * The identity, user and session writes are one transaction.
 */
import type { Kysely } from 'kysely';
import { NAME_MAX } from '#domain/contract';
import { addNotification, notificationTexts } from '../notifications/notifications';
import type { Sessions } from './sessions';
import type { Clock } from '../clock';
import { isConstraintRace } from '../db/errors';
import type { Database, UserWithAvatar } from '../db/schema';
import { HttpError } from '../http/errors';
import { findUserByEmail, findUserById, insertUser, updateUser } from '../users/repository';
import { asksForTwoFactorStep } from './staff-rule';
import { findUserIdByIdentity, insertIdentity } from './google-links-repository';

/** What the provider vouches for (server/google/verify.ts checks it with the provider). */
export interface GoogleProfile {
  /** The provider's stable id of the person. */
  sub: string;
  /** Trimmed and lower-cased. */
  email: string;
  /** The provider has checked that the person controls `email`. */
  emailVerified: boolean;
  /** The display name, or null when the profile has none. */
  name: string | null;
  picture: string | null;
}

export const GOOGLE_PROVIDER = 'google';
export const GOOGLE_NO_ACCOUNT_TEXT = 'No account uses this Google sign-in yet. Register first.';
export const GOOGLE_EMAIL_TAKEN_TEXT =
  'An account with this e-mail address already exists. Sign in with your password, then you can use Google.';
export const GOOGLE_EMAIL_UNVERIFIED_TEXT =
  'An account with this e-mail address already exists, but its address has not been verified. ' +
  'Sign in with its password, or reset the password (we send a code to the address), before using Google.';

export interface GoogleSignIn {
  user: UserWithAvatar;
  /** Null when the account has an authenticator app: its code comes first (the 'totp' step). */
  token: string | null;
  /** True when this call created the account. */
  created: boolean;
  /** True when this call linked the Google sign-in to an existing account. */
  linked: boolean;
}

/** The account's name: the profile's, else the part of the e-mail address before the '@'. */
export function nameFromProfile(profile: Pick<GoogleProfile, 'name' | 'email'>): string {
  const name = profile.name?.trim() || profile.email.split('@')[0]!.trim() || profile.email;
  return name.slice(0, NAME_MAX).trim();
}

export async function signInWithGoogle(
  deps: { db: Kysely<Database>; clock: Clock; sessions: Sessions },
  profile: GoogleProfile,
  mode: 'register' | 'login',
): Promise<GoogleSignIn> {
  const { db, clock, sessions } = deps;
  const attempt = () =>
    db.transaction().execute(async (trx): Promise<GoogleSignIn> => {
      const now = clock.now();
      const signIn = async (userId: string, linked: boolean): Promise<GoogleSignIn> => {
        const known = await findUserById(trx, userId);
        // No session yet for an account with an authenticator app: the sign-in continues with its code.
        if (known && asksForTwoFactorStep(known)) return { user: known, token: null, created: false, linked };
        const user = await updateUser(trx, userId, { last_login: now.toISOString() }, now);
        const { token } = await sessions.create(userId, trx);
        return { user, token, created: false, linked };
      };
      const linkIdentity = (userId: string) =>
        insertIdentity(trx, {
          provider: GOOGLE_PROVIDER,
          subject: profile.sub,
          user_id: userId,
          email: profile.email,
          created_at: now.toISOString(),
        });

      const knownUserId = await findUserIdByIdentity(trx, GOOGLE_PROVIDER, profile.sub);
      if (knownUserId !== undefined) return signIn(knownUserId, false);
      if (mode === 'login') throw new HttpError(404, GOOGLE_NO_ACCOUNT_TEXT);

      const existing = await findUserByEmail(trx, profile.email);
      if (existing) {
        if (!profile.emailVerified) throw new HttpError(409, GOOGLE_EMAIL_TAKEN_TEXT);
        if (existing.email_verified !== 1) throw new HttpError(409, GOOGLE_EMAIL_UNVERIFIED_TEXT);
        await linkIdentity(existing.id);
        return signIn(existing.id, true);
      }

      const user = await insertUser(trx, {
        name: nameFromProfile(profile),
        email: profile.email,
        passwordHash: null,
        emailVerified: profile.emailVerified,
        now,
        lastLogin: now,
      });
      await linkIdentity(user.id);
      await addNotification(trx, { userId: user.id, kind: 'welcome', text: notificationTexts.welcome(), now });
      const { token } = await sessions.create(user.id, trx);
      return { user: { ...user, avatar_sha256: null }, token, created: true, linked: false };
    });

  try {
    return await attempt();
  } catch (error) {
    // Two sign-ins of the same new person raced (double click, two tabs): the loser finds what the
    // winner wrote and signs in to it.
    if (isConstraintRace(error)) return attempt();
    throw error;
  }
}
