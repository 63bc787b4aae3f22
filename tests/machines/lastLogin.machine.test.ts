import { afterEach, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { lastLoginMachine } from '#machines/lastLogin.machine';
import { formatSince } from '#machines/lib/since';
import { lastLoginSamples, lastLoginState } from './accountSamples';
import { describePathTests } from './pathTest';

describePathTests({ machine: lastLoginMachine, ...lastLoginSamples, serializeState: lastLoginState });

afterEach(() => vi.useRealTimers());

it('the counter shows the two largest non-zero units and ticks every second', () => {
  expect(formatSince(0)).toBe('0 secs');
  expect(formatSince(1000)).toBe('1 sec');
  expect(formatSince(61_000)).toBe('1 min 1 sec');
  expect(formatSince(3_600_000 + 5_000)).toBe('1 hour 5 secs');
  expect(formatSince(2 * 86_400_000 + 3 * 3_600_000 + 4 * 60_000 + 5_000)).toBe('2 days 3 hours');
  expect(formatSince(86_400_000 + 59_000)).toBe('1 day 59 secs');

  vi.useFakeTimers({ now: Date.parse('2026-11-21T09:00:00.000Z') });
  const actor = createActor(lastLoginMachine, {
    input: { since: '2026-11-21T08:59:00.000Z', now: Date.now() },
  }).start();
  const shown = () => formatSince(actor.getSnapshot().context.now - actor.getSnapshot().context.since!);
  expect(shown()).toBe('1 min');
  vi.advanceTimersByTime(999);
  expect(shown()).toBe('1 min');
  vi.advanceTimersByTime(1);
  expect(shown()).toBe('1 min 1 sec');
  vi.advanceTimersByTime(4000);
  expect(shown()).toBe('1 min 5 secs');
});
