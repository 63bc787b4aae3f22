/**
 * Counting one request against several limits at once, in order. The first limit that refuses stops the
 * count: the points already taken from the limits before it are given back (a refused request did no work,
 * so it must not count against, say, the account's daily ceiling), the refusal is logged and a 429 thrown.
 */
import type { ServerLog } from '../log';
import type { Limit } from './limit';
import { LimitRefused } from './responses';

export interface Charge {
  limit: Limit;
  key: string;
}

/** The points one request took, which it can still give back. */
export interface Taken {
  /** Gives every point back: the request turned out not to count (e.g. the right password). */
  giveBack(): Promise<void>;
  /**
   * Runs the guarded work; should it throw (the server too busy to check a password, or a failure), the
   * points are given back before the error goes on, since the attempt was never evaluated.
   */
  guard<T>(work: () => Promise<T>): Promise<T>;
}

/**
 * `fields` go into the log line (e.g. the client address or user id), never the key, which may be an e-mail.
 * `limit.exceeded` is written once per key and window, when the count first goes past the limit, so a flood
 * of refused requests does not flood the log. `onRefused` is told of every refusal (the metrics count them all).
 */
export async function charge(
  log: ServerLog,
  charges: readonly Charge[],
  fields: Record<string, unknown> = {},
  onRefused?: (limit: string) => void,
) {
  const taken: Charge[] = [];
  const giveBack = async () => {
    await Promise.all(taken.splice(0).map(({ limit, key }) => limit.giveBack(key)));
  };
  for (const item of charges) {
    const taking = await item.limit.take(item.key);
    if (!taking.taken) {
      await giveBack();
      const { name, keyKind } = item.limit;
      onRefused?.(name);
      if (taking.firstRefusal) {
        log.security('limit.exceeded', { limit: name, keyKind, retryAfter: taking.retryAfterSeconds, ...fields });
      }
      throw new LimitRefused(item.limit, taking.retryAfterSeconds);
    }
    taken.push(item);
  }
  const result: Taken = {
    giveBack,
    async guard(work) {
      try {
        return await work();
      } catch (error) {
        await giveBack();
        throw error;
      }
    },
  };
  return result;
}
