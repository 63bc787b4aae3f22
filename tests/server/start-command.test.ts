/** startCommand: how the bench and the process tests start the server exactly as `npm start` does. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startCommand } from '#scripts/start-command.mjs';

const root = mkdtempSync(join(tmpdir(), 'storefront-start-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function withStart(start: string) {
  writeFileSync(join(root, 'package.json'), JSON.stringify({ scripts: { start } }));
  return () => startCommand(root);
}

describe('startCommand', () => {
  it("reads this project's start script: the allocator's setting, the GC flags, the entry", () => {
    expect(startCommand()).toEqual({
      env: { MALLOC_ARENA_MAX: '2' },
      args: ['--max-semi-space-size=2', '--heap-growing-percent=25', 'scripts/start.mjs'],
    });
  });

  it('takes any number of variables and flags, none included', () => {
    expect(withStart('node scripts/start.mjs')()).toEqual({ env: {}, args: ['scripts/start.mjs'] });
    expect(withStart('A=1 B_2=x=y node --a=1 --b-c=2 scripts/start.mjs')()).toEqual({
      env: { A: '1', B_2: 'x=y' },
      args: ['--a=1', '--b-c=2', 'scripts/start.mjs'],
    });
  });

  it('refuses a start script it cannot repeat exactly, rather than start something else', () => {
    for (const start of [
      'tsx server/main.ts',
      'node --inspect scripts/start.mjs',
      'node scripts/start.mjs && x',
      'a=1 node scripts/start.mjs',
    ]) {
      expect(withStart(start), start).toThrow(/is not "\[NAME=value …\] node \[--flag=value …\] scripts\/start\.mjs"/);
    }
  });
});
