/**
 * Files a reader can hold in their head: no source file over 460 lines and no test file over 700
 * (docs/architecture.md#every-folder names where each part lives; split a file by what it holds, not by line count).
 * And few mutants waved through: a `Stryker disable` comment is for an equivalent mutant only, with its reason.
 */
import { describe, expect, it } from 'vitest';
import { SOURCE_FOLDERS, filesUnder, readCode } from './code-files';

const SOURCE_MAX_LINES = 460;
const TEST_MAX_LINES = 700;
const STRYKER_DISABLES_MAX = 5;

const lines = (path: string) => readCode(path).split('\n').length - 1;
const over = (folders: string[], max: number) =>
  folders
    .flatMap(filesUnder)
    .map((path) => ({ path, lines: lines(path) }))
    .filter((file) => file.lines > max);

describe('file sizes', () => {
  it(`no source file is over ${SOURCE_MAX_LINES} lines`, () => {
    expect(over(SOURCE_FOLDERS, SOURCE_MAX_LINES)).toEqual([]);
  });

  it(`no test file is over ${TEST_MAX_LINES} lines`, () => {
    expect(over(['tests'], TEST_MAX_LINES)).toEqual([]);
  });

  const disables = () =>
    [...SOURCE_FOLDERS, 'tests'].flatMap(filesUnder).flatMap((path) =>
      readCode(path)
        .split('\n')
        .filter((line) => /\/\/\s*Stryker disable/.test(line))
        .map((line) => ({ path, line: line.trim() })),
    );

  it(`at most ${STRYKER_DISABLES_MAX} Stryker-disable comments in the whole project`, () => {
    expect(disables().length).toBeLessThanOrEqual(STRYKER_DISABLES_MAX);
  });

  it('each Stryker-disable comment names its mutators and says why the mutant changes nothing', () => {
    // `// Stryker disable next-line StringLiteral: <why>`, the form StrykerJS reads and a reviewer can judge.
    const withReason = /\/\/\s*Stryker disable(?: next-line)? [\w,]+: \S.{9,}/;
    expect(disables().filter(({ line }) => !withReason.test(line))).toEqual([]);
  });
});
