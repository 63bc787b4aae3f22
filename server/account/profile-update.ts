/**
 * The profile's update: the name, the picture and, proven, a new e-mail address, which changes only once a
 * code sent to it comes back (server/account/email-change.ts).
 */
import type { ProfileUpdateRequest } from '#domain/contract';
import { readAvatarField } from '../avatars/image';
import { saveAvatar } from '../avatars/repository';
import type { SessionRow, UserWithAvatar } from '../db/schema';
import { HttpError } from '../http/errors';
import type { Services } from '../services';
import { normalizeEmail, updateUser } from '../users/repository';
import { toWireUser } from '../users/wire';
import { MAIL_FAILED_TEXT } from './codes';
import { ensureAddressFree, mailNewAddressCode, newAddressCodeSentText, proveEmailChange } from './email-change';

export async function updateProfile(
  services: Services,
  { user, token, session }: { user: UserWithAvatar; token: string; session: SessionRow },
  body: ProfileUpdateRequest,
  form: Record<string, unknown>,
) {
  const { db, clock, limits } = services;
  // Optional; checked by its content and size (413/415) before anything is written.
  const avatar = await readAvatarField(form.avatar);
  // Counted only when a picture is sent, before it is stored.
  if (avatar) await limits.charge([{ limit: limits.avatar.user, key: user.id }], { userId: user.id });
  const email = normalizeEmail(body.email);
  const emailChanged = email !== user.email;
  // Proof first: without it, not even whether the new address is taken is revealed.
  const useProof = emailChanged ? await proveEmailChange(services, user, body) : null;
  if (emailChanged) await ensureAddressFree(db, user.id, email);
  // The address does not change here: a code goes to the NEW one, and POST /verify/email-change makes it the
  // account's once the code comes back (server/account/email-change.ts). No mail, no change at all (503).
  const storeCode = emailChanged ? await mailNewAddressCode(services, user, email) : null;
  if (storeCode === null && emailChanged) throw new HttpError(503, MAIL_FAILED_TEXT);
  const now = clock.now();
  // The picture, the name and the new address's code together or not at all; no avatar sent keeps the old one.
  const updated = await db.transaction().execute(async (trx) => {
    if (useProof) await useProof(trx);
    if (avatar) await saveAvatar(trx, user.id, avatar, now);
    if (storeCode) await storeCode(trx);
    return updateUser(trx, user.id, { name: body.name.trim() }, now);
  });
  const answer = { user: toWireUser(updated, services.config, session.second_factor), token };
  if (!emailChanged) return answer;
  return { ...answer, emailChange: { pending: email, message: { en: newAddressCodeSentText(email) } } };
}
