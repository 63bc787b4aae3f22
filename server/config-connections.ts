import { readFileSync } from 'node:fs';
import { type Env, flag, integer } from './config-values';

/**
 * The variables of the server's connections and requests (docs/operating.md#connections): how many, from whom,
 * how long each may take and how large a body may be.
 */

/** A browser opens at most six connections to a site; a hundred leaves room for an office behind one address. */
const DEFAULT_MAX_CONNECTIONS_PER_ADDRESS = 100;
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

export function readConnections(env: Env) {
  return {
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
  };
}
