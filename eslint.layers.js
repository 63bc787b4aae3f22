// The lint rule that keeps imports running one way between the repository's top-level folders
// (docs/architecture.md, "Layers and the direction of imports";
// docs/decisions/0002-shared-domain-and-one-way-imports.md).
//
// `layers/imports` resolves every relative import against the importing file, so it judges the folder
// the import lands in, not the spelling of the path. It reads static imports, `export ... from`,
// dynamic `import('...')` with a literal or constant template, `require('...')`, `import x = require()`
// and `typeof import('...')` types. Options, set per folder in eslint.config.js:
//   allow     top-level folders this folder may import besides itself (e.g. ['domain'])
//   allowFiles single files (from the repository root, without extension) it may import besides those, e.g.
//             ['machines/order.machine']: one module of a folder that is otherwise out of bounds
//   packages  optional { allow?: string[], deny?: string[] } for bare specifiers; an entry matches the
//             package and its subpaths; the entry 'node:' stands for every Node built-in module
//   message   the text the report carries
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(fileURLToPath(import.meta.url));
const builtins = new Set(builtinModules);

/** The top-level folder a path lies in: 'src', 'server', ...; '' for a file at the root; null outside. */
function layerOf(file) {
  const relative = path.relative(root, file);
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const parts = relative.split(path.sep);
  return parts.length === 1 ? '' : parts[0];
}

/** package.json "imports": the names by which one top-level folder imports another (`#domain/contract`). */
const packageImports = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).imports ?? {};

/** The file a `#name/...` specifier names, from package.json "imports"; null when no entry matches. */
function resolveImportName(specifier) {
  for (const [key, target] of Object.entries(packageImports)) {
    if (key === specifier) return path.join(root, target);
    if (key.endsWith('/*') && specifier.startsWith(key.slice(0, -1))) {
      return path.join(root, target.replace('*', specifier.slice(key.length - 1)));
    }
  }
  return null;
}

const isBuiltin = (specifier) => specifier.startsWith('node:') || builtins.has(specifier.split('/')[0]);

function packageMatches(entry, specifier) {
  if (entry === 'node:') return isBuiltin(specifier);
  return specifier === entry || specifier.startsWith(`${entry}/`);
}

function literalSource(node) {
  if (!node) return null;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral' && node.expressions.length === 0) return node.quasis[0].value.cooked;
  return null;
}

const importsRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports run one way between the top-level folders (docs/architecture.md)' },
    schema: [
      {
        type: 'object',
        properties: {
          allow: { type: 'array', items: { type: 'string' } },
          allowFiles: { type: 'array', items: { type: 'string' } },
          packages: {
            type: 'object',
            properties: {
              allow: { type: 'array', items: { type: 'string' } },
              deny: { type: 'array', items: { type: 'string' } },
            },
            additionalProperties: false,
          },
          message: { type: 'string' },
        },
        required: ['message'],
        additionalProperties: false,
      },
    ],
    messages: {
      layer: '{{message}} Refused: {{specifier}} (lands in {{target}}).',
      package: '{{message}} Refused package: {{specifier}}.',
      byName: 'Import another top-level folder by name ({{name}}), not by a relative path: {{specifier}}.',
      unknownName: 'No entry of package.json "imports" names {{specifier}}.',
    },
  },
  create(context) {
    const { allow = [], allowFiles = [], packages, message } = context.options[0];
    const filename = context.filename;
    const own = layerOf(filename);
    if (own === null) return {};

    function check(node, specifier) {
      if (specifier === null) return;
      const relative = specifier.startsWith('.') || path.isAbsolute(specifier);
      if (relative || specifier.startsWith('#')) {
        const resolved = relative ? path.resolve(path.dirname(filename), specifier) : resolveImportName(specifier);
        if (resolved === null) {
          context.report({ node, messageId: 'unknownName', data: { specifier } });
          return;
        }
        const target = layerOf(resolved);
        const module = path
          .relative(root, resolved)
          .split(path.sep)
          .join('/')
          .replace(/\.(ts|tsx|js)$/, '');
        const where = target === null ? 'outside the repository' : target === '' ? 'the root' : `${target}/`;
        const inBounds = target === own || (target !== null && allow.includes(target)) || allowFiles.includes(module);
        if (!inBounds) {
          context.report({ node, messageId: 'layer', data: { message, specifier, target: where } });
          return;
        }
        // Inside a folder, paths are relative; across folders, by name (package.json "imports"), so that a
        // file's imports say which layer they reach and moving a file does not rewrite its neighbours' paths.
        if (relative && target !== own && target !== null && target !== '' && own !== '') {
          context.report({ node, messageId: 'byName', data: { specifier, name: `#${module}` } });
        }
        return;
      }
      if (!packages) return;
      const allowed = packages.allow ? packages.allow.some((entry) => packageMatches(entry, specifier)) : true;
      const denied = (packages.deny ?? []).some((entry) => packageMatches(entry, specifier));
      if (!allowed || denied) context.report({ node, messageId: 'package', data: { message, specifier } });
    }

    return visitImports(check);
  },
};

