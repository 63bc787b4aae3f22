// The write floor of `npm run bench`: committed single-row inserts, raw, in a process of their own, for
// SECONDS; prints {"commitsPerSecond": n} as one JSON line.
//   node floor.mjs sqlite <file> <seconds>       better-sqlite3, WAL, synchronous = FULL (as the server),
//                                                one writer (SQLite has one at a time), one commit per insert
//   node floor.mjs postgres <url> <seconds> <n>  pg, n clients inserting at once, each insert its own commit
//                                                (PostgreSQL flushes concurrent commits together)
import { randomUUID } from 'node:crypto';

const [kind, target, secondsText, clientsText] = process.argv.slice(2);
const seconds = Number(secondsText);
const WARM_UP_MS = 500;

async function sqliteFloor() {
  const { default: SQLite } = await import('better-sqlite3');
  const db = new SQLite(target);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.exec('CREATE TABLE IF NOT EXISTS floor (id TEXT PRIMARY KEY, created_at TEXT NOT NULL)');
  const insert = db.prepare('INSERT INTO floor (id, created_at) VALUES (?, ?)');
  const run = (ms) => {
    const end = performance.now() + ms;
    let count = 0;
    while (performance.now() < end) {
      insert.run(randomUUID(), new Date().toISOString());
      count += 1;
    }
    return count;
  };
  run(WARM_UP_MS);
  const count = run(seconds * 1000);
  db.close();
  return count / seconds;
}

async function postgresFloor() {
  const { default: pg } = await import('pg');
  const clients = Number(clientsText);
  const pool = new pg.Pool({ connectionString: target, max: clients });
  await pool.query('CREATE TABLE IF NOT EXISTS floor (id TEXT PRIMARY KEY, created_at TEXT NOT NULL)');
  const run = async (ms) => {
    const end = performance.now() + ms;
    let count = 0;
    await Promise.all(
      Array.from({ length: clients }, async () => {
        while (performance.now() < end) {
          await pool.query('INSERT INTO floor (id, created_at) VALUES ($1, $2)', [
            randomUUID(),
            new Date().toISOString(),
          ]);
          count += 1;
        }
      }),
    );
    return count;
  };
  await run(WARM_UP_MS);
  const count = await run(seconds * 1000);
  await pool.end();
  return count / seconds;
}

const commitsPerSecond = kind === 'postgres' ? await postgresFloor() : await sqliteFloor();
console.log(JSON.stringify({ commitsPerSecond }));
