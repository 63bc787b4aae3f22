/**
 * The model-based coverage, counted: pure arithmetic over what the suites wrote (the caller reads the files).
 * Per machine: the transitions it defines taken by the machine-level suite and by the browser suite, the
 * feasible pairs of transitions taken (and the proven infeasible ones), the sneak events checked, the named
 * guards seen true and false, and the reviewed exclusions. A machine is ok only when nothing is missing.
 * report.ts prints the result as text, report-html.ts as HTML pages.
 *
 * The defined transitions come from the real machines (./transitions.ts), never from the reports, so a
 * transition added to a machine counts as uncovered until a fresh run takes it.
 */
import type { DefinedTransition } from './transitions';

/** A machine-level report (reports/model/machines/<id>.json, as tests/machines/pathTest.ts writes it). */
export interface MachineReportFile {
  machine?: string;
  defined?: number;
  covered?: number;
  /** How many edge paths there are. */
  paths?: number;
  missed?: string[];
  transitions?: { key: string; label?: string; covered: boolean }[];
  /** Transition pairs (1-switch coverage). */
  pairs?: {
    /** Pairs the machine's structure allows (t2's source may be active right after t1). */
    candidates: number;
    feasible: number;
    covered: number;
    /** How many extra paths the pairs needed beyond the edge paths. */
    paths: number;
    missed: { key: string; label: string }[];
    infeasible: { key: string; label: string; reason: string }[];
  };
  /** Sneak paths: unhandled events sent in every reachable state. */
  sneak?: { checked: number; failures: string[] };
  /** Named guards: the outcomes seen during the replays. */
  guards?: {
    tally: Record<string, { true: number; false: number }>;
    missing: string[];
    excluded: { outcome: string; reason: string }[];
    unobservable: string[];
  };
  /** Every path of the suite with its steps, and the command that replays it alone. */
  pathList?: { name: string; command: string; steps: { event: string; state: unknown }[] }[];
}

/** A browser path report (reports/model/browser/<id>/path-N.json, as tests/e2e/model/browser.ts writes it). */
export interface BrowserPathFile {
  title?: string;
  /** The command that reruns just this path in Chromium. */
  command?: string;
  steps?: { event: string; state: unknown }[];
  transitions?: string[];
}

/** A transition no browser path needs to take, reviewed (tests/e2e/model/exclusions.ts). */
export interface TransitionExclusion {
  machine: string;
  transition: string;
  reason: string;
}

/** A guard outcome that cannot happen, reviewed (tests/e2e/model/exclusions.ts). */
export interface GuardExclusion {
  machine: string;
  guard: string;
  outcome: boolean;
  reason: string;
}

export interface CoverageInput {
  /** Every machine, with the transitions and the named guards it defines today. */
  machines: { id: string; defined: DefinedTransition[]; guards?: string[] }[];
  /** Machine-level reports by machine id (absent: never run). */
  machineReports: Record<string, MachineReportFile | undefined>;
  /** Browser path reports by machine id (absent or empty: never run). */
  browserReports: Record<string, BrowserPathFile[] | undefined>;
  /** The machine ids the browser suite must cover too; none when absent. */
  browserMapped?: readonly string[];
  /** The reviewed exclusions (browser transitions and impossible guard outcomes). */
  exclusions?: readonly (TransitionExclusion | GuardExclusion)[];
}

export interface LevelCoverage {
  covered: number;
  /** Labels of the defined transitions not taken, in definition order. */
  missed: string[];
  /** Why nothing could be read, when there was no usable report. */
  problem?: string;
}

export interface BrowserCoverage extends LevelCoverage {
  paths: number;
  /** The transitions the exclusion file lets the browser leave out, with the reason. */
  excluded?: { key: string; label: string; reason: string }[];
}

export interface PairCoverage {
  feasible: number;
  covered: number;
  infeasible: number;
  /** Labels of the feasible pairs no path took. */
  missed: string[];
  problem?: string;
}

export interface SneakCoverage {
  checked: number;
  failures: string[];
  problem?: string;
}

export interface GuardCoverage {
  named: number;
  /** Guards seen both true and false. */
  complete: number;
  tally: Record<string, { true: number; false: number }>;
  /** Outcomes never seen (and not excluded), 'guard=true' or 'guard=false'. */
  missing: string[];
  excluded: { outcome: string; reason: string }[];
  unobservable: string[];
  problem?: string;
}

