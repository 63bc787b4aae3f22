/**
 * The layers' boundaries hold (docs/architecture.md, "Layers and the direction of imports";
 * docs/decisions/0002-shared-domain-and-one-way-imports.md): a file planted in each top-level folder with a
 * wrong-way import, or a global of the wrong runtime, fails ESLint with the folder's own message, and the
 * imports a folder is allowed pass. The same split holds for types: each layer's tsconfig leaves out the
 * other runtime's declarations, so a DOM name in server/ or a Node name in src/ does not compile.
 *
 * The planted files are never written: ESLint and TypeScript are given their text under a path in the folder, so
 * no test run sees a source folder change under it (a server process would rebuild the compiled server).
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import ts from 'typescript';
import { describe, expect, it, vi } from 'vitest';

// Loading the TypeScript parser and the lib declarations takes seconds on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const eslint = new ESLint({ cwd: root });
const DECISION = 'docs/decisions/0002-shared-domain-and-one-way-imports.md';
const OUR_RULES = new Set(['layers/imports', 'no-restricted-globals']);

/** A path for a file in `folder` that does not exist: the checks below are given its text, never a file. */
function plantedPath(folder: string): string {
  return path.join(root, folder, `__planted_${randomBytes(6).toString('hex')}.ts`);
}

/**
 * ESLint's messages for `code` as if it were a file in `folder`. Linted as text, never written: a file appearing
 * in server/, domain/ or machines/ would make the compiled server look stale to the server processes other test
 * files start meanwhile, and one of them would rebuild it under the others.
 */
async function lintAsIfIn(folder: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: plantedPath(folder) });
  return result!.messages;
}

/** The reports of the boundary rules on `code` as a file in `folder`. */
async function boundaryReports(folder: string, code: string) {
  return lintAsIfIn(folder, code).then((messages) =>
    messages
      .filter((message) => message.ruleId !== null && OUR_RULES.has(message.ruleId))
      .map(({ ruleId, message, severity }) => ({ ruleId, message, severity })),
  );
}

describe('a wrong-way import fails lint with the layer rule', () => {
  const cases: { folder: string; code: string; says: string; refused: string }[] = [
    {
      folder: 'server',
      code: "import { get } from '../src/api/http';\nexport { get };\n",
      says: 'server/ imports only domain/',
      refused: '../src/api/http',
    },
    {
      folder: 'server/office',
      code: "export const load = () => import('../../machines/auth.machine');\n",
      says: 'server/ imports only domain/',
      refused: '../../machines/auth.machine',
    },
    {
      folder: 'server/office',
      code: "export { orderMachineButNotThisOne } from '../../machines/order.machine.extra';\n",
      says: 'server/ imports only domain/',
      refused: '../../machines/order.machine.extra',
    },
    {
      folder: 'machines',
      code: "import { useAppActors } from '../src/common/hooks';\nexport { useAppActors };\n",
      says: 'machines/ imports only domain/',
      refused: '../src/common/hooks',
    },
    {
      folder: 'machines',
      code: "export type App = typeof import('../server/app');\n",
      says: 'machines/ imports only domain/',
      refused: '../server/app',
    },
    {
      folder: 'machines',
      code: "import { useSelector } from '@xstate/react';\nexport { useSelector };\n",
      says: 'machines/ imports only domain/',
      refused: '@xstate/react',
    },
    {
      folder: 'domain',
      code: "export * from '../machines/auth.machine';\n",
      says: 'domain/ imports nothing of the project',
      refused: '../machines/auth.machine',
    },
    {
      folder: 'src',
      code: "import type { Hono } from '../server/app';\nexport type { Hono };\n",
      says: 'src/ imports only machines/ and domain/',
      refused: '../server/app',
    },
    {
      folder: 'src/pages',
      code: "import { readFileSync } from 'node:fs';\nexport { readFileSync };\n",
      says: 'src/ imports only machines/ and domain/',
      refused: 'node:fs',
    },
    {
      folder: 'toolkit',
      code: "import { get } from '../src/api/http';\nexport { get };\n",
      says: 'toolkit/ imports nothing of the project',
      refused: '../src/api/http',
    },
    {
      folder: 'toolkit',
      code: "import { company } from '../domain/company';\nexport { company };\n",
      says: 'toolkit/ imports nothing of the project',
      refused: '../domain/company',
    },
    {
      folder: 'server',
      code: "import { get } from '#src/api/http';\nexport { get };\n",
      says: 'server/ imports only domain/',
      refused: '#src/api/http',
    },
    {
      folder: 'machines',
      code: "export type App = typeof import('#server/app');\n",
      says: 'machines/ imports only domain/',
      refused: '#server/app',
    },
  ];

  it.each(cases)('$folder/ importing $refused', async ({ folder, code, says, refused }) => {
    const reports = await boundaryReports(folder, code);
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({ ruleId: 'layers/imports', severity: 2 });
    expect(reports[0]!.message).toContain(says);
    expect(reports[0]!.message).toContain(DECISION);
    expect(reports[0]!.message).toContain(refused);
  });
});

