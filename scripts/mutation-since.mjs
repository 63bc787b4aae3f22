// Which lines of a mutation target changed since a git revision (`npm run test:mutation -- --since main`,
// scripts/mutation.sh): prints StrykerJS `--mutate` entries, comma-separated, one `file:first-last` per changed
// run of lines that the target's `mutate` globs cover (a new file whole). Prints nothing when the target is
// untouched. Usage: node scripts/mutation-since.mjs <target> <revision>
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { matchesGlob } from 'node:path';
import { pathToFileURL } from 'node:url';

const [target, revision] = process.argv.slice(2);
if (!target || !revision) {
  console.error('usage: node scripts/mutation-since.mjs <target> <revision>');
  process.exit(2);
}
const { default: config } = await import(pathToFileURL(`stryker.${target}.config.mjs`).href);
const globs = config.mutate.filter((glob) => !glob.startsWith('!'));
const negated = config.mutate.filter((glob) => glob.startsWith('!')).map((glob) => glob.slice(1));
const inTarget = (file) =>
  existsSync(file) && globs.some((glob) => matchesGlob(file, glob)) && !negated.some((glob) => matchesGlob(file, glob));

const git = (...args) => execFileSync('git', args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });

/** The revision against the working tree (commits since it, staged and unstaged changes), without context. */
function changedRanges() {
  const ranges = [];
  let file;
  for (const line of git('diff', '--unified=0', '--no-color', '--no-renames', revision, '--').split('\n')) {
    if (line.startsWith('+++ ')) file = line === '+++ /dev/null' ? undefined : line.slice('+++ b/'.length);
    const hunk = /^@@ -\S+ \+(\d+)(?:,(\d+))? @@/.exec(line);
    if (!hunk || !file) continue;
    const first = Number(hunk[1]);
    const count = hunk[2] === undefined ? 1 : Number(hunk[2]);
    // A hunk that only removes lines changes the meaning of the lines around the gap: test those two.
    ranges.push(count === 0 ? `${file}:${Math.max(first, 1)}-${first + 1}` : `${file}:${first}-${first + count - 1}`);
  }
  return ranges;
}

const untracked = git('ls-files', '--others', '--exclude-standard').split('\n').filter(Boolean);
const entries = [...changedRanges(), ...untracked].filter((entry) => inTarget(entry.replace(/:[\d-]+$/, '')));
console.log(entries.join(','));
