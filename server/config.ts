import { readBooking } from './config-booking';
import { readAccountLimits, readCodeLimits } from './config-limits';
import { readConnections } from './config-connections';
import { readOperations } from './config-operations';
import { readGoogleSignIn, readPaymentsAndMail, readSeller } from './config-services';
import { readSite } from './config-site';
import { ConfigError, type Env, flag, isLoopbackHost, isLoopbackUrl, raw } from './config-values';

/**
 * The server's configuration: every environment variable is read here, once, into a typed object.
 * Everything is optional; a value that is present but malformed stops the server at start-up with a
 * message naming the variable, rather than surfacing later as a strange runtime behaviour.
 */

export { defaultMaxConnections, maxConnectionsFor } from './config-connections';
export { DEFAULT_MAIL_CLAIM_SECONDS, type LogLevel } from './config-operations';

/** The shortest PAYMENT_LINK_SECRET accepted: anything shorter could be guessed, and links forged. */
export const PAYMENT_LINK_SECRET_MIN = 32;
/** The shortest METRICS_TOKEN accepted: a shorter one could be guessed, and the site's traffic read. */
const METRICS_TOKEN_MIN = 32;

/**
 * The server's configuration, as loadConfig returns it: its type is this object's, so each variable is listed
 * once, where it is read, with what it means and its default.
 */
export type Config = ReturnType<typeof readVariables>;

/**
 * Every variable read and checked on its own, each group by its concern, in the order they were always read (the
 * first malformed one is the one reported); loadConfig then checks them against each other.
 */
function readVariables(env: Env) {
  const site = readSite(env);
  return {
    ...site,
    ...readAccountLimits(env),
    ...readConnections(env),
    ...readPaymentsAndMail(env),
    ...readCodeLimits(env),
    ...readGoogleSignIn(env),
    ...readOperations(env),
    ...readSeller(env),
    ...readBooking(env),
    /**
     * An office or admin account reaches /api/office only with a second factor (docs/product.md#second-factor).
     * Default: on when PUBLIC_URL is not a loopback address, off on this machine.
     */
    STAFF_REQUIRE_TWO_FACTOR:
      raw(env, 'STAFF_REQUIRE_TWO_FACTOR') === undefined
        ? !isLoopbackUrl(site.PUBLIC_URL)
        : flag(env, 'STAFF_REQUIRE_TWO_FACTOR'),
  };
}

export function loadConfig(env: Env = process.env): Config {
  const config = readVariables(env);
  if (config.PAYMENT_LINK_SECRET !== undefined && config.PAYMENT_LINK_SECRET.length < PAYMENT_LINK_SECRET_MIN) {
    throw new ConfigError(`PAYMENT_LINK_SECRET must be at least ${PAYMENT_LINK_SECRET_MIN} characters long.`);
  }
  if (config.METRICS_TOKEN !== undefined && config.METRICS_TOKEN.length < METRICS_TOKEN_MIN) {
    throw new ConfigError(`METRICS_TOKEN must be at least ${METRICS_TOKEN_MIN} characters long.`);
  }
  // Without the webhook secret no payment could ever be confirmed: every invoice would stay unpaid.
  if (config.STRIPE_SECRET_KEY !== undefined && config.STRIPE_WEBHOOK_SECRET === undefined) {
    throw new ConfigError('STRIPE_WEBHOOK_SECRET must be set when STRIPE_SECRET_KEY is set.');
  }
  // Payments fail closed: the sandbox lets any customer mark their own invoice paid, so it runs only where
  // that is harmless (this machine) or where the operator asked for it by name (a staging site).
  if (config.PAYMENTS === 'sandbox' && config.STRIPE_SECRET_KEY !== undefined) {
    throw new ConfigError('PAYMENTS=sandbox and STRIPE_SECRET_KEY are both set: choose one payment provider.');
  }
  const local = isLoopbackUrl(config.PUBLIC_URL) && isLoopbackHost(config.HOST);
  if (config.STRIPE_SECRET_KEY === undefined && config.PAYMENTS !== 'sandbox' && !local) {
    throw new ConfigError(
      `No payment provider for ${config.PUBLIC_URL} on HOST ${config.HOST}: set STRIPE_SECRET_KEY and ` +
        'STRIPE_WEBHOOK_SECRET to take payments, or PAYMENTS=sandbox to run the test checkout (no money moves; any ' +
        'customer can mark their own invoice paid) on a staging site. The sandbox runs by itself only on a ' +
        'loopback PUBLIC_URL and a loopback HOST.',
    );
  }
  // Reset codes written to a folder on a public site reach nobody, and say nothing: only by name.
  if (config.MAIL === 'outbox' && config.SMTP_URL !== undefined) {
    throw new ConfigError('MAIL=outbox and SMTP_URL are both set: choose where mail goes.');
  }
  if (config.SMTP_URL === undefined && config.MAIL !== 'outbox' && !isLoopbackUrl(config.PUBLIC_URL)) {
    throw new ConfigError(
      `No mail server for ${config.PUBLIC_URL}: set SMTP_URL (smtp:// or smtps://) so that codes, receipts and ` +
        "the office's notices reach people, or MAIL=outbox to write them to DATA_DIR/outbox on a staging site.",
    );
  }
  if (config.SESSION_IDLE_DAYS > config.SESSION_ABSOLUTE_DAYS) {
    throw new ConfigError('SESSION_IDLE_DAYS must not be longer than SESSION_ABSOLUTE_DAYS.');
  }
  return config;
}
