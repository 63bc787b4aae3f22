/**
 * Functions a reader can follow at once: in the source, at most 10 functions over 80 lines and none over 120;
 * in the tests, no single test over 120 lines (split it into tests that each prove one thing, or name its
 * setup). A long function is split by concern, as a long file is (docs/architecture.md#every-folder).
 */
import { describe, expect, it } from 'vitest';
import { SOURCE_FOLDERS, filesUnder, readCode } from './code-files';
import { type Measured, measureFunctions, measureTests } from './function-lengths';

const LONG = 80;
const LONG_ALLOWED = 10;
const MAX = 120;

const codeFiles = (folders: string[]) => folders.flatMap(filesUnder).filter((path) => !path.endsWith('.d.ts'));
const listed = (found: Measured[]) =>
  found
    .sort((a, b) => b.lines - a.lines)
    .map((m) => `${m.file}:${m.line} ${m.name} (${m.lines} lines)`)
    .join('\n');

describe('function sizes', () => {
  const functions = codeFiles(SOURCE_FOLDERS).flatMap((path) => measureFunctions(path, readCode(path)));

  it(`at most ${LONG_ALLOWED} source functions are over ${LONG} lines`, () => {
    const long = functions.filter((m) => m.lines > LONG);
    expect(long.length, `functions over ${LONG} lines:\n${listed(long)}`).toBeLessThanOrEqual(LONG_ALLOWED);
  });

  it(`no source function is over ${MAX} lines`, () => {
    const tooLong = functions.filter((m) => m.lines > MAX);
    expect(listed(tooLong), `functions over ${MAX} lines`).toBe('');
  });

  it(`no test is over ${MAX} lines`, () => {
    const tests = codeFiles(['tests']).flatMap((path) => measureTests(path, readCode(path)));
    const tooLong = tests.filter((m) => m.lines > MAX);
    expect(listed(tooLong), `tests over ${MAX} lines`).toBe('');
  });
});
