import { expect, it } from 'vitest';
import { StateMachine } from 'xstate';

/**
 * Each machine module builds its statechart when it loads, and XState refuses an invalid one (a compound state
 * with no initial state, a target that names no state) by throwing there. The other test files import their
 * machine at the top, so such a machine fails their loading, not a test: this loads each one inside a test.
 */
const modules = import.meta.glob('../../machines/*.machine.ts');

it('finds the machines', () => {
  expect(Object.keys(modules).length).toBeGreaterThan(0);
});

for (const [path, load] of Object.entries(modules)) {
  it(`${path.replace('../../', '')} loads`, async () => {
    const exported = Object.values((await load()) as Record<string, unknown>);
    expect(exported.some((value) => value instanceof StateMachine)).toBe(true);
  });
}
