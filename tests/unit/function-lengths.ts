/**
 * Measures functions and test bodies with TypeScript's own parser, so a function is counted from its first
 * token to its last whatever its formatting (comments before it do not count). Used by function-sizes.test.ts.
 */
import ts from 'typescript';

export interface Measured {
  file: string;
  name: string;
  line: number;
  lines: number;
}

const parse = (file: string, text: string) =>
  ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : undefined);

function measure(file: string, source: ts.SourceFile, node: ts.Node, name: string): Measured {
  const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
  const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
  return { file, name, line: first + 1, lines: last - first + 1 };
}

type FunctionNode = ts.FunctionLikeDeclaration;

const isFunction = (node: ts.Node): node is FunctionNode =>
  ts.isFunctionDeclaration(node) ||
  ts.isFunctionExpression(node) ||
  ts.isArrowFunction(node) ||
  ts.isMethodDeclaration(node) ||
  ts.isConstructorDeclaration(node) ||
  ts.isGetAccessorDeclaration(node) ||
  ts.isSetAccessorDeclaration(node);

const nameText = (name: ts.Node | undefined, source: ts.SourceFile) =>
  name === undefined
    ? undefined
    : ts.isIdentifier(name) || ts.isStringLiteralLike(name)
      ? name.text
      : name.getText(source);

/** A function's own name, else the name it is given to (a variable, a property) or the call it is passed to. */
function functionName(node: FunctionNode, source: ts.SourceFile): string {
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  const own = nameText(node.name, source);
  if (own !== undefined) return own;
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent))
    return nameText(parent.name, source) ?? '<anonymous>';
  if (ts.isCallExpression(parent)) return `${parent.expression.getText(source)}(…) callback`;
  return '<anonymous>';
}

/** Every function of a file: declarations, expressions, arrows, methods, constructors and accessors. */
export function measureFunctions(file: string, text: string): Measured[] {
  const source = parse(file, text);
  const found: Measured[] = [];
  const visit = (node: ts.Node) => {
    if (isFunction(node) && node.body !== undefined)
      found.push(measure(file, source, node, functionName(node, source)));
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The modifiers a test call may carry (`test.only`, `it.concurrent.skip`, `test.each(table)`, …); not hooks. */
const TEST_MODIFIERS = new Set(['only', 'skip', 'fixme', 'fail', 'fails', 'concurrent', 'sequential', 'todo']);
const TEST_FACTORIES = new Set(['each', 'for', 'skipIf', 'runIf']);

function isTestCallee(callee: ts.Expression): boolean {
  if (ts.isIdentifier(callee)) return callee.text === 'test' || callee.text === 'it';
  if (ts.isPropertyAccessExpression(callee))
    return TEST_MODIFIERS.has(callee.name.text) && isTestCallee(callee.expression);
  // test.each(table)(name, body), it.skipIf(condition)(name, body)
  if (ts.isCallExpression(callee) && ts.isPropertyAccessExpression(callee.expression))
    return TEST_FACTORIES.has(callee.expression.name.text) && isTestCallee(callee.expression.expression);
  if (ts.isTaggedTemplateExpression(callee) && ts.isPropertyAccessExpression(callee.tag))
    return TEST_FACTORIES.has(callee.tag.name.text) && isTestCallee(callee.tag.expression);
  return false;
}

/** Every test body of a file: the function given to a call of `test` or `it`, Playwright's or vitest's. */
export function measureTests(file: string, text: string): Measured[] {
  const source = parse(file, text);
  const found: Measured[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && isTestCallee(node.expression)) {
      const body = node.arguments.find(isFunction);
      const title = node.arguments[0];
      const name = title === undefined ? '<untitled>' : (nameText(title, source) ?? '<untitled>');
      if (body !== undefined) found.push(measure(file, source, body, name));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}
