import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { pastKillers, readPastKillers } from '../server/past-killers';

const results = {
  testFiles: {
    'tests/server/small.test.ts': { tests: [{ id: '1' }, { id: '2' }] },
    'tests/server/large.test.ts': { tests: [{ id: '3' }, { id: '4' }, { id: '5' }, { id: '6' }] },
  },
  files: {
    'server/a.ts': {
      mutants: [
        { status: 'Killed', killedBy: ['1'] },
        { status: 'Killed', killedBy: ['3'] },
        { status: 'Killed', killedBy: ['4'] },
        { status: 'Survived' },
        // Killed by a test no longer kept: it names no file.
        { status: 'Killed', killedBy: ['99'] },
      ],
    },
    'server/b.ts': { mutants: [{ status: 'Survived' }, { status: 'Timeout' }] },
  },
};

describe('the test files that killed each source file’s mutants', () => {
  it('counts each file’s kills per test it holds, and leaves out sources nothing killed', () => {
    expect(pastKillers(results)).toEqual(
      new Map([
        [
          'server/a.ts',
          new Map([
            ['tests/server/small.test.ts', 1 / 2],
            ['tests/server/large.test.ts', 2 / 4],
          ]),
        ],
      ]),
    );
  });

  it('reads the kept results under a root, and none where there are none or they cannot be read', () => {
    const root = mkdtempSync(join(tmpdir(), 'storefront-past-killers-'));
    expect(readPastKillers(root)).toEqual(new Map());
    mkdirSync(join(root, 'mutation'));
    writeFileSync(join(root, 'mutation', 'server.json.gz'), 'not gzip');
    expect(readPastKillers(root)).toEqual(new Map());
    writeFileSync(join(root, 'mutation', 'server.json.gz'), gzipSync(JSON.stringify(results)));
    expect(readPastKillers(root).get('server/a.ts')?.get('tests/server/small.test.ts')).toBe(1 / 2);
    rmSync(root, { recursive: true });
  });
});
