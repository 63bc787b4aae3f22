/**
 * What `npm run backup` and `npm run restore` share as commands: their arguments (FILE, and --force for the
 * restore), the configuration read like the server reads it, and exit codes an operator's script can test
 * (docs/operating.md, "Backups and restore"). The work itself is in sqlite.ts and postgres.ts beside this file.
 */
import { loadConfig, type Config } from '../config';
import { ConfigError } from '../config-values';

/** A failure the operator can act on: printed as its message alone, without a stack. */
export class OpsError extends Error {
  override name = 'OpsError';
}

const EXIT_OK = 0;
/** Refused or failed: a non-empty target, an unreachable database, an unwritable path, a file that is no backup. */
const EXIT_FAILED = 1;
/** The command line itself is wrong (printed with the usage). */
const EXIT_USAGE = 2;

export interface OpsArgs {
  file: string;
  force: boolean;
}

/** FILE (exactly one) and, when `allowForce`, --force; anything else is a usage error. */
function parseArgs(argv: readonly string[], allowForce: boolean): OpsArgs | string {
  const files: string[] = [];
  let force = false;
  for (const arg of argv) {
    if (arg === '--force' && allowForce) force = true;
    else if (arg.startsWith('-') && arg !== '-') return `Unknown option "${arg}".`;
    else files.push(arg);
  }
  const [file, ...more] = files;
  if (file === undefined || file.trim() === '') return 'Say which FILE.';
  if (more.length > 0) return `One FILE only, got ${files.length}: ${files.join(' ')}.`;
  return { file, force };
}

/**
 * Runs `work` with the parsed arguments and the configuration, and sets the exit code: 0 done, 1 refused or
 * failed (OpsError, ConfigError: the message alone), 2 wrong command line (with `usage`). Anything else is a
 * bug and is printed with its stack.
 */
export function runOpsCommand(
  name: string,
  usage: string,
  allowForce: boolean,
  work: (args: OpsArgs, config: Config) => Promise<void>,
): void {
  const args = parseArgs(process.argv.slice(2), allowForce);
  if (typeof args === 'string') {
    console.error(`${name}: ${args}\n\n${usage}`);
    process.exitCode = EXIT_USAGE;
    return;
  }
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`${name}: configuration error: ${error.message}`);
    process.exitCode = EXIT_FAILED;
    return;
  }
  work(args, config).then(
    () => {
      process.exitCode = EXIT_OK;
    },
    (error: unknown) => {
      if (error instanceof OpsError) console.error(`${name}: ${error.message}`);
      else console.error(`${name} failed:`, error);
      process.exitCode = EXIT_FAILED;
    },
  );
}

/** "12.3 MB in 1.20 s": what the operator reads after each run (and what docs/operating.md quotes). */
export function sizeAndTime(bytes: number, startedAt: number): string {
  const megabytes = bytes / 1_000_000;
  const seconds = (performance.now() - startedAt) / 1000;
  return `${megabytes.toFixed(megabytes < 10 ? 2 : 1)} MB in ${seconds.toFixed(2)} s`;
}
