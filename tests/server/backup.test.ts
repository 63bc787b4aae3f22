/**
 * `npm run backup` and `npm run restore` (scripts/backup.ts, scripts/restore.ts, server/ops/), run as an
 * operator runs them: each a process of its own, on the database the server uses (SQLite in DATA_DIR, or
 * PostgreSQL by DATABASE_URL under TEST_DATABASE=postgres). The main case: a backup taken while the real server
 * takes orders and registrations from concurrent clients holds every write the server had acknowledged before
 * the backup began, and nothing half-done; restored into an empty target, the server starts on it and serves
 * it. Then: a target that holds data is refused unless --force; and each mistake gets a clear message.
 */
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, openPostgresDatabase } from '#server/db/database';
import { migrate } from '#server/db/migrate';
import type { Database } from '#server/db/schema';
import { insertUser } from '#server/users/repository';
import {
  ORDER,
  PASSWORD,
  TEST_ON_POSTGRES,
  type TestApp,
  bearer,
  cleanup,
  createDataDir,
  createPostgresDatabase,
  jsonInit,
  login,
  myInvoices,
  register,
  sessionBody,
  uniqueEmail,
} from './helpers';
import { type Running, startServer, stopSpawnedServers } from './spawned-server';

afterAll(async () => {
  await stopSpawnedServers();
  await cleanup();
});

