// The arguments `npm start` gives `node`: the garbage collector's flags (docs/decisions/0015-memory-under-load.md)
// and the entry, read from package.json's start script, their one place. The bench and the tests that run the
// server as a process start it with exactly these.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const START = /^node((?: --[\w-]+=\S+)*) (scripts\/start\.mjs)$/;

export function startCommand(root = process.cwd()) {
  const { scripts } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const match = START.exec(scripts.start);
  if (!match)
    throw new Error(`package.json's start script is not "node [--flag=value …] scripts/start.mjs": ${scripts.start}`);
  return [...match[1].split(' ').filter((flag) => flag !== ''), match[2]];
}
