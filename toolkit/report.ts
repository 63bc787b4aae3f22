/**
 * The model-based coverage report, as pure functions (the caller reads and writes the files). Per machine:
 * the transitions it defines taken by the machine-level suite and by the browser suite, the feasible pairs of
 * transitions taken (and the proven infeasible ones), the sneak events checked, the named guards seen true
 * and false, and the reviewed exclusions. A machine is ok only when nothing is missing.
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

function isTransitionExclusion(e: TransitionExclusion | GuardExclusion): e is TransitionExclusion {
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

function fraction(covered: number, defined: number): string {
  return `${covered}/${defined}`;
}

/** The table's cells: machine, transitions, machine level, browser, pairs, sneak events, guards, verdict. */
export function tableCells(row: CoverageRow): string[] {
  const browser = row.browser
    ? `${fraction(row.browser.covered, row.defined)}${row.browser.excluded?.length ? ` (${row.browser.excluded.length} excl.)` : ''}`
    : '—';
  const pairs = row.pairs.problem
    ? '?'
    : `${fraction(row.pairs.covered, row.pairs.feasible)} +${row.pairs.infeasible} infeasible`;
  const sneak = row.sneak.problem
    ? '?'
    : `${row.sneak.checked}${row.sneak.failures.length ? ` (${row.sneak.failures.length} FAIL)` : ''}`;
  const guards = row.guards.problem ? '?' : fraction(row.guards.complete, row.guards.named);
  return [
    row.machine,
    String(row.defined),
    fraction(row.machineLevel.covered, row.defined),
    browser,
    pairs,
    sneak,
    guards,
    row.ok ? 'ok' : 'MISSING',
  ];
}

export const TABLE_HEADER = ['machine', 'defined', 'machine level', 'browser', 'pairs', 'sneak', 'guards', ''];

/** Everything missing, one line each, named (a transition by its label, a pair by both, a guard outcome...). */
export function uncoveredLines(coverage: Coverage): string[] {
  const lines: string[] = [];
  for (const row of coverage.rows) {
    const levels: [string, LevelCoverage | null][] = [
      ['machine level', row.machineLevel],
      ['browser', row.browser],
    ];
    for (const [where, cov] of levels) {
      if (!cov) continue;
      if (cov.problem) lines.push(`${row.machine} (${where}): ${cov.problem}`);
      for (const label of cov.missed) lines.push(`${row.machine} (${where}): ${label}`);
    }
    if (row.pairs.problem) lines.push(`${row.machine} (pairs): ${row.pairs.problem}`);
    for (const label of row.pairs.missed) lines.push(`${row.machine} (pair): ${label}`);
    if (row.sneak.problem) lines.push(`${row.machine} (sneak paths): ${row.sneak.problem}`);
    for (const failure of row.sneak.failures) lines.push(`${row.machine} (sneak path): ${failure.split('\n')[0]}`);
    if (row.guards.problem) lines.push(`${row.machine} (guards): ${row.guards.problem}`);
    for (const outcome of row.guards.missing) lines.push(`${row.machine} (guard outcome never seen): ${outcome}`);
    for (const guard of row.guards.unobservable) lines.push(`${row.machine} (guard cannot be watched): ${guard}`);
    for (const problem of row.exclusionProblems) lines.push(`${row.machine} (exclusions): ${problem}`);
  }
  return lines;
}

/** The exclusion file as the report prints it: one line each, or that there are none. */
export function exclusionLines(coverage: Coverage): string[] {
  if (coverage.exclusions.length === 0) return ['none'];
  return coverage.exclusions.map((e) =>
    isTransitionExclusion(e)
      ? `${e.machine} (browser): ${e.transition}: ${e.reason}`
      : `${e.machine} (guard): ${e.guard}=${e.outcome}: ${e.reason}`,
  );
}