/** The visitors that hand every import specifier of a file to `check(node, specifier)` (null: not a literal). */
function visitImports(check) {
  return {
    ImportDeclaration: (node) => check(node.source, literalSource(node.source)),
    ExportNamedDeclaration: (node) => node.source && check(node.source, literalSource(node.source)),
    ExportAllDeclaration: (node) => check(node.source, literalSource(node.source)),
    ImportExpression: (node) => check(node.source, literalSource(node.source)),
    CallExpression: (node) => {
      if (node.callee.type === 'Identifier' && node.callee.name === 'require') {
        check(node.arguments[0], literalSource(node.arguments[0]));
      }
    },
    TSExternalModuleReference: (node) => check(node.expression, literalSource(node.expression)),
    TSImportType: (node) => {
      // typescript-eslint 8 gives the specifier as `argument` (a literal type) or `source`.
      const argument = node.source ?? node.argument?.literal ?? node.argument;
      check(node, literalSource(argument));
    },
  };
}

/** The folder of server/ a path lies in ('ways-in', 'orders', ...); null for server/'s own files and outside it. */
function resourceOf(file) {
  const parts = path.relative(root, file).split(path.sep);
  return parts[0] === 'server' && parts.length > 2 ? parts[1] : null;
}

/**
 * `layers/resources`: inside server/, a resource folder imports only the folders of lower tiers, so no two
 * resources import each other, whatever the path (docs/architecture.md, "The server's resources"). Options:
 *   tiers  folder names, lowest first: a folder imports folders of the tiers before its own, none of its own
 * server/'s own files (the app, its services, the composition of prefixes) sit above every tier and are not judged.
 */
const resourcesRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Server resources import only lower tiers (docs/architecture.md)' },
    schema: [
      {
        type: 'object',
        properties: {
          tiers: { type: 'array', items: { type: 'array', items: { type: 'string' } } },
        },
        required: ['tiers'],
        additionalProperties: false,
      },
    ],
    messages: {
      upward:
        'server/{{own}}/ (tier {{ownTier}}) may import only lower tiers: {{specifier}} lands in server/{{target}}/ ' +
        '(tier {{targetTier}}). Move what both need down, or compose them in server/ (docs/architecture.md).',
      unlisted: 'server/{{folder}}/ is not in the tiers of layers/resources (eslint.config.js): place it there.',
    },
  },
  create(context) {
    const { tiers } = context.options[0];
    const tierOf = new Map(tiers.flatMap((names, tier) => names.map((name) => [name, tier])));
    const own = resourceOf(context.filename);
    if (own === null) return {};
    return {
      ...visitImports((node, specifier) => {
        if (specifier === null) return;
        const relative = specifier.startsWith('.') || path.isAbsolute(specifier);
        if (!relative && !specifier.startsWith('#')) return;
        const resolved = relative
          ? path.resolve(path.dirname(context.filename), specifier)
          : resolveImportName(specifier);
        const target = resolved === null ? null : resourceOf(resolved);
        if (target === null || target === own) return;
        if (!tierOf.has(target)) {
          context.report({ node, messageId: 'unlisted', data: { folder: target } });
          return;
        }
        if (tierOf.get(target) < tierOf.get(own)) return;
        context.report({
          node,
          messageId: 'upward',
          data: { own, ownTier: tierOf.get(own), specifier, target, targetTier: tierOf.get(target) },
        });
      }),
      Program: (node) => {
        if (!tierOf.has(own)) context.report({ node, messageId: 'unlisted', data: { folder: own } });
      },
    };
  },
};

export default { meta: { name: 'layers' }, rules: { imports: importsRule, resources: resourcesRule } };
