/**
 * Backup and restore of the PostgreSQL database named by DATABASE_URL, with PostgreSQL's own tools: pg_dump's
 * custom format (compressed; pg_restore reads it) and pg_restore. pg_dump reads everything inside ONE
 * repeatable-read transaction, so the dump is the database as of one moment, whatever the servers commit
 * meanwhile, and it blocks none of their reads or writes. docs/operating.md says what an operator should add
 * beyond this (continuous archiving, point-in-time recovery).
 */
import { statSync } from 'node:fs';
import { OTHER_CLIENTS, refuseLivePostgres } from './live-site';
import { OpsError, sizeAndTime } from './command';
import { assertWritable, backupKind, createPrivate, partialPath, putInPlace, removeQuietly } from './files';
import { describeDatabase, runPgProgram, withConnection } from './postgres-tools';
import { assertKnownMigrations, migrationNote } from './restored-schema';

export async function backupPostgres(databaseUrl: string, file: string, print: (line: string) => void): Promise<void> {
  const started = performance.now();
  const where = describeDatabase(databaseUrl);
  await withConnection(databaseUrl, async (query) => {
    const [row] = await query("SELECT to_regclass('kysely_migration') IS NOT NULL AS ours");
    if (row?.ours !== true) throw new OpsError(`The database ${where} holds no storefront data: nothing to back up.`);
  });
  assertWritable(file);
  const partial = partialPath(file);
  createPrivate(partial);
  try {
    // --compress=1: the bulk of the bytes (PDF reports, pictures) is compressed already; on 435 MB of such data
    // the default level took 100 s for a 403 MB file, level 1 35 s for 413 MB (docs/operating.md).
    await runPgProgram('pg_dump', databaseUrl, ['--format=custom', '--compress=1', `--file=${partial}`]);
    // Reads the archive's table of contents: a file pg_restore cannot read is no backup.
    await runPgProgram('pg_restore', undefined, ['--list', partial]);
    putInPlace(partial, file);
  } catch (error) {
    removeQuietly(partial);
    throw error;
  }
  print(`Backed up ${where} to ${file}: ${sizeAndTime(statSync(file).size, started)}.`);
}

/** Tables, views and sequences outside PostgreSQL's own schemas: what makes a database "not empty". */
const USER_RELATIONS = `
  SELECT format('%I.%I', n.nspname, c.relname) AS name, c.relkind AS kind
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
   WHERE n.nspname NOT IN ('pg_catalog', 'information_schema')
     AND n.nspname NOT LIKE 'pg\\_toast%' AND n.nspname NOT LIKE 'pg\\_temp%'
     AND c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f')
   ORDER BY c.relkind, name`;

const DROP_BY_KIND: Record<string, string> = {
  r: 'TABLE',
  p: 'TABLE',
  f: 'FOREIGN TABLE',
  v: 'VIEW',
  m: 'MATERIALIZED VIEW',
  S: 'SEQUENCE',
};

/**
 * Restores the pg_dump archive FILE into DATABASE_URL's database. Refuses a database that holds any table
 * unless `force`; with `force`, every table, view and sequence in it is dropped first (so that none of a newer
 * version's tables survives to trip the migrations at start). The servers must be stopped first.
 *
 * pg_restore runs as one transaction: a failed restore leaves the database as it was before pg_restore began.
 * --no-owner and --no-privileges: the objects belong to DATABASE_URL's user, who is the one the server
 * connects as, whatever roles the backed-up server had.
 */
export async function restorePostgres(
  file: string,
  databaseUrl: string,
  force: boolean,
  print: (line: string) => void,
): Promise<void> {
  const started = performance.now();
  const kind = backupKind(file);
  if (kind === 'sqlite') {
    throw new OpsError(
      `${file} is a SQLite backup: unset DATABASE_URL and set DATA_DIR to the folder to restore it into.`,
    );
  }
  if (kind !== 'postgres') throw new OpsError(`${file} is not a backup made by npm run backup.`);
  const applied = await archivedMigrations(file);
  assertKnownMigrations(applied, file);

  const where = describeDatabase(databaseUrl);
  await withConnection(databaseUrl, async (query) => {
    refuseLivePostgres(where, await query(OTHER_CLIENTS));
    const relations = await query(USER_RELATIONS);
    if (relations.length === 0) return;
    if (!force) {
      const tables = relations.filter((relation) => relation.kind === 'r' || relation.kind === 'p');
      throw new OpsError(
        `The database ${where} is not empty (${tables.length} table(s), e.g. ${String(relations[0]?.name)}); ` +
          'restoring would mix the backup with what is there. Stop the servers and run again with --force to ' +
          'replace its tables, or point DATABASE_URL at a new, empty database (createdb).',
      );
    }
    const drops = relations.map(
      (relation) => `DROP ${DROP_BY_KIND[String(relation.kind)]} IF EXISTS ${String(relation.name)} CASCADE;`,
    );
    await query(`BEGIN; ${drops.join(' ')} COMMIT;`);
  });

  await runPgProgram('pg_restore', databaseUrl, [
    '--single-transaction',
    '--exit-on-error',
    '--no-owner',
    '--no-privileges',
    file,
  ]);
  const summary = await withConnection(databaseUrl, async (query) => {
    const [row] = await query(
      'SELECT (SELECT count(*) FROM users) AS users, (SELECT count(*) FROM invoices) AS invoices',
    );
    return `${String(row?.users)} users, ${String(row?.invoices)} invoices`;
  });
  print(
    `Restored ${file} into ${where} (${summary}; ${migrationNote(applied)}): ` +
      `${sizeAndTime(statSync(file).size, started)}.`,
  );
}

/**
 * The migration names in the archive, read before the target is touched: pg_restore prints the
 * kysely_migration table's data as a COPY block, one row a line, the name first.
 */
async function archivedMigrations(file: string): Promise<string[]> {
  const script = await runPgProgram('pg_restore', undefined, [
    '--data-only',
    '--table=kysely_migration',
    '--file=-',
    file,
  ]);
  const lines = script.split('\n');
  const start = lines.findIndex((line) => line.startsWith('COPY ') && line.includes('kysely_migration'));
  if (start === -1) return [];
  const end = lines.indexOf('\\.', start);
  return lines.slice(start + 1, end === -1 ? undefined : end).map((line) => line.split('\t')[0] ?? '');
}
