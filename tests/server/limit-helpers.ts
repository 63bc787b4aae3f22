/**
 * Time for the request limits in tests. rate-limiter-flexible reads `Date.now()` itself and takes no clock,
 * so the app's injected test clock does not move its windows. A test file that needs a window to pass calls
 * `limitsFollow(clock)` in a describe block (or at the top of the file): while its tests run, `Date` is faked
 * (only `Date`; timers stay real) and frozen, and every
 * `clock.advance(ms)` also moves `Date` forward by `ms`, so both clocks agree on how much time has passed.
 */
import { afterAll, beforeAll, vi } from 'vitest';
import type { TestClock } from './helpers';

/** Clocks already wrapped: a second block of the same file asking again must not move Date twice per advance. */
const following = new WeakSet<TestClock>();
/** How many following blocks are running (they nest): Date is faked from the first one's start to the last one's end. */
let running = 0;

export function limitsFollow(clock: TestClock): void {
  beforeAll(() => {
    if (running++ === 0) vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
  });
  afterAll(() => {
    if (--running === 0) vi.useRealTimers();
  });
  if (following.has(clock)) return;
  following.add(clock);
  const advance = clock.advance.bind(clock);
  clock.advance = (ms) => {
    // Outside its block, setting the time would fake Date for every file after this one in the worker
    // (vitest fakes Date alone when asked to set a time with real timers); a hook's call never opens a block.
    if (running === 0)
      throw new Error('limitsFollow: call it in a describe block or at the top of a file, not in a hook');
    advance(ms);
    vi.setSystemTime(Date.now() + ms);
  };
}
