import { afterAll, describe, expect, it } from 'vitest';
import {
  authenticate,
  bearer,
  cleanup,
  createTestServer,
  errorText,
  fromAddress,
  jsonInit,
  login,
  MINUTE,
  register,
  sessionBody,
  uniqueEmail,
} from './helpers';
import { limitsFollow } from './limit-helpers';

afterAll(cleanup);

const INVALID = 'Invalid e-mail or password.';

describe('POST /api/auth/login/email', async () => {
  const { app, clock } = await createTestServer();

  it('signs in, returns a fresh token every time and records the login time', async () => {
    const account = await register(app);
    clock.advance(5 * MINUTE);
    const first = await login(app, account.user.email.toUpperCase(), account.password);
    expect(first.status).toBe(200);
    const one = await sessionBody(first);
    expect(one.user).toEqual({ ...account.user, lastLogin: clock.now().toISOString() });

    clock.advance(MINUTE);
    const two = await sessionBody(await login(app, account.user.email, account.password));
    expect(new Set([account.token, one.token, two.token]).size).toBe(3);
    expect(two.user.lastLogin).toBe(clock.now().toISOString());
    // Every sign-in is its own session: all three tokens work side by side.
    for (const token of [account.token, one.token, two.token])
      expect((await authenticate(app, token)).status).toBe(200);
  });

  it('gives the same 401 text for a wrong password and for an unknown e-mail', async () => {
    const account = await register(app);
    const wrongPassword = await login(app, account.user.email, 'not the password');
    const unknownEmail = await login(app, uniqueEmail('nobody'), account.password);
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    expect(await errorText(wrongPassword)).toBe(INVALID);
    expect(await errorText(unknownEmail)).toBe(INVALID);
  });

  it.each([
    ['an invalid e-mail', { email: 'nope', password: 'whatever1' }, 'Please enter a valid e-mail address.'],
    [
      'an empty password',
      { email: 'a@example.com', password: '' },
      'Please enter your password (at most 128 characters).',
    ],
    ['a missing password', { email: 'a@example.com' }, 'Please enter your password (at most 128 characters).'],
  ])('refuses %s with 400', async (_label, body, message) => {
    const res = await app.request('/api/auth/login/email', jsonInit('POST', body));
    expect(res.status).toBe(400);
    expect(await errorText(res)).toBe(message);
  });

  it('refuses malformed JSON with 400 and form data with 415', async () => {
    const malformed = await app.request('/api/auth/login/email', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"email":',
    });
    expect(malformed.status).toBe(400);
    expect(await errorText(malformed)).toBe('The request body is not valid JSON.');
    const formBody = await app.request('/api/auth/login/email', {
      method: 'POST',
      body: new URLSearchParams({ email: 'a@example.com', password: 'whatever1' }),
    });
    expect(formBody.status).toBe(415);
    expect(await errorText(formBody)).toMatch(/JSON/);
  });
});

describe('login throttling per account', async () => {
  const { app, clock } = await createTestServer();
  limitsFollow(clock);

  it('answers 429 with Retry-After after 5 failures from an address, even for the right password, until the window passes', async () => {
    const account = await register(app);
    for (let i = 0; i < 5; i += 1) {
      expect((await login(app, account.user.email, 'wrong password', '203.0.113.9')).status).toBe(401);
      clock.advance(MINUTE);
    }
    const blocked = await login(app, account.user.email, account.password, '203.0.113.9');
    expect(blocked.status).toBe(429);
    // The first failure was 5 minutes ago; the 15-minute window it opened ends in 10 minutes.
    expect(blocked.headers.get('Retry-After')).toBe('600');
    expect(await errorText(blocked)).toBe('Too many attempts. Please try again in 10 minutes.');
    // The e-mail's case does not give a fresh counter.
    expect((await login(app, account.user.email.toUpperCase(), account.password, '203.0.113.9')).status).toBe(429);

    clock.advance(10 * MINUTE - 1000);
    const stillBlocked = await login(app, account.user.email, account.password, '203.0.113.9');
    expect(stillBlocked.status).toBe(429);
    expect(stillBlocked.headers.get('Retry-After')).toBe('1');
    expect(await errorText(stillBlocked)).toBe('Too many attempts. Please try again in 1 minute.');

    clock.advance(1000);
    expect((await login(app, account.user.email, account.password, '203.0.113.9')).status).toBe(200);
  });

  it('does not lock the owner out from another address (a stranger blocks only the stranger’s address)', async () => {
    const account = await register(app);
    for (let i = 0; i < 5; i += 1) {
      expect((await login(app, account.user.email, 'wrong password', '203.0.113.20')).status).toBe(401);
    }
    expect((await login(app, account.user.email, account.password, '203.0.113.20')).status).toBe(429);
    expect((await login(app, account.user.email, account.password, '203.0.113.21')).status).toBe(200);
    // The owner's sign-in does not unblock the stranger.
    expect((await login(app, account.user.email, account.password, '203.0.113.20')).status).toBe(429);
  });

  it('forgets an account’s failures after a successful sign-in', async () => {
    const account = await register(app);
    for (let i = 0; i < 4; i += 1) expect((await login(app, account.user.email, 'wrong password')).status).toBe(401);
    expect((await login(app, account.user.email, account.password)).status).toBe(200);
    for (let i = 0; i < 4; i += 1) expect((await login(app, account.user.email, 'wrong password')).status).toBe(401);
    expect((await login(app, account.user.email, account.password)).status).toBe(200);
  });

  it('does not block other accounts', async () => {
    const victim = await register(app);
    const other = await register(app);
    for (let i = 0; i < 5; i += 1) await login(app, victim.user.email, 'wrong password', '203.0.113.50');
    expect((await login(app, victim.user.email, victim.password, '203.0.113.50')).status).toBe(429);
    expect((await login(app, other.user.email, other.password, '203.0.113.50')).status).toBe(200);
  });
});

