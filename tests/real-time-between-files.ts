/**
 * After every test file: time is real again. The files of a worker share one module graph (vitest.config.ts),
 * so a file that leaves `Date` faked hands its frozen or moved clock to every file after it, and they fail far
 * from the cause (a Google token that never expired). The file that left it fails here, by name.
 */
import { afterAll, vi } from 'vitest';

afterAll(() => {
  const faked = vi.getMockedSystemTime();
  if (faked === null) return;
  vi.useRealTimers();
  throw new Error(`this file left Date faked at ${faked.toISOString()}: restore it with vi.useRealTimers()`);
});