export interface CoverageRow {
  machine: string;
  defined: number;
  machineLevel: LevelCoverage;
  /** null: the browser suite does not map this machine. */
  browser: BrowserCoverage | null;
  pairs: PairCoverage;
  sneak: SneakCoverage;
  guards: GuardCoverage;
  /** Exclusions that name no such machine, transition or guard: each fails the report. */
  exclusionProblems: string[];
  /** Exclusions no longer needed (what they excuse was covered after all): printed, not failing. */
  staleExclusions: string[];
  ok: boolean;
}

export interface Coverage {
  ok: boolean;
  rows: CoverageRow[];
  /** Every exclusion, as the report prints it. */
  exclusions: readonly (TransitionExclusion | GuardExclusion)[];
}

const RERUN = 'npx vitest run tests/machines';

function level(defined: DefinedTransition[], taken: Set<string>, problem?: string): LevelCoverage {
  const missed = defined.filter((t) => !taken.has(t.key)).map((t) => t.label);
  return { covered: defined.length - missed.length, missed, ...(problem ? { problem } : {}) };
}

function machineLevel(defined: DefinedTransition[], report: MachineReportFile | undefined): LevelCoverage {
  if (!report) return level(defined, new Set(), `no machine-level report (${RERUN})`);
  if (!Array.isArray(report.transitions)) {
    return level(defined, new Set(), 'the machine-level report lists no transitions (stale: rerun the path tests)');
  }
  return level(defined, new Set(report.transitions.filter((t) => t.covered).map((t) => t.key)));
}

function browserLevel(
  defined: DefinedTransition[],
  paths: BrowserPathFile[] | undefined,
  exclusions: TransitionExclusion[],
): BrowserCoverage {
  const reasons = new Map(exclusions.map((e) => [e.transition, e.reason]));
  const excluded = defined
    .filter((t) => reasons.has(t.key))
    .map((t) => ({ key: t.key, label: t.label, reason: reasons.get(t.key)! }));
  const required = defined.filter((t) => !reasons.has(t.key));
  const count = paths?.length ?? 0;
  if (!paths || paths.length === 0) {
    const none = level(defined, new Set(), 'no browser report (npx playwright test tests/e2e/model.spec.ts)');
    return { ...none, missed: level(required, new Set()).missed, paths: count, excluded };
  }
  const taken = new Set(paths.flatMap((path) => path.transitions ?? []));
  return {
    covered: defined.filter((t) => taken.has(t.key)).length,
    missed: level(required, taken).missed,
    paths: count,
    excluded,
  };
}

function pairLevel(report: MachineReportFile | undefined): PairCoverage {
  const pairs = report?.pairs;
  if (!pairs) return { feasible: 0, covered: 0, infeasible: 0, missed: [], problem: `no pair report (${RERUN})` };
  return {
    feasible: pairs.feasible,
    covered: pairs.covered,
    infeasible: pairs.infeasible.length,
    missed: pairs.missed.map((m) => m.label),
  };
}

function sneakLevel(report: MachineReportFile | undefined): SneakCoverage {
  const sneak = report?.sneak;
  if (!sneak) return { checked: 0, failures: [], problem: `no sneak-path report (${RERUN})` };
  return { checked: sneak.checked, failures: sneak.failures };
}

function guardLevel(
  names: string[] | undefined,
  report: MachineReportFile | undefined,
  exclusions: GuardExclusion[],
): GuardCoverage {
  const guards = report?.guards;
  const excluded = exclusions.map((e) => ({ outcome: `${e.guard}=${e.outcome}`, reason: e.reason }));
  if (!guards) {
    const named = names?.length ?? 0;
    return {
      named,
      complete: 0,
      tally: {},
      missing: [],
      excluded,
      unobservable: [],
      ...(named > 0 ? { problem: `no guard report (${RERUN})` } : {}),
    };
  }
  // The guards the machine has now, with what the report saw of them.
  const tally = Object.fromEntries(
    (names ?? Object.keys(guards.tally)).map((name) => [name, guards.tally[name] ?? { true: 0, false: 0 }]),
  );
  const skip = new Set(excluded.map((e) => e.outcome));
  const missing = Object.entries(tally)
    .flatMap(([name, seen]) => [
      ...(seen.true === 0 ? [`${name}=true`] : []),
      ...(seen.false === 0 ? [`${name}=false`] : []),
    ])
    .filter((outcome) => !skip.has(outcome));
  const complete = Object.values(tally).filter((seen) => seen.true > 0 && seen.false > 0).length;
  return { named: Object.keys(tally).length, complete, tally, missing, excluded, unobservable: guards.unobservable };
}

