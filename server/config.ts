import { readFileSync } from 'node:fs';
import { company } from '#domain/company';
import { VISIT_RETENTION_DAYS as DEFAULT_VISIT_RETENTION_DAYS } from '#domain/policies';
import {
  addressLines,
  ConfigError,
  databaseUrl,
  defaultHost,
  email,
  type Env,
  flag,
  integer,
  invoicePrefix,
  isLoopbackHost,
  isLoopbackUrl,
  listeningUrl,
  oneOf,
  optionalUrl,
  percent,
  positive,
  raw,
  smtpUrl,
  switchableUrl,
  twoFactorKey,
  url,
} from './config-values';

/**
 * The server's configuration: every environment variable is read here, once, into a typed object.
 * Everything is optional; a value that is present but malformed stops the server at start-up with a
 * message naming the variable, rather than surfacing later as a strange runtime behaviour.
 */

/** Well inside the 30 s most orchestrators wait between SIGTERM and SIGKILL. */
export const DEFAULT_SHUTDOWN_GRACE_SECONDS = 10;
/** A browser opens at most six connections to a site; a hundred leaves room for an office behind one address. */
export const DEFAULT_MAX_CONNECTIONS_PER_ADDRESS = 100;
/** The connection cap's default, whatever the file-descriptor limit: beyond it, one process is the wrong answer. */
const MAX_CONNECTIONS_CEILING = 10_000;
/** Descriptors kept for what is not a client's connection: database pools, SMTP, files, the log. */
const DESCRIPTORS_KEPT = 200;

/**
 * The default cap on open connections: the process's open-file limit (Linux's /proc/self/limits) less what the
 * server needs besides, at most 10,000; 1,000 where the limit cannot be read.
 */
export const defaultMaxConnections = () => maxConnectionsFor(readOpenFilesLimit());

/** The cap for an open-file limit (undefined: unknown). */
export function maxConnectionsFor(openFiles: number | undefined): number {
  if (openFiles === undefined) return 1000;
  return Math.max(1, Math.min(MAX_CONNECTIONS_CEILING, openFiles - DESCRIPTORS_KEPT));
}

function readOpenFilesLimit(): number | undefined {
  try {
    const line = readFileSync('/proc/self/limits', 'utf8')
      .split('\n')
      .find((text) => text.startsWith('Max open files'));
    const soft = line?.split(/\s{2,}/)[1];
    return soft !== undefined && /^\d+$/.test(soft) ? Number(soft) : undefined;
  } catch {
    return undefined;
  }
}

/** Hourly: accounts due for deletion go within the hour, old sessions and visits do not pile up. */
export const DEFAULT_CLEANUP_INTERVAL_SECONDS = 3600;
/** Longer than one send may take (the SMTP timeouts, 10 + 10 + 30 s). */
export const DEFAULT_MAIL_CLAIM_SECONDS = 120;

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** The shortest PAYMENT_LINK_SECRET accepted: anything shorter could be guessed, and links forged. */
export const PAYMENT_LINK_SECRET_MIN = 32;
/** The shortest METRICS_TOKEN accepted: a shorter one could be guessed, and the site's traffic read. */
export const METRICS_TOKEN_MIN = 32;

/**
 * The server's configuration, as loadConfig returns it: its type is this object's, so each variable is listed
 * once, where it is read, with what it means and its default.
 */
export type Config = ReturnType<typeof readVariables>;

