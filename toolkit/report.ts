/**
 * The model-based coverage report, as pure functions (the caller reads and writes the files): which of
 * the transitions each machine defines were taken by the machine-level path tests (one report per
 * machine) and by the browser suite (one report per browser path).
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
  transitions?: string[];
}

export interface CoverageInput {
  /** Every machine, with the transitions it defines today. */
  machines: { id: string; defined: DefinedTransition[] }[];
  /** Machine-level reports by machine id (absent: never run). */
  machineReports: Record<string, MachineReportFile | undefined>;
  /** Browser path reports by machine id (absent or empty: never run). */
  browserReports: Record<string, BrowserPathFile[] | undefined>;
  /** The machine ids the browser suite must cover too; none when absent. */
  browserMapped?: readonly string[];
}

export interface LevelCoverage {
  covered: number;
  /** Labels of the defined transitions not taken, in definition order. */
  missed: string[];
  /** Why nothing could be read, when there was no usable report. */
  problem?: string;
}

export interface CoverageRow {
  machine: string;
  defined: number;
  machineLevel: LevelCoverage;
  /** null: the browser suite does not map this machine. */
  browser: (LevelCoverage & { paths: number }) | null;
  ok: boolean;
}

export interface Coverage {
  ok: boolean;
  rows: CoverageRow[];
}

function level(defined: DefinedTransition[], taken: Set<string>, problem?: string): LevelCoverage {
  const missed = defined.filter((t) => !taken.has(t.key)).map((t) => t.label);
  return { covered: defined.length - missed.length, missed, ...(problem ? { problem } : {}) };
}

function machineLevel(defined: DefinedTransition[], report: MachineReportFile | undefined): LevelCoverage {
  if (!report) return level(defined, new Set(), 'no machine-level report (npx vitest run tests/machines)');
  if (!Array.isArray(report.transitions)) {
    return level(defined, new Set(), 'the machine-level report lists no transitions (stale: rerun the path tests)');
  }
  return level(defined, new Set(report.transitions.filter((t) => t.covered).map((t) => t.key)));
}

function browserLevel(defined: DefinedTransition[], paths: BrowserPathFile[] | undefined): LevelCoverage {
  if (!paths || paths.length === 0) {
    return level(defined, new Set(), 'no browser report (npx playwright test tests/e2e/model.spec.ts)');
  }
  return level(defined, new Set(paths.flatMap((path) => path.transitions ?? [])));
}

/** The coverage of every machine, at machine level and, for the mapped machines, in the browser. */
export function computeCoverage(input: CoverageInput): Coverage {
  const mapped = new Set(input.browserMapped ?? []);
  const rows = [...input.machines]
    .sort((a, b) => a.id.localeCompare(b.id))
    .map(({ id, defined }): CoverageRow => {
      const machine = machineLevel(defined, input.machineReports[id]);
      const paths = input.browserReports[id];
      const browser = mapped.has(id) ? { ...browserLevel(defined, paths), paths: paths?.length ?? 0 } : null;
      const ok = machine.covered === defined.length && (browser === null || browser.covered === defined.length);
      return { machine: id, defined: defined.length, machineLevel: machine, browser, ok };
    });
  // A mapped machine that does not exist any more is a mistake in `browserMapped`, not silently fine.
  for (const id of mapped) {
    if (!input.machines.some((m) => m.id === id)) {
      rows.push({
        machine: id,
        defined: 0,
        machineLevel: { covered: 0, missed: [], problem: 'no such machine in machines/' },
        browser: { covered: 0, missed: [], paths: 0, problem: 'no such machine in machines/' },
        ok: false,
      });
    }
  }
  return { ok: rows.every((row) => row.ok), rows };
}

function fraction(covered: number, defined: number): string {
  return `${covered}/${defined}`;
}

/** The table's cells: machine, defined, machine level, browser ('—' when not mapped), verdict. */
export function tableCells(row: CoverageRow): string[] {
  return [
    row.machine,
    String(row.defined),
    fraction(row.machineLevel.covered, row.defined),
    row.browser ? fraction(row.browser.covered, row.defined) : '—',
    row.ok ? 'ok' : 'MISSING',
  ];
}

export const TABLE_HEADER = ['machine', 'defined', 'machine level', 'browser', ''];

/** Every uncovered transition, one line each, named by its label (or why a level has no report). */
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
  }
  return lines;
}

/** The report as text: an aligned table, then the uncovered transitions, then the verdict. */
export function formatText(coverage: Coverage): string {
  const table = [TABLE_HEADER, ...coverage.rows.map(tableCells)];
  const widths = TABLE_HEADER.map((_, column) => Math.max(...table.map((cells) => [...cells[column]!].length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
      .join('  ')
      .trimEnd();
  const out = [line(table[0]!), widths.map((w) => '-'.repeat(w)).join('  '), ...table.slice(1).map(line)];
  const uncovered = uncoveredLines(coverage);
  if (uncovered.length > 0) out.push('', 'Uncovered transitions:', ...uncovered.map((l) => `  ${l}`));
  out.push(
    '',
    coverage.ok
      ? 'Every transition is covered at machine level, and in the browser for every browser-mapped machine.'
      : `Coverage is incomplete: ${coverage.rows.filter((r) => !r.ok).length} machine(s) have uncovered transitions.`,
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

/** A small self-contained HTML page with the same table and lists. */
export function formatHtml(coverage: Coverage, generatedAt?: string): string {
  const e = escapeHtml;
  const rows = coverage.rows
    .map((row) => {
      const cells = tableCells(row)
        .map((cell, i) => (i === 0 ? `<th scope="row">${e(cell)}</th>` : `<td>${e(cell)}</td>`))
        .join('');
      return `<tr class="${row.ok ? 'ok' : 'missing'}">${cells}</tr>`;
    })
    .join('\n');
  const uncovered = uncoveredLines(coverage);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Model coverage</title>
<style>
body { font: 15px/1.4 system-ui, sans-serif; margin: 2rem; color: #1b1f24; }
table { border-collapse: collapse; }
th, td { padding: .3rem .8rem; border-bottom: 1px solid #d0d7de; text-align: right; }
th[scope="row"], thead th:first-child { text-align: left; }
tr.missing { background: #ffebe9; }
tr.ok td:last-child { color: #1a7f37; }
tr.missing td:last-child { color: #cf222e; font-weight: 600; }
code { font-size: 13px; }
</style>
</head>
<body>
<h1>Model coverage</h1>
<p>${e(coverage.ok ? 'Every transition is covered.' : 'Coverage is incomplete.')}${generatedAt ? ` <small>${e(generatedAt)}</small>` : ''}</p>
<table>
<thead><tr>${TABLE_HEADER.map((h) => `<th scope="col">${e(h)}</th>`).join('')}</tr></thead>
<tbody>
${rows}
</tbody>
</table>
${uncovered.length ? `<h2>Uncovered transitions</h2>\n<ul>\n${uncovered.map((l) => `<li><code>${e(l)}</code></li>`).join('\n')}\n</ul>` : ''}
</body>
</html>
`;
}
