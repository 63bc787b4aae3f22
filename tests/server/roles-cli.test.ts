/**
 * `npm run roles`: the command's every answer and exit code on the project's database, and the script
 * itself run as a process against a database on disk (SQLite in a DATA_DIR, or PostgreSQL by DATABASE_URL).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, openPostgresDatabase } from '#server/db/database';
import { migrate } from '#server/db/migrate';
import { insertUser } from '#server/users/repository';
import { EXIT_OK, EXIT_REFUSED, EXIT_USAGE, ROLES_USAGE, runRolesCommand } from '#server/users/roles-command';
import {
  TEST_ON_POSTGRES,
  cleanup,
  createCapturedLog,
  createDataDir,
  createPostgresDatabase,
  createTestServer,
  uniqueEmail,
} from './helpers';

afterAll(cleanup);

const { db, clock } = await createTestServer();

async function roles(...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const captured = createCapturedLog();
  const code = await runRolesCommand(args, {
    db,
    log: captured.log,
    now: () => clock.now(),
    print: (line) => out.push(line),
    error: (line) => err.push(line),
  });
  return { code, out: out.join('\n'), err: err.join('\n'), events: captured.events() };
}

async function customer(name = 'Ada Lovelace') {
  return insertUser(db, { name, email: uniqueEmail('cli'), passwordHash: null, now: clock.now() });
}

const roleOf = async (id: string) =>
  (await db.selectFrom('users').select('role').where('id', '=', id).executeTakeFirstOrThrow()).role;

describe('runRolesCommand', () => {
  it('refuses a wrong command with the usage and exit 2, changing nothing', async () => {
    const user = await customer();
    for (const args of [
      [],
      ['promote', 'admin', user.email],
      ['grant', 'boss', user.email],
      ['grant', 'common', user.email],
      ['grant', 'admin'],
      ['grant', 'admin', '  '],
      ['revoke', 'office', user.email, 'extra'],
      ['list', 'everything'],
    ]) {
      const result = await roles(...args);
      expect(result.code, args.join(' ')).toBe(EXIT_USAGE);
      expect(result.err).toContain(ROLES_USAGE);
      expect(result.out).toBe('');
    }
    expect((await roles('grant', 'boss', user.email)).err).toMatch(/^Unknown role "boss": admin or office\./);
    expect((await roles('grant')).err).toMatch(/^Say which role: admin or office\./);
    // The first line says what was wrong, before the usage.
    const problems: Array<[string[], string]> = [
      [[], 'Say what to do: grant, revoke or list.'],
      [['promote', 'admin', user.email], 'Unknown command "promote".'],
      [['grant', 'admin'], "Say whose role: the account's e-mail address."],
      [['revoke', 'office', user.email, 'extra', 'more'], 'Unexpected argument(s): extra more.'],
    ];
    for (const [args, problem] of problems) expect((await roles(...args)).err).toBe(`${problem}\n\n${ROLES_USAGE}`);
    expect(await roleOf(user.id)).toBe('common');
  });

  it('lists no staff in words when there is none yet', async () => {
    const empty = await createTestServer();
    const out: string[] = [];
    const code = await runRolesCommand(['list'], {
      db: empty.db,
      log: createCapturedLog().log,
      now: () => empty.clock.now(),
      print: (line) => out.push(line),
      error: (line) => out.push(line),
    });
    expect(code).toBe(EXIT_OK);
    expect(out).toEqual(['No office or admin accounts yet.']);
  });

  it('refuses an unknown e-mail with exit 1', async () => {
    // The address as typed, spaces around it left out.
    const result = await roles('grant', 'admin', '  nobody.at.all@example.com ');
    expect(result).toMatchObject({ code: EXIT_REFUSED, out: '', events: [] });
    expect(result.err).toBe(
      'No account uses the e-mail address nobody.at.all@example.com. It must sign up on the site first.',
    );
  });

  it('grants and revokes, says what it did, and writes each change to the security log', async () => {
    const user = await customer('Grace Hopper');
    const granted = await roles('grant', 'admin', ` ${user.email.toUpperCase()} `);
    expect(granted).toMatchObject({ code: EXIT_OK, err: '' });
    expect(granted.out).toBe(`Granted admin to ${user.email} (Grace Hopper); it was common.`);
    expect(granted.events).toEqual([
      expect.objectContaining({
        event: 'role.granted',
        userId: user.id,
        role: 'admin',
        previous: 'common',
        by: null,
        via: 'cli',
      }),
    ]);
    expect(await roleOf(user.id)).toBe('admin');

    // An admin already has the office: granting it changes nothing; revoking it is refused.
    const office = await roles('grant', 'office', user.email);
    expect(office).toMatchObject({ code: EXIT_OK, events: [] });
    expect(office.out).toBe(`${user.email} is an admin: nothing changed.`);
    const refused = await roles('revoke', 'office', user.email);
    expect(refused).toMatchObject({ code: EXIT_REFUSED, events: [] });
    expect(refused.err).toMatch(/is an admin, which includes the office: revoke admin/);
    expect(await roleOf(user.id)).toBe('admin');

    const listed = await roles('list');
    expect(listed.code).toBe(EXIT_OK);
    expect(listed.out).toContain(`admin   ${user.email}  (Grace Hopper)`);
    expect(listed.out).not.toContain('No office or admin accounts yet.');

    const revoked = await roles('revoke', 'admin', user.email);
    expect(revoked).toMatchObject({ code: EXIT_OK, err: '' });
    expect(revoked.out).toBe(`Revoked admin from ${user.email} (Grace Hopper); it is now a customer account.`);
    expect(revoked.events).toEqual([
      expect.objectContaining({ event: 'role.revoked', userId: user.id, role: 'admin', previous: 'admin', via: 'cli' }),
    ]);
    expect(await roleOf(user.id)).toBe('common');

    const again = await roles('revoke', 'admin', user.email);
    expect(again).toMatchObject({ code: EXIT_OK, out: `${user.email} is not admin (role: common): nothing changed.` });
  });

  it('promotes an office member to admin', async () => {
    const user = await customer();
    expect((await roles('grant', 'office', user.email)).code).toBe(EXIT_OK);
    expect((await roles('grant', 'office', user.email)).out).toBe(`${user.email} is already office: nothing changed.`);
    const promoted = await roles('grant', 'admin', user.email);
    expect(promoted.out).toMatch(/it was office\.$/);
    expect(await roleOf(user.id)).toBe('admin');
  });
});

describe('npm run roles, as a process', () => {
  it('changes the role in the configured database and exits 0; an unknown e-mail exits 1', async () => {
    // The script opens the database itself, as `npm run roles` on the server does.
    const dataDir = createDataDir();
    const url = TEST_ON_POSTGRES ? await createPostgresDatabase() : undefined;
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: url ?? '', LOG_LEVEL: 'info' };
    const target = url ? openPostgresDatabase(url) : openDatabase(dataDir);
    try {
      await migrate(target);
      const user = await insertUser(target, {
        name: 'Olive Owner',
        email: uniqueEmail('owner'),
        passwordHash: null,
        now: new Date(),
      });
      const run = promisify(execFile);
      const result = await run(
        process.execPath,
        ['--import', 'tsx', 'scripts/roles.ts', 'grant', 'admin', user.email],
        {
          env,
        },
      );
      expect(result.stdout).toContain(`Granted admin to ${user.email} (Olive Owner); it was common.`);
      const logged = result.stdout
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(logged).toContainEqual(
        expect.objectContaining({ log: 'security', event: 'role.granted', userId: user.id }),
      );
      const row = await target.selectFrom('users').select('role').where('id', '=', user.id).executeTakeFirstOrThrow();
      expect(row.role).toBe('admin');

      const unknown = await run(
        process.execPath,
        ['--import', 'tsx', 'scripts/roles.ts', 'grant', 'office', 'ghost@example.com'],
        {
          env,
        },
      ).catch((error: { code: number; stderr: string }) => error);
      expect(unknown).toMatchObject({
        code: 1,
        stderr: expect.stringContaining('No account uses the e-mail address ghost@example.com'),
      });

      // At a terminal (util-linux's `script` gives it one), the operator reads the sentence alone: no JSON line.
      const command = `${process.execPath} --import tsx scripts/roles.ts revoke admin ${user.email}`;
      const atTerminal = await run('script', ['-qec', command, '/dev/null'], { env });
      expect(atTerminal.stdout.replace(/\r/g, '').trim()).toBe(
        `Revoked admin from ${user.email} (Olive Owner); it is now a customer account.`,
      );
      const after = await target.selectFrom('users').select('role').where('id', '=', user.id).executeTakeFirstOrThrow();
      expect(after.role).toBe('common');
    } finally {
      await target.destroy();
    }
  }, 60_000);
});
