/**
 * `npm run backup -- FILE`: a consistent backup of the site's data while it serves, to FILE: the SQLite
 * database in DATA_DIR (SQLite's online backup), or, when DATABASE_URL is set, that PostgreSQL database
 * (pg_dump's custom format). The work is in server/ops/; docs/operating.md, "Backups and restore", says
 * how to schedule it and what it holds.
 */
import { runOpsCommand } from '#server/ops/command';
import { backupPostgres } from '#server/ops/postgres';
import { backupSqlite } from '#server/ops/sqlite';

const USAGE = [
  'Usage: npm run backup -- FILE',
  '  Writes a backup of the configured database (DATABASE_URL, else DATA_DIR/storefront.sqlite) to FILE,',
  '  replacing FILE only once the new backup is complete.',
].join('\n');

runOpsCommand('backup', USAGE, false, ({ file }, config) =>
  config.DATABASE_URL !== undefined
    ? backupPostgres(config.DATABASE_URL, file, console.log)
    : backupSqlite(config.DATA_DIR, file, console.log),
);
