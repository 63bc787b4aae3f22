/**
 * The limits of createLimits (limits.ts), by what they guard: signing in, the e-mailed codes, what an account
 * does, and what any visitor does. Each is named and sized from the configuration (server/config.ts).
 */
import type { Config } from '../config';
import type { Limit, LimitSpec } from './limit';
import type { Limits } from './limits';

/** Makes one limit on the store of createLimits. */
export type MakeLimit = (spec: LimitSpec) => Limit;

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Whole seconds, at least one (a duration of 0 would mean "never expires" to the store). */
const windowSeconds = (minutes: number) => Math.max(1, Math.round(minutes * MINUTE));

/** Wrong passwords: at sign-in, and when a signed-in session changes its password or e-mail. */
export function signInLimits(limit: MakeLimit, config: Config): Pick<Limits, 'login' | 'passwordCheck'> {
  const loginWindow = windowSeconds(config.LOGIN_FAILURE_WINDOW_MINUTES);
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
  };
}

/** The e-mailed codes: requested, and entered wrong. */
export function codeLimits(limit: MakeLimit, config: Config): Pick<Limits, 'codeRequest' | 'codeCheck'> {
  const codeWindow = windowSeconds(config.CODE_REQUEST_WINDOW_MINUTES);
  return {
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
  };
}

/** Accounts made, and what an account does: invoices, pictures, data exports. */
export function accountLimits(
  limit: MakeLimit,
  config: Config,
): Pick<Limits, 'register' | 'google' | 'invoice' | 'avatar' | 'dataExport'> {
  return {
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
  };
}

/** What any visitor does: the forms, and the visit records. */
export function visitorLimits(limit: MakeLimit, config: Config): Pick<Limits, 'forms' | 'visit' | 'bookingLink'> {
  return {
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
    bookingLink: {
      address: limit({
        name: 'bookingLink.address',
        keyKind: 'address',
        points: config.BOOKING_LINK_MAX_PER_ADDRESS_PER_MINUTE,
        durationSeconds: MINUTE,
      }),
    },
  };
}
