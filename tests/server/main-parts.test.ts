/**
 * The parts of the entry point (server/main.ts) that decide something, run in this process: waiting for a
 * database that is away at start, migrating when it answers, listening with the connection caps, and starting the
 * periodic jobs. The spawned-process tests (database-down, connections, instances) show the same on the built
 * server; mutation testing only sees code run here.
 */
import { type Server } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase, openPostgresDatabase } from '#server/db/database';
import { claimLease } from '#server/db/lease';
import { migrate } from '#server/db/migrate';
import { CALL_REMINDERS_JOB, CALL_REMINDER_INTERVAL_MS } from '#server/jobs/call-reminders';
import { migrateAtStart, whenDatabaseAnswers } from '#server/main-database';
import { startJobs } from '#server/main-jobs';
import { listener, localUrl } from '#server/main-listen';
import { createMetrics } from '#server/metrics/metrics';
import { createCapturedLog, createTestServer, destroyAfterAll } from './helpers';

const away = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
/** As the migrations report a database that is away: their own error, the driver's as its cause. */
const wrapped = () => new Error('Database migration failed; the server cannot start.', { cause: away() });

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('waiting for the database at start', () => {
  it('tries again every second until it answers, logging the first try and then one a minute', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const { log, lines } = createCapturedLog();
    let tries = 0;
    const work = async () => {
      tries += 1;
      if (tries <= 120) throw tries % 2 ? away() : wrapped();
    };
    const waited = whenDatabaseAnswers(work, log);
    await vi.advanceTimersByTimeAsync(999);
    expect(tries).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(tries).toBe(2);
    await vi.advanceTimersByTimeAsync(119_000);
    await waited;
    expect(tries).toBe(121);
    const logged = lines.filter((line) => line.event === 'database.unavailable');
    expect(logged.map((line) => line.attempt)).toEqual([1, 60, 120]);
    expect(logged[0]).toMatchObject({ level: 50, msg: 'waiting for the database to start' });
  });

  it('gives up at once on any other failure, and logs nothing of it', async () => {
    const { log, lines } = createCapturedLog();
    const broken = new Error('relation "users" already exists');
    await expect(whenDatabaseAnswers(() => Promise.reject(broken), log)).rejects.toBe(broken);
    const notAway = new Error('Database migration failed', { cause: new Error('syntax error') });
    await expect(whenDatabaseAnswers(() => Promise.reject(notAway), log)).rejects.toBe(notAway);
    expect(lines).toEqual([]);
  });
});

