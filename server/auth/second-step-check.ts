/**
 * A sign-in's second step coming back (docs/decisions/0022-tickets-for-codes.md): the ticket with an e-mailed
 * code, or (the 'totp' step's ticket) a code of the authenticator app or a recovery code.
 */
import { addressLimitKey } from '../http/client-address';
import { HttpError } from '../http/errors';
import { accountAddressKey } from '../limits/limits';
import type { Services } from '../services';
import { findUserById } from '../users/repository';
import { CODE_INVALID_TEXT } from '../ways-in/email-codes';
import { finishSignIn } from '../ways-in/finish-sign-in';
import { twoFactorStep } from '../ways-in/second-step';
import { asksForTwoFactorStep } from '../ways-in/staff-rule';
import { isTwoFactorTicket, twoFactorSecondStep } from '../ways-in/two-factor-step';

export async function checkSecondStep(services: Services, body: { ticket: string; code: string }, address: string) {
  const { db, limits, tickets } = services;
  // Wrong codes count against the address; the ticket itself allows `CODE_MAX_ATTEMPTS` tries and works once.
  const attempt = await limits.charge([{ limit: limits.codeCheck.address, key: addressLimitKey(address) }], {
    address,
  });
  // The 'totp' step's ticket takes a code of the authenticator app or a recovery code.
  if (await isTwoFactorTicket(db, body.ticket)) return twoFactorSecondStep(services, body, attempt, address);
  const owner = await tickets.check(body.ticket, 'sign_in', body.code);
  const user = owner ? await findUserById(db, owner.id) : undefined;
  // A ticket for an address the account no longer has proves nothing.
  if (!owner || !user || user.email !== owner.email) {
    services.log.security('code.failed', { purpose: 'sign_in', userId: owner?.id ?? null, address });
    throw new HttpError(400, CODE_INVALID_TEXT);
  }
  await attempt.giveBack();
  // The code reached the owner's mailbox: this address's run of failed passwords for the account is over.
  await limits.login.accountAddress.reset(accountAddressKey(user.email, addressLimitKey(address)));
  // The e-mailed code stood in for the day's ceiling, not for the app: an account with one is asked for it next.
  if (asksForTwoFactorStep(user)) {
    if (!(await tickets.consume(db, body.ticket, 'sign_in'))) throw new HttpError(400, CODE_INVALID_TEXT);
    return twoFactorStep(services, user, { address, method: 'email-code' });
  }
  // An e-mailed code alone: the session is made without a second factor.
  return finishSignIn(services, user, 'email-code', address, null, body.ticket);
}
