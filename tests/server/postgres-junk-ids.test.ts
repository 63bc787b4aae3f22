// Ids PostgreSQL refuses where SQLite simply finds nothing: one with a NUL character is "not found", and an empty
// list of ids is nothing to do, before the database sees either. office-staff.test.ts and notifications.test.ts
// ask the routes on both databases; this file asks the code itself on a cluster of its own, because the mutation
// run (vitest.mutation-server.config.ts) runs the other files on SQLite only.
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/schema';
import { openPostgresDatabase } from '#server/db/database';
import { findAvatar } from '#server/avatars/repository';
import { migrate } from '#server/db/migrate';
import { HttpError } from '#server/http/errors';
import { markSeen } from '#server/notifications/repository';
import { revokeOffice } from '#server/office/staff';
import { insertUser } from '#server/users/repository';
import { createCapturedLog, createTestClock } from './helpers';
import { clusterForFile } from './postgres';

// Started before the file's first test, not when it loads: a file whose tests are all filtered out starts no
// cluster (tests/server/postgres.ts, clusterForFile).
const started = clusterForFile();
let db: Kysely<Database>;
beforeAll(async () => {
  db = openPostgresDatabase((await started()).url);
  await migrate(db);
});
afterAll(async () => {
  await db.destroy();
});

describe('on PostgreSQL', () => {
  it("revoking the office role of an id with a NUL: 404 'No office member with that id.', no database error", async () => {
    const clock = createTestClock();
    const { log, lines } = createCapturedLog();
    const admin = await insertUser(db, {
      name: 'Alan Admin',
      email: 'alan.junk-ids@example.com',
      passwordHash: null,
      emailVerified: true,
      now: clock.now(),
    });
    const refusal: unknown = await revokeOffice({ db, clock, log }, 'a\u0000b', admin).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(HttpError);
    expect([(refusal as HttpError).status, (refusal as HttpError).en]).toEqual([404, 'No office member with that id.']);
    expect(lines).toEqual([]);
  });

  it('an avatar asked for by an id with a NUL is none, no database error', async () => {
    // GET /api/avatars/<id> takes the id from the URL: PostgreSQL would refuse to compare it (a 500).
    await expect(findAvatar(db, 'a\u0000b')).resolves.toBeUndefined();
  });

  it('marking no notifications seen marks none, no database error', async () => {
    // PostgreSQL refuses `IN ()` (a syntax error, so a 500); SQLite takes it and matches nothing.
    await expect(markSeen(db, 'some-user', [], new Date())).resolves.toBe(0);
  });
});
