/**
 * The server's log: one JSON object per line on standard output (pino), which any log collector reads.
 * `security` records the events an operator or an investigator needs to reconstruct what happened to an
 * account or a payment (sign-ins, failures, lock-outs, credential and e-mail changes, linked sign-in methods,
 * deletion requests, payment state changes, staff roles granted and revoked, the office's changes to orders). Its fields are ids, addresses and outcomes, never a secret:
 * no password, token, code or payment-link signature is ever passed to it.
 */
import pino, { type Logger } from 'pino';
import type { LogLevel } from './config';
import { createLogOutput } from './log-output';
import { REPEAT_WINDOW_MS, createRepeatFilter } from './log-repeats';

/** Refusals a script repeats per request: logged at most once a minute per address, with a count (log-repeats.ts). */
const REPEATED_REFUSALS: ReadonlySet<string> = new Set<SecurityEvent>(['signin.limited', 'overloaded']);
/** Warnings a flood repeats: a client hanging up mid-request, a connection refused past a cap. */
type RepeatedWarning = 'client.aborted' | 'connection.refused';
const REPEATED_WARNINGS: ReadonlySet<string> = new Set<RepeatedWarning>(['client.aborted', 'connection.refused']);

export type SecurityEvent =
  | 'signin.success'
  | 'signin.failure'
  | 'signin.limited'
  | 'signin.second_step'
  | 'sessions.ended_others'
  | 'register.success'
  | 'password.changed'
  | 'password.change_failed'
  | 'password.reset'
  | 'password.reset_requested'
  | 'code.failed'
  | 'email.changed'
  | 'email.change_refused'
  | 'identity.linked'
  | 'identity.link_refused'
  | 'two_factor.setup_started'
  | 'two_factor.enabled'
  | 'two_factor.disabled'
  | 'two_factor.refused'
  | 'two_factor.recovery_codes_regenerated'
  | 'two_factor.recovery_code_used'
  | 'passkey.added'
  | 'passkey.removed'
  | 'passkey.refused'
  | 'billing.changed'
  | 'account.deletion_requested'
  | 'account.data_exported'
  | 'account.deletion_cancelled'
  | 'account.deleted'
  | 'payment.paid'
  | 'role.granted'
  | 'role.revoked'
  | 'order.changed'
  | 'limit.exceeded'
  | 'overloaded'
  | 'mail.gave_up';

export interface ServerLog {
  /** The underlying pino logger, for operational lines (start-up, jobs, failures). */
  readonly logger: Logger;
  /** One security event; `fields` must never hold a secret. */
  security(event: SecurityEvent, fields?: Record<string, unknown>): void;
  /**
   * A warning a flood repeats: the first of its kind from an address each minute is written, the rest are counted
   * into one line when the minute is over (log-repeats.ts). `fields.address` names the address.
   */
  warnRepeated(event: RepeatedWarning, fields: Record<string, unknown>, message: string): void;
  /** Writes out what is buffered, waiting at most `timeoutMs` for a slow reader (server/log-output.ts). */
  close(timeoutMs: number): Promise<void>;
}

/** Without a destination, the log goes to standard output without ever blocking (server/log-output.ts). */
export function createLog(options: {
  level: LogLevel;
  destination?: pino.DestinationStream;
  /** The clock of the repeat counts (tests). */
  now?: () => number;
}): ServerLog {
  const output = options.destination ? undefined : createLogOutput();
  const logger = pino(
    {
      level: options.level,
      base: { service: 'storefront' },
      timestamp: pino.stdTimeFunctions.isoTime,
      // A last line of defence: should a secret ever reach a log call, it is masked, not written.
      redact: {
        paths: ['password', 'token', 'code', 'googleToken', '*.password', '*.token', 'authorization'],
        censor: '[redacted]',
      },
    },
    options.destination ?? output,
  );
  output?.onRecovered((dropped) =>
    logger.warn({ event: 'log.dropped', dropped }, `${dropped} log line(s) dropped while standard output was full`),
  );
  const securityLogger = logger.child({ log: 'security' });
  const repeats = createRepeatFilter(REPEATED_REFUSALS, options.now ?? Date.now, (event, fields, repeated) =>
    securityLogger.info(
      { event, ...fields, repeated },
      `${event} repeated ${repeated} time(s) within ${REPEAT_WINDOW_MS / 1000} s`,
    ),
  );
  const warnings = createRepeatFilter(REPEATED_WARNINGS, options.now ?? Date.now, (event, fields, repeated) =>
    logger.warn(
      { event, ...fields, repeated },
      `${event} repeated ${repeated} time(s) within ${REPEAT_WINDOW_MS / 1000} s`,
    ),
  );
  // Counts are written once their minute is over, even when nothing follows; the timer keeps no process alive.
  const repeatTimer = setInterval(() => {
    repeats.flush();
    warnings.flush();
  }, REPEAT_WINDOW_MS).unref();
  return {
    logger,
    security(event, fields = {}) {
      if (repeats.admit(event, fields)) securityLogger.info({ event, ...fields }, event);
    },
    warnRepeated(event, fields, message) {
      if (warnings.admit(event, fields)) logger.warn({ event, ...fields }, message);
    },
    async close(timeoutMs) {
      clearInterval(repeatTimer);
      repeats.flush(true);
      warnings.flush(true);
      await output?.close(timeoutMs);
    },
  };
}
