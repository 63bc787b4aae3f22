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

export function limitsFollow(clock: TestClock): void {
  // Around the tests of the describe block (or file) that asked, and only those: a block's afterAll must not
  // hand a later block real time while its own tests still count on a frozen Date.
  beforeAll(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
  });
  afterAll(() => {
    vi.useRealTimers();
  });
  if (following.has(clock)) return;
  following.add(clock);
  const advance = clock.advance.bind(clock);
  clock.advance = (ms) => {
    advance(ms);
    vi.setSystemTime(Date.now() + ms);
  };
}
