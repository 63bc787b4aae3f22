/**
 * The shape of a server resource (docs/decisions/0041-a-feature-lives-together.md): SQL only in repositories
 * (and the plumbing of server/db/ and the backups of server/ops/), routers short with handlers that only read,
 * call and answer, and no two resources importing each other. Each rule is a function of a file's path and
 * text, so that each is also run on a planted bad example: a check that cannot fail proves nothing.
 */
import { dirname, join, normalize } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { filesUnder, readCode } from './code-files';

/** A router factory, and any other function of a routes file, is at most this long (lines). */
const ROUTER_LINES = 60;
/** A handler written inline in a route (`routes.get('/x', async (c) => …)`) is at most this long (lines). */
const HANDLER_LINES = 15;

/** Kysely's query builders, and a prepared statement (better-sqlite3, the statement cache). */
const SQL_CALLS = new Set([
  'selectFrom',
  'insertInto',
  'updateTable',
  'deleteFrom',
  'replaceInto',
  'mergeInto',
  'with',
]);
const PREPARE = 'prepare';
/** The methods of a Hono router whose function arguments are its handlers. */
const ROUTE_METHODS = new Set(['get', 'post', 'put', 'patch', 'delete', 'on', 'all']);

const parse = (path: string, text: string) => ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);

function walk(node: ts.Node, visit: (node: ts.Node) => void): void {
  visit(node);
  node.forEachChild((child) => walk(child, visit));
}

const lineOf = (file: ts.SourceFile, position: number) => file.getLineAndCharacterOfPosition(position).line + 1;
const linesOf = (file: ts.SourceFile, node: ts.Node) =>
  lineOf(file, node.getEnd()) - lineOf(file, node.getStart(file)) + 1;

/** Where SQL may be written: repositories, the database's plumbing and migrations, the backups. */
export function mayHoldSql(path: string): boolean {
  const name = path.split('/').at(-1)!;
  return (
    name === 'repository.ts' ||
    name.endsWith('-repository.ts') ||
    path.startsWith('server/db/') ||
    path.startsWith('server/ops/')
  );
}

/**
 * A `.prepare(` call prepares a statement when it is given one thing, the statement, that is not plain text
 * other than SQL: the ways in also `prepare('sign_in')` a ticket and `prepare(userId, kind)` an e-mailed code.
 */
function preparesSql(call: ts.CallExpression): boolean {
  if (call.arguments.length !== 1) return false;
  const [statement] = call.arguments;
  if (!ts.isStringLiteral(statement!)) return true;
  return /^\s*(SELECT|INSERT|UPDATE|DELETE|REPLACE|WITH|BEGIN|COMMIT|ROLLBACK|CREATE|DROP|ALTER|PRAGMA)\b/i.test(
    statement.text,
  );
}

/** Each SQL of a file, as `path:line what`: builder calls, prepared statements, `sql` templates. */
export function sqlIn(path: string, text: string): string[] {
  const file = parse(path, text);
  const found: string[] = [];
  walk(file, (node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const name = node.expression.name.text;
      if (SQL_CALLS.has(name) || (name === PREPARE && preparesSql(node))) {
        found.push(`${path}:${lineOf(file, node.getStart(file))} .${name}(`);
      }
    }
    if (ts.isTaggedTemplateExpression(node) && ts.isIdentifier(node.tag) && node.tag.text === 'sql') {
      found.push(`${path}:${lineOf(file, node.getStart(file))} sql\``);
    }
  });
  return found;
}

export const isRoutesFile = (path: string) => /(^|\/)(routes|[a-z0-9-]+-routes)\.ts$/.test(path);

/** The functions of a routes file over ROUTER_LINES, and its inline handlers over HANDLER_LINES. */
export function longInRoutes(path: string, text: string): string[] {
  const file = parse(path, text);
  const found: string[] = [];
  walk(file, (node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body !== undefined) {
      const lines = linesOf(file, node);
      if (lines > ROUTER_LINES) found.push(`${path}:${lineOf(file, node.getStart(file))} a function of ${lines} lines`);
    }
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      ROUTE_METHODS.has(node.expression.name.text)
    ) {
      for (const argument of node.arguments) {
        if (!ts.isArrowFunction(argument) && !ts.isFunctionExpression(argument)) continue;
        const lines = linesOf(file, argument);
        if (lines > HANDLER_LINES) {
          found.push(`${path}:${lineOf(file, argument.getStart(file))} a handler of ${lines} lines`);
        }
      }
    }
  });
  return found;
}

/** The resource a server file belongs to: its first folder under server/; null for server/'s own files. */
export function resourceOf(path: string): string | null {
  const parts = path.split('/');
  return parts[0] === 'server' && parts.length > 2 ? parts[1]! : null;
}

/** The repository path an import specifier of `path` lands on (relative, or by `#server/…` name); null outside. */
function landing(path: string, specifier: string): string | null {
  if (specifier.startsWith('#server/')) return `server/${specifier.slice('#server/'.length)}`;
  if (!specifier.startsWith('.')) return null;
  return normalize(join(dirname(path), specifier))
    .split('\\')
    .join('/');
}

/** The other resources a server file imports (static, `export … from`, dynamic `import()`, `import type`). */
export function resourcesImported(path: string, text: string): string[] {
  const own = resourceOf(path);
  const imported = ts.preProcessFile(text, true, true).importedFiles.map((entry) => entry.fileName);
  const targets = imported.map((specifier) => landing(path, specifier)).map((target) => target && resourceOf(target));
  return [...new Set(targets.filter((target): target is string => target !== null && target !== own))];
}

