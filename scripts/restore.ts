/**
 * `npm run restore -- FILE [--force]`: puts a backup made by `npm run backup` back: into DATA_DIR (SQLite),
 * or into the database DATABASE_URL names (pg_restore). It refuses a target that already holds data unless
 * --force is given; stop the server first. The work is in server/ops/; docs/operating.md, "Backups and
 * restore", walks through a restore.
 */
import { runOpsCommand } from '#server/ops/command';
import { restorePostgres } from '#server/ops/postgres';
import { restoreSqlite } from '#server/ops/sqlite';

const USAGE = [
  'Usage: npm run restore -- FILE [--force]',
  '  Restores the backup FILE into an empty DATA_DIR (SQLite) or the empty database DATABASE_URL names.',
  '  --force  replace the data already there (stop the server first).',
].join('\n');

runOpsCommand('restore', USAGE, true, ({ file, force }, config) =>
  config.DATABASE_URL !== undefined
    ? restorePostgres(file, config.DATABASE_URL, force, console.log)
    : restoreSqlite(file, config.DATA_DIR, force, console.log),
);
