/**
 * Time for the request limits in tests. rate-limiter-flexible reads `Date.now()` itself and takes no clock,
 * so the app's injected test clock does not move its windows. A test file that needs a window to pass calls
 * `limitsFollow(clock)`: `Date` is faked (only `Date`; timers stay real) and frozen, and from then on every
 * `clock.advance(ms)` also moves `Date` forward by `ms`, so both clocks agree on how much time has passed.
 */
import { afterAll, vi } from 'vitest';
import type { TestClock } from './helpers';

let faked = false;

export function limitsFollow(clock: TestClock): void {
  if (!faked) {
    faked = true;
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    afterAll(() => {
      vi.useRealTimers();
      faked = false;
    });
  }
  const advance = clock.advance.bind(clock);
  clock.advance = (ms) => {
    advance(ms);
    vi.setSystemTime(Date.now() + ms);
  };
}
