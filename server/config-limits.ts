import { type Env, integer, positive } from './config-values';

/**
 * The variables of the rate limits (server/limits/limits.ts charges them) and of a session's lifetime: how
 * often each thing may be done, by whom, within which window.
 */
export function readAccountLimits(env: Env) {
  return {
    /** A session not used for this long is dead (sliding expiry). */
    SESSION_IDLE_DAYS: positive(env, 'SESSION_IDLE_DAYS', 7),
    /** A session dies this long after sign-in, however active it is. */
    SESSION_ABSOLUTE_DAYS: positive(env, 'SESSION_ABSOLUTE_DAYS', 30),
    /**
     * Failed sign-ins allowed per account FROM ONE ADDRESS, and per address whatever account, within the
     * window; a stranger's failures from one address do not lock the owner out elsewhere.
     */
    LOGIN_MAX_FAILURES_PER_ACCOUNT: integer(env, 'LOGIN_MAX_FAILURES_PER_ACCOUNT', 5, 1, 1_000_000),
    LOGIN_MAX_FAILURES_PER_ADDRESS: integer(env, 'LOGIN_MAX_FAILURES_PER_ADDRESS', 20, 1, 1_000_000),
    LOGIN_FAILURE_WINDOW_MINUTES: positive(env, 'LOGIN_FAILURE_WINDOW_MINUTES', 15),
    /** Failed sign-ins per account per day from all addresses together: bounds an attacker who rotates addresses. */
    LOGIN_MAX_FAILURES_PER_ACCOUNT_PER_DAY: integer(env, 'LOGIN_MAX_FAILURES_PER_ACCOUNT_PER_DAY', 100, 1, 1_000_000),
    /** Wrong current passwords (password change, e-mail change) per user within LOGIN_FAILURE_WINDOW_MINUTES, and per day. */
    PASSWORD_CHANGE_MAX_FAILURES: integer(env, 'PASSWORD_CHANGE_MAX_FAILURES', 5, 1, 1_000_000),
    PASSWORD_CHANGE_MAX_FAILURES_PER_DAY: integer(env, 'PASSWORD_CHANGE_MAX_FAILURES_PER_DAY', 20, 1, 1_000_000),
    /** Password hashes and verifications (argon2) run at once, and waiting; beyond both the request gets 503. */
    PASSWORD_HASH_CONCURRENCY: integer(env, 'PASSWORD_HASH_CONCURRENCY', 2, 1, 64),
    PASSWORD_HASH_MAX_WAITING: integer(env, 'PASSWORD_HASH_MAX_WAITING', 32, 0, 100_000),
    /** Accounts created with e-mail and password per address per hour, and on the whole site per hour. */
    REGISTER_MAX_PER_ADDRESS_PER_HOUR: integer(env, 'REGISTER_MAX_PER_ADDRESS_PER_HOUR', 10, 1, 1_000_000),
    REGISTER_MAX_PER_HOUR: integer(env, 'REGISTER_MAX_PER_HOUR', 300, 1, 1_000_000),
    /** Google sign-ins (and sign-ups) per address per hour. */
    GOOGLE_SIGNIN_MAX_PER_ADDRESS_PER_HOUR: integer(env, 'GOOGLE_SIGNIN_MAX_PER_ADDRESS_PER_HOUR', 30, 1, 1_000_000),
    /** Invoices created per customer per hour, and per address per hour. */
    INVOICE_MAX_PER_USER_PER_HOUR: integer(env, 'INVOICE_MAX_PER_USER_PER_HOUR', 30, 1, 1_000_000),
    INVOICE_MAX_PER_ADDRESS_PER_HOUR: integer(env, 'INVOICE_MAX_PER_ADDRESS_PER_HOUR', 100, 1, 1_000_000),
    /** Profile pictures uploaded per customer per hour. */
    AVATAR_MAX_PER_USER_PER_HOUR: integer(env, 'AVATAR_MAX_PER_USER_PER_HOUR', 20, 1, 1_000_000),
    /** Data exports ("Download my data") per customer per day (docs/data-export.md#the-limit). */
    DATA_EXPORT_MAX_PER_USER_PER_DAY: integer(env, 'DATA_EXPORT_MAX_PER_USER_PER_DAY', 3, 1, 1_000_000),
    /** Visit records per address per minute. */
    VISIT_MAX_PER_ADDRESS_PER_MINUTE: integer(env, 'VISIT_MAX_PER_ADDRESS_PER_MINUTE', 60, 1, 1_000_000),
    /** Requests to booking links (`/api/bookings/<token>…`, no sign-in) per address per minute. */
    BOOKING_LINK_MAX_PER_ADDRESS_PER_MINUTE: integer(env, 'BOOKING_LINK_MAX_PER_ADDRESS_PER_MINUTE', 30, 1, 1_000_000),
    /** Contact messages and youth applications per address per hour, together. */
    FORM_MAX_PER_ADDRESS_PER_HOUR: integer(env, 'FORM_MAX_PER_ADDRESS_PER_HOUR', 10, 1, 1_000_000),
    /** Form mail sent to the office per hour from the whole site; beyond it, held for the next hours, not dropped. */
    FORM_MAIL_MAX_PER_HOUR: integer(env, 'FORM_MAIL_MAX_PER_HOUR', 60, 1, 1_000_000),
  };
}

/** The e-mailed codes' limits: requests, codes to unproven addresses, wrong codes. */
export function readCodeLimits(env: Env) {
  return {
    /** E-mailed codes (password reset, verification) requested per account and per address within the window. */
    CODE_MAX_REQUESTS_PER_ACCOUNT: integer(env, 'CODE_MAX_REQUESTS_PER_ACCOUNT', 5, 1, 1_000_000),
    CODE_MAX_REQUESTS_PER_ADDRESS: integer(env, 'CODE_MAX_REQUESTS_PER_ADDRESS', 20, 1, 1_000_000),
    CODE_REQUEST_WINDOW_MINUTES: positive(env, 'CODE_REQUEST_WINDOW_MINUTES', 15),
    /**
     * Codes mailed to one address not yet proven to be its account's (a new address, an unverified one) per day,
     * whoever asks: the site mails a stranger's address at most this often.
     */
    CODE_MAX_PER_UNPROVEN_ADDRESS_PER_DAY: integer(env, 'CODE_MAX_PER_UNPROVEN_ADDRESS_PER_DAY', 3, 1, 1_000_000),
    /** Wrong e-mailed codes entered per account per day, and per address per hour. */
    CODE_MAX_FAILURES_PER_ACCOUNT_PER_DAY: integer(env, 'CODE_MAX_FAILURES_PER_ACCOUNT_PER_DAY', 20, 1, 1_000_000),
    CODE_MAX_FAILURES_PER_ADDRESS_PER_HOUR: integer(env, 'CODE_MAX_FAILURES_PER_ADDRESS_PER_HOUR', 30, 1, 1_000_000),
  };
}
