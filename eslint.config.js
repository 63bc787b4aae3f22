import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import fileNames from './eslint.file-names.js';
import layers from './eslint.layers.js';

// Which top-level folder may import which, and which runtime's globals each may use: see
// docs/architecture.md ("Layers and the direction of imports") and
// docs/decisions/0002-shared-domain-and-one-way-imports.md. The tsconfig per layer enforces the same
// split for types (tsconfig.core.json, tsconfig.app.json, tsconfig.server.json, tsconfig.tools.json).
const decision = '(docs/decisions/0002-shared-domain-and-one-way-imports.md)';

const names = (set) => new Set(Object.keys(set));
const esBuiltins = names(globals.builtin);
const browserNames = names(globals.browser);
const nodeNames = names(globals.node);
const notEs = (name) => !esBuiltins.has(name);
// Globals only a browser has (window, document, ...), plus the web-storage and navigator objects that
// recent Node versions also define but that mean nothing on the server.
const browserOnly = [...browserNames]
  .filter((name) => notEs(name) && !nodeNames.has(name))
  .concat(['localStorage', 'sessionStorage', 'Storage', 'navigator', 'Navigator']);
// Globals only Node has (process, Buffer, require, __dirname, ...).
const nodeOnly = [...nodeNames].filter((name) => notEs(name) && !browserNames.has(name));
// Globals both runtimes have but the language does not (setTimeout, fetch, console, URL, crypto, ...).
const hostShared = [...browserNames].filter((name) => notEs(name) && nodeNames.has(name));

const refuse = (list, message) => [
  'error',
  ...[...new Set(list)].sort().map((name) => ({ name, message: `${message} ${decision}` })),
];

// domain/ and machines/ run in the browser, on the server and in tests alike: ES built-ins only. None of
// their files uses a host global today (time and timers come through XState's delays and injected
// actors); should one ever need, say, setTimeout, name it here with the reason.
const coreHostAllowed = new Set([]);

/** Import specifiers that reach src/'s app layer, relative or by name. */
const APP_MODULES = ['**/app', '**/app/**', '**/App', '**/routes', '**/main'];

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-server',
      '.stryker-tmp',
      'node_modules',
      'test-results',
      'playwright-report',
      'reports',
      'data',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { layers },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // Injected no-op defaults in machines name their parameters for the reader.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },

  // One block per layer: the folders it may import, and the globals of the runtime it runs in.
  {
    files: ['domain/**'],
    languageOptions: { globals: {} },
    rules: {
      'layers/imports': [
        'error',
        {
          allow: [],
          packages: { deny: ['node:', 'react', 'react-dom', '@xstate/react', 'wouter', 'redaxios', 'hono', 'kysely'] },
          message: `domain/ imports nothing of the project, only npm packages such as superstruct ${decision}.`,
        },
      ],
      'no-restricted-globals': refuse(
        [...browserOnly, ...nodeOnly, ...hostShared.filter((name) => !coreHostAllowed.has(name))],
        'domain/ uses ES built-ins only: no browser or Node globals',
      ),
    },
  },
  {
    files: ['machines/**'],
    languageOptions: { globals: {} },
    rules: {
      'layers/imports': [
        'error',
        {
          allow: ['domain'],
          packages: { deny: ['node:', 'react', 'react-dom', '@xstate/react', 'wouter', 'redaxios', 'hono', 'kysely'] },
          message: `machines/ imports only domain/ (and xstate) ${decision}.`,
        },
      ],
      'no-restricted-globals': refuse(
        [...browserOnly, ...nodeOnly, ...hostShared.filter((name) => !coreHostAllowed.has(name))],
        'machines/ uses ES built-ins only: no browser or Node globals (side effects are injected actors)',
      ),
    },
  },
  {
    files: ['src/**'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'layers/imports': [
        'error',
        {
          allow: ['machines', 'domain'],
          packages: { deny: ['node:'] },
          message: `src/ imports only machines/ and domain/ ${decision}.`,
        },
      ],
      'no-restricted-globals': refuse(nodeOnly, 'src/ runs in the browser: no Node globals'),
      // Views read tags, never state paths, so a machine can reshape its states without touching a view. No DOM
      // `element.matches(css)` is used in src/ (`matchMedia(...).matches` is a property, not a call).
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='matches']",
          message:
            "Ask the machine's snapshot hasTag('…') or can(…), not matches(…): a view names no state path " +
            '(docs/decisions/0041-a-feature-lives-together.md).',
        },
      ],
    },
  },
  // Inside src/, one direction: the app (src/app/, App, routes, main) -> views (pages, components) -> src/common/
  // (docs/decisions/0025-imports-by-name.md). Shared code may name the app's actor types, nothing more.
  {
    files: ['src/pages/**', 'src/components/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: APP_MODULES,
              message: 'Views do not import the app (src/app/, App, routes, main): what they use lives in src/common/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/common/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [...APP_MODULES, '**/pages/**', '**/components/**'],
              allowTypeImports: true,
              message: 'src/common/ imports neither the app nor the views: both import it.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/**'],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // The order machine is pure (domain/ and xstate only): the server checks order transitions against it,
      // so the office page and the server cannot disagree (docs/decisions/0011-orders-as-a-statechart.md).
      'layers/imports': [
        'error',
        {
          allow: ['domain'],
          allowFiles: ['machines/order.machine'],
          message: `server/ imports only domain/ (and the order machine) ${decision}.`,
        },
      ],
      'no-restricted-globals': refuse(browserOnly, 'server/ runs in Node: no browser globals'),
      // The resources, lowest tier first (docs/architecture.md, "The server's resources").
      'layers/resources': [
        'error',
        {
          tiers: [
            ['db'],
            ['http', 'mail', 'ops'],
            ['avatars', 'limits', 'metrics', 'notifications', 'site'],
            ['users'],
            ['ways-in'],
            // An order is made with its invoice, and answers with the invoice's download: invoices/ stands above it.
            ['orders'],
            ['account', 'auth', 'billing', 'booking', 'forms', 'google', 'invoices', 'passkeys', 'visits'],
            ['threads'],
            ['data-export', 'jobs', 'office', 'payments', 'two-factor'],
            ['dev'],
          ],
        },
      ],
    },
  },
  {
    files: ['toolkit/**'],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'layers/imports': [
        'error',
        {
          allow: [],
          packages: { allow: ['xstate', 'node:'] },
          message: `toolkit/ imports nothing of the project, only xstate and Node built-ins ${decision}.`,
        },
      ],
      'no-restricted-globals': refuse(browserOnly, 'toolkit/ runs in Node: no browser globals'),
    },
  },
  {
    files: ['scripts/**'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // One file-name case per folder (docs/decisions/0041-a-feature-lives-together.md).
    plugins: { 'file-names': fileNames },
    rules: { 'file-names/one-case-per-folder': 'error' },
  },
  {
    // Plain scripts served as they are to the browser.
    files: ['public/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // Tests drive the browser too: callbacks given to page.evaluate run in the page.
    files: ['tests/**'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
);
