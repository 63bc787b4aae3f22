/**
 * The count of screens whose code is loading (src/common/screens.ts): what the visit record waits on before its idle
 * moment. Each load is counted from its start until it settles, fulfilled or rejected.
 */
import { describe, expect, it } from 'vitest';
import { counted, screensLoaded } from '#src/common/screens';

function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

/** Whether the promise has settled after every queued callback has run. */
async function settledYet(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  void promise.then(() => (settled = true));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return settled;
}

describe('screensLoaded', () => {
  it('resolves at once when no screen is loading', async () => {
    expect(await settledYet(screensLoaded())).toBe(true);
  });

  it('waits for every load under way, including one that starts while it waits, and for a failed one too', async () => {
    const first = deferred();
    const second = deferred();
    const third = deferred();
    const startFirst = counted(() => first.promise);
    const startSecond = counted(() => second.promise.then(() => 'second'));
    void startFirst();
    const loaded = startSecond();
    const waiting = screensLoaded();
    expect(await settledYet(waiting)).toBe(false);
    first.resolve();
    expect(await settledYet(waiting)).toBe(false);
    // A screen opened meanwhile is waited for as well.
    void counted(() => third.promise)().catch(() => {});
    second.resolve();
    expect(await loaded).toBe('second');
    expect(await settledYet(waiting)).toBe(false);
    third.reject(new Error('the line dropped'));
    expect(await settledYet(waiting)).toBe(true);
  });
});