describe('login throttling per address', async () => {
  const { app, clock } = await createTestServer();
  limitsFollow(clock);

  it('answers 429 after 20 failures from one address across accounts, other addresses unaffected', async () => {
    const account = await register(app);
    for (let i = 0; i < 20; i += 1) {
      expect((await login(app, uniqueEmail('spray'), 'guess-password', '192.0.2.66')).status).toBe(401);
    }
    const blocked = await login(app, account.user.email, account.password, '192.0.2.66');
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('Retry-After')).toBe('900');
    expect(await errorText(blocked)).toBe('Too many attempts. Please try again in 15 minutes.');

    expect((await login(app, account.user.email, account.password, '192.0.2.67')).status).toBe(200);

    clock.advance(15 * MINUTE);
    expect((await login(app, account.user.email, account.password, '192.0.2.66')).status).toBe(200);
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY is set', async () => {
    const account = await register(app);
    const attempt = (forwardedFor: string, password: string, email = uniqueEmail('xff')) =>
      app.request(
        '/api/auth/login/email',
        jsonInit('POST', { email, password }, { 'X-Forwarded-For': forwardedFor }),
        fromAddress('192.0.2.80'),
      );
    for (let i = 0; i < 20; i += 1) expect((await attempt(`10.0.0.${i}`, 'guess-password')).status).toBe(401);
    expect((await attempt('10.0.1.1', account.password, account.user.email)).status).toBe(429);
  });
});

describe('login throttling behind a trusted proxy', async () => {
  const { app } = await createTestServer({ TRUST_PROXY: true, LOGIN_MAX_FAILURES_PER_ADDRESS: 3 });

  it('counts the address the proxy appended (the last X-Forwarded-For entry)', async () => {
    const account = await register(app);
    const attempt = (forwardedFor: string, email: string, password: string) =>
      app.request(
        '/api/auth/login/email',
        jsonInit('POST', { email, password }, { 'X-Forwarded-For': forwardedFor }),
        fromAddress('10.0.0.1'), // the proxy itself
      );
    // A client-supplied first entry varies; the proxy's entry does not.
    for (let i = 0; i < 3; i += 1) {
      expect((await attempt(`1.1.1.${i}, 198.51.100.20`, uniqueEmail('p'), 'guess-password')).status).toBe(401);
    }
    expect((await attempt('1.1.1.9, 198.51.100.20', account.user.email, account.password)).status).toBe(429);
    expect((await attempt('198.51.100.21', account.user.email, account.password)).status).toBe(200);
  });
});

describe('POST /api/auth/logout', async () => {
  const { app } = await createTestServer();

  it('revokes the token it was called with, and only that one', async () => {
    const account = await register(app);
    const other = await sessionBody(await login(app, account.user.email, account.password));

    const res = await app.request('/api/auth/logout', { method: 'POST', headers: bearer(account.token) });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');

    const after = await authenticate(app, account.token);
    expect(after.status).toBe(401);
    expect(await errorText(after)).toBe('Please sign in to continue.');
    expect((await app.request('/api/auth/logout', { method: 'POST', headers: bearer(account.token) })).status).toBe(
      401,
    );
    expect((await authenticate(app, other.token)).status).toBe(200);
  });

  it('needs a token (401)', async () => {
    const res = await app.request('/api/auth/logout', { method: 'POST' });
    expect(res.status).toBe(401);
    expect(await errorText(res)).toBe('Please sign in to continue.');
  });
});