const execute = promisify(execFile);

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs scripts/<name>.ts as `npm run <name>` does (tsx), with `env` over this process's environment. */
async function script(name: 'backup' | 'restore', args: string[], env: Record<string, string>): Promise<Outcome> {
  try {
    const result = await execute(process.execPath, ['--import', 'tsx', `scripts/${name}.ts`, ...args], {
      env: { ...process.env, ...env },
    });
    return { code: 0, stdout: result.stdout, stderr: result.stderr };
  } catch (error) {
    const failed = error as Outcome;
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** Where the data lives: the environment the server and the scripts read, and a way to open it here. */
interface Target {
  env: Record<string, string>;
  open(): Kysely<Database>;
}

/** An empty target: a fresh DATA_DIR, or (PostgreSQL) a fresh database in this file's cluster. */
async function emptyTarget(): Promise<Target> {
  const dataDir = createDataDir();
  if (TEST_ON_POSTGRES) {
    const url = await createPostgresDatabase();
    return { env: { DATA_DIR: dataDir, DATABASE_URL: url }, open: () => openPostgresDatabase(url) };
  }
  return { env: { DATA_DIR: dataDir, DATABASE_URL: '' }, open: () => openDatabase(dataDir) };
}

async function withDatabase<T>(target: Target, work: (db: Kysely<Database>) => Promise<T>): Promise<T> {
  const db = target.open();
  try {
    return await work(db);
  } finally {
    await db.destroy();
  }
}

/**
 * Some megabytes of earlier data (customers with profile pictures, visits), so that the copy takes long
 * enough for the server to commit writes while it runs.
 */
async function prefill(db: Kysely<Database>): Promise<void> {
  await migrate(db);
  const now = new Date().toISOString();
  const picture = new Uint8Array(8_000).fill(7);
  for (let start = 0; start < 1500; start += 250) {
    const ids = Array.from({ length: 250 }, (_, index) => `prefill-${start + index}`);
    await db
      .insertInto('users')
      .values(
        ids.map((id) => ({
          id,
          name: 'Earlier Customer',
          email: `${id}@example.com`,
          password_hash: null,
          email_verified: 1,
          last_login: null,
          created_at: now,
          updated_at: now,
          deletion_scheduled_for: null,
        })),
      )
      .execute();
    await db
      .insertInto('avatars')
      .values(
        ids.map((id) => ({ user_id: id, content_type: 'image/png', bytes: picture, sha256: 'x', updated_at: now })),
      )
      .execute();
  }
}

/** The helpers' `app.request`, over the network to the spawned server. */
function over(server: Running): TestApp {
  const request = (path: string, init?: RequestInit) => fetch(`http://127.0.0.1:${server.port}${path}`, init);
  return { request } as unknown as TestApp;
}

/** Every request comes from 127.0.0.1: the limits on registrations and orders must not stop the load. */
const UNLIMITED = {
  REGISTER_MAX_PER_ADDRESS_PER_HOUR: '1000000',
  REGISTER_MAX_PER_HOUR: '1000000',
  INVOICE_MAX_PER_ADDRESS_PER_HOUR: '1000000',
  INVOICE_MAX_PER_USER_PER_HOUR: '1000000',
};

const ORDERING_CLIENTS = 4;
const MARKER = 'https://example.com/backup-load';

interface Acknowledged {
  /** The URL each order carried (unique), once the server answered 201. */
  orders: Array<{ client: number; url: string }>;
  /** The e-mail addresses of the accounts the server answered 201 for. */
  accounts: string[];
}

/**
 * Concurrent clients until `stop()`: ORDERING_CLIENTS customers ordering one after another, and one stream of
 * registrations. Each write is recorded when the server's answer arrives: from then on it is committed.
 */
function startLoad(app: TestApp) {
  const done: Acknowledged = { orders: [], accounts: [] };
  const customers: string[] = [];
  let stopped = false;
  const ordering = async (client: number) => {
    const { token, user } = await register(app, { email: uniqueEmail(`orders${client}`) });
    customers[client] = user.email;
    for (let n = 0; !stopped; n += 1) {
      const url = `${MARKER}/${client}/${n}`;
      const res = await app.request('/api/invoices/create', jsonInit('POST', { ...ORDER, url }, bearer(token)));
      if (res.status !== 201) throw new Error(`order failed: ${res.status} ${await res.text()}`);
      done.orders.push({ client, url });
    }
  };
  const registering = async () => {
    while (!stopped) {
      const email = uniqueEmail('load');
      await register(app, { email });
      done.accounts.push(email);
    }
  };
  const clients = [...Array.from({ length: ORDERING_CLIENTS }, (_, client) => ordering(client)), registering()];
  return {
    done,
    customers,
    writes: () => done.orders.length + done.accounts.length,
    async stop() {
      stopped = true;
      await Promise.all(clients);
    },
  };
}

async function until(what: string, check: () => boolean): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`${what}: not within 20 s`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('npm run backup under write load, then npm run restore', () => {
  it('restores every write acknowledged before the backup began, and the server starts on it', async () => {
    const source = await emptyTarget();
    await withDatabase(source, prefill);
    const server = await startServer({ ...source.env, ...UNLIMITED });
    const load = startLoad(over(server));
    try {
      await until('load under way', () => load.done.orders.length >= 20 && load.done.accounts.length >= 2);

      // Everything acknowledged up to here was committed before the backup began.
      const before: Acknowledged = { orders: [...load.done.orders], accounts: [...load.done.accounts] };
      const file = join(createDataDir(), TEST_ON_POSTGRES ? 'site.pgdump' : 'site.sqlite');
      const writesAtStart = load.writes();
      const backup = await script('backup', [file], source.env);
      const writesDuring = load.writes() - writesAtStart;
      expect(backup, backup.stderr).toMatchObject({ code: 0, stdout: expect.stringMatching(/^Backed up .* MB in /) });
      // The server kept committing while the backup ran: it was taken under load, not in a pause.
      expect(writesDuring).toBeGreaterThan(0);
      await load.stop();
      await stopSpawnedServers();

      const restored = await emptyTarget();
      const restore = await script('restore', [file], restored.env);
      expect(restore, restore.stderr).toMatchObject({ code: 0, stdout: expect.stringMatching(/^Restored .* users/) });

      await withDatabase(restored, async (db) => {
        const urls = new Set(
          (await db.selectFrom('invoices').select('url').where('url', 'like', `${MARKER}/%`).execute()).map(
            (row) => row.url,
          ),
        );
        const missingOrders = before.orders.filter((order) => !urls.has(order.url));
        expect(missingOrders).toEqual([]);
        const emails = new Set((await db.selectFrom('users').select('email').execute()).map((row) => row.email));
        expect(before.accounts.filter((email) => !emails.has(email))).toEqual([]);
        expect(emails.size).toBeGreaterThanOrEqual(1500 + ORDERING_CLIENTS + before.accounts.length);
        // Nothing half-done: an invoice and its order are written in one transaction, and are restored together.
        const orphans = await db
          .selectFrom('invoices')
          .leftJoin('orders', 'orders.invoice_id', 'invoices.id')
          .select('invoices.id')
          .where('orders.invoice_id', 'is', null)
          .execute();
        expect(orphans).toEqual([]);
        // At most what the server acknowledged in all (an answer still on its way may add one per client).
        expect(urls.size).toBeLessThanOrEqual(load.done.orders.length + ORDERING_CLIENTS);
      });

      // The server starts on the restored data (its migrations find it up to date) and serves it.
      const onRestored = over(await startServer({ ...restored.env, ...UNLIMITED }));
      const client = 0;
      const signedIn = await login(onRestored, load.customers[client]!, PASSWORD);
      expect(signedIn.status).toBe(200);
      const invoices = await myInvoices(onRestored, (await sessionBody(signedIn)).token);
      const theirs = before.orders.filter((order) => order.client === client).map((order) => order.url);
      expect(invoices.map((invoice) => invoice.service.url)).toEqual(expect.arrayContaining(theirs));
    } finally {
      await load.stop();
      await stopSpawnedServers();
    }
  }, 90_000);
});

describe('npm run restore refuses a target that holds data', () => {
  it('unless --force, which replaces it with the backup', async () => {
    const source = await emptyTarget();
    const kept = uniqueEmail('kept');
    await withDatabase(source, async (db) => {
      await migrate(db);
      await insertAccount(db, kept);
    });
    const file = join(createDataDir(), 'small.backup');
    expect((await script('backup', [file], source.env)).code).toBe(0);

    const target = await emptyTarget();
    expect((await script('restore', [file], target.env)).code).toBe(0);
    const later = uniqueEmail('later');
    await withDatabase(target, (db) => insertAccount(db, later));

    const refused = await script('restore', [file], target.env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      TEST_ON_POSTGRES ? /is not empty .* --force/ : /already holds a database .* --force/,
    );
    expect(await emails(target)).toEqual([kept, later].sort());

    const forced = await script('restore', [file, '--force'], target.env);
    expect(forced, forced.stderr).toMatchObject({ code: 0 });
    expect(await emails(target)).toEqual([kept]);
  }, 60_000);
});

describe('npm run restore refuses a live site', () => {
  it('while a server runs on the target, even with --force; once it is stopped, the restore goes through', async () => {
    const source = await emptyTarget();
    const kept = uniqueEmail('backed-up');
    await withDatabase(source, async (db) => {
      await migrate(db);
      await insertAccount(db, kept);
    });
    const file = join(createDataDir(), 'live.backup');
    expect((await script('backup', [file], source.env)).code).toBe(0);

    const target = await emptyTarget();
    const live = await startServer({ ...target.env, ...UNLIMITED });
    const site = over(live);
    const confirmed = await register(site);
    const refused = await script('restore', [file, '--force'], target.env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      TEST_ON_POSTGRES ? /is in use: .*storefront/ : /A server is running on .*Stop every server/,
    );
    // Nothing was touched: the site still serves the account it confirmed.
    expect((await site.request('/api/users/authenticate', { headers: bearer(confirmed.token) })).status).toBe(200);

    live.child.kill('SIGTERM');
    await live.exited();
    const restored = await script('restore', [file, '--force'], target.env);
    expect(restored, restored.stderr).toMatchObject({ code: 0 });
    expect(await emails(target)).toEqual([kept]);
  }, 60_000);
});

async function insertAccount(db: Kysely<Database>, email: string): Promise<void> {
  await insertUser(db, {
    id: email,
    name: 'Kept Customer',
    email,
    passwordHash: null,
    now: new Date(),
    emailVerified: true,
  });
}

async function emails(target: Target): Promise<string[]> {
  return withDatabase(target, async (db) =>
    (await db.selectFrom('users').select('email').orderBy('email').execute()).map((row) => row.email),
  );
}

describe('npm run backup and npm run restore say what is wrong', () => {
  it('with no FILE, an unwritable FILE, an unreachable database, and a file that is no backup', async () => {
    // A target holding a database, so that the unwritable path is what fails; and an empty one.
    const withData = await emptyTarget();
    await withDatabase(withData, migrate);
    const empty = await emptyTarget();
    const folder = createDataDir();
    const notAFolder = join(folder, 'plain-file');
    writeFileSync(notAFolder, 'not a folder');
    // Nothing listens on port 1 of loopback; on SQLite, an empty DATA_DIR holds no database to back up.
    const unreachable = TEST_ON_POSTGRES
      ? { DATA_DIR: folder, DATABASE_URL: 'postgres://postgres:secret@127.0.0.1:1/shop' }
      : empty.env;
    const [noFile, noRestoreFile, unwritable, down, noBackup] = await Promise.all([
      script('backup', [], withData.env),
      script('restore', [], empty.env),
      script('backup', [join(notAFolder, 'site.backup')], withData.env),
      script('backup', [join(folder, 'site.backup')], unreachable),
      script('restore', [notAFolder], empty.env),
    ]);
    expect(noFile).toMatchObject({ code: 2, stderr: expect.stringContaining('Say which FILE.') });
    expect(noFile.stderr).toContain('Usage: npm run backup -- FILE');
    expect(noRestoreFile).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('Usage: npm run restore -- FILE [--force]'),
    });
    expect(unwritable).toMatchObject({
      code: 1,
      stderr: expect.stringContaining(
        `Cannot write the backup to ${notAFolder}/site.backup: ${notAFolder} is not a folder.`,
      ),
    });
    expect(down.code).toBe(1);
    expect(down.stderr).toMatch(
      TEST_ON_POSTGRES ? /Cannot reach the database 127\.0\.0\.1:1\/shop: / : /No database at /,
    );
    expect(down.stderr).not.toContain('secret');
    expect(noBackup).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('is not a backup made by npm run backup'),
    });
  }, 60_000);
});