/** The pairs of resources that import each other, each once: `a <-> b` (a before b). */
export function mutualImports(files: { path: string; text: string }[]): string[] {
  const edges = new Set<string>();
  for (const { path, text } of files) {
    const own = resourceOf(path);
    if (own === null) continue;
    for (const target of resourcesImported(path, text)) edges.add(`${own}->${target}`);
  }
  const pairs = [...edges]
    .map((edge) => edge.split('->') as [string, string])
    .filter(([from, to]) => from < to && edges.has(`${to}->${from}`))
    .map(([from, to]) => `${from} <-> ${to}`);
  return pairs.sort();
}

const serverFiles = filesUnder('server').map((path) => ({ path, text: readCode(path) }));

describe('SQL only in repositories', () => {
  it('finds builder calls, prepared statements and sql templates, not words in comments', () => {
    const sample = [
      "import { sql } from 'kysely';",
      '// A comment naming db.selectFrom( is no query.',
      "export const a = (db) => db.selectFrom('users').selectAll().execute();",
      "export const b = (trx) => trx\n  .insertInto('x')\n  .values({})\n  .execute();",
      'export const c = (db) => sql<number>`SELECT 1`.execute(db);',
      "export const d = (sqlite) => sqlite.prepare('DELETE FROM limits');",
      "export const g = (tickets, codes) => [tickets.prepare('sign_in'), codes.prepare(id, 'verify_email')];",
      "export const e = (db) => db.with('t', (q) => q).selectFrom('t');",
      "export const f = 'text'.startsWith('with');",
    ].join('\n');
    expect(sqlIn('server/planted/rules.ts', sample)).toEqual([
      'server/planted/rules.ts:3 .selectFrom(',
      'server/planted/rules.ts:4 .insertInto(',
      'server/planted/rules.ts:8 sql`',
      'server/planted/rules.ts:9 .prepare(',
      'server/planted/rules.ts:11 .selectFrom(',
      'server/planted/rules.ts:11 .with(',
    ]);
  });

  it('knows where SQL may be written', () => {
    expect(mayHoldSql('server/orders/repository.ts')).toBe(true);
    expect(mayHoldSql('server/mail/queue-repository.ts')).toBe(true);
    expect(mayHoldSql('server/db/migrations/0001_users_sessions.ts')).toBe(true);
    expect(mayHoldSql('server/ops/sqlite.ts')).toBe(true);
    expect(mayHoldSql('server/orders/actions.ts')).toBe(false);
    expect(mayHoldSql('server/repository-rules.ts')).toBe(false);
  });

  it('no server file outside them holds SQL', () => {
    const found = serverFiles.filter(({ path }) => !mayHoldSql(path)).flatMap(({ path, text }) => sqlIn(path, text));
    expect(found).toEqual([]);
  });
});

describe('routers are short', () => {
  const handlerOf = (lines: number) =>
    `  routes.post('/x', auth, async (c) => {\n${'    work();\n'.repeat(lines - 2)}  });`;
  const routerWith = (body: string) =>
    `export function plantedRoutes() {\n  const routes = new Hono();\n${body}\n  return routes;\n}\n`;

  it(`finds a handler over ${HANDLER_LINES} lines and a router over ${ROUTER_LINES}`, () => {
    expect(longInRoutes('server/planted/routes.ts', routerWith(handlerOf(HANDLER_LINES)))).toEqual([]);
    expect(longInRoutes('server/planted/routes.ts', routerWith(handlerOf(HANDLER_LINES + 1)))).toEqual([
      `server/planted/routes.ts:3 a handler of ${HANDLER_LINES + 1} lines`,
    ]);
    const long = routerWith(Array.from({ length: 6 }, () => handlerOf(10)).join('\n'));
    expect(longInRoutes('server/planted/routes.ts', long)).toEqual([
      `server/planted/routes.ts:1 a function of ${6 * 10 + 4} lines`,
    ]);
  });

  it('judges routes.ts and *-routes.ts files only', () => {
    expect(
      ['server/a/routes.ts', 'server/a/sandbox-routes.ts', 'server/body-limit-routes.ts'].map(isRoutesFile),
    ).toEqual([true, true, true]);
    expect(['server/a/route-rules.ts', 'server/a/routesafe.ts'].map(isRoutesFile)).toEqual([false, false]);
  });

  it(`no router function over ${ROUTER_LINES} lines, no inline handler over ${HANDLER_LINES}`, () => {
    const found = serverFiles
      .filter(({ path }) => isRoutesFile(path))
      .flatMap(({ path, text }) => longInRoutes(path, text));
    expect(found).toEqual([]);
  });
});

describe('no two resources import each other', () => {
  it('finds a pair, whatever the spelling of the import', () => {
    const planted = [
      { path: 'server/alpha/wire.ts', text: "import { b } from '../beta/wire';\nexport const a = b;\n" },
      { path: 'server/beta/deep/wire.ts', text: "export const load = () => import('#server/alpha/wire');\n" },
      { path: 'server/gamma/x.ts', text: "export type { A } from '../alpha/wire';\n" },
      // server/'s own files compose the resources: they are no resource.
      { path: 'server/app.ts', text: "import { a } from './alpha/wire';\n" },
      { path: 'server/alpha/app-use.ts', text: "import { app } from '../app';\n" },
    ];
    expect(mutualImports(planted)).toEqual(['alpha <-> beta']);
    expect(resourcesImported('server/gamma/x.ts', planted[2]!.text)).toEqual(['alpha']);
  });

  it('in server/ as it stands', () => {
    expect(mutualImports(serverFiles)).toEqual([]);
  });
});
