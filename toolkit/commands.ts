/**
 * The one command that reruns a single generated test: a failing path prints it, and the report lists it per
 * path. Test names are matched as regular expressions by both runners, so they are escaped and anchored.
 */

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Single-quoted for a POSIX shell. */
export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** vitest: `-t` matches the test's full name (its describe's name, a space, its own). */
export function vitestCommand(target: string, fullName: string): string {
  return `npx vitest run ${target} -t ${shellQuote(`^${escapeRegExp(fullName)}$`)}`;
}

/**
 * Playwright: `-g` matches the title path joined by spaces (project, file, describe, test); the test's own
 * title ends it.
 */
export function playwrightCommand(spec: string, describeTitle: string, title: string): string {
  return `npx playwright test ${spec} -g ${shellQuote(`${escapeRegExp(`${describeTitle} ${title}`)}$`)}`;
}
