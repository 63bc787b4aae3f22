/** What `npm run lighthouse` (scripts/lighthouse.ts) prints and keeps: the table, the misses and the reports. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import type { Result } from 'lighthouse';
import { CATEGORIES, type Category, NOT_FOUND_BY_DESIGN, type Run, TARGETS, excused } from './targets';

const REPORT_DIR = resolve('reports/lighthouse');

/** The scored run's reports (HTML, and the JSON result) in REPORT_DIR, named after the page and form factor. */
export function writeReport(run: Run): void {
  mkdirSync(REPORT_DIR, { recursive: true });
  const slug = run.page.replace(/[^a-z0-9]+/gi, '-');
  writeFileSync(join(REPORT_DIR, `${slug}-${run.formFactor}.html`), run.html);
  writeFileSync(join(REPORT_DIR, `${slug}-${run.formFactor}.json`), JSON.stringify(run.lhr));
  if (run.trace) writeFileSync(join(REPORT_DIR, `${slug}-${run.formFactor}.trace.json`), JSON.stringify(run.trace));
}

/** The observed (unthrottled) and simulated (scored) metrics, from Lighthouse's `metrics` audit. */
export function metric(lhr: Result, name: string): number | undefined {
  const details = lhr.audits.metrics?.details as { items?: Array<Record<string, number>> } | undefined;
  return details?.items?.[0]?.[name];
}

const ms = (value: number | undefined) => (value === undefined ? '–' : `${Math.round(value)} ms`);

interface FailedAudit {
  id: string;
  title: string;
  score: number;
  value: string;
}

interface Miss {
  run: Run;
  category: Category;
  /** The audits the category weighs that did not pass: what cost the points (for performance, the metrics). */
  audits: FailedAudit[];
  /** Performance only: the insights and diagnostics that did not pass. They weigh nothing, but say where to look. */
  hints: FailedAudit[];
}

function misses(run: Run): Miss[] {
  const found: Miss[] = [];
  for (const category of CATEGORIES) {
    if (run.scores[category] >= TARGETS[run.formFactor][category]) continue;
    const refs = run.lhr.categories[category]?.auditRefs ?? [];
    const failing = (weighted: boolean): FailedAudit[] =>
      refs
        // Unweighted audits in the 'hidden' group (time to interactive, max potential FID) appear nowhere.
        .filter((ref) => ref.weight > 0 === weighted && ref.group !== 'hidden')
        .filter((ref) => !excused(run, category, ref.id))
        .map((ref) => run.lhr.audits[ref.id]!)
        .filter(
          (audit) =>
            audit.score !== null &&
            audit.score < 1 &&
            !['informative', 'notApplicable', 'manual'].includes(audit.scoreDisplayMode),
        )
        .map((audit) => ({ id: audit.id, title: audit.title, score: audit.score!, value: audit.displayValue ?? '' }));
    found.push({ run, category, audits: failing(true), hints: category === 'performance' ? failing(false) : [] });
  }
  return found;
}

function printAudits(heading: string, audits: FailedAudit[]): void {
  if (audits.length === 0) return;
  console.log(`  ${heading}`);
  for (const audit of audits) {
    const value = audit.value ? ` (${audit.value})` : '';
    console.log(`    ${audit.id.padEnd(34)} ${String(audit.score).padEnd(5)} ${audit.title}${value}`);
  }
}

export function report(runs: Run[], seconds: number): boolean {
  // A Markdown table, to paste as it is.
  const row = (cells: Array<string | number>) => console.log(`| ${cells.join(' | ')} |`);
  console.log('');
  row([
    'page',
    'path',
    'form factor',
    ...CATEGORIES,
    'LCP observed',
    'LCP simulated (scored)',
    'performance of each run',
    'targets',
  ]);
  row(['---', '---', '---', ...CATEGORIES.map(() => '---:'), '---:', '---:', '---', '---']);
  for (const run of runs) {
    const met = CATEGORIES.every((category) => run.scores[category] >= TARGETS[run.formFactor][category]);
    row([
      run.page,
      `\`${run.path}\``,
      run.formFactor,
      ...CATEGORIES.map(
        (category) => `${run.scores[category]}${run.notFound && NOT_FOUND_BY_DESIGN[category] ? '*' : ''}`,
      ),
      ms(metric(run.lhr, 'observedLargestContentfulPaint')),
      ms(metric(run.lhr, 'largestContentfulPaint')),
      run.performances.join(', '),
      met ? 'met' : 'MISSED',
    ]);
  }

  if (runs.some((run) => run.notFound)) {
    const left = Object.entries(NOT_FOUND_BY_DESIGN).map(([category, ids]) => `${category}: ${ids.join(', ')}`);
    console.log(`\n* the 404 page answers 404 and noindex on purpose; these scores leave out ${left.join('; ')}`);
  }
  console.log(
    '\nLCP element of each run (as the page itself saw it), and when the page was ready (splash and spinners gone):',
  );
  for (const run of runs) {
    const lcp = run.lcp;
    const where = lcp
      ? `${lcp.element} at ${lcp.time} ms${lcp.inSplash ? '  <-- THE SPLASH, not the page' : ''}`
      : '(none)';
    console.log(`  ${`${run.page}, ${run.formFactor}`.padEnd(24)} ready at ${run.readyMs} ms; LCP ${where}`);
    if (run.offsite.length > 0) console.log(`    requests off this server: ${run.offsite.join(', ')}`);
  }

  const missed = runs.flatMap(misses);
  for (const miss of missed) {
    const target = TARGETS[miss.run.formFactor][miss.category];
    const { page, path, formFactor, scores } = miss.run;
    console.log(`\nMISSED ${page} (${path}), ${formFactor}: ${miss.category} ${scores[miss.category]} < ${target}`);
    printAudits('failing audits (id, score, title):', miss.audits);
    printAudits('not passed, weighing nothing (where to look):', miss.hints);
  }
  const splashRuns = runs.filter((run) => run.lcp?.inSplash);
  console.log(
    `\n${runs.length} runs in ${Math.round(seconds)} s (at the end: ${load()}). Targets: desktop 100 in all four; ` +
      `mobile performance ≥ 95 and 100 in the other three. ` +
      `${missed.length === 0 ? 'Every target met.' : `${missed.length} targets missed.`}` +
      (splashRuns.length > 0 ? ` Runs whose LCP element is the splash: ${splashRuns.length}.` : '') +
      ` Reports: ${REPORT_DIR}/`,
  );
  return missed.length === 0;
}

/**
 * The machine's 1-minute load average against its cores. Every timing Lighthouse scores is derived from the CPU
 * time the page took here (multiplied by 4 on mobile), so a busy machine scores lower: say how busy it was.
 */
export function load(): string {
  return `load ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores`;
}
