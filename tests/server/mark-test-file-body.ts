/**
 * A Vite plugin for the server's mutation config (vitest.mutation-server.config.ts): each test file calls
 * `testFileBodyStarts` as its first statement. Imports run before any statement of a module, so the call marks
 * where the source modules' first evaluation ends and the file's own set-up begins; what runs from there on is
 * credited to the file's tests (credit-file-set-up-to-its-tests.ts).
 */
import type { Plugin } from 'vite';

const TEST_FILE = /\/tests\/server\/[^/]+\.test\.ts$/;

export function markTestFileBody(): Plugin {
  return {
    name: 'mark-test-file-body',
    enforce: 'pre',
    transform(code, id) {
      if (!TEST_FILE.test(id.split('?')[0]!)) return null;
      // On the file's first line, so that the source map of every line below stays as it was.
      return { code: `globalThis.testFileBodyStarts?.();${code}`, map: null };
    },
  };
}
