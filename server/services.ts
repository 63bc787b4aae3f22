/**
 * What the routes need, built once per app by `createApp` and passed down explicitly
 * (no module-level singletons, so every test gets its own database, clock and counters).
 */
import { createHmac } from 'node:crypto';
import type { Kysely } from 'kysely';
import { type Codes, createCodes } from './account/codes';
import { type Sessions, createSessions } from './auth/sessions';
import { type Throttle, createThrottle } from './auth/throttle';
import { type Clock, MINUTE_MS } from './clock';
import type { Config } from './config';
import type { Database } from './db/schema';
import { type ServerLog, createLog } from './log';
import { type Mailer, createMailer } from './mail/mailer';
import { type ConfiguredProvider, createPaymentProvider } from './payments';
import { loadPaymentLinkSecret } from './payments/secret';

export interface Services {
  db: Kysely<Database>;
  config: Config;
  clock: Clock;
  /** Operational lines and the security event log (JSON lines on standard output). */
  log: ServerLog;
  sessions: Sessions;
  /** The sandbox checkout, or Stripe when STRIPE_SECRET_KEY is set. */
  payments: ConfiguredProvider;
  /** SMTP when SMTP_URL is set, otherwise the outbox folder in DATA_DIR. */
  mailer: Mailer;
  /** E-mailed one-time codes (password reset, e-mail verification). */
  codes: Codes;
  throttles: {
    /** Failed e-mail sign-ins per account (lower-cased e-mail). */
    loginByAccount: Throttle;
    /** Failed e-mail sign-ins per client address, whatever account they name. */
    loginByAddress: Throttle;
    /** Wrong current passwords on password change, per user id. */
    passwordChange: Throttle;
    /** E-mailed codes requested, per account (lower-cased e-mail). Counts every request, not only failures. */
    codeByAccount: Throttle;
    /** E-mailed codes requested, per client address. */
    codeByAddress: Throttle;
  };
}

export function createServices(deps: {
  db: Kysely<Database>;
  config: Config;
  clock: Clock;
  /** Replaces the mailer that SMTP_URL / DATA_DIR would give. */
  mailer?: Mailer;
  /** Replaces the log on standard output at LOG_LEVEL (tests read the lines). */
  log?: ServerLog;
}): Services {
  const { config, clock } = deps;
  const codeWindowMs = config.CODE_REQUEST_WINDOW_MINUTES * MINUTE_MS;
  let codeKey: Buffer | undefined;
  const windowMs = config.LOGIN_FAILURE_WINDOW_MINUTES * MINUTE_MS;
  return {
    ...deps,
    log: deps.log ?? createLog({ level: config.LOG_LEVEL }),
    sessions: createSessions(deps),
    payments: createPaymentProvider(config),
    mailer: deps.mailer ?? createMailer(config, clock),
    // The codes' HMAC key is derived from the server secret kept in DATA_DIR (read on first use).
    codes: createCodes({
      ...deps,
      key: () => (codeKey ??= createHmac('sha256', loadPaymentLinkSecret(config)).update('email-codes').digest()),
    }),
    throttles: {
      loginByAccount: createThrottle({ maxFailures: config.LOGIN_MAX_FAILURES_PER_ACCOUNT, windowMs, clock }),
      loginByAddress: createThrottle({ maxFailures: config.LOGIN_MAX_FAILURES_PER_ADDRESS, windowMs, clock }),
      passwordChange: createThrottle({ maxFailures: config.LOGIN_MAX_FAILURES_PER_ACCOUNT, windowMs, clock }),
      codeByAccount: createThrottle({
        maxFailures: config.CODE_MAX_REQUESTS_PER_ACCOUNT,
        windowMs: codeWindowMs,
        clock,
      }),
      codeByAddress: createThrottle({
        maxFailures: config.CODE_MAX_REQUESTS_PER_ADDRESS,
        windowMs: codeWindowMs,
        clock,
      }),
    },
  };
}
