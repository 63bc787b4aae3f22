// @ts-check
/**
 * The StrykerJS ignorer of stryker.machines.config.mjs (`ignorers: ['machine-declarations']`): two kinds of
 * object literal in machines/ whose mutants no test can kill, because nothing at run time tells them apart.
 *
 * - The `types` of `setup({ types: ... })` (and a `setup()` argument holding only `types`): XState reads no
 *   `types` at run time; they exist for TypeScript.
 * - An object of do-nothing functions, such as `setup({ actions: { announce: () => {} } })`: these defaults
 *   stand in for what the view provides, and XState skips an action it has no code for, which is what they do.
 *
 * One rule here instead of a `// Stryker disable` comment on each machine (docs/decisions/0018-mutation-testing.md).
 */
import { declareValuePlugin, PluginKind } from '@stryker-mutator/api/plugin';

/** @typedef {import('@babel/core').NodePath} NodePath */

const TYPES_ONLY = 'setup() reads no `types` at run time: they exist for TypeScript';
const NO_OPS = 'these defaults do nothing, and XState skips an action it has no code for';

/** @param {NodePath} path the first argument of a call of `setup` */
function isSetupArgument(path) {
  const call = path.parentPath;
  return (
    call !== null &&
    call.isCallExpression() &&
    call.node.arguments[0] === path.node &&
    call.node.callee.type === 'Identifier' &&
    call.node.callee.name === 'setup'
  );
}

/** @param {import('@babel/types').Node} node */
function isTypesKey(node) {
  return node.type === 'ObjectProperty' && node.key.type === 'Identifier' && node.key.name === 'types';
}

/** @param {import('@babel/types').Node} node a function whose body is an empty block */
function doesNothing(node) {
  if (node.type === 'ObjectMethod') return node.body.body.length === 0;
  if (node.type !== 'ObjectProperty') return false;
  const value = node.value;
  return (
    (value.type === 'ArrowFunctionExpression' || value.type === 'FunctionExpression') &&
    value.body.type === 'BlockStatement' &&
    value.body.body.length === 0 &&
    value.body.directives.length === 0
  );
}

export const machineDeclarations = {
  /** @param {NodePath} path */
  shouldIgnore(path) {
    if (!path.isObjectExpression()) return undefined;
    const { properties } = path.node;
    const property = path.parentPath;
    // `setup({ types: { ... } })`
    if (property?.isObjectProperty() && isTypesKey(property.node) && property.parentPath?.parentPath) {
      if (isSetupArgument(property.parentPath)) return TYPES_ONLY;
    }
    // `setup({ types: { ... } })` with nothing else to set up
    if (properties.length === 1 && isTypesKey(properties[0]) && isSetupArgument(path)) return TYPES_ONLY;
    if (properties.length > 0 && properties.every(doesNothing)) return NO_OPS;
    return undefined;
  },
};

export const strykerPlugins = [declareValuePlugin(PluginKind.Ignore, 'machine-declarations', machineDeclarations)];
