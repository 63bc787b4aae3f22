/** The signed-in account's own passkeys: listed, renamed, removed (with the owner's proof). */
import type { Passkey, PasskeyRemoveRequest } from '#domain/passkeyContract';
import type { SessionRow, UserWithAvatar } from '../db/schema';
import { HttpError } from '../http/errors';
import type { Services } from '../services';
import { accountChanged, queueAccountNotice } from '../ways-in/notify-change';
import { proveOwner } from '../ways-in/owner-proof';
import { toWirePasskey } from '../ways-in/passkeys';
import { deletePasskey, listPasskeys, renamePasskey } from '../ways-in/passkeys-repository';

export const PASSKEY_NOT_FOUND_TEXT = 'No such passkey on your account.';

export async function listOwnPasskeys(services: Services, userId: string): Promise<Passkey[]> {
  return (await listPasskeys(services.db, userId)).map(toWirePasskey);
}

/** A new name only: no mail, since nothing about how the account signs in changes. */
export async function renameOwnPasskey(services: Services, userId: string, id: string, name: string): Promise<Passkey> {
  const row = await renamePasskey(services.db, userId, id, name.trim());
  if (!row) throw new HttpError(404, PASSKEY_NOT_FOUND_TEXT);
  return toWirePasskey(row);
}

/**
 * Removing one takes the owner's proof, as adding one does: a stolen session must not strip the account of a
 * second factor (under the staff policy, the office's only one) (docs/decisions/0039-no-counter-a-stranger-spends.md).
 */
export async function removeOwnPasskey(
  services: Services,
  { user, session }: { user: UserWithAvatar; session: SessionRow },
  id: string,
  body: PasskeyRemoveRequest,
): Promise<void> {
  const { db } = services;
  // Another account's passkey is as unknown here as one that never existed; and asks no proof, nor uses one up.
  if (!(await listPasskeys(db, user.id)).some((row) => row.id === id)) throw new HttpError(404, PASSKEY_NOT_FOUND_TEXT);
  const useProof = await proveOwner(services, user, body, 'passkey.refused');
  const now = services.clock.now();
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
}
