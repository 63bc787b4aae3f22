// @ts-check
/**
 * The StrykerJS ignorer of stryker.machines.config.mjs (`ignorers: ['machine-declarations']`): one kind of object
 * literal in machines/ whose mutants no test can kill, because nothing at run time tells them apart. An object of
 * do-nothing functions, such as `setup({ actions: { announce: () => {} } })`: these defaults stand in for what the
 * view provides, and XState skips an action it has no code for, which is what they do.
 *
 * (A machine's `types` are written `types: {} as { … }`: an empty object, which holds no mutant.)
 *
 * One rule here instead of a `// Stryker disable` comment on each machine (docs/decisions/0018-mutation-testing.md).
 */
import { declareValuePlugin, PluginKind } from '@stryker-mutator/api/plugin';

/** @typedef {import('@babel/core').NodePath} NodePath */

const NO_OPS = 'these defaults do nothing, and XState skips an action it has no code for';

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
    if (properties.length > 0 && properties.every(doesNothing)) return NO_OPS;
    return undefined;
  },
};

export const strykerPlugins = [declareValuePlugin(PluginKind.Ignore, 'machine-declarations', machineDeclarations)];
