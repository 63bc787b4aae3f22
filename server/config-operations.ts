import { VISIT_RETENTION_DAYS as DEFAULT_VISIT_RETENTION_DAYS } from '#domain/policies';
import { type Env, integer, oneOf, raw, twoFactorKey } from './config-values';

/** How the server runs: its payments mode, clean-ups, log, shutdown, mail claims, metrics and secrets' key. */

/** Well inside the 30 s most orchestrators wait between SIGTERM and SIGKILL. */
const DEFAULT_SHUTDOWN_GRACE_SECONDS = 10;
/** Hourly: accounts due for deletion go within the hour, old sessions and visits do not pile up. */
const DEFAULT_CLEANUP_INTERVAL_SECONDS = 3600;
/** Longer than one send may take (the SMTP timeouts, 10 + 10 + 30 s). */
export const DEFAULT_MAIL_CLAIM_SECONDS = 120;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export function readOperations(env: Env) {
  return {
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
  };
}
