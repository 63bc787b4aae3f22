/**
 * `npm run model:report` (the last step of `npm run test:model`): which transitions of every machine the
 * model-based suites took, at machine level (reports/model/machines/<id>.json) and in the browser
 * (reports/model/browser/<id>/path-N.json). Prints a table and every uncovered transition, writes
 * reports/model/coverage.json and reports/model/coverage.html, and exits 1 unless everything is covered.
 * The logic is toolkit/report.ts; the defined transitions come from the real machines.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type BrowserPathFile,
  computeCoverage,
  definedTransitions,
  formatHtml,
  formatText,
  type MachineReportFile,
} from '../toolkit';
import { loadMachines } from './diagrams';

/** The machines the browser suite (tests/e2e/model/) maps: each must be fully covered in the browser too. */
const BROWSER_MAPPED = [
  'app',
  'appStart',
  'auth',
  'login',
  'register',
  'consent',
  'toasts',
  'wizard',
  'googleSignIn',
  'officeQueue',
  'officeStaff',
  'download',
] as const;

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

const machines = (await loadMachines()).map(({ machine }) => ({
  id: machine.id,
  defined: definedTransitions(machine),
}));

const machineReports: Record<string, MachineReportFile | undefined> = {};
const browserReports: Record<string, BrowserPathFile[] | undefined> = {};
for (const { id } of machines) {
  const file = join(REPORTS, 'machines', `${id}.json`);
  if (existsSync(file)) machineReports[id] = readJson<MachineReportFile>(file);
  const folder = join(REPORTS, 'browser', id);
  if (existsSync(folder)) {
    browserReports[id] = readdirSync(folder)
      .filter((name) => name.endsWith('.json'))
      .sort()
      .map((name) => readJson<BrowserPathFile>(join(folder, name)))
      .filter((report): report is BrowserPathFile => report !== undefined);
  }
}

const coverage = computeCoverage({ machines, machineReports, browserReports, browserMapped: BROWSER_MAPPED });
const generatedAt = new Date().toISOString();
mkdirSync(REPORTS, { recursive: true });
writeFileSync(join(REPORTS, 'coverage.json'), JSON.stringify({ generatedAt, ...coverage }, null, 2) + '\n');
writeFileSync(join(REPORTS, 'coverage.html'), formatHtml(coverage, generatedAt));

console.log(formatText(coverage));
console.log('\nWritten: reports/model/coverage.json, reports/model/coverage.html');
process.exitCode = coverage.ok ? 0 : 1;
