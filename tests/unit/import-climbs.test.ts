/**
 * No import climbs two folders into another (`../../http/errors`): a file deeper down reaches another part of its own top-level folder by
 * name (`#server/http/errors`), which says where the import lands and survives the file's move
 * (docs/architecture.md, "Layers and the direction of imports").
 */
import { expect, it } from 'vitest';
import { filesUnder, readCode } from './code-files';
const FOLDERS = ['domain', 'machines', 'scripts', 'server', 'src', 'tests', 'toolkit'];
/** Its fixtures are imports that must be refused, climbs included. */
const FIXTURES = 'tests/unit/import-boundaries.test.ts';
/** Climbing into a folder; the root's own files (vite.config.ts) have no name to import them by. */
const CLIMB = /(?:from|import)\s*\(?\s*'\.\.\/\.\.\/[^'/]+\//;

it('no import climbs two folders', () => {
  const climbing = FOLDERS.flatMap(filesUnder)
    .filter((path) => path !== FIXTURES)
    .filter((path) => CLIMB.test(readCode(path)));
  expect(climbing).toEqual([]);
});
