/**
 * A sign-in for an unknown e-mail costs what a wrong password costs, so that timing tells nobody which e-mails
 * have accounts. It replaces argon2 with a watched copy (vi.mock), so it runs in a module graph of its own (the
 * `isolated` project of vitest.config.ts).
 */
import * as argon2 from '@node-rs/argon2';
import { afterAll, expect, it, vi } from 'vitest';
import { ARGON2_OPTIONS, DUMMY_PASSWORD_HASH } from '#server/ways-in/passwords';
import { cleanup, createTestServer, login, register, uniqueEmail } from './helpers';

// argon2's own verification, watched: which hash each sign-in verifies against.
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof import('@node-rs/argon2')>();
  return { ...real, verify: vi.fn(real.verify) };
});

afterAll(cleanup);

const { app, db } = await createTestServer();

it('spends one argon2id verification of the same cost on an unknown e-mail as on a wrong password', async () => {
  // Proven without a stopwatch (timings on a shared machine are noise): each attempt verifies once, the
  // unknown e-mail against the dummy hash, and both hashes carry the same argon2id cost parameters.
  const account = await register(app);
  const stored = await db
    .selectFrom('users')
    .select('password_hash')
    .where('id', '=', account.user.id)
    .executeTakeFirstOrThrow();
  const costOf = (phc: string) => /^\$argon2id\$v=19\$(m=\d+,t=\d+,p=\d+)\$/.exec(phc)?.[1];
  const { memoryCost, timeCost, parallelism } = ARGON2_OPTIONS;
  expect(costOf(stored.password_hash!)).toBe(`m=${memoryCost},t=${timeCost},p=${parallelism}`);
  expect(costOf(DUMMY_PASSWORD_HASH)).toBe(costOf(stored.password_hash!));

  vi.mocked(argon2.verify).mockClear();
  expect((await login(app, account.user.email, 'wrong password', '198.51.100.7')).status).toBe(401);
  expect((await login(app, uniqueEmail('ghost'), 'wrong password', '198.51.100.7')).status).toBe(401);
  expect(vi.mocked(argon2.verify).mock.calls).toEqual([
    [stored.password_hash, 'wrong password'],
    [DUMMY_PASSWORD_HASH, 'wrong password'],
  ]);
});
