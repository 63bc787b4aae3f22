/**
 * At most `concurrency` tasks at once, at most `maxWaiting` more waiting their turn (first come, first
 * served); beyond that a task is refused at once with 503 and Retry-After.
 *
 * For password hashing: argon2 (@node-rs/argon2) runs on libuv's thread pool, four threads by default, which
 * file reads, DNS look-ups and the rest of the server share. Unbounded, a flood of sign-ins would take every
 * thread and queue everything else behind it; bounded, the other threads stay free, and a waiting sign-in
 * costs only a pending promise.
 */
import { serverBusy } from './responses';

export interface WorkQueue {
  run<T>(task: () => Promise<T>): Promise<T>;
  readonly running: number;
  readonly waiting: number;
}

export interface WorkQueueOptions {
  concurrency: number;
  maxWaiting: number;
  /** The Retry-After of the 503. */
  retryAfterSeconds: number;
  /** Called on the first refusal of each overload (until a waiting place frees up again), not on every one. */
  onOverload?: (state: { running: number; waiting: number }) => void;
}

export function createWorkQueue(options: WorkQueueOptions): WorkQueue {
  const { concurrency, maxWaiting, retryAfterSeconds, onOverload } = options;
  let running = 0;
  let overloaded = false;
  const waiting: Array<() => void> = [];

  const release = () => {
    const next = waiting.shift();
    // The place passes straight to the next task: `running` stays the same.
    if (next) next();
    else running -= 1;
    overloaded = false;
  };

  return {
    async run(task) {
      if (running < concurrency) {
        running += 1;
      } else if (waiting.length < maxWaiting) {
        await new Promise<void>((resolve) => waiting.push(resolve));
      } else {
        if (!overloaded) {
          overloaded = true;
          onOverload?.({ running, waiting: waiting.length });
        }
        throw serverBusy(retryAfterSeconds);
      }
      try {
        return await task();
      } finally {
        release();
      }
    },
    get running() {
      return running;
    },
    get waiting() {
      return waiting.length;
    },
  };
}
