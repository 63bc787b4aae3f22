/**
 * Every limit the server enforces, by name, with its size from the configuration (server/config.ts). Keys:
 * lower-cased e-mails for accounts, user ids, and `addressLimitKey` addresses (an IPv6 client counts per /64).
 */
import type { Config } from '../config';
import type { ServerLog } from '../log';
import { type Charge, type Taken, charge } from './charge';
import { type Limit, type LimitSpec, createLimit } from './limit';
import { accountLimits, codeLimits, signInLimits, visitorLimits } from './limit-groups';
import { type LimitStore, openLimitStore } from './store';

export interface Limits {
  login: {
    /** Failures per account from one address: a stranger's failures block only the stranger's address. */
    accountAddress: Limit;
    /** Failures per address, whatever account they name. */
    address: Limit;
    /** Failures per account per day from every address: bounds an attacker who rotates addresses. */
    account: Limit;
  };
  /** Wrong current passwords with a signed-in session (password change, e-mail change), per user. */
  passwordCheck: { user: Limit; userDaily: Limit };
  /** E-mailed codes requested (every request counts). */
  codeRequest: { account: Limit; address: Limit; unprovenRecipient: Limit };
  /** Wrong e-mailed codes entered. */
  codeCheck: { account: Limit; address: Limit };
  /** Accounts created with e-mail and password (every attempt counts). */
  register: { address: Limit; site: Limit };
  /** Google sign-ins and sign-ups (every attempt counts). */
  google: { address: Limit };
  invoice: { user: Limit; address: Limit };
  /** Profile pictures, counted only when one is sent. */
  avatar: { user: Limit };
  /** Data exports ("Download my data"), per account per day. */
  dataExport: { user: Limit };
  visit: { address: Limit };
  /** Requests to booking links, which need no sign-in: every request counts. */
  bookingLink: { address: Limit };
  /** Contact messages and youth applications, counted together. */
  forms: { address: Limit; site: Limit };
  /** Takes one point from each limit in order, or throws the 429 of the first that refuses (server/limits/charge.ts). */
  charge(charges: readonly Charge[], fields?: Record<string, unknown>): Promise<Taken>;
  close(): Promise<void>;
}

/** The key of the single site-wide counter of a limit. */
export const SITE_KEY = 'site';

/** `onRefused`: told the limit's name at every refusal (server/metrics counts them). */
export function createLimits(
  config: Config,
  log: ServerLog,
  store: LimitStore = openLimitStore(config),
  onRefused?: (limit: string) => void,
): Limits {
  const limit = (spec: LimitSpec) => createLimit(store, spec);
  return {
    ...signInLimits(limit, config),
    ...codeLimits(limit, config),
    ...accountLimits(limit, config),
    ...visitorLimits(limit, config),
    charge: (charges, fields) => charge(log, charges, fields, onRefused),
    close: () => store.close(),
  };
}

/** The key of `login.accountAddress`: one account (lower-cased e-mail) from one `addressLimitKey` address. */
export function accountAddressKey(email: string, addressKey: string): string {
  return `${email}\n${addressKey}`;
}
