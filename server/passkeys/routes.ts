/**
 * Passkeys (WebAuthn; docs/product.md#passkeys, docs/decisions/0029-passkeys.md), in two routers mounted by the
 * one router of each prefix: the signed-in account's own passkeys under /api/users/passkeys (added, listed,
 * renamed, removed), and the sign-in with one under /api/auth/passkey. The relying party is PUBLIC_URL's
 * (server/passkeys/relying-party.ts); the ceremonies' challenges are in server/ways-in/passkey-challenges.ts.
 */
import { Hono } from 'hono';
import { generateAuthenticationOptions, generateRegistrationOptions } from '@simplewebauthn/server';
import {
  PASSKEY_NAME_MAX,
  type Passkey,
  type PasskeyRegistrationOptions,
  PasskeyRegistrationOptionsRequest,
  PasskeyRemoveRequest,
  PasskeyRegistrationRequest,
  PasskeyRenameRequest,
  type PasskeySignInOptions,
  PasskeySignInRequest,
} from '#domain/passkeyContract';
import { accountChanged, queueAccountNotice } from '../ways-in/notify-change';
import { finishSignIn } from '../ways-in/finish-sign-in';
import { requireAuth } from '../ways-in/require-auth';
import type { AppEnv } from '../http/app-env';
import { addressLimitKey, clientAddress } from '../http/client-address';
import { HttpError } from '../http/errors';
import { readJson, validate } from '../http/validate';
import { createServerSecret } from '../secrets';
import type { Services } from '../services';
import { OWNER_PROOF_FIELDS, proveOwner } from '../ways-in/owner-proof';
import { findUserById, isUniqueViolation } from '../users/repository';
import { CHALLENGE_TTL_MS, createPasskeyChallenges } from '../ways-in/passkey-challenges';
import { relyingParty } from './relying-party';
import { toWirePasskey } from '../ways-in/passkeys';
import {
  countPasskeys,
  deletePasskey,
  insertPasskey,
  listPasskeys,
  renamePasskey,
} from '../ways-in/passkeys-repository';
import { MALFORMED_TEXT, PASSKEY_UNKNOWN_TEXT, verifyRegistration, verifySignIn } from './verify';

/** Enough for every device a customer owns; bounds what one account can store. */
export const PASSKEYS_MAX = 20;
export const PASSKEYS_FULL_TEXT = `An account can have at most ${PASSKEYS_MAX} passkeys: remove one you no longer use first.`;
export const PASSKEY_TAKEN_TEXT = 'This passkey is already registered.';
export const PASSKEY_NOT_FOUND_TEXT = 'No such passkey on your account.';
const NAME_TEXT = `Please name the passkey (1 to ${PASSKEY_NAME_MAX} characters).`;

/** A WebAuthn user handle: the account's id, which names no person (decision 0029). */
function userHandle(userId: string): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(userId);
}

/** The challenge's bytes: the options carry them base64url-encoded, which is the challenge's own text. */
function challengeBytes(challenge: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.from(challenge, 'base64url'));
}

function passkeyTools(services: Services) {
  return {
    rp: relyingParty(services.config),
    challenges: createPasskeyChallenges({ ...services, secret: createServerSecret(services) }),
  };
}

