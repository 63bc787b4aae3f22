// Prints the one closing line CI reads: 'tests: N passed, N failed', summed over the vitest runs and Playwright.
// A report that is missing counts as a failure: its suite never finished.
import { existsSync, readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;
const missing = [];

const read = (file) => {
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8'));
  missing.push(file);
  return undefined;
};

for (const file of ['reports/vitest.json', 'reports/vitest-postgres.json']) {
  const report = read(file);
  if (!report) continue;
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + report.numTodoTests;
}

const playwright = read('reports/playwright.json');
if (playwright) {
  const { stats } = playwright;
  passed += stats.expected + stats.flaky;
  failed += stats.unexpected;
  skipped += stats.skipped;
}

console.log(
  `tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}` +
    (missing.length ? ` (no report: ${missing.join(', ')})` : ''),
);
process.exit(failed > 0 || passed === 0 || missing.length > 0 ? 1 : 0);
