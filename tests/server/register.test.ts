import { afterAll, describe, expect, it } from 'vitest';
import { EMAIL_TAKEN_TEXT } from '#server/auth/registration';
import { hashToken } from '#server/ways-in/tokens';
import { isUniqueViolation } from '#server/users/repository';
import {
  authenticate,
  cleanup,
  createTestServer,
  errorText,
  form,
  fromAddress,
  jsonInit,
  PASSWORD,
  register,
  sessionBody,
  uniqueAddress,
  uniqueEmail,
} from './helpers';

const { app, db, clock } = await createTestServer();
afterAll(cleanup);

const URL = '/api/auth/register/email';

function post(body: BodyInit, headers: Record<string, string> = {}) {
  return app.request(URL, { method: 'POST', body, headers });
}

describe('POST /api/auth/register/email', () => {
  it('creates the account from multipart form data and signs it in', async () => {
    const res = await post(form({ name: '  Grace Hopper ', email: ' Grace.Hopper@Example.COM ', password: PASSWORD }));
    expect(res.status).toBe(201);
    const { user, token } = await sessionBody(res);
    expect(user).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Grace Hopper',
      email: 'grace.hopper@example.com',
      avatarURL: null,
      lastLogin: clock.now().toISOString(),
      emailVerified: false,
      deletionScheduledFor: null,
      hasPassword: true,
    });
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const me = await authenticate(app, token);
    expect(me.status).toBe(200);
    expect(await me.json()).toEqual({ user });
  });

  it('stores an argon2id hash and only the sha256 of the token', async () => {
    const { user, token } = await register(app);
    const row = await db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row.password_hash).not.toContain(PASSWORD);
    const sessions = await db.selectFrom('sessions').selectAll().where('user_id', '=', user.id).execute();
    expect(sessions).toHaveLength(1);
    expect(sessions[0]!.token_hash).toBe(hashToken(token));
    expect(sessions[0]!.token_hash).not.toContain(token);
  });

  it('accepts x-www-form-urlencoded and JSON bodies too', async () => {
    const urlencoded = await post(new URLSearchParams({ name: 'Alan', email: uniqueEmail(), password: PASSWORD }));
    expect(urlencoded.status).toBe(201);
    const json = await app.request(URL, jsonInit('POST', { name: 'Alan', email: uniqueEmail(), password: PASSWORD }));
    expect(json.status).toBe(201);
  });

  it('ignores unknown fields', async () => {
    const res = await post(form({ name: 'Ed', email: uniqueEmail(), password: PASSWORD, role: 'admin' }));
    expect(res.status).toBe(201);
    expect(Object.keys((await sessionBody(res)).user)).not.toContain('role');
  });

  it('refuses an e-mail that is already registered, whatever its case (409)', async () => {
    const email = uniqueEmail('dup');
    await register(app, { email });
    const res = await post(form({ name: 'Other', email: `  ${email.toUpperCase()}`, password: PASSWORD }));
    expect(res.status).toBe(409);
    expect(await errorText(res)).toBe('An account with this e-mail address already exists.');
    const rows = await db.selectFrom('users').select('id').where('email', '=', email).execute();
    expect(rows).toHaveLength(1);
  });

  it('answers one of two sign-ups racing for one e-mail with 409, and creates one account', async () => {
    // Both pass the "is it free?" look-up while their passwords hash; the database's unique index decides.
    const email = uniqueEmail('race');
    const signUp = () =>
      app.request(
        URL,
        { method: 'POST', body: form({ name: 'Racer', email, password: PASSWORD }) },
        fromAddress(uniqueAddress()),
      );
    const answers = await Promise.all([signUp(), signUp()]);
    expect(answers.map((res) => res.status).sort()).toEqual([201, 409]);
    expect(await errorText(answers.find((res) => res.status === 409)!)).toBe(EMAIL_TAKEN_TEXT);
    const rows = await db.selectFrom('users').select('id').where('email', '=', email).execute();
    expect(rows).toHaveLength(1);
  });

  it('answers a write that fails for another reason with 500, not as a taken e-mail', async () => {
    // A server of its own: its notifications table is gone, so the account's transaction fails.
    const broken = await createTestServer();
    await broken.db.schema.dropTable('notifications').execute();
    const email = uniqueEmail('broken');
    const res = await broken.app.request(
      URL,
      { method: 'POST', body: form({ name: 'Nobody', email, password: PASSWORD }) },
      fromAddress(uniqueAddress()),
    );
    expect(res.status).toBe(500);
    const rows = await broken.db.selectFrom('users').select('id').where('email', '=', email).execute();
    expect(rows).toEqual([]);
  });

  it.each([
    [
      'an invalid e-mail',
      { name: 'N', email: 'not-an-email', password: PASSWORD },
      'Please enter a valid e-mail address.',
    ],
    [
      'an e-mail with a space',
      { name: 'N', email: 'a b@example.com', password: PASSWORD },
      'Please enter a valid e-mail address.',
    ],
    ['a missing e-mail', { name: 'N', password: PASSWORD }, 'Please enter a valid e-mail address.'],
    [
      'a 7-character password',
      { name: 'N', email: 'x@example.com', password: '1234567' },
      'Password must be 8 to 128 characters.',
    ],
    [
      'a 129-character password',
      { name: 'N', email: 'x@example.com', password: 'p'.repeat(129) },
      'Password must be 8 to 128 characters.',
    ],
    [
      'a missing name',
      { email: 'x@example.com', password: PASSWORD },
      'Please enter your name (up to 100 characters).',
    ],
    [
      'a blank name',
      { name: '   ', email: 'x@example.com', password: PASSWORD },
      'Please enter your name (up to 100 characters).',
    ],
    [
      'a 101-character name',
      { name: 'n'.repeat(101), email: 'x@example.com', password: PASSWORD },
      'Please enter your name (up to 100 characters).',
    ],
  ])('refuses %s with 400 and a message naming the field', async (_label, fields, message) => {
    const res = await post(form(fields as Record<string, string>));
    expect(res.status).toBe(400);
    expect(await errorText(res)).toBe(message);
  });

  it('accepts passwords of exactly 8 and 128 characters', async () => {
    expect((await post(form({ name: 'N', email: uniqueEmail(), password: 'k9#Lm2!q' }))).status).toBe(201);
    expect((await post(form({ name: 'N', email: uniqueEmail(), password: 'p'.repeat(128) }))).status).toBe(201);
  });

  it('refuses a password sent as a file part', async () => {
    const res = await post(form({ name: 'N', email: uniqueEmail(), password: new Blob([PASSWORD]) }));
    expect(res.status).toBe(400);
    expect(await errorText(res)).toBe('Password must be 8 to 128 characters.');
  });

  it('refuses other content types with 415', async () => {
    const res = await post('name=N', { 'Content-Type': 'text/plain' });
    expect(res.status).toBe(415);
    expect(await errorText(res)).toMatch(/form data/);
  });

  it('refuses malformed JSON with 400', async () => {
    const res = await post('{"name": "N",', { 'Content-Type': 'application/json' });
    expect(res.status).toBe(400);
    expect(await errorText(res)).toBe('The request body is not valid JSON.');
  });

  it('refuses a JSON body that is not an object with 400', async () => {
    const res = await post('["a"]', { 'Content-Type': 'application/json' });
    expect(res.status).toBe(400);
    expect(await errorText(res)).toBe('The request body must be an object of fields.');
  });

  it('refuses a body over 1 MB with 413', async () => {
    const before = await db.selectFrom('users').select(db.fn.countAll().as('n')).executeTakeFirstOrThrow();
    const res = await post(
      form({ name: 'N', email: uniqueEmail(), password: PASSWORD, filler: 'x'.repeat(1024 * 1024) }),
    );
    expect(res.status).toBe(413);
    expect(await errorText(res)).toBe('The request is too large (at most 1 MB).');
    const after = await db.selectFrom('users').select(db.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });
});

describe('isUniqueViolation', () => {
  it('is true only for a unique violation, whatever else was thrown', () => {
    expect(isUniqueViolation(Object.assign(new Error('taken'), { code: 'SQLITE_CONSTRAINT_UNIQUE' }))).toBe(true);
    expect(isUniqueViolation(Object.assign(new Error('taken'), { code: '23505' }))).toBe(true);
    // A promise may reject with anything: the check must not throw in a catch block.
    for (const thrown of [null, undefined, 'unique', 23505, new Error('no code'), { code: 'SQLITE_BUSY' }]) {
      expect(isUniqueViolation(thrown)).toBe(false);
    }
  });
});