/** /api/users/passkeys: the signed-in account's passkeys. */
export function passkeyRoutes(services: Services) {
  const { db, clock, sessions } = services;
  const { rp, challenges } = passkeyTools(services);
  const routes = new Hono<AppEnv>();
  const auth = requireAuth(sessions);

  routes.get('/', auth, async (c) => {
    const rows = await listPasskeys(db, c.get('auth').user.id);
    return c.json(rows.map(toWirePasskey) satisfies Passkey[], 200);
  });

  // A passkey signs in by itself, so it is added only with the owner's proof (server/ways-in/owner-proof.ts), checked
  // here: the challenge these options carry is bound to the account and used once, so the answer needs no other.
  routes.post('/registration/options', auth, async (c) => {
    const { user } = c.get('auth');
    const body = validate(PasskeyRegistrationOptionsRequest, await readJson(c), OWNER_PROOF_FIELDS);
    const existing = await listPasskeys(db, user.id);
    // Before the proof: a full account does not use up a mailed code.
    if (existing.length >= PASSKEYS_MAX) throw new HttpError(409, PASSKEYS_FULL_TEXT);
    await db.transaction().execute(await proveOwner(services, user, body, 'passkey.refused'));
    const options = await generateRegistrationOptions({
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
    return c.json(options satisfies PasskeyRegistrationOptions, 200);
  });

  routes.post('/registration', auth, async (c) => {
    const { user, session } = c.get('auth');
    const body = validate(PasskeyRegistrationRequest, await readJson(c), { name: NAME_TEXT, response: MALFORMED_TEXT });
    const credential = await verifyRegistration(body.response, { rp, challenges, userId: user.id });
    const name = body.name.trim();
    const now = clock.now();
    try {
      // The passkey and the notice to the account's address exist together or not at all.
      const row = await db.transaction().execute(async (trx) => {
        if ((await countPasskeys(trx, user.id)) >= PASSKEYS_MAX) throw new HttpError(409, PASSKEYS_FULL_TEXT);
        const row = await insertPasskey(trx, { ...credential, userId: user.id, name, now });
        // A change to the ways in ends every other session: one made before it no longer says who signs in.
        await services.sessions.revokeAllForUser(user.id, { db: trx, except: session.id });
        await queueAccountNotice(trx, services, user, { kind: 'passkey_added', name }, now);
        return row;
      });
      accountChanged(services, user, { kind: 'passkey_added', name }, { passkeyId: row.id });
      return c.json(toWirePasskey(row) satisfies Passkey, 201);
    } catch (error) {
      if (isUniqueViolation(error)) throw new HttpError(409, PASSKEY_TAKEN_TEXT);
      throw error;
    }
  });

  // A new name only: no mail, since nothing about how the account signs in changes.
  routes.patch('/:id', auth, async (c) => {
    const { user } = c.get('auth');
    const body = validate(PasskeyRenameRequest, await readJson(c), { name: NAME_TEXT });
    const row = await renamePasskey(db, user.id, c.req.param('id'), body.name.trim());
    if (!row) throw new HttpError(404, PASSKEY_NOT_FOUND_TEXT);
    return c.json(toWirePasskey(row) satisfies Passkey, 200);
  });

  // Removing one takes the owner's proof, as adding one does: a stolen session must not strip the account of a
  // second factor (under the staff policy, the office's only one) (docs/decisions/0039-no-counter-a-stranger-spends.md).
  routes.delete('/:id', auth, async (c) => {
    const { user, session } = c.get('auth');
    const body = validate(PasskeyRemoveRequest, await readJson(c), OWNER_PROOF_FIELDS);
    const id = c.req.param('id');
    // Another account's passkey is as unknown here as one that never existed; and asks no proof, nor uses one up.
    if (!(await listPasskeys(db, user.id)).some((row) => row.id === id))
      throw new HttpError(404, PASSKEY_NOT_FOUND_TEXT);
    const useProof = await proveOwner(services, user, body, 'passkey.refused');
    const now = clock.now();
    const removed = await db.transaction().execute(async (trx) => {
      const row = await deletePasskey(trx, user.id, id);
      if (!row) return undefined;
      await useProof(trx);
      await services.sessions.revokeAllForUser(user.id, { db: trx, except: session.id });
      await queueAccountNotice(trx, services, user, { kind: 'passkey_removed', name: row.name }, now);
      return row;
    });
    // Removed meanwhile by another request.
    if (!removed) throw new HttpError(404, PASSKEY_NOT_FOUND_TEXT);
    accountChanged(services, user, { kind: 'passkey_removed', name: removed.name }, { passkeyId: removed.id });
    return c.body(null, 204);
  });

  return routes;
}

/** /api/auth/passkey: signing in with a passkey, no e-mail asked (discoverable credentials). */
export function passkeySignInRoutes(services: Services) {
  const { db, config, limits } = services;
  const { rp, challenges } = passkeyTools(services);
  const routes = new Hono<AppEnv>();

  // Nothing is written here (the challenge is signed, not stored), so the options need no limit of their own.
  routes.post('/options', async (c) => {
    const options = await generateAuthenticationOptions({
      rpID: rp.id,
      challenge: challengeBytes(await challenges.make('authentication', null)),
      timeout: CHALLENGE_TTL_MS,
      allowCredentials: [],
      userVerification: 'required',
    });
    return c.json(options satisfies PasskeySignInOptions, 200);
  });

  routes.post('/', async (c) => {
    const body = validate(PasskeySignInRequest, await readJson(c), { response: MALFORMED_TEXT });
    const address = clientAddress(c, config.TRUST_PROXY);
    // Counted under the sign-in limits of the caller's address before any check; a sign-in gives it back.
    const attempt = await limits.charge([{ limit: limits.login.address, key: addressLimitKey(address) }], { address });
    // Not `attempt.guard`: a refused answer was evaluated, and its point stays taken.
    const passkey = await verifySignIn(body.response, { rp, challenges, db, now: services.clock.now() }).catch(
      (error: unknown) => {
        if (error instanceof HttpError) services.log.security('signin.failure', { method: 'passkey', address });
        throw error;
      },
    );
    const user = await findUserById(db, passkey.user_id);
    if (!user) throw new HttpError(401, PASSKEY_UNKNOWN_TEXT);
    await attempt.giveBack();
    // A passkey is a second factor by itself (possession, and the PIN or biometrics the authenticator checked).
    return c.json(await finishSignIn(services, user, 'passkey', address, 'passkey'), 200);
  });

  return routes;
}
