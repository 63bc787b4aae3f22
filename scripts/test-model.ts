/**
 * `npm run test:model [-- --machine <name>]`: the model-based suites, then the coverage report.
 *
 * Without `--machine`: every machine-level suite (vitest, tests/machines), the browser model suite (Playwright,
 * tests/e2e/model.spec.ts, after building the client and the server), then scripts/model-report.ts.
 *
 * With `--machine <name>` (a machine id or the stem of its file in machines/, e.g. `login`): that machine's
 * machine-level suites (`vitest -t '^<id>: '`), its browser paths if it has a browser model
 * (`playwright -g 'model: <id> #'`), then the report on that machine alone. An unknown name fails with the list.
 *
 * Stops at the first step that fails, like the `&&` chain it replaces.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { escapeRegExp } from '#toolkit';
import { loadMachines } from './diagrams';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const REPORTS = join(ROOT, 'reports', 'model');

function run(command: string, args: string[]): void {
  console.log(`\n$ ${[command, ...args].map((a) => (/^[\w./:=@-]+$/.test(a) ? a : `'${a}'`)).join(' ')}`);
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function machineArgument(argv: string[]): string | undefined {
  for (const [i, arg] of argv.entries()) {
    if (arg.startsWith('--machine=')) return arg.slice('--machine='.length);
    if (arg === '--machine') {
      const value = argv[i + 1];
      if (!value || value.startsWith('--')) fail('--machine needs a name');
      return value;
    }
  }
  const unknown = argv.filter((arg) => arg.startsWith('--'));
  if (unknown.length > 0) fail(`unknown option ${unknown.join(' ')} (only --machine <name>)`);
  return undefined;
}

function fail(message: string): never {
  console.error(`test:model: ${message}`);
  process.exit(2);
}

const name = machineArgument(process.argv.slice(2));

function buildAndBrowser(grep?: string): void {
  run('bash', ['scripts/ensure-chromium.sh']);
  run('npx', ['vite', 'build']);
  run('npm', ['run', '--silent', 'build:server']);
  run('npx', ['playwright', 'test', 'tests/e2e/model.spec.ts', ...(grep ? ['-g', grep] : [])]);
}

if (name === undefined) {
  // Reports from an earlier run must not count for this one.
  rmSync(REPORTS, { recursive: true, force: true });
  run('npx', ['vitest', 'run', 'tests/machines']);
  buildAndBrowser();
  run('npx', ['tsx', 'scripts/model-report.ts']);
} else {
  const found = await loadMachines();
  const machine = found.find(({ machine, file }) => machine.id === name || basename(file, '.machine.ts') === name);
  if (!machine) {
    const names = found.map(({ machine, file }) => {
      const stem = basename(file, '.machine.ts');
      return stem === machine.id ? machine.id : `${machine.id} (${stem})`;
    });
    fail(`no machine '${name}'. The machines: ${names.join(', ')}`);
  }
  const id = machine.machine.id;
  rmSync(join(REPORTS, 'machines', `${id}.json`), { force: true });
  rmSync(join(REPORTS, 'machines', `${id}.html`), { force: true });
  rmSync(join(REPORTS, 'browser', id), { recursive: true, force: true });
  // The test files that import the machine (all of tests/machines if none does), filtered to its suites.
  const stem = basename(machine.file, '.machine.ts');
  const files = readdirSync(join(ROOT, 'tests', 'machines'))
    .filter((file) => file.endsWith('.test.ts'))
    .map((file) => `tests/machines/${file}`)
    .filter((file) => readFileSync(join(ROOT, file), 'utf8').includes(`/machines/${stem}.machine'`));
  run('npx', ['vitest', 'run', ...(files.length ? files : ['tests/machines']), '-t', `^${escapeRegExp(id)}: `]);
  if (existsSync(join(ROOT, 'tests', 'e2e', 'model', `${id}.model.ts`))) {
    buildAndBrowser(`model: ${escapeRegExp(id)} #`);
  } else {
    console.log(`\n${id} has no browser model yet (tests/e2e/model/${id}.model.ts): no browser paths to run.`);
  }
  run('npx', ['tsx', 'scripts/model-report.ts', '--machine', id]);
}
