// How `npm start` starts `node`, read from package.json's start script, their one place: the environment it sets
// for the C library's allocator and the garbage collector's flags (docs/decisions/0015-memory-under-load.md),
// and the entry. The bench and the tests that run the server as a process start it with exactly these.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const START = /^((?:[A-Z][A-Z0-9_]*=\S+ )*)node((?: --[\w-]+=\S+)*) (scripts\/start\.mjs)$/;

/** `{ env, args }`: the variables to add to the environment, and node's arguments. */
export function startCommand(root = process.cwd()) {
  const { scripts } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const match = START.exec(scripts.start);
  if (!match) {
    throw new Error(
      `package.json's start script is not "[NAME=value …] node [--flag=value …] scripts/start.mjs": ${scripts.start}`,
    );
  }
  const words = (text) => text.split(' ').filter((word) => word !== '');
  const env = Object.fromEntries(words(match[1]).map((assignment) => assignment.split(/=(.*)/s).slice(0, 2)));
  return { env, args: [...words(match[2]), match[3]] };
}
