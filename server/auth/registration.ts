/**
 * Creating an account with e-mail and password: the account, its welcome notification, its first session and
 * its verification mail together, under the address's and the site's limits.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { RegisterEmailRequest } from '#domain/contract';
import { MINUTE_MS } from '../clock';
import type { Database, UserRow } from '../db/schema';
import { HttpError } from '../http/errors';
import { SITE_KEY } from '../limits/limits';
import { signUpVerificationMail } from '../mail/messages';
import { enqueueMail } from '../mail/queue';
import { addNotification, notificationTexts } from '../notifications/notifications';
import type { Services } from '../services';
import { findUserByEmail, insertUser, isUniqueViolation, normalizeEmail } from '../users/repository';
import { toWireUser } from '../users/wire';
import { COMMON_PASSWORD_TEXT, isCommonPassword } from '../ways-in/common-passwords';
import { CODE_TTL_MINUTES } from '../ways-in/email-codes';

export const EMAIL_TAKEN_TEXT = 'An account with this e-mail address already exists.';

/**
 * A new e-mail account is sent its verification code at once, through the mail queue in the sign-up's
 * transaction (docs/product.md#accounts); the profile's 'Verify my e-mail address' sends a fresh one.
 */
async function queueVerificationMail(
  services: Pick<Services, 'codes'>,
  trx: Kysely<Database>,
  user: UserRow,
  { code, codeHash }: { code: string; codeHash: string },
  now: Date,
): Promise<void> {
  await services.codes.store(user, 'verify_email', codeHash, trx);
  const message = signUpVerificationMail({ to: user.email, code, minutes: CODE_TTL_MINUTES });
  const expiresAt = new Date(now.getTime() + CODE_TTL_MINUTES * MINUTE_MS);
  await enqueueMail(trx, message, { kind: 'verification code', now, expiresAt });
}

/** Creates the account and answers it with its session; 409 when the address is taken. */
export async function registerWithEmail(
  services: Services,
  body: RegisterEmailRequest,
  from: { key: string; address: string },
) {
  const { db, clock, limits } = services;
  const email = normalizeEmail(body.email);
  if (await isCommonPassword(body.password)) throw new HttpError(400, COMMON_PASSWORD_TEXT);
  const { address } = from;
  // Every attempt counts against its address (also one that finds the e-mail taken), before any lookup or hashing.
  const attempt = await limits.charge([{ limit: limits.register.address, key: from.key }], { address });
  if (await findUserByEmail(db, email)) throw new HttpError(409, EMAIL_TAKEN_TEXT);
  // The site-wide ceiling counts accounts created: attempts at a taken address cannot close sign-ups for all.
  const creation = await limits.charge([{ limit: limits.register.site, key: SITE_KEY }], { address });
  const passwordHash = await creation.guard(() => attempt.guard(() => services.passwords.hash(body.password)));
  const now = clock.now();
  // The verification code is made before the transaction (its HMAC key may be read from the database on
  // first use), for the account's id chosen here.
  const id = randomUUID();
  const verification = await services.codes.make(id, 'verify_email');
  try {
    // The account, its first session and its verification mail exist together or not at all.
    const { user, token } = await db.transaction().execute(async (trx) => {
      const user = await insertUser(trx, { id, name: body.name, email, passwordHash, now, lastLogin: now });
      await addNotification(trx, { userId: user.id, kind: 'welcome', text: notificationTexts.welcome(), now });
      await queueVerificationMail(services, trx, user, verification, now);
      const { token } = await services.sessions.create(user.id, trx);
      return { user, token };
    });
    services.mail.kick();
    services.log.security('register.success', { userId: user.id, method: 'email', address });
    return { user: toWireUser(user, services.config, null), token };
  } catch (error) {
    // No account was created: the site's count goes back (a race for one address, or a failed write).
    await creation.giveBack();
    if (isUniqueViolation(error)) throw new HttpError(409, EMAIL_TAKEN_TEXT);
    throw error;
  }
}