describe('the imports a layer is allowed pass', () => {
  const cases: { folder: string; code: string }[] = [
    {
      folder: 'domain',
      code: "import { string } from 'superstruct';\nimport { company } from './company';\nexport { string, company };\n",
    },
    {
      folder: 'machines',
      code: "import { setup } from 'xstate';\nimport { errorMessage } from '#domain/errorMessage';\nexport { setup, errorMessage };\n",
    },
    {
      folder: 'src',
      code:
        "import { authMachine } from '#machines/auth.machine';\nimport { company } from '#domain/company';\n" +
        "import { get } from './api/http';\nexport const href = window.location.href;\nexport { authMachine, company, get };\n",
    },
    {
      folder: 'server',
      code:
        "import { readFileSync } from 'node:fs';\nimport { company } from '#domain/company';\n" +
        "import { createApp } from './app';\nexport const port = process.env.PORT;\nexport { readFileSync, company, createApp };\n",
    },
    {
      folder: 'server/orders',
      code: "import { orderMachine } from '#machines/order.machine';\nexport { orderMachine };\n",
    },
    {
      folder: 'toolkit',
      code: "import { createActor } from 'xstate';\nimport path from 'node:path';\nexport { createActor, path };\n",
    },
    {
      folder: 'tests/unit',
      code:
        "import { get } from '#src/api/http';\nimport { createApp } from '#server/app';\n" +
        "import { authMachine } from '#machines/auth.machine';\nexport { get, createApp, authMachine };\n",
    },
  ];

  it.each(cases)('$folder/', async ({ folder, code }) => {
    expect(await boundaryReports(folder, code)).toEqual([]);
  });
});

describe('across top-level folders, imports go by name', () => {
  it('refuses an allowed import spelled as a relative path, and names the import to write instead', async () => {
    const reports = await boundaryReports('server/orders', "export { company } from '../../domain/company';\n");
    expect(reports).toEqual([
      {
        ruleId: 'layers/imports',
        severity: 2,
        message:
          'Import another top-level folder by name (#domain/company), not by a relative path: ../../domain/company.',
      },
    ]);
  });

  it('refuses a name that package.json "imports" does not define', async () => {
    const reports = await boundaryReports('server', "export { company } from '#shared/company';\n");
    expect(reports).toEqual([
      { ruleId: 'layers/imports', severity: 2, message: 'No entry of package.json "imports" names #shared/company.' },
    ]);
  });
});

