import { afterAll, describe, expect, it } from 'vitest';
import { generateToken, hashToken, isWellFormedToken } from '#server/ways-in/tokens';
import { createSessions } from '#server/ways-in/sessions';
import { authenticate, bearer, cleanup, createTestServer, DAY, errorText, register } from './helpers';

afterAll(cleanup);

const { app, db, clock, config } = await createTestServer();

async function lastUsedAt(token: string): Promise<string> {
  const row = await db
    .selectFrom('sessions')
    .select('last_used_at')
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirstOrThrow();
  return row.last_used_at;
}

describe('bearer tokens', () => {
  it('are refused when missing or malformed, with one 401 text', async () => {
    const { token } = await register(app);
    const attempts: Array<Record<string, string>> = [
      {},
      { Authorization: token },
      { Authorization: `Basic ${token}` },
      { Authorization: 'Bearer' },
      { Authorization: 'Bearer not-a-token' },
      { Authorization: `Bearer ${token}x` },
      { Authorization: `Bearer ${token} ${token}` },
      { Authorization: `xBearer ${token}` },
    ];
    for (const headers of attempts) {
      const res = await app.request('/api/users/authenticate', { headers });
      expect(res.status).toBe(401);
      expect(res.headers.get('WWW-Authenticate')).toBe('Bearer');
      expect(await errorText(res)).toBe('Please sign in to continue.');
    }
  });

  it('have a shape checked before any lookup: 43 base64url characters, nothing before or after', () => {
    const token = generateToken();
    expect(isWellFormedToken(token)).toBe(true);
    expect(isWellFormedToken(`${token}A`)).toBe(false);
    expect(isWellFormedToken(`A${token}`)).toBe(false);
    expect(isWellFormedToken(token.slice(1))).toBe(false);
    expect(isWellFormedToken(`${token.slice(1)}=`)).toBe(false);
  });

  it('are refused when one character is changed', async () => {
    const { token } = await register(app);
    const last = token.at(-2)!;
    const tampered = token.slice(0, -2) + (last === 'A' ? 'B' : 'A') + token.at(-1);
    expect(tampered).toHaveLength(token.length);
    expect(tampered).not.toBe(token);
    expect((await authenticate(app, tampered)).status).toBe(401);
    expect((await authenticate(app, token)).status).toBe(200);
  });
});

describe('session lifetime', () => {
  it('ends after 7 days without use (idle expiry), and use keeps it alive', async () => {
    const { token } = await register(app);
    clock.advance(6 * DAY);
    expect((await authenticate(app, token)).status).toBe(200);
    clock.advance(6 * DAY); // 12 days after sign-in, but only 6 since last use
    expect((await authenticate(app, token)).status).toBe(200);
    clock.advance(7 * DAY - 1000);
    expect((await authenticate(app, token)).status).toBe(200);
    clock.advance(7 * DAY);
    const res = await authenticate(app, token);
    expect(res.status).toBe(401);
    expect(await errorText(res)).toBe('Please sign in to continue.');
  });

  it('ends 30 days after sign-in however often it is used (absolute expiry)', async () => {
    const { token } = await register(app);
    for (let day = 5; day < 30; day += 5) {
      clock.advance(5 * DAY);
      expect((await authenticate(app, token)).status, `day ${day}`).toBe(200);
    }
    clock.advance(5 * DAY - 1000); // 29 days, 23:59:59
    expect((await authenticate(app, token)).status).toBe(200);
    clock.advance(1000); // exactly 30 days
    expect((await authenticate(app, token)).status).toBe(401);
  });

  it('records use at most once a minute', async () => {
    const { token } = await register(app);
    const signedInAt = clock.now().toISOString();
    expect(await lastUsedAt(token)).toBe(signedInAt);
    clock.advance(30_000);
    await authenticate(app, token);
    expect(await lastUsedAt(token)).toBe(signedInAt);
    clock.advance(30_000); // exactly a minute after the last recorded use
    await authenticate(app, token);
    expect(await lastUsedAt(token)).toBe(clock.now().toISOString());
  });
});

describe('resolving a token', () => {
  it('gives frozen session and user objects, which the routes share and may not change', async () => {
    const { token, user } = await register(app);
    const sessions = createSessions({ db, config, clock });
    const resolved = (await sessions.resolve(token))!;
    expect(resolved.user).toMatchObject({ id: user.id, email: user.email });
    expect(Object.isFrozen(resolved.user)).toBe(true);
    expect(Object.isFrozen(resolved.session)).toBe(true);
    // The session's use, recorded once a minute, is a new object, never a change to the shared one.
    clock.advance(60_000);
    const touched = (await sessions.resolve(token))!;
    expect(touched.session.last_used_at).toBe(clock.now().toISOString());
    expect(resolved.session.last_used_at).not.toBe(touched.session.last_used_at);
  });
});

describe('purging ended sessions', () => {
  it('deletes revoked and expired rows and keeps live ones', async () => {
    const sessions = createSessions({ db, config, clock });
    const live = await register(app);
    const revoked = await register(app);
    await app.request('/api/auth/logout', { method: 'POST', headers: bearer(revoked.token) });

    await sessions.purgeEnded();
    const left = await db.selectFrom('sessions').select('user_id').execute();
    const owners = left.map((row) => row.user_id);
    expect(owners).toContain(live.user.id);
    expect(owners).not.toContain(revoked.user.id);

    clock.advance(8 * DAY);
    await sessions.purgeEnded();
    expect(await db.selectFrom('sessions').selectAll().execute()).toEqual([]);
  });
});