/** The report as text: an aligned table, the exclusions, then everything missing, then the verdict. */
export function formatText(coverage: Coverage): string {
  const table = [TABLE_HEADER, ...coverage.rows.map(tableCells)];
  const widths = TABLE_HEADER.map((_, column) => Math.max(...table.map((cells) => [...cells[column]!].length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
      .join('  ')
      .trimEnd();
  const out = [line(table[0]!), widths.map((w) => '-'.repeat(w)).join('  '), ...table.slice(1).map(line)];
  out.push('', 'Exclusions (tests/e2e/model/exclusions.ts):', ...exclusionLines(coverage).map((l) => `  ${l}`));
  const stale = coverage.rows.flatMap((row) => row.staleExclusions.map((s) => `${row.machine}: ${s}`));
  if (stale.length > 0) out.push('', 'Exclusions no longer needed (remove them):', ...stale.map((l) => `  ${l}`));
  const uncovered = uncoveredLines(coverage);
  if (uncovered.length > 0) out.push('', 'Uncovered:', ...uncovered.map((l) => `  ${l}`));
  out.push(
    '',
    coverage.ok
      ? 'Every transition, feasible pair, sneak event and guard outcome is covered at machine level, and every ' +
          'transition in the browser for every browser-mapped machine.'
      : `Coverage is incomplete: ${coverage.rows.filter((r) => !r.ok).length} machine(s) miss something.`,
  );
  return out.join('\n');
}

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const STYLE = `<style>
body { font: 15px/1.4 system-ui, sans-serif; margin: 2rem; color: #1b1f24; }
table { border-collapse: collapse; }
th, td { padding: .3rem .8rem; border-bottom: 1px solid #d0d7de; text-align: right; vertical-align: top; }
th[scope="row"], thead th:first-child, td.text { text-align: left; }
tr.missing { background: #ffebe9; }
tr.ok td:last-child { color: #1a7f37; }
tr.missing td:last-child { color: #cf222e; font-weight: 600; }
code { font-size: 13px; }
ol.steps { margin: .2rem 0 1rem; }
details { margin: .3rem 0; }
</style>`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escapeHtml(title)}</title>
${STYLE}
</head>
<body>
${body}
</body>
</html>
`;
}

function list(items: string[]): string {
  return items.length
    ? `<ul>\n${items.map((l) => `<li><code>${escapeHtml(l)}</code></li>`).join('\n')}\n</ul>`
    : '<p>None.</p>';
}

/** The overview page: the same table (each machine linking to its own page), the exclusions, what is missing. */
export function formatHtml(coverage: Coverage, generatedAt?: string): string {
  const e = escapeHtml;
  const rows = coverage.rows
    .map((row) => {
      const cells = tableCells(row)
        .map((cell, i) =>
          i === 0 ? `<th scope="row"><a href="machines/${e(cell)}.html">${e(cell)}</a></th>` : `<td>${e(cell)}</td>`,
        )
        .join('');
      return `<tr class="${row.ok ? 'ok' : 'missing'}">${cells}</tr>`;
    })
    .join('\n');
  const uncovered = uncoveredLines(coverage);
  return page(
    'Model coverage',
    `<h1>Model coverage</h1>
<p>${e(coverage.ok ? 'Everything is covered.' : 'Coverage is incomplete.')}${generatedAt ? ` <small>${e(generatedAt)}</small>` : ''}</p>
<table>
<thead><tr>${TABLE_HEADER.map((h) => `<th scope="col">${e(h)}</th>`).join('')}</tr></thead>
<tbody>
${rows}
</tbody>
</table>
<h2>Exclusions</h2>
${list(coverage.exclusions.length ? exclusionLines(coverage) : [])}
${uncovered.length ? `<h2>Uncovered</h2>\n${list(uncovered)}` : ''}`,
  );
}

function stepsHtml(steps: { event: string; state: unknown }[] | undefined): string {
  if (!steps?.length) return '<p>(the start alone)</p>';
  return `<ol class="steps">${steps
    .map((s) => `<li><code>${escapeHtml(s.event)}</code> ⇒ <code>${escapeHtml(JSON.stringify(s.state))}</code></li>`)
    .join('')}</ol>`;
}

/** One machine's page: its transitions, pairs, sneak events, guards, and every path with its steps. */
export function formatMachineHtml(
  row: CoverageRow,
  report: MachineReportFile | undefined,
  browserPaths: BrowserPathFile[] | undefined,
  generatedAt?: string,
): string {
  const e = escapeHtml;
  const browserTaken = new Set((browserPaths ?? []).flatMap((p) => p.transitions ?? []));
  const excluded = new Map((row.browser?.excluded ?? []).map((x) => [x.key, x.reason]));
  const transitions = (report?.transitions ?? [])
    .map((t) => {
      const browser =
        row.browser === null
          ? '—'
          : browserTaken.has(t.key)
            ? 'yes'
            : excluded.has(t.key)
              ? `excluded: ${excluded.get(t.key)}`
              : 'NO';
      return `<tr><td class="text"><code>${e(t.label ?? t.key)}</code></td><td>${t.covered ? 'yes' : 'NO'}</td><td class="text">${e(browser)}</td></tr>`;
    })
    .join('\n');
  const guards = Object.entries(row.guards.tally)
    .map(([name, seen]) => `<tr><th scope="row">${e(name)}</th><td>${seen.true}</td><td>${seen.false}</td></tr>`)
    .join('\n');
  const infeasible = (report?.pairs?.infeasible ?? []).map((p) => `${p.label}: ${p.reason}`);
  const machinePaths = (report?.pathList ?? [])
    .map(
      (p) =>
        `<details><summary><code>${e(p.name)}</code></summary><p><code>${e(p.command)}</code></p>${stepsHtml(p.steps)}</details>`,
    )
    .join('\n');
  const browser = (browserPaths ?? [])
    .map(
      (p) =>
        `<details><summary><code>${e(p.title ?? '')}</code></summary>${p.command ? `<p><code>${e(p.command)}</code></p>` : ''}${stepsHtml(p.steps)}</details>`,
    )
    .join('\n');
  return page(
    `Model coverage: ${row.machine}`,
    `<p><a href="../coverage.html">All machines</a></p>
<h1>${e(row.machine)}: ${row.ok ? 'ok' : 'MISSING'}</h1>
${generatedAt ? `<p><small>${e(generatedAt)}</small></p>` : ''}
<p>${e(
      tableCells(row)
        .slice(1, -1)
        .map((cell, i) => `${TABLE_HEADER[i + 1]}: ${cell}`)
        .join(' · '),
    )}</p>
<h2>Transitions</h2>
<table><thead><tr><th scope="col">transition</th><th scope="col">machine level</th><th scope="col">browser</th></tr></thead>
<tbody>
${transitions}
</tbody></table>
<h2>Transition pairs</h2>
<p>${e(`${row.pairs.covered}/${row.pairs.feasible} feasible pairs taken; ${row.pairs.infeasible} proven infeasible.`)}</p>
<h3>Missed</h3>
${list(row.pairs.missed)}
<h3>Proven infeasible</h3>
${list(infeasible)}
<h2>Sneak paths</h2>
<p>${e(`${row.sneak.checked} unhandled events sent in reachable states; ${row.sneak.failures.length} changed something.`)}</p>
${row.sneak.failures.length ? list(row.sneak.failures) : ''}
<h2>Guards</h2>
<table><thead><tr><th scope="col">guard</th><th scope="col">seen true</th><th scope="col">seen false</th></tr></thead>
<tbody>
${guards}
</tbody></table>
${row.guards.missing.length ? `<h3>Never seen</h3>\n${list(row.guards.missing)}` : ''}
${row.guards.excluded.length ? `<h3>Excluded</h3>\n${list(row.guards.excluded.map((x) => `${x.outcome}: ${x.reason}`))}` : ''}
<h2>Machine-level paths (${report?.pathList?.length ?? 0})</h2>
${machinePaths || '<p>None recorded.</p>'}
<h2>Browser paths (${browserPaths?.length ?? 0})</h2>
${row.browser === null ? '<p>No browser model for this machine yet.</p>' : browser || '<p>None recorded.</p>'}`,
  );
}
