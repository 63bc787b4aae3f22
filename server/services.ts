/**
 * What the routes need, built once per app by `createApp` and passed down explicitly
 * (no module-level singletons, so every test gets its own database, clock and counters).
 */
import type { Kysely } from 'kysely';
import { type Sessions, createSessions } from './auth/sessions';
import { type Throttle, createThrottle } from './auth/throttle';
import { type Clock, MINUTE_MS } from './clock';
import type { Config } from './config';
import type { Database } from './db/schema';
import { type ConfiguredProvider, createPaymentProvider } from './payments';

export interface Services {
  db: Kysely<Database>;
  config: Config;
  clock: Clock;
  sessions: Sessions;
  /** The sandbox checkout, or Stripe when STRIPE_SECRET_KEY is set. */
  payments: ConfiguredProvider;
  throttles: {
    /** Failed e-mail sign-ins per account (lower-cased e-mail). */
    loginByAccount: Throttle;
    /** Failed e-mail sign-ins per client address, whatever account they name. */
    loginByAddress: Throttle;
    /** Wrong current passwords on password change, per user id. */
    passwordChange: Throttle;
  };
}

export function createServices(deps: { db: Kysely<Database>; config: Config; clock: Clock }): Services {
  const { config, clock } = deps;
  const windowMs = config.LOGIN_FAILURE_WINDOW_MINUTES * MINUTE_MS;
  return {
    ...deps,
    sessions: createSessions(deps),
    payments: createPaymentProvider(config),
    throttles: {
      loginByAccount: createThrottle({ maxFailures: config.LOGIN_MAX_FAILURES_PER_ACCOUNT, windowMs, clock }),
      loginByAddress: createThrottle({ maxFailures: config.LOGIN_MAX_FAILURES_PER_ADDRESS, windowMs, clock }),
      passwordChange: createThrottle({ maxFailures: config.LOGIN_MAX_FAILURES_PER_ACCOUNT, windowMs, clock }),
    },
  };
}
