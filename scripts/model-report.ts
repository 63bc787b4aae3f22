/**
 * `npm run model:report` (the last step of `npm run test:model`): what the model-based suites covered of every
 * machine, from reports/model/machines/<id>.json (the machine-level suites: transitions, transition pairs,
 * sneak events, guard outcomes) and reports/model/browser/<id>/path-N.json (the browser paths), against the
 * machines as they are now and the reviewed exclusions (tests/e2e/model/exclusions.ts). Prints a table, the
 * exclusions and everything missing; writes reports/model/coverage.json, reports/model/coverage.html and a
 * page per machine (reports/model/machines/<id>.html, with every path's steps); exits 1 unless everything is
 * covered. `--machine <name>` reports on that machine alone. The counting is toolkit/coverage.ts, the printing
 * toolkit/report.ts and toolkit/report-html.ts.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EXCLUSIONS } from '#tests/e2e/model/exclusions';
import {
  type BrowserPathFile,
  computeCoverage,
  definedTransitions,
  formatHtml,
  formatMachineHtml,
  formatText,
  guardInventory,
  type MachineReportFile,
} from '#toolkit';
import { loadMachines } from './diagrams';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const REPORTS = join(ROOT, 'reports', 'model');

function readJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch (error) {
    console.warn(`ignoring ${file.slice(ROOT.length + 1)}: ${(error as Error).message}`);
    return undefined;
  }
}

function option(name: string): string | undefined {
  const args = process.argv.slice(2);
  const at = args.indexOf(name);
  if (at === -1) return undefined;
  const value = args[at + 1];
  if (!value || value.startsWith('--')) throw new Error(`${name} needs a value`);
  return value;
}

const all = (await loadMachines()).map(({ machine }) => ({
  id: machine.id,
  defined: definedTransitions(machine),
  guards: guardInventory(machine).named,
}));
const only = option('--machine');
if (only !== undefined && !all.some((m) => m.id === only)) {
  console.error(`No machine '${only}'. The machines: ${all.map((m) => m.id).join(', ')}`);
  process.exit(2);
}
const machines = only === undefined ? all : all.filter((m) => m.id === only);

// Every machine has a browser model (tests/e2e/model/<id>.model.ts) and must be covered in the browser too,
// less the reviewed exclusions: a machine without any browser report counts as nothing covered there.
const browserMapped = all.map((m) => m.id);

const machineReports: Record<string, MachineReportFile | undefined> = {};
const browserReports: Record<string, BrowserPathFile[] | undefined> = {};
for (const { id } of machines) {
  const file = join(REPORTS, 'machines', `${id}.json`);
  if (existsSync(file)) machineReports[id] = readJson<MachineReportFile>(file);
  const folder = join(REPORTS, 'browser', id);
  if (existsSync(folder)) {
    browserReports[id] = readdirSync(folder)
      .filter((name) => name.endsWith('.json'))
      .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))
      .map((name) => readJson<BrowserPathFile>(join(folder, name)))
      .filter((report): report is BrowserPathFile => report !== undefined);
  }
}

const coverage = computeCoverage({
  machines,
  machineReports,
  browserReports,
  browserMapped: only === undefined ? browserMapped : browserMapped.filter((id) => id === only),
  exclusions: only === undefined ? EXCLUSIONS : EXCLUSIONS.filter((e) => e.machine === only),
});
const generatedAt = new Date().toISOString();
mkdirSync(join(REPORTS, 'machines'), { recursive: true });
writeFileSync(join(REPORTS, 'coverage.json'), JSON.stringify({ generatedAt, ...coverage }, null, 2) + '\n');
writeFileSync(join(REPORTS, 'coverage.html'), formatHtml(coverage, generatedAt));
for (const row of coverage.rows) {
  if (!machines.some((m) => m.id === row.machine)) continue;
  writeFileSync(
    join(REPORTS, 'machines', `${row.machine}.html`),
    formatMachineHtml(row, machineReports[row.machine], browserReports[row.machine], generatedAt),
  );
}

console.log(formatText(coverage));
console.log('\nWritten: reports/model/coverage.json, reports/model/coverage.html, reports/model/machines/<id>.html');
process.exitCode = coverage.ok ? 0 : 1;
