/**
 * One file-name case per folder (docs/decisions/0041-a-feature-lives-together.md): the lint rule reads a file's
 * siblings and refuses a name whose case differs from theirs. Planted files are linted as text, never written.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it, vi } from 'vitest';
import { caseOf } from '../../eslint.file-names.js';

vi.setConfig({ testTimeout: 60_000 });

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const eslint = new ESLint({ cwd: root });

async function caseReports(relativePath: string): Promise<string[]> {
  const [result] = await eslint.lintText('export const planted = 1;\n', { filePath: path.join(root, relativePath) });
  return result!.messages.filter((m) => m.ruleId === 'file-names/one-case-per-folder').map((m) => m.message);
}

describe('the case of a name', () => {
  it.each([
    ['email-change.ts', 'kebab'],
    ['orderView.ts', 'camel'],
    ['Login.wiring.ts', 'camel'],
    ['0001_users_sessions.ts', 'snake'],
    ['routes.ts', null],
    ['README.md', null],
  ])('%s is %s', (name, expected) => {
    expect(caseOf(name)).toBe(expected);
  });
});

describe('the rule', () => {
  it('refuses a camelCase name among kebab-case ones', async () => {
    const reports = await caseReports('tests/server/plantedName.test.ts');
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatch(/this name is camelCase and .*-.* (is|are) not/);
  });

  it('refuses a kebab-case name among PascalCase ones', async () => {
    expect(await caseReports('src/components/planted-name.tsx')).toHaveLength(1);
  });

  it('accepts a name in its folder’s case, and a one-word name anywhere', async () => {
    expect(await caseReports('tests/server/planted-name.test.ts')).toEqual([]);
    expect(await caseReports('src/components/PlantedName.tsx')).toEqual([]);
    expect(await caseReports('src/components/planted.tsx')).toEqual([]);
  });
});
