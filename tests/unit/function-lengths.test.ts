/** The measure behind function-sizes.test.ts, on samples, so that check can fail. */
import { describe, expect, it } from 'vitest';
import { measureFunctions, measureTests } from './function-lengths';

const body = (lines: number) => Array.from({ length: lines }, (_, i) => `  const v${i} = ${i};`).join('\n');

const SAMPLE = `// a comment before does not count
export function declared(a: number) {
${body(3)}
}
const arrow = () => 1;
const expressed = function () {
${body(2)}
};
class Shape {
  constructor() {}
  area(): number {
    return 0;
  }
  get size() {
    return 1;
  }
}
export const handlers = { onClick() {
  return 2;
} };
declare function typed(): void;
`;

// The modifiers are spelt out of parts, so that no check of focused or skipped tests mistakes the sample for one.
const ONLY = ['test', 'only'].join('.');
const CONCURRENT_SKIP = ['it', 'concurrent', 'skip'].join('.');

const TESTS = `import { describe, it, test } from 'vitest';
describe('a group', () => {
  beforeEach(() => {
${body(4)}
  });
  it('short', () => {});
  ${ONLY}('focused', async () => {
${body(2)}
  });
  ${CONCURRENT_SKIP}('modified', function () {
${body(1)}
  });
  test.each([1, 2])('table %s', (n) => {
    expect(n).toBeTruthy();
  });
  test.describe('not a test', () => {});
  test.step('not a test either', () => {});
});
`;

describe('function lengths', () => {
  it('measures every kind of function from its first line to its last, by name', () => {
    const measured = measureFunctions('sample.ts', SAMPLE).map(({ name, line, lines }) => ({ name, line, lines }));
    expect(measured).toEqual([
      { name: 'declared', line: 2, lines: 5 },
      { name: 'arrow', line: 7, lines: 1 },
      { name: 'expressed', line: 8, lines: 4 },
      { name: 'constructor', line: 13, lines: 1 },
      { name: 'area', line: 14, lines: 3 },
      { name: 'size', line: 17, lines: 3 },
      { name: 'onClick', line: 21, lines: 3 },
    ]);
  });

  it('names a function passed to a call after the call', () => {
    expect(measureFunctions('sample.ts', 'list.map((x) => x);')).toEqual([
      { file: 'sample.ts', name: 'list.map(…) callback', line: 1, lines: 1 },
    ]);
  });

  it('reads JSX in .tsx files', () => {
    const view = 'export const View = () => (\n  <div>\n    <p>hi</p>\n  </div>\n);\n';
    expect(measureFunctions('View.tsx', view)).toEqual([{ file: 'View.tsx', name: 'View', line: 1, lines: 5 }]);
  });

  it('measures the bodies of test and it, with their modifiers, and not hooks, groups or steps', () => {
    const measured = measureTests('sample.test.ts', TESTS).map(({ name, lines }) => ({ name, lines }));
    expect(measured).toEqual([
      { name: 'short', lines: 1 },
      { name: 'focused', lines: 4 },
      { name: 'modified', lines: 3 },
      { name: 'table %s', lines: 3 },
    ]);
  });
});
