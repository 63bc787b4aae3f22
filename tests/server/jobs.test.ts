// The periodic jobs' lease: once per interval across every instance sharing the database (on SQLite and,
// under TEST_DATABASE=postgres, on PostgreSQL with each "instance" on its own connection pool).
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { Kysely } from 'kysely';
import { openPostgresDatabase } from '#server/db/database';
import type { Database } from '#server/db/schema';
import { claimLease } from '#server/db/lease';
import { scheduleJob } from '#server/jobs/schedule';
import { HOUR_MS } from '#server/clock';
import { cleanup, createCapturedLog, createTestServer, destroyAfterAll } from './helpers';

afterAll(cleanup);

const { db, clock, config } = await createTestServer();

/** `count` handles on the test database as separate instances would hold them (own pools on PostgreSQL). */
function instances(count: number): Kysely<Database>[] {
  if (config.DATABASE_URL === undefined) return Array.from({ length: count }, () => db);
  return Array.from({ length: count }, () => destroyAfterAll(openPostgresDatabase(config.DATABASE_URL!)));
}

describe('claimLease', () => {
  it('gives a job to one claimant per interval, and again once the interval has passed', async () => {
    const lease = { name: 'one-claimant', intervalMs: HOUR_MS };
    expect(await claimLease(db, { ...lease, now: clock.now(), holder: 'a' })).toBe(true);
    expect(await claimLease(db, { ...lease, now: clock.now(), holder: 'b' })).toBe(false);
    clock.advance(HOUR_MS - 1);
    expect(await claimLease(db, { ...lease, now: clock.now(), holder: 'b' })).toBe(false);
    clock.advance(1);
    expect(await claimLease(db, { ...lease, now: clock.now(), holder: 'b' })).toBe(true);
    const row = await db.selectFrom('job_leases').selectAll().where('name', '=', lease.name).executeTakeFirstOrThrow();
    expect(row).toEqual({ name: lease.name, claimed_at: clock.now().toISOString(), claimed_by: 'b' });
  });

  it('lets exactly one of several instances claiming at the same moment win', async () => {
    for (let round = 0; round < 5; round += 1) {
      const now = clock.now();
      const won = await Promise.all(
        instances(6).map((handle, index) =>
          claimLease(handle, { name: 'race', intervalMs: HOUR_MS, now, holder: `instance-${index}` }),
        ),
      );
      expect(won.filter(Boolean)).toHaveLength(1);
      clock.advance(HOUR_MS);
    }
  });

  it('keeps jobs apart: one claim does not count for another job', async () => {
    const now = clock.now();
    expect(await claimLease(db, { name: 'job-a', intervalMs: HOUR_MS, now })).toBe(true);
    expect(await claimLease(db, { name: 'job-b', intervalMs: HOUR_MS, now })).toBe(true);
  });
});

describe('scheduleJob', () => {
  it('runs the job once per interval whichever instances look, and not while a run is under way here', async () => {
    const runs: string[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const jobs = instances(3).map((handle, index) =>
      scheduleJob({
        name: 'scheduled',
        intervalMs: HOUR_MS,
        db: handle,
        clock,
        log: createCapturedLog().log,
        run: async () => {
          runs.push(`instance-${index}`);
          await held;
        },
      }),
    );
    // Every instance looks twice at once; the first run is still under way.
    const first = Promise.all(jobs.flatMap((job) => [job.tick(), job.tick()]));
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    // The winner's second look joined its first (both true); the other instances lost the claim.
    expect((await first).filter(Boolean)).toHaveLength(2);
    expect(runs).toHaveLength(1);

    expect((await Promise.all(jobs.map((job) => job.tick()))).filter(Boolean)).toHaveLength(0);
    clock.advance(HOUR_MS);
    expect((await Promise.all(jobs.map((job) => job.tick()))).filter(Boolean)).toHaveLength(1);
    expect(runs).toHaveLength(2);
    await Promise.all(jobs.map((job) => job.stop()));
    clock.advance(HOUR_MS);
    expect(await jobs[0]!.tick()).toBe(false);
  });

  it('logs a failing run and keeps the schedule', async () => {
    const { log, lines } = createCapturedLog();
    let fail = true;
    const job = scheduleJob({
      name: 'failing',
      intervalMs: HOUR_MS,
      db,
      clock,
      log,
      run: async () => {
        if (fail) throw new Error('the job broke');
      },
    });
    expect(await job.tick()).toBe(false);
    // Without metrics to tell, the run's own error is what the operator reads.
    expect(lines.filter((line) => line.level === 50)).toEqual([
      expect.objectContaining({
        job: 'failing',
        msg: 'job failing failed',
        err: expect.objectContaining({ message: 'the job broke' }),
      }),
    ]);
    fail = false;
    clock.advance(HOUR_MS);
    expect(await job.tick()).toBe(true);
    await job.stop();
  });

  it('logs each claim at info level, or at debug level for a quiet job', async () => {
    const { log, lines } = createCapturedLog();
    const at = clock.now().toISOString();
    for (const [name, quiet] of [
      ['loud', undefined],
      ['quiet', true],
    ] as const) {
      const job = scheduleJob({ name, intervalMs: HOUR_MS, db, clock, log, quiet, run: async () => {} });
      expect(await job.tick()).toBe(true);
      await job.stop();
    }
    expect(lines).toEqual([
      expect.objectContaining({ level: 30, event: 'job.claimed', job: 'loud', at, msg: 'job loud claimed' }),
      expect.objectContaining({ level: 20, event: 'job.claimed', job: 'quiet', at, msg: 'job quiet claimed' }),
    ]);
  });

  it('looks at the lease a twelfth of the interval after starting, and no more once stopped', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      // Each look reads the clock first, at once: the count says how many looks the timer started.
      let looks = 0;
      const counting = {
        now: () => {
          looks += 1;
          return clock.now();
        },
      };
      const runs: string[] = [];
      const job = scheduleJob({
        name: 'timed',
        intervalMs: HOUR_MS,
        db,
        clock: counting,
        log: createCapturedLog().log,
        run: async () => void runs.push('ran'),
      });
      vi.advanceTimersByTime(HOUR_MS / 12 - 1);
      expect(looks).toBe(0);
      vi.advanceTimersByTime(1);
      expect(looks).toBe(1);
      await job.stop();
      expect(runs).toEqual(['ran']);
      vi.advanceTimersByTime(HOUR_MS);
      expect(looks).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
