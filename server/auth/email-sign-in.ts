/**
 * Signing in with e-mail and password. Failures are counted before the check; past the account's day ceiling
 * the sign-in continues with an e-mailed code (server/ways-in/second-step.ts), and an account with an
 * authenticator app is asked for its code before there is a session.
 */
import type { LoginEmailRequest } from '#domain/contract';
import { addressLimitKey } from '../http/client-address';
import { HttpError } from '../http/errors';
import { accountAddressKey } from '../limits/limits';
import { LimitRefused } from '../limits/responses';
import type { Services } from '../services';
import { findUserByEmail, normalizeEmail } from '../users/repository';
import { finishSignIn } from '../ways-in/finish-sign-in';
import { emailCodeStep, twoFactorStep } from '../ways-in/second-step';
import { asksForTwoFactorStep } from '../ways-in/staff-rule';

/** One text for "no such e-mail" and "wrong password": the answer must not reveal which accounts exist. */
export const INVALID_CREDENTIALS_TEXT = 'Invalid e-mail or password.';

/**
 * Counted BEFORE the password is checked, atomically: a burst of parallel guesses cannot all be checked
 * before the first failure is recorded. These limits are the caller's address's: a stranger's failures refuse
 * only the stranger.
 */
function chargeSignIn({ limits, log }: Pick<Services, 'limits' | 'log'>, email: string, address: string) {
  const fromKey = addressLimitKey(address);
  const limited = [
    { limit: limits.login.address, key: fromKey },
    { limit: limits.login.accountAddress, key: accountAddressKey(email, fromKey) },
  ];
  return limits.charge(limited, { address }).catch((error: unknown) => {
    if (error instanceof LimitRefused) {
      log.security('signin.limited', { method: 'email', address, limit: error.limit.name });
    }
    throw error;
  });
}

export async function signInWithEmail(services: Services, body: LoginEmailRequest, address: string) {
  const { db, limits, passwords } = services;
  const email = normalizeEmail(body.email);
  const attempt = await chargeSignIn(services, email, address);
  // The account's day ceiling, from every address, bounds a guesser who rotates addresses. Reached, it
  // does not refuse: the sign-in needs an e-mailed code besides the password (server/ways-in/second-step.ts).
  const daily = await limits
    .charge([{ limit: limits.login.account, key: email }], { address })
    .catch((error: unknown) => {
      if (error instanceof LimitRefused) return null;
      throw error;
    });

  const user = await findUserByEmail(db, email);
  // Unknown e-mail or an account without a password: still spend one verification's time.
  const passwordOk = await attempt.guard(() =>
    user?.password_hash ? passwords.verify(user.password_hash, body.password) : passwords.verifyDummy(body.password),
  );
  if (!daily) {
    // Past the ceiling a right password and a wrong one leave the same counters behind, as they give the same
    // answer: neither gives its points back, or the next request from this address would tell them apart
    // (docs/decisions/0039-no-counter-a-stranger-spends.md). The owner's e-mailed code ends the run.
    if (!user || !passwordOk)
      services.log.security('signin.failure', { method: 'email', userId: user?.id ?? null, address });
    return emailCodeStep(services, user && passwordOk ? user : null, address);
  }
  if (!user || !passwordOk) {
    services.log.security('signin.failure', { method: 'email', userId: user?.id ?? null, address });
    throw new HttpError(401, INVALID_CREDENTIALS_TEXT);
  }
  // Only failures count: the right password takes nothing, and ends this address's run of failures.
  await attempt.giveBack();
  await daily.giveBack();
  await limits.login.accountAddress.reset(accountAddressKey(email, addressLimitKey(address)));
  // An authenticator app asks for its code before there is a session (server/ways-in/two-factor-step.ts).
  if (asksForTwoFactorStep(user)) return twoFactorStep(services, user, { address, method: 'email' });
  // A password alone: the session is made without a second factor.
  return finishSignIn(services, user, 'email', address, null);
}
