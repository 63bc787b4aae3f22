// The score of each mutation run (`npm run test:mutation`), from the JSON reports StrykerJS wrote under
// reports/mutation/<target>/, against the `thresholds.break` of the target's config. Exits 1 when a report is
// missing or a score is below its target. A report older than MUTATION_STARTED (seconds since the epoch, set by
// scripts/mutation.sh) is an earlier run's: an interrupted run writes none, and its results so far are only in the
// incremental file.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const COUNTED = ['Killed', 'Timeout', 'Survived', 'NoCoverage'];
let failed = false;
for (const target of process.argv.slice(2)) {
  const { default: config } = await import(pathToFileURL(`stryker.${target}.config.mjs`).href);
  const file = config.jsonReporter.fileName;
  const breakAt = config.thresholds.break;
  if (!existsSync(file)) {
    console.log(`${target}: no report at ${file}`);
    failed = true;
    continue;
  }
  if (statSync(file).mtimeMs < Number(process.env.MUTATION_STARTED ?? 0) * 1000) {
    console.log(
      `FAIL  ${target}: the run did not finish, so it wrote no report; its results so far are kept in ` +
        `mutation/${target}.json.gz (${file} is an earlier run's)`,
    );
    failed = true;
    continue;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const counts = {};
  for (const { mutants } of Object.values(report.files)) {
    for (const { status } of mutants) counts[status] = (counts[status] ?? 0) + 1;
  }
  const n = (status) => counts[status] ?? 0;
  const detected = n('Killed') + n('Timeout');
  const valid = COUNTED.reduce((sum, status) => sum + n(status), 0);
  const score = valid === 0 ? 100 : (100 * detected) / valid;
  const ok = score >= breakAt;
  failed ||= !ok;
  const others = Object.keys(counts)
    .filter((status) => !COUNTED.includes(status))
    .map((status) => `, ${n(status)} ${status}`)
    .join('');
  console.log(
    `${ok ? 'PASS' : 'FAIL'}  ${target}: ${score.toFixed(2)} % of mutants detected (target ${breakAt} %): ` +
      `${n('Killed')} killed, ${n('Timeout')} timed out, ${n('Survived')} survived, ${n('NoCoverage')} without ` +
      `coverage${others}; report ${config.htmlReporter.fileName}`,
  );
}
process.exit(failed ? 1 : 0);
