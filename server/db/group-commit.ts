/**
 * Group commit for SQLite: writes that arrive while a commit is on its way to the disk are committed together,
 * in one transaction, with one fsync. With `synchronous = FULL` every commit waits for the disk, and SQLite has
 * one writer: one commit per request caps the requests that write at the disk's commits per second
 * (docs/performance.md). PostgreSQL flushes concurrent commits together by itself, so there each write is simply
 * its own transaction.
 *
 * Durability is unchanged: `run` resolves only after the transaction holding its work has committed. Each
 * piece of work runs under its own savepoint, so one that fails is undone and rejected alone while the others
 * commit; a failed commit rejects the whole group. Work must not start a transaction of its own (it is given one).
 */
import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import { isPostgres } from './dialect';
import type { Database } from './schema';

export interface Writes {
  /** Runs `work` in a transaction; resolves with its result once that transaction has committed. */
  run<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T>;
}

interface Pending {
  work: (trx: Transaction<Database>) => Promise<unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/**
 * One savepoint per piece of work, its SQL written once: Kysely's savepoint builders compile three statements
 * and a transaction object per piece of work. The pieces run one after another, each released before the next
 * begins, so one name serves them all.
 */
const SAVEPOINT = CompiledQuery.raw('savepoint group_write');
const ROLLBACK_TO_SAVEPOINT = CompiledQuery.raw('rollback to savepoint group_write');
const RELEASE_SAVEPOINT = CompiledQuery.raw('release savepoint group_write');

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

type OnCommit = ((writes: number) => void) | undefined;

/** PostgreSQL: each write its own transaction (the server flushes concurrent commits together itself). */
function eachItsOwnTransaction(db: Kysely<Database>, onCommit: OnCommit): Writes {
  return {
    run: async (work) => {
      const value = await db.transaction().execute(work);
      onCommit?.(1);
      return value;
    },
  };
}

/** One group: its own transaction; a lone piece of work needs no savepoint. */
async function commitGroup(db: Kysely<Database>, group: Pending[], onCommit: OnCommit): Promise<Outcome[]> {
  const trx = await db.startTransaction().execute();
  try {
    const outcomes: Outcome[] = [];
    if (group.length === 1) {
      outcomes.push({ ok: true, value: await group[0]!.work(trx) });
    } else {
      for (const pending of group) {
        await trx.executeQuery(SAVEPOINT);
        try {
          outcomes.push({ ok: true, value: await pending.work(trx) });
        } catch (error) {
          await trx.executeQuery(ROLLBACK_TO_SAVEPOINT);
          outcomes.push({ ok: false, error });
        }
        await trx.executeQuery(RELEASE_SAVEPOINT);
      }
    }
    await trx.commit().execute();
    onCommit?.(group.length);
    return outcomes;
  } catch (error) {
    await trx
      .rollback()
      .execute()
      .catch(() => undefined);
    throw error;
  }
}

/** `onCommit` hears the number of writes in each transaction committed (tests and diagnostics). */
export function createWrites(db: Kysely<Database>, options: { onCommit?: (writes: number) => void } = {}): Writes {
  const { onCommit } = options;
  if (isPostgres(db)) return eachItsOwnTransaction(db, onCommit);

  let queue: Pending[] = [];
  let flushing = false;
  let scheduled = false;

  async function flush(): Promise<void> {
    if (flushing) return;
    flushing = true;
    while (queue.length > 0) {
      const group = queue;
      queue = [];
      try {
        const outcomes = await commitGroup(db, group, onCommit);
        outcomes.forEach((outcome, index) => {
          const pending = group[index]!;
          if (outcome.ok) pending.resolve(outcome.value);
          else pending.reject(outcome.error);
        });
      } catch (error) {
        for (const pending of group) pending.reject(error);
      }
    }
    flushing = false;
  }

  return {
    run<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
        // better-sqlite3 works synchronously, so a group started at once would commit before any other request
        // is even read. Starting it after this turn's I/O callbacks (setImmediate) lets every request that
        // arrived with this one join it; while one group commits, the requests behind it queue for the next.
        if (!flushing && !scheduled) {
          scheduled = true;
          setImmediate(() => {
            scheduled = false;
            void flush();
          });
        }
      });
    },
  };
}
