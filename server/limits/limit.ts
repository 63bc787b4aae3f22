/**
 * One named limit: at most `points` counted actions per key in a fixed window of `durationSeconds` that
 * starts with the key's first action. Counting is one atomic statement in the store, so parallel requests
 * can never all slip under the limit; callers count BEFORE the work they guard, never after it.
 * Keys are hashed before they are stored: the store holds no e-mail or client address.
 */
import { hash } from 'node:crypto';
import { type RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';
import type { LimitStore } from './store';

/** What a limit counts by; logged with a refusal instead of the key itself. */
type KeyKind = 'account' | 'account_address' | 'address' | 'user' | 'site';

export interface LimitSpec {
  /** e.g. 'login.address': the name in the log and the key prefix in the store. */
  name: string;
  keyKind: KeyKind;
  points: number;
  durationSeconds: number;
}

/** The outcome of taking a point: taken, or refused with the wait in whole seconds. */
type Taking =
  | { taken: true }
  | {
      taken: false;
      retryAfterSeconds: number;
      firstRefusal: boolean;
      /** How many actions of this window came past the limit, this one included (1 for the first refused). */
      over: number;
    };

export interface Limit extends LimitSpec {
  take(key: string): Promise<Taking>;
  /** Gives one point back: the action it was taken for turned out not to count. */
  giveBack(key: string): Promise<void>;
  /** Forgets the key's count. */
  reset(key: string): Promise<void>;
}

function storedKey(key: string): string {
  return hash('sha256', key, 'base64url').slice(0, 27);
}

export function createLimit(store: LimitStore, spec: LimitSpec): Limit {
  const limiter: RateLimiterAbstract = store.limiter(spec);
  return {
    ...spec,
    async take(key) {
      try {
        await limiter.consume(storedKey(key));
        return { taken: true };
      } catch (refusal) {
        // Anything but a RateLimiterRes is the store failing: no request gets through uncounted.
        if (!(refusal instanceof RateLimiterRes)) throw refusal;
        return {
          taken: false,
          retryAfterSeconds: Math.max(1, Math.ceil(refusal.msBeforeNext / 1000)),
          // The count goes one past the limit exactly once per window, however many requests race.
          firstRefusal: refusal.consumedPoints === spec.points + 1,
          over: refusal.consumedPoints - spec.points,
        };
      }
    },
    async giveBack(key) {
      const res = await limiter.reward(storedKey(key), 1);
      // The window ended meanwhile: the store started a new one at -1, a free point nobody earned.
      if (res.consumedPoints < 0) await limiter.delete(storedKey(key));
    },
    async reset(key) {
      await limiter.delete(storedKey(key));
    },
  };
}