describe('migrating at start', () => {
  it('answers true once the schema is in place, false while the database is away', async () => {
    const db = destroyAfterAll(openDatabase(':memory:'));
    expect(await migrateAtStart(db)).toBe(true);
    const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM users`.execute(db);
    expect(rows).toEqual([{ n: 0 }]);
    const nowhere = destroyAfterAll(openPostgresDatabase('postgres://postgres@127.0.0.1:9/storefront'));
    expect(await migrateAtStart(nowhere)).toBe(false);
    // No migration ran, so none is named; the driver's error is the cause.
    const failure = await migrate(nowhere).catch((error: unknown) => error);
    expect(failure).toMatchObject({
      message: 'Database migration failed; the server cannot start.',
      cause: { code: 'ECONNREFUSED' },
    });
  });

  it('fails on a database that answers but cannot take the schema', async () => {
    const db = destroyAfterAll(openDatabase(':memory:'));
    await sql`CREATE TABLE users (something_else text)`.execute(db);
    await expect(migrateAtStart(db)).rejects.toThrow('Database migration failed (0001_users_sessions)');
  });
});

describe('listening', () => {
  const servers: Server[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => new Promise((done) => server.close(done))));
  });

  it('says where, with the configured time-outs, and refuses a connection past the cap per address', async () => {
    const { app, config, log, logLines } = await createTestServer();
    const said = vi.spyOn(console, 'log').mockImplementation(() => {});
    const metrics = createMetrics();
    const settings = {
      ...config,
      PORT: 0,
      HOST: '127.0.0.1',
      MAX_CONNECTIONS_PER_ADDRESS: 1,
      HEADERS_TIMEOUT_SECONDS: 7,
      REQUEST_TIMEOUT_SECONDS: 11,
      KEEP_ALIVE_TIMEOUT_SECONDS: 3,
    };
    const server = listener(app, settings, log, metrics, true)();
    servers.push(server);
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    await vi.waitFor(() => expect(said).toHaveBeenCalled());
    expect(said.mock.calls[0]![0]).toBe(
      `[server] listening on http://127.0.0.1:${port} — open ${config.PUBLIC_URL} (API only, --dev)`,
    );
    expect([server.headersTimeout, server.requestTimeout, server.keepAliveTimeout]).toEqual([7_000, 11_000, 3_000]);

    const first = connect(port, '127.0.0.1');
    await new Promise((resolve) => first.once('connect', resolve));
    const second = connect(port, '127.0.0.1');
    await new Promise((resolve) => second.once('close', resolve));
    first.destroy();
    expect(metrics.connectionRefusals.get('address')).toBe(1);
    expect(logLines.find((line) => line.event === 'connection.refused')).toMatchObject({
      reason: 'address',
      address: '127.0.0.1',
    });
    // Once the server has seen the first one close, the address has its place back.
    await vi.waitFor(async () => expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200));
  });

  it('writes an IPv6 address in brackets, and says nothing of --dev when not in it', async () => {
    expect(localUrl({ address: '::1', family: 'IPv6', port: 8080 })).toBe('http://[::1]:8080');
    expect(localUrl({ address: '10.0.0.2', family: 'IPv4', port: 80 })).toBe('http://10.0.0.2:80');
    const { app, config, log } = await createTestServer();
    const said = vi.spyOn(console, 'log').mockImplementation(() => {});
    const server = listener(app, { ...config, PORT: 0, HOST: '127.0.0.1' }, log, createMetrics(), false)();
    servers.push(server);
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    await vi.waitFor(() => expect(said).toHaveBeenCalled());
    expect(said.mock.calls[0]![0]).toBe(`[server] listening on http://127.0.0.1:${port} — open ${config.PUBLIC_URL}`);
  });
});

describe('the periodic jobs', () => {
  it('clean up at once, then each runs when its lease is due, once per interval across instances', async () => {
    const { app, db, config, log, logLines } = await createTestServer();
    const metrics = createMetrics();
    const { cleanupJob, reminderJob, mailJob } = await startJobs({ db, config, log, metrics, app });
    try {
      const claimed = () => logLines.filter((line) => line.event === 'job.claimed').map((line) => line.job);
      expect(claimed()).toEqual(['cleanup']);
      // Another instance has just sent the call reminders: of the two reminder jobs, one runs here.
      const other = { name: CALL_REMINDERS_JOB, intervalMs: CALL_REMINDER_INTERVAL_MS, holder: 'another instance' };
      expect(await claimLease(db, { ...other, now: new Date() })).toBe(true);
      expect(await reminderJob.tick()).toBe(true);
      expect(await mailJob.tick()).toBe(true);
      // The mail sweep runs every few seconds: its claims are at debug level, the others' at info.
      const levels = Object.fromEntries(
        logLines.filter((line) => line.event === 'job.claimed').map((line) => [line.job, line.level]),
      );
      expect(levels).toEqual({ cleanup: 30, 'order-reminders': 30, mail: 20 });
      // Within their intervals nothing runs again, here or on another instance.
      expect(await cleanupJob.tick()).toBe(false);
      expect(await reminderJob.tick()).toBe(false);
      expect(await mailJob.tick()).toBe(false);
      const leases = await db.selectFrom('job_leases').select('name').orderBy('name').execute();
      expect(leases.map((lease) => lease.name)).toEqual(['call-reminders', 'cleanup', 'mail', 'order-reminders']);
      const runs = Object.fromEntries([...metrics.jobs.series()].map((series) => [series.job, series.runs]));
      expect(runs).toEqual({ cleanup: 1, 'order-reminders': 1, 'call-reminders': 0, mail: 1 });
    } finally {
      await Promise.all([cleanupJob.stop(), reminderJob.stop(), mailJob.stop()]);
    }
  });
});