describe('inside src/, imports run app -> views -> common', () => {
  const RULE = '@typescript-eslint/no-restricted-imports';
  const reportsOf = (folder: string, code: string) =>
    lintAsIfIn(folder, code).then((messages) =>
      messages.filter((message) => message.ruleId === RULE).map(({ message }) => message),
    );

  it.each([
    { folder: 'src/pages', code: "import { createAppActors } from '../app/appActors';\nexport { createAppActors };\n" },
    { folder: 'src/components', code: "import { routes } from '#src/routes';\nexport { routes };\n" },
  ])('a view importing the app ($folder/) is refused', async ({ folder, code }) => {
    const reports = await reportsOf(folder, code);
    expect(reports).toHaveLength(1);
    expect(reports[0]).toContain('Views do not import the app');
  });

  it.each([
    { code: "import { Spinner } from '../components/Spinner';\nexport { Spinner };\n" },
    { code: "import Home from '../pages/Home';\nexport { Home };\n" },
    { code: "import { createAppActors } from '../app/appActors';\nexport { createAppActors };\n" },
  ])('src/common/ importing a view or the app is refused: $code', async ({ code }) => {
    const reports = await reportsOf('src/common', code);
    expect(reports).toHaveLength(1);
    expect(reports[0]).toContain('src/common/ imports neither the app nor the views');
  });

  it('views may import src/common/, and src/common/ may name the app actors type', async () => {
    expect(await reportsOf('src/pages', "import { useAuth } from '../common/hooks';\nexport { useAuth };\n")).toEqual(
      [],
    );
    expect(
      await reportsOf('src/common', "import type { AppActors } from '../app/appActors';\nexport type { AppActors };\n"),
    ).toEqual([]);
  });
});

describe('inside server/, a resource imports only lower tiers', () => {
  const reportsOf = async (folder: string, code: string) =>
    (await lintAsIfIn(folder, code)).filter((message) => message.ruleId === 'layers/resources');

  it.each([
    // The ways in are below sign-in, the profile and the office: none of them may be reached from below.
    { folder: 'server/ways-in', code: "export { authRoutes } from '../auth/routes';\n", target: 'auth' },
    { folder: 'server/ways-in', code: "export type { Passkey } from '#server/passkeys/routes';\n", target: 'passkeys' },
    { folder: 'server/users', code: "export { requireAuth } from '../ways-in/require-auth';\n", target: 'ways-in' },
    // One tier does not import its own: account and auth stand side by side.
    { folder: 'server/auth', code: "export { accountRoutes } from '../account/routes';\n", target: 'account' },
    { folder: 'server/http', code: "export const load = () => import('../orders/routes');\n", target: 'orders' },
    // Orders stand below invoices: an invoice is made with its order, and an order does not reach back.
    { folder: 'server/orders', code: "export { toWireInvoice } from '../invoices/wire';\n", target: 'invoices' },
  ])('$folder/ importing server/$target/ is refused', async ({ folder, code, target }) => {
    const reports = await reportsOf(folder, code);
    expect(reports).toHaveLength(1);
    expect(reports[0]!.severity).toBe(2);
    expect(reports[0]!.message).toContain(`lands in server/${target}/`);
  });

  it.each([
    { folder: 'server/auth', code: "export { requireAuth } from '../ways-in/require-auth';\n" },
    { folder: 'server/ways-in', code: "export { findUserById } from '../users/repository';\n" },
    { folder: 'server/ways-in', code: "export { readJson } from '../http/validate';\n" },
    // Within a folder, and down a tier: invoices stand above orders.
    { folder: 'server/ways-in', code: "export { createSessions } from './sessions';\n" },
    { folder: 'server/invoices', code: "export { toOrderWire } from '../orders/wire';\n" },
    // server/'s own files compose the resources: not judged.
    { folder: 'server', code: "export { authRoutes } from './auth/routes';\n" },
  ])('$folder/: $code passes', async ({ folder, code }) => {
    expect(await reportsOf(folder, code)).toEqual([]);
  });

  it('a folder missing from the tiers is named, in its files and where it is imported', async () => {
    const inside = await reportsOf('server/newthing', 'export const x = 1;\n');
    expect(inside.map((report) => report.message)).toEqual([
      'server/newthing/ is not in the tiers of layers/resources (eslint.config.js): place it there.',
    ]);
    const imported = await reportsOf('server/office', "export { x } from '../newthing/x';\n");
    expect(imported).toHaveLength(1);
    expect(imported[0]!.message).toContain('server/newthing/ is not in the tiers');
  });

  it('the server as it stands passes: no resource imports another of its tier or above', async () => {
    const results = await eslint.lintFiles(['server/**/*.ts']);
    const reports = results.flatMap((result) =>
      result.messages
        .filter((message) => message.ruleId === 'layers/resources')
        .map((m) => `${result.filePath}: ${m.message}`),
    );
    expect(reports).toEqual([]);
  });
});

