/**
 * The commands that rerun one generated test (toolkit/commands.ts): the name escaped for the runner's regular
 * expression and quoted for the shell, exactly.
 */
import { describe, expect, it } from 'vitest';
import { escapeRegExp, playwrightCommand, shellQuote, vitestCommand } from '#toolkit';

describe('commands that rerun one test', () => {
  it('escapes every character a regular expression reads', () => {
    expect(escapeRegExp('a.b*c+d?e^f$g{h}i(j)k|l[m]n\\o/p-q')).toBe(
      'a\\.b\\*c\\+d\\?e\\^f\\$g\\{h\\}i\\(j\\)k\\|l\\[m\\]n\\\\o/p-q',
    );
    expect(new RegExp(`^${escapeRegExp('x.(y)*')}$`).test('x.(y)*')).toBe(true);
  });

  it('quotes for a POSIX shell, a single quote included', () => {
    expect(shellQuote('plain')).toBe("'plain'");
    expect(shellQuote("it's a 'b'")).toBe("'it'\\''s a '\\''b'\\'''");
    expect(shellQuote('$HOME `x` "y"')).toBe('\'$HOME `x` "y"\'');
  });

  it('anchors the vitest name at both ends, and the Playwright title at its end', () => {
    expect(vitestCommand('tests/machines/a.test.ts', 'a: paths #2 start → go')).toBe(
      "npx vitest run tests/machines/a.test.ts -t '^a: paths #2 start → go$'",
    );
    expect(playwrightCommand('tests/e2e/model.spec.ts', 'model: login', "#3 it's (done)")).toBe(
      "npx playwright test tests/e2e/model.spec.ts -g 'model: login #3 it'\\''s \\(done\\)$'",
    );
  });
});
