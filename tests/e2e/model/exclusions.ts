/**
 * The one reviewed list of what the model-based coverage may leave out, each entry with its reason:
 *
 * - a transition (by its key in definedTransitions, 'stateId|event|index', as the report prints it) that no
 *   person can cause from a browser: the browser coverage of its machine does not require it;
 * - a guard outcome that is truly impossible at machine level (say, a guard that only protects against data
 *   the server never sends): the machine suite does not require it.
 *
 * Both `npm run test:model` (scripts/model-report.ts) and the machine suites read this file; an entry naming a
 * machine, a transition or a guard that does not exist fails them. Keep it short: every entry is a gap.
 */
export interface BrowserExclusion {
  machine: string;
  /** A key of definedTransitions(machine), e.g. 'login.editing|login.google|0'. */
  transition: string;
  reason: string;
}

interface GuardOutcomeExclusion {
  machine: string;
  /** A named guard of the machine. */
  guard: string;
  /** The outcome that cannot happen. */
  outcome: boolean;
  reason: string;
}

export type Exclusion = BrowserExclusion | GuardOutcomeExclusion;

export const EXCLUSIONS: readonly Exclusion[] = [
  {
    machine: 'order',
    transition: 'order.scheduled|order.deliver|0',
    reason:
      'A call is delivered only once it has started, on the server’s real clock, which a browser test cannot move; tests/server/office-orders.test.ts delivers it on the test clock.',
  },
];

export function isBrowserExclusion(exclusion: Exclusion): exclusion is BrowserExclusion {
  return 'transition' in exclusion;
}
