/**
 * An account's daily ceiling is read as "reached" only when the limits store refuses, never when it fails
 * (docs/decisions/0039-no-counter-a-stranger-spends.md): past the ceiling a sign-in still gets in, by another way,
 * so a failing store read as "reached" would quietly change the rules. A store that fails is an outage: the request
 * answers 503 and changes nothing. The fault is real: the limits live in PostgreSQL, and a trigger there fails the
 * writes of one limit only, as a database shutting down fails a statement (SQLSTATE 57P01).
 */
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_TEXT } from '#server/http/errors';
import { POSTGRES_LIMITS_TABLE } from '#server/limits/postgres';
import { codeOfStep, stepAt } from '#server/ways-in/two-factor';
import {
  PASSWORD,
  bearer,
  cleanup,
  createPostgresDatabase,
  createTestServer,
  errorText,
  fromAddress,
  jsonInit,
  login,
  register,
  uniqueAddress,
} from './helpers';

afterAll(cleanup);

const url = await createPostgresDatabase();
const server = await createTestServer({ DATABASE_URL: url });
const { app, db, clock, logLines } = server;

async function onLimits(text: string): Promise<void> {
  const client = new pg.Client(url);
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** Makes every write of the limit `name` fail in the store, as a statement fails while the database shuts down. */
async function failWritesOf(name: string): Promise<void> {
  // The store makes its table at start; a first request waits for it.
  await login(app, 'nobody@example.com', 'not the password', uniqueAddress());
  await onLimits(`
    CREATE OR REPLACE FUNCTION fail_one_limit() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.key LIKE '${name}:%' THEN
        RAISE EXCEPTION 'the limits store is shutting down' USING ERRCODE = '57P01';
      END IF;
      RETURN NEW;
    END $$;
    DROP TRIGGER IF EXISTS fail_one_limit ON ${POSTGRES_LIMITS_TABLE};
    CREATE TRIGGER fail_one_limit BEFORE INSERT OR UPDATE ON ${POSTGRES_LIMITS_TABLE}
      FOR EACH ROW EXECUTE FUNCTION fail_one_limit();`);
}

const stopFailing = () => onLimits(`DROP TRIGGER IF EXISTS fail_one_limit ON ${POSTGRES_LIMITS_TABLE}`);

async function expectOutage(res: Response): Promise<void> {
  expect(res.status).toBe(503);
  expect(res.headers.get('Retry-After')).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
  expect(await errorText(res)).toBe(DATABASE_UNAVAILABLE_TEXT);
}

const sessionsOf = async (userId: string) =>
  (await db.selectFrom('sessions').select('user_id').where('user_id', '=', userId).execute()).length;

describe('the account’s day of sign-ins, in a store that fails', () => {
  it('answers the right password 503, with no second step and no code mailed; afterwards it signs in', async () => {
    const ada = await register(app, { name: 'Ada Store' });
    const sessionsBefore = await sessionsOf(ada.user.id);
    await failWritesOf('login.account_daily');
    try {
      await expectOutage(await login(app, ada.user.email, PASSWORD, uniqueAddress()));
      const mails = await db.selectFrom('mail_queue').select('kind').where('to_address', '=', ada.user.email).execute();
      expect(mails.map((mail) => mail.kind)).toEqual(['verification code']);
      expect(await sessionsOf(ada.user.id)).toBe(sessionsBefore);
      expect(logLines).toContainEqual(expect.objectContaining({ event: 'database.unavailable' }));
    } finally {
      await stopFailing();
    }
    const res = await login(app, ada.user.email, PASSWORD, uniqueAddress());
    expect(res.status).toBe(200);
    expect(Object.keys((await res.json()) as object)).toContain('token');
  });
});

describe('the account’s day of wrong app codes, in a store that fails', () => {
  it('answers the right code 503 and opens no session; afterwards the same ticket gets in', async () => {
    const tess = await register(app, { name: 'Tess Store' });
    const twoFactor = (path: string, body: unknown) =>
      app.request(
        `/api/users/two-factor${path}`,
        jsonInit('POST', body, bearer(tess.token)),
        fromAddress(uniqueAddress()),
      );
    const setup = (await (await twoFactor('/totp/setup', { currentPassword: PASSWORD })).json()) as { secret: string };
    expect((await twoFactor('/totp/enable', { code: codeOfStep(setup.secret, stepAt(clock.now())) })).status).toBe(200);
    clock.advance(30_000);
    const answer = (await (await login(app, tess.user.email, PASSWORD, uniqueAddress())).json()) as {
      secondStep: { kind: string; ticket: string };
    };
    expect(answer.secondStep.kind).toBe('totp');
    const sessionsBefore = await sessionsOf(tess.user.id);
    const secondStep = () =>
      app.request(
        '/api/auth/login/second-step',
        jsonInit('POST', { ticket: answer.secondStep.ticket, code: codeOfStep(setup.secret, stepAt(clock.now())) }),
        fromAddress(uniqueAddress()),
      );

    await failWritesOf('code_check.account_daily');
    try {
      await expectOutage(await secondStep());
      expect(await sessionsOf(tess.user.id)).toBe(sessionsBefore);
    } finally {
      await stopFailing();
    }
    expect((await secondStep()).status).toBe(200);
    expect(await sessionsOf(tess.user.id)).toBe(sessionsBefore + 1);
  });
});
