/**
 * Guard outcomes: which named guards a machine has, and a way to watch every evaluation of them on a live
 * actor (`machine.provide({ guards })` with each implementation wrapped), so that a suite can demand that
 * every guard was seen both true and false.
 *
 * A named guard is one in `setup({ guards })` (the machine's implementations) or one a transition refers to
 * by name, also inside `and`, `or` and `not`. An inline guard function cannot be swapped by `provide`, so it
 * cannot be watched: it is listed as unobservable, and the suite fails on it by name. XState's `stateIn` is no
 * named guard: it tests the state, and the transitions it guards are covered like any other.
 */
import type { AnyStateMachine } from 'xstate';
import { allTransitions } from './transitions';

export interface GuardOutcome {
  guard: string;
  outcome: boolean;
}

export interface GuardInventory {
  /** Every named guard, sorted. */
  named: string[];
  /** Guards that cannot be watched (inline functions), described for a person, e.g. 'inline guard isBig'. */
  unobservable: string[];
}

type GuardFunction = ((args: unknown, params: unknown) => boolean) & {
  check?: (snapshot: unknown, args: unknown, self: unknown) => boolean;
  guards?: unknown[];
};

/** The names a guard reference brings in (its own name, or the names inside a higher-order guard). */
function referencedNames(guard: unknown, named: Set<string>, unobservable: Set<string>): void {
  if (guard === undefined) return;
  if (typeof guard === 'string') {
    named.add(guard);
  } else if (typeof guard === 'function') {
    const fn = guard as GuardFunction;
    if (fn.check) {
      // XState's own: and/or/not name the guards inside them; stateIn tests the state and has no name.
      for (const inner of fn.guards ?? []) referencedNames(inner, named, unobservable);
    } else {
      unobservable.add(fn.name ? `inline guard ${fn.name}` : 'an anonymous inline guard');
    }
  } else {
    // What is left is XState's object form, { type, params }.
    named.add(String((guard as { type: unknown }).type));
  }
}

/** Every named guard of the machine, and the inline ones that cannot be watched. */
export function guardInventory(machine: AnyStateMachine): GuardInventory {
  const named = new Set(Object.keys(machine.implementations.guards));
  const unobservable = new Set<string>();
  for (const transition of allTransitions(machine)) referencedNames(transition.guard, named, unobservable);
  for (const implementation of Object.values(machine.implementations.guards)) {
    // XState's and/or/not carry the guards inside them (stateIn has none).
    const inside = (implementation as GuardFunction).guards;
    if (Array.isArray(inside)) for (const inner of inside) referencedNames(inner, named, unobservable);
  }
  return { named: [...named].sort(), unobservable: [...unobservable].sort() };
}

/**
 * The machine's guard implementations, each wrapped to report its outcome: pass the result to
 * `machine.provide({ guards })`. Higher-order implementations (`and`, `or`, `not`) keep working and report too.
 */
export function observeGuards(
  machine: AnyStateMachine,
  record: (outcome: GuardOutcome) => void,
): Record<string, GuardFunction> {
  const wrapped: Record<string, GuardFunction> = {};
  for (const [name, implementation] of Object.entries(machine.implementations.guards)) {
    const fn = implementation as GuardFunction;
    if (typeof fn !== 'function') continue; // a guard that names another guard: that one reports
    if (fn.check) {
      const check = fn.check;
      const higher = function higherOrder() {
        return false;
      } as GuardFunction;
      higher.check = (snapshot, args) => {
        const outcome = check(snapshot, args, fn);
        record({ guard: name, outcome });
        return outcome;
      };
      higher.guards = fn.guards;
      wrapped[name] = higher;
    } else {
      wrapped[name] = (args, params) => {
        const outcome = fn(args, params);
        record({ guard: name, outcome: Boolean(outcome) });
        return outcome;
      };
    }
  }
  return wrapped;
}

/** Per guard, how often it was seen true and false. */
export type GuardTally = Record<string, { true: number; false: number }>;

export function tallyGuards(names: string[], outcomes: Iterable<GuardOutcome>): GuardTally {
  const tally: GuardTally = Object.fromEntries(names.map((name) => [name, { true: 0, false: 0 }]));
  for (const { guard, outcome } of outcomes) {
    tally[guard] ??= { true: 0, false: 0 };
    tally[guard][outcome ? 'true' : 'false'] += 1;
  }
  return tally;
}

/** The outcomes never seen, as 'guard=true' / 'guard=false', in name order. */
export function missingGuardOutcomes(tally: GuardTally): string[] {
  return Object.entries(tally)
    .sort(([a], [b]) => a.localeCompare(b))
    .flatMap(([name, seen]) => [
      ...(seen.true === 0 ? [`${name}=true`] : []),
      ...(seen.false === 0 ? [`${name}=false`] : []),
    ]);
}
