/**
 * whenIdle: work the visitor does not wait for (the visit record, the hero's video) runs only once the page has
 * loaded, and then in an idle callback (a short timer where the browser has none). A stand-in window and document
 * play the browser: the load event and the idle callback fire when the test says so.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { whenIdle } from '#src/common/whenIdle';

interface FakePage {
  readyState: DocumentReadyState;
  load: () => void;
  idle: Map<number, { run: () => void; timeout: number | undefined }>;
}

function fakePage(readyState: DocumentReadyState, idleCallbacks: boolean): FakePage {
  const listeners = new Set<() => void>();
  const page: FakePage = {
    readyState,
    load: () => {
      page.readyState = 'complete';
      for (const listener of [...listeners]) listener();
    },
    idle: new Map(),
  };
  let next = 1;
  const window = {
    addEventListener: (type: string, listener: () => void, options?: { once?: boolean }) => {
      expect(type).toBe('load');
      expect(options?.once).toBe(true);
      listeners.add(listener);
    },
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
    setTimeout: (run: () => void, ms: number) => setTimeout(run, ms),
    clearTimeout: (id: ReturnType<typeof setTimeout>) => clearTimeout(id),
    ...(idleCallbacks
      ? {
          requestIdleCallback: (run: () => void, options?: { timeout?: number }) => {
            const id = next++;
            page.idle.set(id, { run, timeout: options?.timeout });
            return id;
          },
          cancelIdleCallback: (id: number) => page.idle.delete(id),
        }
      : {}),
  };
  vi.stubGlobal('window', window);
  vi.stubGlobal('document', {
    get readyState() {
      return page.readyState;
    },
  });
  return page;
}

function runIdle(page: FakePage) {
  for (const [id, { run }] of [...page.idle]) {
    page.idle.delete(id);
    run();
  }
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('whenIdle', () => {
  it('waits for the load event, then for an idle callback with the given time limit', () => {
    const page = fakePage('interactive', true);
    const task = vi.fn();
    whenIdle(task, 2000);
    expect(page.idle.size).toBe(0);
    page.load();
    expect([...page.idle.values()].map((entry) => entry.timeout)).toEqual([2000]);
    expect(task).not.toHaveBeenCalled();
    runIdle(page);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('on a page that has loaded already, asks for the idle callback at once', () => {
    const page = fakePage('complete', true);
    const task = vi.fn();
    whenIdle(task, 1500);
    expect([...page.idle.values()].map((entry) => entry.timeout)).toEqual([1500]);
    runIdle(page);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('cancelled before the load event or before the idle callback, never runs', () => {
    const page = fakePage('loading', true);
    const beforeLoad = vi.fn();
    whenIdle(beforeLoad, 2000)();
    const beforeIdle = vi.fn();
    const cancel = whenIdle(beforeIdle, 2000);
    page.load();
    expect(page.idle.size).toBe(1);
    cancel();
    expect(page.idle.size).toBe(0);
    runIdle(page);
    expect(beforeLoad).not.toHaveBeenCalled();
    expect(beforeIdle).not.toHaveBeenCalled();
  });

  it('without idle callbacks (Safari), runs 200 ms after the load event', () => {
    const page = fakePage('interactive', false);
    const task = vi.fn();
    whenIdle(task, 2000);
    vi.advanceTimersByTime(1000);
    expect(task).not.toHaveBeenCalled();
    page.load();
    vi.advanceTimersByTime(199);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(task).toHaveBeenCalledTimes(1);
  });
});
