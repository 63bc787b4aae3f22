/**
 * The forgotten-password call must not tell, by how long it takes, whether an account exists. The one
 * account-only step that costs real time is storing the code (a durable write); the answer must not wait
 * for it. Proven without a stopwatch: another connection holds the database's write lock, so any write the
 * handler awaited would hold the answer back until the lock is released.
 */
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, expect, it } from 'vitest';
import { FORGOT_PASSWORD_TEXT } from '#server/account/password-reset';
import { createApp } from '#server/app';
import { loadConfig } from '#server/config';
import { DATABASE_FILE, openDatabase } from '#server/db/database';
import { migrate } from '#server/db/migrate';
import {
  cleanup,
  closeAfterAll,
  createCapturedLog,
  createDataDir,
  createStaticDir,
  destroyAfterAll,
  register,
  uniqueEmail,
} from './helpers';

afterAll(cleanup);

it('answers an existing and an unknown address alike, without waiting for the code to be stored', async () => {
  const dataDir = createDataDir();
  const db = destroyAfterAll(openDatabase(dataDir));
  await migrate(db);
  const config = { ...loadConfig({}), DATA_DIR: dataDir, STATIC_DIR: createStaticDir() };
  const app = closeAfterAll(createApp({ db, config, log: createCapturedLog().log }));
  // As `npm start` does before it listens: the signing secret is made on the first start, not by a request.
  await app.ready();
  const account = await register(app);

  const locker = new SQLite(join(dataDir, DATABASE_FILE));
  locker.exec('BEGIN IMMEDIATE');
  const ask = async (email: string) => {
    const res = await app.request(`/api/users/password/forgot?email=${encodeURIComponent(email)}`);
    return { status: res.status, body: await res.json() };
  };
  let timer: NodeJS.Timeout | undefined;
  try {
    const answered = await Promise.race([
      Promise.all([ask(account.user.email), ask(uniqueEmail('nobody'))]),
      new Promise<'held back'>((resolve) => (timer = setTimeout(() => resolve('held back'), 2000))),
    ]);
    expect(answered).not.toBe('held back');
    const [existing, unknown] = answered as Array<{ status: number; body: unknown }>;
    // Alike but for the ticket, which is new for every request.
    const withoutTicket = ({ status, body }: { status: number; body: unknown }) => {
      const { ticket, ...rest } = body as { ticket: string };
      return { status, body: rest, ticket: ticket.length };
    };
    expect(withoutTicket(existing!)).toEqual(withoutTicket(unknown!));
    expect(withoutTicket(existing!)).toEqual({
      status: 200,
      body: { message: { en: FORGOT_PASSWORD_TEXT } },
      ticket: 43,
    });
  } finally {
    clearTimeout(timer);
    locker.exec('ROLLBACK');
    locker.close();
  }
  // Once the lock is gone, the code is stored after all.
  await expect
    .poll(async () => (await db.selectFrom('code_tickets').select('purpose').execute()).map((row) => row.purpose))
    .toEqual(['password_reset']);
});
