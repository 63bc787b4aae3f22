/**
 * Verifying the account's e-mail address: a code by e-mail, entered on the profile. E-mail is the only type
 * of verification there is.
 */
import { HttpError } from '../http/errors';
import { queueAndSendNow } from '../mail/send-now';
import { verificationCodeMail } from '../mail/messages';
import type { SessionRow, UserWithAvatar } from '../db/schema';
import type { Services } from '../services';
import { updateUser } from '../users/repository';
import { toWireUser } from '../users/wire';
import { CODE_INVALID_TEXT, CODE_TTL_MINUTES } from '../ways-in/email-codes';
import { MAIL_FAILED_TEXT, type Requester, chargeCodeCheck, codeExpiry, codeSentText } from './codes';

export const ALREADY_VERIFIED_TEXT = 'Your e-mail address is already verified.';

/** Mails a fresh verification code to the account's address; 409 once it is verified, 503 when no mail went. */
export async function sendVerificationCode(services: Services, user: UserWithAvatar) {
  const { codes, limits } = services;
  if (user.email_verified === 1) throw new HttpError(409, ALREADY_VERIFIED_TEXT);
  // Signed in: the account is the one to limit (the address limit guards the anonymous call); and the recipient,
  // whose address is not proven yet: an account made with a stranger's address mails it a few times a day at most.
  await limits.charge(
    [
      { limit: limits.codeRequest.account, key: `verify:${user.id}` },
      { limit: limits.codeRequest.unprovenRecipient, key: user.email },
    ],
    { userId: user.id },
  );

  const { code, codeHash } = await codes.make(user.id, 'verify_email');
  const sent = await queueAndSendNow(
    services,
    verificationCodeMail({ to: user.email, code, minutes: CODE_TTL_MINUTES }),
    {
      kind: 'verification code',
      expiresAt: codeExpiry(services.clock),
      write: (trx) => codes.store(user, 'verify_email', codeHash, trx),
    },
  );
  if (!sent) throw new HttpError(503, MAIL_FAILED_TEXT);
  return { message: { en: codeSentText(user.email) } };
}

/** Marks the address verified with the code it was sent; 409 once it is, 400 for a wrong code. */
export async function verifyEmail(
  services: Services,
  { user, session }: { user: UserWithAvatar; session: SessionRow },
  code: string,
  from: Requester,
) {
  const { db, codes } = services;
  if (user.email_verified === 1) throw new HttpError(409, ALREADY_VERIFIED_TEXT);
  const attempt = await chargeCodeCheck(services, user.email, from.key, { userId: user.id, address: from.address });
  if (!(await codes.check(user, 'verify_email', code))) {
    services.log.security('code.failed', { purpose: 'verify_email', userId: user.id });
    throw new HttpError(400, CODE_INVALID_TEXT);
  }
  await attempt.giveBack();

  const updated = await db.transaction().execute(async (trx) => {
    if (!(await codes.consume(trx, user, 'verify_email', code))) throw new HttpError(400, CODE_INVALID_TEXT);
    return updateUser(trx, user.id, { email_verified: 1 }, services.clock.now());
  });
  // The wire user after the update, keeping what the session's read carried besides the users row.
  return { user: toWireUser({ ...user, ...updated }, services.config, session.second_factor) };
}
