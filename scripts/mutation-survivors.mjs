// Where a mutation target's last run left a mutant alive (`npm run test:mutation -- server --survivors`,
// scripts/mutation.sh): prints StrykerJS `--mutate` entries, comma-separated, one `file:line:column-line:column`
// per surviving or uncovered mutant. Incremental mode re-runs a survivor only when its code or a test that covered
// it changed, so a new test in another file never reaches it; run with `--force`, these are judged again against
// every test. StrykerJS also takes the other mutants whose code lies wholly inside such a range (the other
// mutators of the same expression, and those inside a block a mutant emptied). Usage:
// node scripts/mutation-survivors.mjs <target>
import { existsSync, readFileSync } from 'node:fs';

const [target] = process.argv.slice(2);
if (!target) {
  console.error('usage: node scripts/mutation-survivors.mjs <target>');
  process.exit(2);
}
const results = `reports/mutation/${target}/stryker-incremental.json`;
if (!existsSync(results)) {
  console.error(`${results}: no results of an earlier run`);
  process.exit(2);
}
const ALIVE = new Set(['Survived', 'NoCoverage']);
const entries = new Set();
for (const [file, { mutants }] of Object.entries(JSON.parse(readFileSync(results, 'utf8')).files)) {
  if (!existsSync(file)) continue;
  for (const { status, location } of mutants) {
    if (!ALIVE.has(status)) continue;
    // The report counts lines and columns from 1; a `--mutate` range counts lines from 1 and columns from 0.
    const { start, end } = location;
    entries.add(`${file}:${start.line}:${start.column - 1}-${end.line}:${end.column}`);
  }
}
console.log([...entries].join(','));
