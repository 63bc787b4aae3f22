/**
 * Every limit the server enforces, by name, with its size from the configuration (server/config.ts). Keys:
 * lower-cased e-mails for accounts, user ids, and `addressLimitKey` addresses (an IPv6 client counts per /64).
 */
import type { Config } from '../config';
import type { ServerLog } from '../log';
import { type Charge, type Taken, charge } from './charge';
import { type Limit, type LimitSpec, createLimit } from './limit';
import { type LimitStore, openLimitStore } from './store';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

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
  // Whole seconds, at least one (a duration of 0 would mean "never expires" to the store).
  const loginWindow = Math.max(1, Math.round(config.LOGIN_FAILURE_WINDOW_MINUTES * MINUTE));
  const codeWindow = Math.max(1, Math.round(config.CODE_REQUEST_WINDOW_MINUTES * MINUTE));
  return {
    login: {
      accountAddress: limit({
        name: 'login.account_address',
        keyKind: 'account_address',
        points: config.LOGIN_MAX_FAILURES_PER_ACCOUNT,
        durationSeconds: loginWindow,
      }),
      address: limit({
        name: 'login.address',
        keyKind: 'address',
        points: config.LOGIN_MAX_FAILURES_PER_ADDRESS,
        durationSeconds: loginWindow,
      }),
      account: limit({
        name: 'login.account_daily',
        keyKind: 'account',
        points: config.LOGIN_MAX_FAILURES_PER_ACCOUNT_PER_DAY,
        durationSeconds: DAY,
      }),
    },
    passwordCheck: {
      user: limit({
        name: 'password_check.user',
        keyKind: 'user',
        points: config.PASSWORD_CHANGE_MAX_FAILURES,
        durationSeconds: loginWindow,
      }),
      userDaily: limit({
        name: 'password_check.user_daily',
        keyKind: 'user',
        points: config.PASSWORD_CHANGE_MAX_FAILURES_PER_DAY,
        durationSeconds: DAY,
      }),
    },
    codeRequest: {
      account: limit({
        name: 'code_request.account',
        keyKind: 'account',
        points: config.CODE_MAX_REQUESTS_PER_ACCOUNT,
        durationSeconds: codeWindow,
      }),
      address: limit({
        name: 'code_request.address',
        keyKind: 'address',
        points: config.CODE_MAX_REQUESTS_PER_ADDRESS,
        durationSeconds: codeWindow,
      }),
      /** Per recipient (the e-mail address), for codes to an address not yet proven, whoever asks. */
      unprovenRecipient: limit({
        name: 'code_request.unproven_recipient_daily',
        keyKind: 'account',
        points: config.CODE_MAX_PER_UNPROVEN_ADDRESS_PER_DAY,
        durationSeconds: DAY,
      }),
    },
    codeCheck: {
      account: limit({
        name: 'code_check.account_daily',
        keyKind: 'account',
        points: config.CODE_MAX_FAILURES_PER_ACCOUNT_PER_DAY,
        durationSeconds: DAY,
      }),
      address: limit({
        name: 'code_check.address',
        keyKind: 'address',
        points: config.CODE_MAX_FAILURES_PER_ADDRESS_PER_HOUR,
        durationSeconds: HOUR,
      }),
    },
    register: {
      address: limit({
        name: 'register.address',
        keyKind: 'address',
        points: config.REGISTER_MAX_PER_ADDRESS_PER_HOUR,
        durationSeconds: HOUR,
      }),
      site: limit({
        name: 'register.site',
        keyKind: 'site',
        points: config.REGISTER_MAX_PER_HOUR,
        durationSeconds: HOUR,
      }),
    },
    google: {
      address: limit({
        name: 'google.address',
        keyKind: 'address',
        points: config.GOOGLE_SIGNIN_MAX_PER_ADDRESS_PER_HOUR,
        durationSeconds: HOUR,
      }),
    },
    invoice: {
      user: limit({
        name: 'invoice.user',
        keyKind: 'user',
        points: config.INVOICE_MAX_PER_USER_PER_HOUR,
        durationSeconds: HOUR,
      }),
      address: limit({
        name: 'invoice.address',
        keyKind: 'address',
        points: config.INVOICE_MAX_PER_ADDRESS_PER_HOUR,
        durationSeconds: HOUR,
      }),
    },
    avatar: {
      user: limit({
        name: 'avatar.user',
        keyKind: 'user',
        points: config.AVATAR_MAX_PER_USER_PER_HOUR,
        durationSeconds: HOUR,
      }),
    },
    dataExport: {
      user: limit({
        name: 'data_export.user',
        keyKind: 'user',
        points: config.DATA_EXPORT_MAX_PER_USER_PER_DAY,
        durationSeconds: DAY,
      }),
    },
    forms: {
      address: limit({
        name: 'forms.address',
        keyKind: 'address',
        points: config.FORM_MAX_PER_ADDRESS_PER_HOUR,
        durationSeconds: HOUR,
      }),
      // Not a refusal: past it, form mail is held for later hours (server/forms/routes.ts).
      site: limit({
        name: 'forms.site',
        keyKind: 'site',
        points: config.FORM_MAIL_MAX_PER_HOUR,
        durationSeconds: HOUR,
      }),
    },
    visit: {
      address: limit({
        name: 'visit.address',
        keyKind: 'address',
        points: config.VISIT_MAX_PER_ADDRESS_PER_MINUTE,
        durationSeconds: MINUTE,
      }),
    },
    charge: (charges, fields) => charge(log, charges, fields, onRefused),
    close: () => store.close(),
  };
}

/** The key of `login.accountAddress`: one account (lower-cased e-mail) from one `addressLimitKey` address. */
export function accountAddressKey(email: string, addressKey: string): string {
  return `${email}\n${addressKey}`;
}
