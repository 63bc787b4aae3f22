/**
 * No import climbs two folders into another (`../../http/errors`): a file deeper down reaches another part of its own top-level folder by
 * name (`#server/http/errors`), which says where the import lands and survives the file's move
 * (docs/architecture.md, "Layers and the direction of imports").
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const FOLDERS = ['domain', 'machines', 'scripts', 'server', 'src', 'tests', 'toolkit'];
/** Its fixtures are imports that must be refused, climbs included. */
const FIXTURES = 'tests/unit/import-boundaries.test.ts';
/** Climbing into a folder; the root's own files (vite.config.ts) have no name to import them by. */
const CLIMB = /(?:from|import)\s*\(?\s*'\.\.\/\.\.\/[^'/]+\//;

function filesUnder(folder: string): string[] {
  return readdirSync(join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = `${folder}/${entry.name}`;
    if (entry.isDirectory()) return filesUnder(path);
    return /\.(ts|tsx|mjs)$/.test(entry.name) ? [path] : [];
  });
}

it('no import climbs two folders', () => {
  const climbing = FOLDERS.flatMap(filesUnder)
    .filter((path) => path !== FIXTURES)
    .filter((path) => CLIMB.test(readFileSync(join(root, path), 'utf8')));
  expect(climbing).toEqual([]);
});
