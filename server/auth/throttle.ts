/**
 * Counts failed attempts (wrong passwords) per key in a sliding window, in memory.
 * Keys are e.g. a lower-cased e-mail (per account) or a client address (per address). Once a key has
 * `maxFailures` failures inside the window it is blocked until the oldest of them leaves the window.
 *
 * In memory is deliberate: the server is one process, and losing the counters on restart only gives an
 * attacker a fresh window after a restart they cannot trigger. Several processes would need a shared store.
 */
import type { Clock } from '../clock';
import { HttpError } from '../http/errors';

export interface Throttle {
  /** Seconds until the key may try again, or 0 when it is not blocked. */
  retryAfterSeconds(key: string): number;
  recordFailure(key: string): void;
  /** Forgets the key's failures (e.g. after a successful sign-in). */
  clear(key: string): void;
}

/** Above this many tracked keys, stale ones are swept, so a flood of random keys cannot grow memory forever. */
const SWEEP_THRESHOLD = 10_000;

export function createThrottle(options: { maxFailures: number; windowMs: number; clock: Clock }): Throttle {
  const { maxFailures, windowMs, clock } = options;
  /** Failure times (ms), oldest first. */
  const failures = new Map<string, number[]>();

  function recent(key: string, now: number): number[] {
    const times = failures.get(key);
    if (!times) return [];
    const kept = times.filter((time) => time > now - windowMs);
    if (kept.length === 0) failures.delete(key);
    else failures.set(key, kept);
    return kept;
  }

  function sweep(now: number): void {
    for (const key of [...failures.keys()]) recent(key, now);
  }

  return {
    retryAfterSeconds(key) {
      const now = clock.now().getTime();
      const times = recent(key, now);
      if (times.length < maxFailures) return 0;
      // Blocked until enough failures have aged out to drop below the limit.
      const unblockAt = times[times.length - maxFailures]! + windowMs;
      return Math.max(1, Math.ceil((unblockAt - now) / 1000));
    },
    recordFailure(key) {
      const now = clock.now().getTime();
      if (failures.size >= SWEEP_THRESHOLD) sweep(now);
      const times = recent(key, now);
      times.push(now);
      // Only the newest `maxFailures` matter for the decision; keep no more.
      failures.set(key, times.slice(-maxFailures));
    },
    clear(key) {
      failures.delete(key);
    },
  };
}

/** The 429 a blocked caller gets, with the wait in whole minutes for people and in seconds for machines. */
export function tooManyAttempts(retryAfterSeconds: number): HttpError {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  const unit = minutes === 1 ? 'minute' : 'minutes';
  return new HttpError(429, `Too many attempts. Please try again in ${minutes} ${unit}.`, {
    'Retry-After': String(retryAfterSeconds),
  });
}