describe('a global of the wrong runtime fails lint', () => {
  const cases: { folder: string; code: string; name: string; says: string }[] = [
    { folder: 'src', code: 'export const mode = process.env.NODE_ENV;\n', name: 'process', says: 'no Node globals' },
    { folder: 'src/api', code: "export const bytes = Buffer.from('x');\n", name: 'Buffer', says: 'no Node globals' },
    {
      folder: 'server',
      code: 'export const here = window.location.href;\n',
      name: 'window',
      says: 'no browser globals',
    },
    {
      folder: 'server',
      code: "export const kept = localStorage.getItem('x');\n",
      name: 'localStorage',
      says: 'no browser globals',
    },
    {
      folder: 'machines',
      code: 'export const later = setTimeout(() => 0, 1);\n',
      name: 'setTimeout',
      says: 'ES built-ins only',
    },
    { folder: 'domain', code: 'export const title = document.title;\n', name: 'document', says: 'ES built-ins only' },
    { folder: 'toolkit', code: 'export const page = document.title;\n', name: 'document', says: 'no browser globals' },
  ];

  it.each(cases)('$name in $folder/', async ({ folder, code, name, says }) => {
    const reports = await boundaryReports(folder, code);
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({ ruleId: 'no-restricted-globals', severity: 2 });
    expect(reports[0]!.message).toContain(`'${name}'`);
    expect(reports[0]!.message).toContain(says);
  });
});

describe("each layer's tsconfig leaves out the other runtime's types", () => {
  /** The type errors of `code` compiled alone with a layer's tsconfig, as if it were a file in `folder`. */
  function typeErrors(config: string, folder: string, code: string): string[] {
    const parsed = ts.getParsedCommandLineOfConfigFile(
      path.join(root, config),
      {},
      {
        ...ts.sys,
        onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
          throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
        },
      },
    );
    const options = { ...parsed!.options, incremental: false, tsBuildInfoFile: undefined };
    // Served from memory, never written: see lintAsIfIn.
    const file = plantedPath(folder);
    const host = ts.createCompilerHost(options);
    const { fileExists, readFile, getSourceFile } = host;
    host.fileExists = (name) => name === file || fileExists(name);
    host.readFile = (name) => (name === file ? code : readFile(name));
    host.getSourceFile = (name, language, ...rest) =>
      name === file ? ts.createSourceFile(name, code, language) : getSourceFile(name, language, ...rest);
    const program = ts.createProgram({ rootNames: [file], options, host });
    return ts
      .getPreEmitDiagnostics(program, program.getSourceFile(file))
      .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
  }

  const cases: { config: string; folder: string; code: string; missing: string[] }[] = [
    {
      config: 'tsconfig.server.json',
      folder: 'server',
      code: 'export const here: string = window.location.href;\nexport let el: HTMLElement | null = null;\n',
      missing: ['window', 'HTMLElement'],
    },
    {
      config: 'tsconfig.app.json',
      folder: 'src',
      code: "export const bytes = Buffer.from('x');\nexport const mode = process.env.NODE_ENV;\n",
      missing: ['Buffer', 'process'],
    },
    {
      config: 'tsconfig.core.json',
      folder: 'machines',
      code: 'export const later = setTimeout(() => 0, 1);\nexport const title = document.title;\n',
      missing: ['setTimeout', 'document'],
    },
  ];

  it.each(cases)('$config refuses $missing', ({ config, folder, code, missing }) => {
    const errors = typeErrors(config, folder, code);
    for (const name of missing) expect(errors.join('\n')).toContain(`Cannot find name '${name}'`);
  });

  it('the same names compile where they belong', () => {
    expect(typeErrors('tsconfig.server.json', 'server', 'export const mode = process.env.NODE_ENV;\n')).toEqual([]);
  });
});
