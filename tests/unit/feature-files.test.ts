/**
 * A feature lives together under one name (docs/decisions/0041-a-feature-lives-together.md). The authenticator
 * app, the largest feature, is the measure: one search for its stem finds its source files, at most 15 of them in
 * at most 6 folders, and no file goes by its old names.
 */
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const SOURCE_FOLDERS = ['domain', 'machines', 'server', 'src'];
const FEATURE_FILES_MAX = 15;
const FEATURE_FOLDERS_MAX = 6;

/** Every file under a folder, as a path from the repository's root. */
function filesUnder(folder: string): string[] {
  return readdirSync(join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = `${folder}/${entry.name}`;
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

const named = (pattern: RegExp, folders: string[]) => folders.flatMap(filesUnder).filter((path) => pattern.test(path));

describe('the two-factor feature', () => {
  const files = named(/two-?factor/i, SOURCE_FOLDERS);

  it(`is at most ${FEATURE_FILES_MAX} source files in at most ${FEATURE_FOLDERS_MAX} folders`, () => {
    expect(files.length).toBeGreaterThan(0);
    expect(files.length).toBeLessThanOrEqual(FEATURE_FILES_MAX);
    expect(new Set(files.map(dirname)).size).toBeLessThanOrEqual(FEATURE_FOLDERS_MAX);
  });

  it('has every layer under its one stem: contract, machine, server, client, view and its tests', () => {
    const everywhere = named(/two-?factor/i, [...SOURCE_FOLDERS, 'tests']);
    for (const layer of [
      'domain/',
      'machines/',
      'server/two-factor/',
      'server/ways-in/',
      'src/api/',
      'src/components/',
    ])
      expect(everywhere.some((path) => path.startsWith(layer))).toBe(true);
    for (const kind of ['tests/machines/', 'tests/server/', 'tests/e2e/'])
      expect(everywhere.some((path) => path.startsWith(kind))).toBe(true);
  });

  it('goes by no other name in its paths', () => {
    expect(named(/totp/i, [...SOURCE_FOLDERS, 'tests', 'docs/machines'])).toEqual([]);
  });
});
