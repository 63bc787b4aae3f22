/**
 * Every fixed text of the server is read word for word by tests/server/texts.test.ts (docs/testing.md#mutation-testing):
 * a text set when its module loads is otherwise only compared with its own constant, and an emptied constant
 * passes such a test. A new text that is not read there fails here, by name.
 */
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { filesUnder, readCode } from './code-files';

/** Top-level strings of more than one word that are code, not words a person reads. */
const NOT_WORDS = new Set([
  'USER_RELATIONS', // SQL (server/ops/postgres.ts)
  'OTHER_CLIENTS', // SQL (server/ops/live-site.ts)
  'STYLE', // CSS of the sandbox payment page
  'IMMUTABLE_CACHE', // a Cache-Control value
  'SQLITE_MAGIC', // the first bytes of a SQLite file
]);

/** The names of the top-level constants of `source` that hold a text of more than one word. */
function fixedTexts(path: string, source: string): string[] {
  const file = ts.createSourceFile(path, source, ts.ScriptTarget.Latest, true);
  return file.statements.filter(ts.isVariableStatement).flatMap((statement) =>
    statement.declarationList.declarations.flatMap((declaration) => {
      const value = declaration.initializer;
      if (!value || !ts.isIdentifier(declaration.name) || NOT_WORDS.has(declaration.name.text)) return [];
      const text = ts.isStringLiteral(value) || ts.isTemplateLiteral(value) ? value.getText(file) : '';
      return text.length >= 10 && /\w\s+\w/.test(text) ? [declaration.name.text] : [];
    }),
  );
}

/** The texts of `source` that `pins` (the texts test's source) does not read as `<module>.<NAME>)`. */
function unread(path: string, source: string, pins: string): string[] {
  return fixedTexts(path, source).filter((name) => !pins.includes(`.${name})`));
}

/** The server's files that load in production: not the development helpers, not the entry point's wiring. */
const serverFiles = () =>
  filesUnder('server').filter((path) => !path.startsWith('server/dev/') && path !== 'server/main.ts');

describe('every fixed text of the server is read word for word', () => {
  it('finds a text of several words, in quotes or a template, and not a key, a number or code', () => {
    const source = [
      "export const GONE_TEXT = 'This order is gone for good.';",
      'const NAME_TEXT = `Please name it (1 to ${MAX} characters).`;',
      "export const SITE_KEY = 'site';",
      'const MAX = 60;',
      "const STYLE = 'body { margin: 0; padding: 0; color: red }';",
      "function f() { const INNER_TEXT = 'Not at the top level, so not fixed at load.'; }",
    ].join('\n');
    expect(fixedTexts('x.ts', source)).toEqual(['GONE_TEXT', 'NAME_TEXT']);
    expect(unread('x.ts', source, "expect(x.GONE_TEXT).toBe('This order is gone for good.');")).toEqual(['NAME_TEXT']);
  });

  it('in server/ as it stands', () => {
    const pins = readCode('tests/server/texts.test.ts');
    const missing = serverFiles().flatMap((path) =>
      unread(path, readCode(path), pins).map((name) => `${path}: ${name}`),
    );
    expect(missing).toEqual([]);
  });
});
