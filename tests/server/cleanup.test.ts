/**
 * The hourly clean-up and what the data folder looks like on disk: old visit records and ended sessions go,
 * the folder is 0700 and the database files 0600.
 */
import { chmodSync, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DATABASE_FILE, openDatabase } from '#server/db/database';
import { migrate } from '#server/db/migrate';
import { runCleanup } from '#server/jobs/cleanup';
import { UNKNOWN_PLACE } from '#machines/visit.machine';
import {
  DAY,
  authenticate,
  bearer,
  cleanup,
  createCapturedLog,
  createDataDir,
  createTestServer,
  jsonInit,
  register,
} from './helpers';

afterAll(cleanup);

/** An anonymous visit whose location lookup failed. */
const VISIT = { user: null, ...UNKNOWN_PLACE, visitDate: '2026-01-05', visitTime: '09:00:00' };

describe('the hourly clean-up', () => {
  it('deletes visit records older than VISIT_RETENTION_DAYS and sessions that ended, and keeps the rest', async () => {
    const server = await createTestServer({ VISIT_RETENTION_DAYS: 30 });
    const { app, db, clock, config } = server;
    const record = (visitor: string) => app.request('/api/users/record-visit', jsonInit('POST', { ...VISIT, visitor }));
    expect((await record('visitor-old-0001')).status).toBe(204);
    clock.advance(20 * DAY);
    expect((await record('visitor-new-0001')).status).toBe(204);

    clock.advance(10 * DAY + 1000);
    const live = await register(app);
    const ended = await register(app);
    await app.request('/api/auth/logout', { method: 'POST', headers: bearer(ended.token) });

    const result = await runCleanup({ db, clock, config, log: createCapturedLog().log });
    expect(result.oldVisits).toBe(1);
    expect(result.endedSessions).toBe(1);
    const visitors = (await db.selectFrom('visits').select('visitor').execute()).map((row) => row.visitor);
    expect(visitors).toEqual(['visitor-new-0001']);
    expect((await authenticate(app, live.token)).status).toBe(200);
    expect(await db.selectFrom('sessions').select('id').where('user_id', '=', ended.user.id).execute()).toEqual([]);
  });
});

describe('the data folder', () => {
  it('is created 0700, with the database files 0600', async () => {
    const dataDir = join(createDataDir(), 'data');
    const db = openDatabase(dataDir);
    await migrate(db);
    await db.destroy();
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(statSync(join(dataDir, DATABASE_FILE)).mode & 0o777).toBe(0o600);
    // Opened again: the journal files SQLite makes for it have its mode too.
    const again = openDatabase(dataDir);
    await again.selectFrom('users').select('id').execute();
    for (const suffix of ['-wal', '-shm'])
      expect(statSync(join(dataDir, DATABASE_FILE + suffix)).mode & 0o777).toBe(0o600);
    await again.destroy();
  });

  it('is tightened to 0700 when it was there already, more open', async () => {
    const dataDir = join(createDataDir(), 'existing');
    mkdirSync(dataDir, { mode: 0o755 });
    chmodSync(dataDir, 0o755);
    const db = openDatabase(dataDir);
    await db.destroy();
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
  });
});
