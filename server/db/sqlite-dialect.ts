/**
 * Kysely's SQLite dialect with one change: a transaction begins with BEGIN IMMEDIATE, taking the database's
 * write lock at once, instead of Kysely's plain BEGIN, which takes it only at the first write.
 *
 * Another process may write to the same file: a second instance during a deploy, `npm run roles`, a restore
 * check. In WAL mode a plain BEGIN first reads from a snapshot, and its first write then fails at once, without
 * waiting out the busy timeout: SQLITE_BUSY while the other process holds the lock, SQLITE_BUSY_SNAPSHOT when it
 * committed since the read. Either failed a request that had done nothing wrong. Taken at the start, the lock
 * waits its turn like any other (busy_timeout), and every read in the transaction sees the latest commit.
 * Within this process nothing changes: Kysely runs one statement or transaction at a time on its connection.
 */
import { CompiledQuery, type DatabaseConnection, type Driver, SqliteDialect, SqliteDriver } from 'kysely';
import type { SqliteDialectConfig } from 'kysely';

const BEGIN_IMMEDIATE = CompiledQuery.raw('begin immediate');

class ImmediateDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(BEGIN_IMMEDIATE);
  }
}

export class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new ImmediateDriver(this.#config);
  }
}
