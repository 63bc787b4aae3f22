/**
 * Adding a passkey to the signed-in account. A passkey signs in by itself, so it is added only with the owner's
 * proof (server/ways-in/owner-proof.ts), checked with the options: the challenge they carry is bound to the
 * account and used once, so the answer needs no other.
 */
import { generateRegistrationOptions } from '@simplewebauthn/server';
import type {
  Passkey,
  PasskeyRegistrationOptions,
  PasskeyRegistrationOptionsRequest,
  PasskeyRegistrationRequest,
} from '#domain/passkeyContract';
import type { SessionRow, UserWithAvatar } from '../db/schema';
import { HttpError } from '../http/errors';
import type { Services } from '../services';
import { isUniqueViolation } from '../users/repository';
import { accountChanged, queueAccountNotice } from '../ways-in/notify-change';
import { proveOwner } from '../ways-in/owner-proof';
import { CHALLENGE_TTL_MS } from '../ways-in/passkey-challenges';
import { toWirePasskey } from '../ways-in/passkeys';
import { countPasskeys, insertPasskey, listPasskeys } from '../ways-in/passkeys-repository';
import { type PasskeyTools, challengeBytes, userHandle } from './ceremony';
import { verifyRegistration } from './verify';

/** Enough for every device a customer owns; bounds what one account can store. */
export const PASSKEYS_MAX = 20;
export const PASSKEYS_FULL_TEXT = `An account can have at most ${PASSKEYS_MAX} passkeys: remove one you no longer use first.`;
export const PASSKEY_TAKEN_TEXT = 'This passkey is already registered.';

export async function registrationOptions(
  services: Services,
  { rp, challenges }: PasskeyTools,
  user: UserWithAvatar,
  body: PasskeyRegistrationOptionsRequest,
): Promise<PasskeyRegistrationOptions> {
  const existing = await listPasskeys(services.db, user.id);
  // Before the proof: a full account does not use up a mailed code.
  if (existing.length >= PASSKEYS_MAX) throw new HttpError(409, PASSKEYS_FULL_TEXT);
  await services.db.transaction().execute(await proveOwner(services, user, body, 'passkey.refused'));
  return generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    userDisplayName: user.name,
    userID: userHandle(user.id),
    challenge: challengeBytes(await challenges.make('registration', user.id)),
    timeout: CHALLENGE_TTL_MS,
    attestationType: 'none',
    // The browser refuses an authenticator that already holds one of the account's passkeys.
    excludeCredentials: existing.map((row) => ({ id: row.credential_id })),
    // Discoverable, so that sign-in needs no e-mail; verified (PIN, biometrics), since it needs nothing else.
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
}

export async function addPasskey(
  services: Services,
  { rp, challenges }: PasskeyTools,
  { user, session }: { user: UserWithAvatar; session: SessionRow },
  body: PasskeyRegistrationRequest,
): Promise<Passkey> {
  const credential = await verifyRegistration(body.response, { rp, challenges, userId: user.id });
  const name = body.name.trim();
  const now = services.clock.now();
  try {
    // The passkey and the notice to the account's address exist together or not at all.
    const row = await services.db.transaction().execute(async (trx) => {
      if ((await countPasskeys(trx, user.id)) >= PASSKEYS_MAX) throw new HttpError(409, PASSKEYS_FULL_TEXT);
      const row = await insertPasskey(trx, { ...credential, userId: user.id, name, now });
      // A change to the ways in ends every other session: one made before it no longer says who signs in.
      await services.sessions.revokeAllForUser(user.id, { db: trx, except: session.id });
      await queueAccountNotice(trx, services, user, { kind: 'passkey_added', name }, now);
      return row;
    });
    accountChanged(services, user, { kind: 'passkey_added', name }, { passkeyId: row.id });
    return toWirePasskey(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, PASSKEY_TAKEN_TEXT);
    throw error;
  }
}
