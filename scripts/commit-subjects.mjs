// Commit subjects are at most 72 characters, the detail in the body (CONTRIBUTING.md, "How to write the commit").
// `node scripts/commit-subjects.mjs`: checks every commit since the rule began; `npm test` runs it.
// `node scripts/commit-subjects.mjs FILE`: checks one message about to be committed (.githooks/commit-msg).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const MAX = 72;
/** The first commit written under the rule; the ones before it are history, not rewritten. */
const RULE_BEGAN = '1470e4f';

const git = (...args) => execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });

function subjects() {
  const known = (() => {
    try {
      git('cat-file', '-e', `${RULE_BEGAN}^{commit}`);
      return true;
    } catch {
      return false;
    }
  })();
  // A shallow clone may not reach back to the rule's start: all it holds is newer.
  const range = known ? [`${RULE_BEGAN}^..HEAD`] : ['HEAD'];
  return git('log', '--format=%h %s', ...range)
    .split('\n')
    .filter(Boolean)
    .map((line) => ({ commit: line.slice(0, line.indexOf(' ')), subject: line.slice(line.indexOf(' ') + 1) }));
}

const file = process.argv[2];
const checked = file ? [{ commit: 'this commit', subject: readFileSync(file, 'utf8').split('\n')[0] }] : subjects();
const long = checked.filter(({ subject }) => [...subject].length > MAX);
for (const { commit, subject } of long) {
  console.error(`${commit}: the subject is ${[...subject].length} characters, over ${MAX}: ${subject}`);
}
if (long.length > 0) {
  console.error('Put the detail in the body, after a blank line (CONTRIBUTING.md).');
  process.exit(1);
}
if (!file) console.log(`commit subjects: ${checked.length} checked, none over ${MAX} characters`);