export function isTransitionExclusion(e: TransitionExclusion | GuardExclusion): e is TransitionExclusion {
  return 'transition' in e;
}

/** Everything every machine is checked for, and the verdict. */
export function computeCoverage(input: CoverageInput): Coverage {
  const mapped = new Set(input.browserMapped ?? []);
  const exclusions = input.exclusions ?? [];
  const rows = [...input.machines]
    .sort((a, b) => a.id.localeCompare(b.id))
    .map(({ id, defined, guards: names }): CoverageRow => {
      const report = input.machineReports[id];
      const own = exclusions.filter((e) => e.machine === id);
      const transitionExclusions = own.filter(isTransitionExclusion);
      const guardExclusions = own.filter((e): e is GuardExclusion => !isTransitionExclusion(e));
      const exclusionProblems = [
        ...transitionExclusions
          .filter((e) => !defined.some((t) => t.key === e.transition))
          .map((e) => `the exclusion of '${e.transition}' names no transition of ${id}`),
        ...guardExclusions
          .filter((e) => names && !names.includes(e.guard))
          .map((e) => `the exclusion of '${e.guard}=${e.outcome}' names no guard of ${id}`),
      ];
      const machine = machineLevel(defined, report);
      const paths = input.browserReports[id];
      const browser = mapped.has(id) ? browserLevel(defined, paths, transitionExclusions) : null;
      const pairs = pairLevel(report);
      const sneak = sneakLevel(report);
      const guards = guardLevel(names, report, guardExclusions);
      const browserTaken = new Set((paths ?? []).flatMap((path) => path.transitions ?? []));
      const staleExclusions = [
        ...transitionExclusions
          .filter((e) => browserTaken.has(e.transition))
          .map((e) => `'${e.transition}' was taken in the browser after all`),
        ...guardExclusions
          .filter((e) => (guards.tally[e.guard]?.[e.outcome ? 'true' : 'false'] ?? 0) > 0)
          .map((e) => `'${e.guard}=${e.outcome}' was seen after all`),
      ];
      const ok =
        machine.covered === defined.length &&
        !machine.problem &&
        (browser === null || (browser.missed.length === 0 && !browser.problem)) &&
        pairs.missed.length === 0 &&
        !pairs.problem &&
        sneak.failures.length === 0 &&
        !sneak.problem &&
        guards.missing.length === 0 &&
        guards.unobservable.length === 0 &&
        !guards.problem &&
        exclusionProblems.length === 0;
      return {
        machine: id,
        defined: defined.length,
        machineLevel: machine,
        browser,
        pairs,
        sneak,
        guards,
        exclusionProblems,
        staleExclusions,
        ok,
      };
    });
  // A mapped machine, or an excluded one, that does not exist any more is a mistake, not silently fine.
  const unknown = [...new Set([...mapped, ...exclusions.map((e) => e.machine)])].filter(
    (id) => !input.machines.some((m) => m.id === id),
  );
  for (const id of unknown) {
    const problem = 'no such machine in machines/';
    rows.push({
      machine: id,
      defined: 0,
      machineLevel: { covered: 0, missed: [], problem },
      browser: mapped.has(id) ? { covered: 0, missed: [], paths: 0, problem } : null,
      pairs: { feasible: 0, covered: 0, infeasible: 0, missed: [] },
      sneak: { checked: 0, failures: [] },
      guards: { named: 0, complete: 0, tally: {}, missing: [], excluded: [], unobservable: [] },
      exclusionProblems: exclusions.filter((e) => e.machine === id).map(() => `an exclusion names ${problem}`),
      staleExclusions: [],
      ok: false,
    });
  }
  return { ok: rows.every((row) => row.ok), rows, exclusions };
}
