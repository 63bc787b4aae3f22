/**
 * The authenticator app's step of a sign-in, 'totp' on the wire (docs/decisions/0028-totp-secrets-encrypted.md):
 * after the right password (or Google) of an account with an authenticator app, `POST /api/auth/login/second-step`
 * takes the step's ticket with a current code of the app or an unused recovery code. Wrong codes count three ways: `CODE_MAX_ATTEMPTS` tries per
 * ticket, the address's hourly limit and the account's day of code failures (server/limits), as for e-mailed codes.
 */
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { CODE_INVALID_TEXT } from './email-codes';
import { accountChanged, queueAccountNotice } from './notify-change';
import { CODE_MAX_ATTEMPTS } from './email-codes';
import type { Database, SecondFactor } from '../db/schema';
import { HttpError } from '../http/errors';
import type { Taken } from '../limits/charge';
import { LimitRefused } from '../limits/responses';
import type { Services } from '../services';
import { findUserById, updateUser } from '../users/repository';
import { toWireUser } from '../users/wire';
import { matchFactor } from './factor-check';
import { asksForTwoFactorStep } from './staff-rule';
import { countTicketTry, deleteTicket, findTicketPurpose } from './tickets-repository';
import { countRecoveryCodesLeft } from './two-factor-repository';

export const TOTP_INVALID_TEXT =
  'This code is not valid. Enter the current code from your authenticator app, or an unused recovery code.';

const PURPOSE = 'sign_in_totp';
/** The factor the session records (a recovery code stands in for the app). */
const FACTOR: SecondFactor = 'totp';
const hashTicket = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

/** Whether the ticket is a 'totp' step's (any other goes on to the e-mailed code's check). */
export async function isTwoFactorTicket(db: Kysely<Database>, ticket: string): Promise<boolean> {
  return (await findTicketPurpose(db, hashTicket(ticket))) === PURPOSE;
}

/**
 * Checks the code given with a 'totp' ticket and answers the session; `attempt` is the address's charge, given
 * back for a right code. Throws 400 for a wrong, used or expired one.
 */
export async function twoFactorSecondStep(
  services: Services,
  body: { ticket: string; code: string },
  attempt: Taken,
  address: string,
) {
  const { db, clock, limits } = services;
  const now = clock.now();
  // The try is counted in the statement that reads the ticket: parallel guesses cannot share one.
  const ticket = await countTicketTry(db, hashTicket(body.ticket), PURPOSE, CODE_MAX_ATTEMPTS);
  const user = ticket && now.getTime() < Date.parse(ticket.expires_at) ? await findUserById(db, ticket.user_id) : null;
  // A ticket for an address the account no longer has, or an app turned off since, proves nothing.
  if (!ticket || !user || user.email !== ticket.email || !asksForTwoFactorStep(user)) {
    services.log.security('code.failed', { purpose: PURPOSE, userId: ticket?.user_id ?? null, address });
    throw new HttpError(400, CODE_INVALID_TEXT);
  }
  // The account's day of wrong codes bounds a guesser who holds the password. Reached, it does not refuse the code
  // from the owner's app: each ticket then gets one try instead of five
  // (docs/decisions/0039-no-counter-a-stranger-spends.md).
  const daily = await limits
    .charge([{ limit: limits.codeCheck.account, key: user.email }], { userId: user.id, address })
    .catch((error: unknown) => {
      if (error instanceof LimitRefused) return null;
      throw error;
    });
  if (!daily && Number(ticket.attempts) > 1) {
    services.log.security('code.failed', { purpose: PURPOSE, userId: user.id, address });
    throw new HttpError(400, TOTP_INVALID_TEXT);
  }
  const match = await matchFactor(services, user.id, body.code);
  if (!match) {
    services.log.security('code.failed', { purpose: PURPOSE, userId: user.id, address });
    throw new HttpError(400, TOTP_INVALID_TEXT);
  }
  await attempt.giveBack();
  await daily?.giveBack();

  // The ticket and the code used up, the last login and the session, (for a recovery code) its notice: together.
  const recovery = match.kind === 'recovery';
  const done = await db.transaction().execute(async (trx) => {
    if (!(await deleteTicket(trx, hashTicket(body.ticket), PURPOSE))) throw new HttpError(400, CODE_INVALID_TEXT);
    // A parallel request took the same code first.
    if (!(await match.use(trx))) throw new HttpError(400, TOTP_INVALID_TEXT);
    const left = recovery ? await countRecoveryCodesLeft(trx, user.id) : 0;
    if (recovery) await queueAccountNotice(trx, services, user, { kind: 'recovery_code_used', left }, now);
    const updated = await updateUser(trx, user.id, { last_login: now.toISOString() }, now);
    const { token } = await services.sessions.create(user.id, trx, FACTOR);
    return { updated, token, left };
  });
  if (recovery) accountChanged(services, user, { kind: 'recovery_code_used', left: done.left }, { address });
  services.log.security('signin.success', { method: recovery ? 'recovery-code' : 'totp', userId: user.id, address });
  return { user: toWireUser({ ...user, ...done.updated }, services.config, FACTOR), token: done.token };
}
