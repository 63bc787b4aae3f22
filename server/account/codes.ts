/**
 * What the account's e-mailed codes share: the answer once one is sent, the answer when the mail could not go,
 * the validation text of a malformed code, when a code made now stops working, and how a code check is counted.
 */
import type { Context } from 'hono';
import { MINUTE_MS } from '../clock';
import type { AppEnv } from '../http/app-env';
import { clientAddress, clientLimitKey } from '../http/client-address';
import type { Services } from '../services';
import { CODE_INVALID_TEXT, CODE_TTL_MINUTES } from '../ways-in/email-codes';

export const MAIL_FAILED_TEXT = 'We could not send the e-mail just now. Please try again in a few minutes.';

export function codeSentText(email: string): string {
  return `We have sent a code to ${email}.`;
}

/** A malformed code gets the same answer as a wrong one. */
export const CODE_FIELD = { code: CODE_INVALID_TEXT, ticket: CODE_INVALID_TEXT };

/** When a code made now stops working: its mail is not sent after that. */
export function codeExpiry(clock: Services['clock']): Date {
  return new Date(clock.now().getTime() + CODE_TTL_MINUTES * MINUTE_MS);
}

/** Who asks: the client's address as the limits key it, and as the log shows it. */
export interface Requester {
  key: string;
  address: string;
}

export function requester(c: Context<AppEnv>, { config }: Pick<Services, 'config'>): Requester {
  return { key: clientLimitKey(c, config.TRUST_PROXY), address: clientAddress(c, config.TRUST_PROXY) };
}

/**
 * Counts one code check against the account (lower-cased e-mail; a day's cap) and the address, before the
 * code is compared; a right code gives its points back, so only wrong ones add up.
 */
export function chargeCodeCheck(
  { limits }: Pick<Services, 'limits'>,
  email: string,
  addressKey: string,
  fields: Record<string, unknown>,
) {
  return limits.charge(
    [
      { limit: limits.codeCheck.address, key: addressKey },
      { limit: limits.codeCheck.account, key: email },
    ],
    fields,
  );
}
