/**
 * The model coverage report as text (scripts/model-report.ts prints it): an aligned table, the exclusions,
 * everything missing one line each, and the verdict. The numbers come from coverage.ts.
 */
import { type Coverage, type CoverageRow, type LevelCoverage, isTransitionExclusion } from './coverage';

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
