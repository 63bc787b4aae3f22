/**
 * The second step of a sign-in (docs/decisions/0022-tickets-for-codes.md). Its first kind, 'email-code':
 * when an account's failed sign-ins from every address reach the day's ceiling, strangers must not lock the
 * owner out, so the right password is still accepted and the sign-in continues with a code e-mailed to the
 * account, entered with the ticket the answer carries.
 *
 * Past the ceiling a wrong password gets the same answer as the right one (a ticket, whose code was never
 * sent), so the ceiling still hides whether a guess was right: guessing from many addresses learns nothing.
 */
import type { SecondStep } from '#domain/contract';
import type { UserWithAvatar } from '../db/schema';
import { MINUTE_MS } from '../clock';
import { enqueueMail } from '../mail/queue';
import { signInCodeMail } from '../mail/messages';
import { CODE_TTL_MINUTES } from './email-codes';
import type { Services } from '../services';

/**
 * Answers the step the sign-in needs. For the right password (`user` given) the ticket is stored and the code
 * mailed after the answer has gone, so both answers take the same time; a code request limit keeps a
 * password holder from flooding the owner's mailbox.
 */
export async function emailCodeStep(
  services: Pick<Services, 'tickets' | 'limits' | 'mail' | 'log' | 'db' | 'clock'>,
  user: UserWithAvatar | null,
  address: string,
): Promise<{ secondStep: SecondStep }> {
  const prepared = await services.tickets.make('sign_in');
  if (user) {
    setImmediate(() => {
      services.limits
        .charge([{ limit: services.limits.codeRequest.account, key: `sign-in:${user.email}` }], { userId: user.id })
        .then(() =>
          services.db.transaction().execute(async (trx) => {
            await services.tickets.store(user, 'sign_in', prepared, trx);
            const now = services.clock.now();
            const message = signInCodeMail({
              to: user.email,
              name: user.name,
              code: prepared.code,
              minutes: CODE_TTL_MINUTES,
            });
            const expiresAt = new Date(now.getTime() + CODE_TTL_MINUTES * MINUTE_MS);
            await enqueueMail(trx, message, { kind: 'sign-in code', now, expiresAt });
          }),
        )
        .then(() => {
          services.log.security('signin.second_step', { kind: 'email-code', userId: user.id, address });
          services.mail.kick();
        })
        // A refused request is logged by the limit; nothing is sent, and the code entered will not work.
        .catch((error: unknown) => services.log.logger.warn({ err: error }, 'no sign-in code sent'));
    });
  }
  return { secondStep: { kind: 'email-code', ticket: prepared.ticket } };
}

/**
 * 'totp': the account has an authenticator app (docs/decisions/0028-totp-secrets-encrypted.md), and the
 * password or Google was right. The ticket names this sign-in; nothing is mailed (its prepared code is never
 * shown to anyone), and the code entered with it is checked against the app (server/ways-in/two-factor-step.ts).
 */
export async function twoFactorStep(
  services: Pick<Services, 'tickets' | 'log'>,
  user: UserWithAvatar,
  fields: { address: string; method: string },
): Promise<{ secondStep: SecondStep }> {
  const prepared = await services.tickets.make('sign_in_totp');
  await services.tickets.store(user, 'sign_in_totp', prepared);
  services.log.security('signin.second_step', { kind: 'totp', userId: user.id, ...fields });
  return { secondStep: { kind: 'totp', ticket: prepared.ticket } };
}
