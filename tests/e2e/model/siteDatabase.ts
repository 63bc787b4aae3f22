/**
 * Which database a test's site keeps its data in, for the operator commands a test runs as the operator would
 * (`npm run roles`): the `postgres` project's site writes its throw-away cluster's URL into its data
 * directory (tests/e2e/serve.ts); every other test runs on the main site's SQLite.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from '@playwright/test';

export const DATABASE_URL_FILE = 'database-url';

/** The environment that points a command at the running test's site database. */
export function siteDatabaseEnv(): Record<string, string | undefined> {
  if (test.info().project.name === 'postgres') {
    const dataDir = process.env.E2E_PG_DATA_DIR!;
    return { DATA_DIR: dataDir, DATABASE_URL: readFileSync(join(dataDir, DATABASE_URL_FILE), 'utf8') };
  }
  return { DATA_DIR: process.env.E2E_DATA_DIR, DATABASE_URL: undefined };
}
