/**
 * The e-mail change's requests besides the profile update that starts it (server/account/email-change.ts holds
 * its rules): a code to the CURRENT address for an account without a password, the new address's code coming
 * back, and that code sent again.
 */
import type { SessionRow, UserWithAvatar } from '../db/schema';
import { HttpError } from '../http/errors';
import { emailChangeCodeMail } from '../mail/messages';
import { queueAndSendNow } from '../mail/send-now';
import type { Services } from '../services';
import { normalizeEmail } from '../users/repository';
import { toWireUser } from '../users/wire';
import { CODE_INVALID_TEXT, CODE_TTL_MINUTES } from '../ways-in/email-codes';
import { MAIL_FAILED_TEXT, type Requester, chargeCodeCheck, codeExpiry, codeSentText } from './codes';
import {
  HAS_PASSWORD_TEXT,
  NO_EMAIL_CHANGE_PENDING_TEXT,
  checkNewAddressCode,
  confirmNewAddress,
  mailNewAddressCode,
  newAddressCodeSentText,
  pendingNewAddress,
} from './email-change';

/**
 * An account without a password proves an e-mail change with a code sent to its CURRENT address; the code is
 * then sent with the profile update. 409 for an account with a password, 503 when no mail went.
 */
export async function sendEmailChangeCode(services: Services, user: UserWithAvatar) {
  const { codes, limits } = services;
  if (user.password_hash !== null) throw new HttpError(409, HAS_PASSWORD_TEXT);
  await limits.charge([{ limit: limits.codeRequest.account, key: `email-change:${user.id}` }], { userId: user.id });

  const { code, codeHash } = await codes.make(user.id, 'email_change');
  const sent = await queueAndSendNow(
    services,
    emailChangeCodeMail({ to: user.email, name: user.name, code, minutes: CODE_TTL_MINUTES }),
    {
      kind: 'e-mail change code',
      expiresAt: codeExpiry(services.clock),
      write: (trx) => codes.store(user, 'email_change', codeHash, trx),
    },
  );
  if (!sent) throw new HttpError(503, MAIL_FAILED_TEXT);
  return { message: { en: codeSentText(user.email) } };
}

/**
 * The profile update with a new address mailed a code to it: the address becomes the account's only here, once
 * that code comes back, so an address nobody proved never does. 400 for a wrong code.
 */
export async function confirmEmailChange(
  services: Services,
  { user, session }: { user: UserWithAvatar; session: SessionRow },
  body: { email: string; code: string },
  from: Requester,
) {
  const email = normalizeEmail(body.email);
  const attempt = await chargeCodeCheck(services, user.email, from.key, { userId: user.id, address: from.address });
  if (!(await checkNewAddressCode(services, { id: user.id, email }, body.code))) {
    services.log.security('code.failed', { purpose: 'email_new', userId: user.id });
    throw new HttpError(400, CODE_INVALID_TEXT);
  }
  await attempt.giveBack();
  const { updated, token } = await confirmNewAddress(services, user, email, body.code, session.second_factor);
  // The wire user after the update, keeping what the session's read carried besides the users row.
  return { user: toWireUser({ ...user, ...updated }, services.config, session.second_factor), token };
}

/**
 * 'Send again' for the code of the new address: a fresh one to the address the live code went to; no other, so
 * no proof is asked again (the update that chose the address gave it). 409 when none waits, 503 when no mail went.
 */
export async function resendNewAddressCode(services: Services, user: UserWithAvatar) {
  const email = await pendingNewAddress(services, user.id);
  if (email === null) throw new HttpError(409, NO_EMAIL_CHANGE_PENDING_TEXT);
  const store = await mailNewAddressCode(services, user, email);
  if (store === null) throw new HttpError(503, MAIL_FAILED_TEXT);
  await store(services.db);
  return { message: { en: newAddressCodeSentText(email) } };
}
