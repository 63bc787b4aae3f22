/**
 * Vitest's global set-up for the `postgres` project: one throw-away PostgreSQL for the whole run, in which
 * every test server gets a database of its own (tests/server/helpers.ts, createPostgresDatabase). Starting a
 * cluster per test file cost about 1.5 s of a core for each of the ~80 files that run on PostgreSQL
 * (docs/testing.md, "How long CI takes").
 */
import type { TestProject } from 'vitest/node';
import { openPostgresDatabase } from '#server/db/database';
import { migrate } from '#server/db/migrate';
import { startPostgres } from './server/postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** postgres://postgres@127.0.0.1:<port>: the run's cluster, without a database name. */
    postgresServer: string;
    /** A database of the cluster migrated to the latest schema, to copy (CREATE DATABASE ... TEMPLATE). */
    postgresTemplate: string;
  }
}

export default async function startSharedPostgres(project: TestProject): Promise<() => Promise<void>> {
  const cluster = await startPostgres({ maxConnections: 400 });
  const server = new URL(cluster.url);
  server.pathname = '';
  project.provide('postgresServer', server.href.replace(/\/$/, ''));
  // Migrating a fresh database takes about 190 ms here, copying a migrated one about 50 ms; a test server still
  // runs the migrations, which find nothing to do (docs/performance.md, "How long CI takes").
  const templateUrl = await cluster.createDatabase();
  const template = openPostgresDatabase(templateUrl);
  try {
    await migrate(template);
  } finally {
    await template.destroy();
  }
  project.provide('postgresTemplate', new URL(templateUrl).pathname.slice(1));
  return () => cluster.stop();
}