/** Every variable read and checked on its own; loadConfig then checks them against each other. */
function readVariables(env: Env) {
  const PORT = integer(env, 'PORT', 3000, 0, 65535);
  const host = raw(env, 'HOST');
  // The origin the customer typed: a browser keeps the sign-in per origin, so payment must return to it.
  const PUBLIC_URL = url(env, 'PUBLIC_URL', listeningUrl(host, PORT));
  return {
    /** TCP port to listen on; 0 lets the OS choose (used by tests). */
    PORT,
    /**
     * The address to listen on. Default: loopback (127.0.0.1) while PUBLIC_URL is unset, so that a site nobody
     * configured is reachable from this machine only; every interface (0.0.0.0) once PUBLIC_URL names the site.
     */
    // A site with a public address listens on every interface (containers, where loopback is unreachable); one
    // with none, or a loopback one, is a tool for this machine and listens on loopback only.
    HOST: host ?? defaultHost(PUBLIC_URL),
    /** Where the SQLite database (when DATABASE_URL is unset), the mail outbox and the limits file live. */
    DATA_DIR: raw(env, 'DATA_DIR') ?? './data',
    /**
     * postgres://user:password@host:port/database (or postgresql://): the data lives in that PostgreSQL
     * database, which several server instances may share. Unset: the embedded SQLite file in DATA_DIR.
     */
    DATABASE_URL: databaseUrl(env, 'DATABASE_URL'),
    /**
     * The address customers reach us at; used for links in mail and payment redirects. Default: the address the
     * server listens on (http://localhost:PORT for loopback or every interface), so payment returns to the origin
     * the customer came from.
     */
    PUBLIC_URL,
    /** The built SPA (vite's output directory). */
    STATIC_DIR: raw(env, 'STATIC_DIR') ?? 'dist',
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
    /** Contact messages and youth applications per address per hour, together. */
    FORM_MAX_PER_ADDRESS_PER_HOUR: integer(env, 'FORM_MAX_PER_ADDRESS_PER_HOUR', 10, 1, 1_000_000),
    /** Form mail sent to the office per hour from the whole site; beyond it, held for the next hours, not dropped. */
    FORM_MAIL_MAX_PER_HOUR: integer(env, 'FORM_MAIL_MAX_PER_HOUR', 60, 1, 1_000_000),
    /** Only behind a reverse proxy we control may X-Forwarded-For name the client. */
    TRUST_PROXY: flag(env, 'TRUST_PROXY'),
    /** Open connections per process; past it a new one is closed at once (docs/operating.md#connections). */
    MAX_CONNECTIONS: integer(env, 'MAX_CONNECTIONS', defaultMaxConnections(), 1, 1_000_000),
    /** Open connections per client address; 0 for none, the default behind a proxy (TRUST_PROXY). */
    MAX_CONNECTIONS_PER_ADDRESS: integer(
      env,
      'MAX_CONNECTIONS_PER_ADDRESS',
      flag(env, 'TRUST_PROXY') ? 0 : DEFAULT_MAX_CONNECTIONS_PER_ADDRESS,
      0,
      1_000_000,
    ),
    /** A request's headers must arrive within this many seconds, the whole request within REQUEST_TIMEOUT_SECONDS. */
    HEADERS_TIMEOUT_SECONDS: integer(env, 'HEADERS_TIMEOUT_SECONDS', 10, 1, 3600),
    REQUEST_TIMEOUT_SECONDS: integer(env, 'REQUEST_TIMEOUT_SECONDS', 60, 1, 3600),
    /** A connection on which nothing moves for this long is closed (a stalled body, a silent client). */
    IDLE_TIMEOUT_SECONDS: integer(env, 'IDLE_TIMEOUT_SECONDS', 10, 1, 3600),
    /** An idle keep-alive connection is closed after this long. */
    KEEP_ALIVE_TIMEOUT_SECONDS: integer(env, 'KEEP_ALIVE_TIMEOUT_SECONDS', 5, 1, 3600),
    /** Largest request body accepted, in bytes. */
    BODY_LIMIT_BYTES: integer(env, 'BODY_LIMIT_BYTES', 1024 * 1024, 1024, 100 * 1024 * 1024),
    /**
     * Signs the sandbox checkout links and keys the e-mailed codes' HMAC. Unset: a secret is generated once and
     * kept in the database (server/secrets.ts), so links survive restarts and every instance agrees.
     */
    PAYMENT_LINK_SECRET: raw(env, 'PAYMENT_LINK_SECRET'),
    /** Set: payments go through Stripe Checkout instead of the built-in sandbox checkout page. */
    STRIPE_SECRET_KEY: raw(env, 'STRIPE_SECRET_KEY'),
    /** Verifies the signature of Stripe's webhook calls; required together with STRIPE_SECRET_KEY. */
    STRIPE_WEBHOOK_SECRET: raw(env, 'STRIPE_WEBHOOK_SECRET'),
    /** Where the Stripe client sends its API calls instead of api.stripe.com (tests point it at loopback). */
    STRIPE_API_BASE: optionalUrl(env, 'STRIPE_API_BASE'),
    /**
     * The geolocation service the browser asks before reporting a visit (GET /api/client-config); its origin
     * is added to the CSP's connect-src. Default https://ipapi.co/json/; set to the empty string: no lookup (null).
     */
    GEOLOCATION_URL: switchableUrl(env, 'GEOLOCATION_URL', 'https://ipapi.co/json/'),
    /** Mail goes out through this SMTP server (smtp:// or smtps://, credentials in the URL); unset: DATA_DIR/outbox. */
    SMTP_URL: smtpUrl(env, 'SMTP_URL'),
    /**
     * 'outbox' says, on a public PUBLIC_URL, that mail going to DATA_DIR/outbox instead of an SMTP server is meant
     * (a staging site). Unset, a site with a public PUBLIC_URL and no SMTP_URL refuses to start.
     */
    MAIL: oneOf(env, 'MAIL', ['outbox'] as const),
    /** Where the office is e-mailed every paid order, and reminded of an order whose promise runs out soon. */
    OFFICE_EMAIL: email(env, 'OFFICE_EMAIL', company.supportEmail),
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
    /**
     * The OAuth client id the site is registered under at Google (or at the local OpenID provider in
     * development and tests). Unset: sign-in with Google is off (client-config `google: null`, its routes 503).
     */
    OAUTH_CLIENT_ID: raw(env, 'OAUTH_CLIENT_ID'),
    /** Where the browser's sign-in popup goes. Default Google's authorisation endpoint. */
    OAUTH_AUTHORIZATION_URL: url(env, 'OAUTH_AUTHORIZATION_URL', 'https://accounts.google.com/o/oauth2/v2/auth'),
    /** Answers what an access token is (issued to which client, until when). Default Google's tokeninfo. */
    OAUTH_TOKENINFO_URL: url(env, 'OAUTH_TOKENINFO_URL', 'https://oauth2.googleapis.com/tokeninfo'),
    /** The OpenID Connect userinfo endpoint: the profile (sub, e-mail, name) behind an access token. */
    OAUTH_USERINFO_URL: url(env, 'OAUTH_USERINFO_URL', 'https://openidconnect.googleapis.com/v1/userinfo'),
    /** How long one call to the provider may take before the sign-in fails with 502. */
    OAUTH_TIMEOUT_MS: integer(env, 'OAUTH_TIMEOUT_MS', 5000, 1, 120_000),
    /**
     * 'sandbox' allows the test checkout on a public address (a staging site). Unset, the sandbox runs only
     * when PUBLIC_URL is a loopback address; anywhere else the server needs Stripe's keys or will not start.
     */
    PAYMENTS: oneOf(env, 'PAYMENTS', ['sandbox'] as const),
    /** Visit records older than this many days are deleted by the hourly clean-up. */
    VISIT_RETENTION_DAYS: integer(env, 'VISIT_RETENTION_DAYS', DEFAULT_VISIT_RETENTION_DAYS, 1, 36_500),
    /** The server log's level (pino): fatal, error, warn, info, debug, trace or silent. */
    LOG_LEVEL: oneOf(env, 'LOG_LEVEL', LOG_LEVELS) ?? 'info',
    /** On SIGTERM, how long requests in flight may take to finish (seconds) before the server exits anyway. */
    SHUTDOWN_GRACE_SECONDS: integer(env, 'SHUTDOWN_GRACE_SECONDS', DEFAULT_SHUTDOWN_GRACE_SECONDS, 1, 3600),
    /**
     * How often the clean-up job runs (seconds), once per interval across all instances sharing the database
     * (server/jobs/schedule.ts).
     */
    CLEANUP_INTERVAL_SECONDS: integer(env, 'CLEANUP_INTERVAL_SECONDS', DEFAULT_CLEANUP_INTERVAL_SECONDS, 1, 86_400),
    /** How long a queued mail's claim holds before another instance may send it (longer than one send takes). */
    MAIL_CLAIM_SECONDS: integer(env, 'MAIL_CLAIM_SECONDS', DEFAULT_MAIL_CLAIM_SECONDS, 1, 3600),
    /**
     * GET /metrics (Prometheus text) answers only `Authorization: Bearer <METRICS_TOKEN>`. Unset: /metrics does not
     * exist and no request is counted (docs/operating.md#metrics).
     */
    METRICS_TOKEN: raw(env, 'METRICS_TOKEN'),
    /**
     * Encrypts the authenticator-app secrets (AES-256-GCM; docs/decisions/0028-totp-secrets-encrypted.md). Unset:
     * a key generated once and kept in the database (table `server_secrets`), which a database backup then holds.
     */
    TWO_FACTOR_KEY: twoFactorKey(env, 'TWO_FACTOR_KEY'),
    /**
     * The seller on every invoice document (docs/invoices.md): the company's registered name, its address (lines
     * separated by commas), its company number and its VAT number. Without VAT_NUMBER the documents are receipts,
     * not VAT invoices. Set them before taking real payments: the defaults are the example company's.
     */
    COMPANY_LEGAL_NAME: raw(env, 'COMPANY_LEGAL_NAME') ?? `${company.name} Ltd`,
    COMPANY_ADDRESS: addressLines(env, 'COMPANY_ADDRESS', '1 Example Street, London, EC1A 1AA, United Kingdom'),
    COMPANY_NUMBER: raw(env, 'COMPANY_NUMBER') ?? null,
    VAT_NUMBER: raw(env, 'VAT_NUMBER') ?? null,
    /** The VAT rate in percent (0 to 100, decimals allowed), included in the catalogue's prices. */
    VAT_RATE: percent(env, 'VAT_RATE', 20),
    /** The invoice numbers' prefix: NG- gives NG-2026-000042 (and TEST-NG-2026-000001 for test payments). */
    INVOICE_NUMBER_PREFIX: invoicePrefix(env, 'INVOICE_NUMBER_PREFIX', 'NG-'),
    /**
     * An office or admin account reaches /api/office only with a second factor (docs/product.md#second-factor).
     * Default: on when PUBLIC_URL is not a loopback address, off on this machine.
     */
    STAFF_REQUIRE_TWO_FACTOR:
      raw(env, 'STAFF_REQUIRE_TWO_FACTOR') === undefined
        ? !isLoopbackUrl(PUBLIC_URL)
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
