/**
 * Files a reader can hold in their head: no source file over 460 lines and no test file over 700
 * (docs/architecture.md#every-folder names where each part lives; split a file by what it holds, not by line count).
 */
import { describe, expect, it } from 'vitest';
import { SOURCE_FOLDERS, filesUnder, readCode } from './code-files';

const SOURCE_MAX_LINES = 460;
const TEST_MAX_LINES = 700;

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
});
