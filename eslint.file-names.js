// One file-name case per folder (docs/decisions/0041-a-feature-lives-together.md): a folder's files are all
// kebab-case (`email-change.ts`), all camelCase or PascalCase (`orderView.ts`, `Login.tsx`), or all snake_case
// (the numbered migrations). A name of one lower-case word (`routes.ts`) or in capitals (`README.md`) fits any
// of them. The case is read from the part of the name before its first dot, so `Login.wiring.ts` is PascalCase.
import { readdirSync } from 'node:fs';
import path from 'node:path';

/** The case of a file's name: 'kebab', 'camel', 'snake', or null for a name that fits any case. */
export function caseOf(fileName) {
  const stem = fileName.split('.')[0];
  if (stem === '' || stem === stem.toUpperCase()) return null;
  if (stem.includes('-')) return 'kebab';
  if (stem.includes('_')) return 'snake';
  if (/[A-Z]/.test(stem)) return 'camel';
  return null;
}

const CASE_NAMES = { kebab: 'kebab-case', camel: 'camelCase', snake: 'snake_case' };

const oneCasePerFolder = {
  meta: {
    type: 'suggestion',
    docs: { description: 'A folder names its files in one case' },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const own = caseOf(path.basename(file));
    if (own === null) return {};
    let siblings;
    try {
      siblings = readdirSync(path.dirname(file), { withFileTypes: true });
    } catch {
      return {};
    }
    const others = siblings
      .filter((entry) => entry.isFile() && !entry.name.startsWith('.') && entry.name !== path.basename(file))
      .filter((entry) => {
        const theirs = caseOf(entry.name);
        return theirs !== null && theirs !== own;
      })
      .map((entry) => entry.name);
    if (others.length === 0) return {};
    return {
      Program(node) {
        context.report({
          node,
          message: `This folder names its files in one case, but this name is ${CASE_NAMES[own]} and ${others
            .slice(0, 3)
            .join(', ')} ${others.length === 1 ? 'is' : 'are'} not: rename one side.`,
        });
      },
    };
  },
};

export default { meta: { name: 'file-names' }, rules: { 'one-case-per-folder': oneCasePerFolder } };
