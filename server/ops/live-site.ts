/**
 * Whether a site is live on the store a restore would replace (docs/operating.md#restoring). A restore over a
 * running server succeeded silently before: the server went on writing to the file it had open, and what it
 * confirmed after the restore was gone at its next start. So a restore refuses while any process holds the SQLite
 * database open, or while any other client is connected to the PostgreSQL database, and `--force` (which only
 * allows replacing data) does not change that. Stop every server, restore, start them again.
 */
import { readdirSync, readlinkSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { OpsError } from './command';

/** The processes (other than this one) that hold one of `paths` open: Linux's /proc/<pid>/fd links. */
function processesHolding(paths: string[]): number[] {
  const wanted = new Set(
    paths.flatMap((path) => {
      try {
        return [realpathSync(path)];
      } catch {
        return [];
      }
    }),
  );
  if (wanted.size === 0) return [];
  const holders: number[] = [];
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    let fds: string[];
    try {
      fds = readdirSync(join('/proc', entry, 'fd'));
    } catch {
      continue; // gone meanwhile, or another user's
    }
    const holds = fds.some((fd) => {
      try {
        return wanted.has(readlinkSync(join('/proc', entry, 'fd', fd)));
      } catch {
        return false;
      }
    });
    if (holds) holders.push(pid);
  }
  return holders;
}

export function refuseLiveSqlite(dataDir: string, databaseFile: string): void {
  const holders = processesHolding([databaseFile, `${databaseFile}-wal`]);
  if (holders.length === 0) return;
  throw new OpsError(
    `A server is running on ${dataDir}: process ${holders.join(', ')} has its database open. Stop every server ` +
      'on it, restore, then start them again (--force does not change this).',
  );
}

/** The other clients of the database, as pg_stat_activity names them; `query` runs on the restore's connection. */
export const OTHER_CLIENTS = `
  SELECT pid, coalesce(nullif(application_name, ''), 'a client') AS name FROM pg_stat_activity
   WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'`;

export function refuseLivePostgres(where: string, clients: Array<Record<string, unknown>>): void {
  if (clients.length === 0) return;
  const named = clients.map((client) => `${String(client.name)} (pid ${String(client.pid)})`).join(', ');
  throw new OpsError(
    `The database ${where} is in use: ${clients.length} other connection(s): ${named}. Stop every server on it, ` +
      'restore, then start them again (--force does not change this).',
  );
}
