/**
 * Files a reader can hold in their head: no source file over 460 lines and no test file over 700
 * (docs/architecture.md#every-folder names where each part lives; split a file by what it holds, not by line count).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const CODE = /\.(ts|tsx|mjs)$/;
const SOURCE_MAX_LINES = 460;
const TEST_MAX_LINES = 700;

function filesUnder(folder: string): string[] {
  return readdirSync(join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = `${folder}/${entry.name}`;
    if (entry.isDirectory()) return filesUnder(path);
    return CODE.test(entry.name) ? [path] : [];
  });
}

const lines = (path: string) => readFileSync(join(root, path), 'utf8').split('\n').length - 1;
const over = (folders: string[], max: number) =>
  folders
    .flatMap(filesUnder)
    .map((path) => ({ path, lines: lines(path) }))
    .filter((file) => file.lines > max);

describe('file sizes', () => {
  it(`no source file is over ${SOURCE_MAX_LINES} lines`, () => {
    expect(over(['server', 'src', 'machines', 'domain', 'toolkit', 'scripts'], SOURCE_MAX_LINES)).toEqual([]);
  });

  it(`no test file is over ${TEST_MAX_LINES} lines`, () => {
    expect(over(['tests'], TEST_MAX_LINES)).toEqual([]);
  });
});
