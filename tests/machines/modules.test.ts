import { describe, expect, it } from 'vitest';
import { StateMachine } from 'xstate';

/**
 * Every machine module loads. A machine is built when its module loads, so a broken definition (an initial state
 * that does not exist, a target that names no state) throws at import. Importing inside a test makes that a failed
 * test, not a test file that failed to load: mutation testing counts failed tests only (docs/decisions/0018).
 */
const modules = import.meta.glob('../../machines/*.machine.ts');

describe('machine modules', () => {
  it('finds every machine', () => {
    expect(Object.keys(modules).length).toBeGreaterThanOrEqual(27);
  });

  for (const [path, load] of Object.entries(modules)) {
    it(`${path.replace('../../machines/', '')} loads and exports its machine`, async () => {
      const exported = Object.values((await load()) as Record<string, unknown>);
      expect(exported.some((value) => value instanceof StateMachine)).toBe(true);
    });
  }
});
