import { describe, expect, it } from 'vitest';
import { type AnyStateMachine, type AnyStateNode, StateMachine } from 'xstate';

/**
 * The actions a machine's states and transitions name are exactly the ones it has code for: a real one, or the
 * stand-in its view replaces (machines/lib/providedByView.ts). XState skips a named action it has no code for,
 * silently, so a machine that lost one would run in its tests, and in a view that forgot it, as if nothing were
 * missing. Code no state or transition names is dead. (A machine that names actions inside `enqueueActions`, chosen
 * at run time, would need them listed here; none does.)
 */
const modules = import.meta.glob('../../machines/*.machine.ts');

/** The names of the actions a machine's states and transitions refer to, sorted. */
function namedActions(machine: AnyStateMachine): string[] {
  const names = new Set<string>();
  const visit = (node: AnyStateNode) => {
    const transitions = [...node.transitions.values()].flat().concat(node.always ?? []);
    for (const action of [...node.entry, ...node.exit, ...transitions.flatMap((t) => t.actions)]) {
      // A built-in action (assign, raise, sendTo…) or one written in place is a function: its code is there.
      if (typeof action === 'string') names.add(action);
      else if (typeof action === 'object' && action !== null) names.add((action as { type: string }).type);
    }
    Object.values(node.states).forEach(visit);
  };
  visit(machine.root);
  return [...names].sort();
}

describe('the actions a machine names', () => {
  it('are the ones it has code for, in every machine', async () => {
    for (const [path, load] of Object.entries(modules)) {
      const machines = Object.values((await load()) as Record<string, unknown>).filter(
        (value): value is AnyStateMachine => value instanceof StateMachine,
      );
      for (const machine of machines) {
        const names = namedActions(machine);
        const coded = Object.keys(machine.implementations.actions).sort();
        expect([path, names]).toEqual([path, coded]);
      }
    }
  });
});
