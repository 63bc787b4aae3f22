/**
 * What the routes need, built once per app by `createApp` and passed down explicitly
 * (no module-level singletons, so every test gets its own database, clock and counters).
 */
import { createHmac } from 'node:crypto';
import { type Writes, createWrites } from './db/group-commit';
import type { Kysely } from 'kysely';
import { type Codes, createCodes } from './ways-in/email-codes';
import { type Tickets, createTickets } from './ways-in/tickets';
import { type Passwords, createPasswords } from './ways-in/passwords';
import { type Sessions, createSessions } from './ways-in/sessions';
import type { Clock } from './clock';
import type { Config } from './config';
import type { Database } from './db/schema';
import { type Threads, createThreads } from './threads/pool';
import { type Limits, createLimits } from './limits/limits';
import { createWorkQueue } from './limits/work-queue';
import { type ServerLog, createLog } from './log';
import { type Mailer, createMailer } from './mail/mailer';
import { type MailSender, createMailSender } from './mail/sender';
import type { Metrics } from './metrics/metrics';
import { type ConfiguredProvider, createPaymentProvider } from './payments';
import { createServerSecret } from './secrets';

export interface Services {
  db: Kysely<Database>;
  config: Config;
  clock: Clock;
  /** Operational lines and the security event log (JSON lines on standard output). */
  log: ServerLog;
  sessions: Sessions;
  /** Transactions that write, committed together with the ones arriving meanwhile on SQLite (group commit). */
  writes: Writes;
  /** The sandbox checkout, or Stripe when STRIPE_SECRET_KEY is set. */
  payments: ConfiguredProvider;
  /** SMTP when SMTP_URL is set, otherwise the outbox folder in DATA_DIR. */
  mailer: Mailer;
  /** Sends the durable mail queue's messages (server/mail/sender.ts); `kick` after a commit that queued mail. */
  mail: MailSender;
  /** E-mailed one-time codes (password reset, e-mail verification). */
  codes: Codes;
  /** Codes bound to the ticket of the request that asked for them (sign-in step, password reset). */
  tickets: Tickets;
  /** Request limits (server/limits): counted before the work they guard; DATA_DIR/limits.sqlite, or PostgreSQL. */
  limits: Limits;
  /** Password hashing and verification, at most PASSWORD_HASH_CONCURRENCY at once (503 when too many wait). */
  passwords: Passwords;
  /** The heavy work (documents drawn, exports zipped, reports checked), in worker threads when compiled (threads/pool.ts). */
  threads: Threads;
  /**
   * Resolves once what requests need from the database before they can answer is there (the signing secret,
   * made on the first start); `npm start` waits for it before it listens.
   */
  ready(): Promise<void>;
  /** Closes what the services opened (the limits' database, the drawing threads); the main database is the caller's. */
  close(): Promise<void>;
}

/** The Retry-After of the 503 a password check gets when too many are waiting: each takes milliseconds. */
const BUSY_RETRY_AFTER_SECONDS = 2;

export function createServices(deps: {
  db: Kysely<Database>;
  config: Config;
  clock: Clock;
  /** Replaces the mailer that SMTP_URL / DATA_DIR would give. */
  mailer?: Mailer;
  /** Replaces the log on standard output at LOG_LEVEL (tests read the lines). */
  log?: ServerLog;
  /** The app's metrics (server/metrics): the limits report every refusal to them. */
  metrics?: Pick<Metrics, 'countLimitRefusal'>;
}): Services {
  const { config, clock } = deps;
  const secret = createServerSecret(deps);
  // HMAC keys derived from the server's signing secret, one per use, each read once.
  const keys = new Map<string, Promise<Buffer>>();
  const derivedKey = (label: string): Promise<Buffer> => {
    let key = keys.get(label);
    if (!key) {
      key = secret.get().then((value) => createHmac('sha256', value).update(label).digest());
      keys.set(label, key);
    }
    return key;
  };
  const log = deps.log ?? createLog({ level: config.LOG_LEVEL });
  const mailer = deps.mailer ?? createMailer(config, clock);
  const limits = createLimits(config, log, undefined, deps.metrics?.countLimitRefusal);
  const threads = createThreads();
  const hashing = createWorkQueue({
    concurrency: config.PASSWORD_HASH_CONCURRENCY,
    maxWaiting: config.PASSWORD_HASH_MAX_WAITING,
    retryAfterSeconds: BUSY_RETRY_AFTER_SECONDS,
    onOverload: (state) => log.security('overloaded', { queue: 'password_hashing', ...state }),
  });
  return {
    ...deps,
    log,
    sessions: createSessions(deps),
    writes: createWrites(deps.db),
    payments: createPaymentProvider(config, secret.get),
    mailer,
    mail: createMailSender({ db: deps.db, clock, mailer, log, claimMs: config.MAIL_CLAIM_SECONDS * 1000 }),
    // The codes' HMAC key is derived from the server's signing secret (read on first use).
    codes: createCodes({
      ...deps,
      key: () => derivedKey('email-codes'),
    }),
    tickets: createTickets({ ...deps, key: () => derivedKey('code-tickets') }),
    limits,
    passwords: createPasswords(hashing),
    threads,
    ready: () => secret.get().then(() => undefined),
    close: async () => {
      await threads.close();
      await limits.close();
    },
  };
}
