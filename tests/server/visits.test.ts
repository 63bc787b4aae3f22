import { afterAll, describe, expect, it } from 'vitest';
import type { VisitRequest } from '#domain/contract';
import { bearer, cleanup, createTestServer, errorText, fromAddress, jsonInit, MINUTE, register } from './helpers';
import { limitsFollow } from './limit-helpers';

afterAll(cleanup);

const { app, db, clock } = await createTestServer();
// The visit limit's window passes with the test clock.
limitsFollow(clock);

const VISIT: VisitRequest = {
  user: null,
  visitor: 'visitor-0123456789',
  country_code: 'GB',
  country_name: 'United Kingdom',
  city: 'London',
  postal: 'EC1A',
  latitude: 51.5072,
  longitude: -0.1276,
  IPv4: '203.0.113.7',
  state: 'England',
  visitDate: '2026-01-05',
  visitTime: '09:00:00',
};

let nextAddress = 1;
/** A fresh client address per test, so that the per-address throttle of one test never reaches another. */
function newAddress(): string {
  nextAddress += 1;
  return `198.51.100.${nextAddress}`;
}

function recordVisit(body: unknown, options: { address?: string; token?: string } = {}) {
  return app.request(
    '/api/users/record-visit',
    jsonInit('POST', body, options.token ? bearer(options.token) : {}),
    fromAddress(options.address ?? newAddress()),
  );
}

function visitsOf(visitor: string) {
  return db.selectFrom('visits').selectAll().where('visitor', '=', visitor).execute();
}

let visitorCounter = 0;
function newVisitor(): string {
  visitorCounter += 1;
  return `visitor-${visitorCounter}-${Date.now()}`;
}

describe('POST /api/users/record-visit', () => {
  it('stores every field, the time received and the client address, and answers 204', async () => {
    const visitor = newVisitor();
    const address = newAddress();
    const res = await recordVisit({ ...VISIT, visitor, unknownField: 'ignored' }, { address });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    const rows = await visitsOf(visitor);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      user_id: null,
      visitor,
      country_code: 'GB',
      country_name: 'United Kingdom',
      city: 'London',
      postal: 'EC1A',
      latitude: 51.5072,
      longitude: -0.1276,
      ipv4: '203.0.113.7',
      state: 'England',
      visit_date: '2026-01-05',
      visit_time: '09:00:00',
      received_at: clock.now().toISOString(),
      client_address: address,
    });
  });

  it('accepts null for every geolocation field (the lookup failed or is switched off)', async () => {
    const visitor = newVisitor();
    const res = await recordVisit({
      ...VISIT,
      visitor,
      country_code: null,
      country_name: null,
      city: null,
      postal: null,
      latitude: null,
      longitude: null,
      IPv4: null,
      state: null,
    });
    expect(res.status).toBe(204);
    expect((await visitsOf(visitor))[0]).toMatchObject({
      user_id: null,
      country_code: null,
      country_name: null,
      city: null,
      postal: null,
      latitude: null,
      longitude: null,
      ipv4: null,
      state: null,
    });
  });

  it('keeps the signed-in user’s own id when the request carries that user’s live session', async () => {
    const account = await register(app);
    const signedIn = newVisitor();
    expect(
      (await recordVisit({ ...VISIT, visitor: signedIn, user: account.user.id }, { token: account.token })).status,
    ).toBe(204);
    expect((await visitsOf(signedIn))[0]?.user_id).toBe(account.user.id);
  });

  it('does not let anyone write visits into a user’s history without that user’s session', async () => {
    const account = await register(app);
    const noToken = newVisitor();
    expect((await recordVisit({ ...VISIT, visitor: noToken, user: account.user.id })).status).toBe(204);
    expect((await visitsOf(noToken))[0]?.user_id).toBeNull();

    // An ended session proves nothing either.
    await app.request('/api/auth/logout', { method: 'POST', headers: { Authorization: `Bearer ${account.token}` } });
    const loggedOut = newVisitor();
    await recordVisit({ ...VISIT, visitor: loggedOut, user: account.user.id }, { token: account.token });
    expect((await visitsOf(loggedOut))[0]?.user_id).toBeNull();
  });

  it('stores null for a user id that does not exist', async () => {
    const visitor = newVisitor();
    expect((await recordVisit({ ...VISIT, visitor, user: 'no-such-user' })).status).toBe(204);
    const rows = await visitsOf(visitor);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.user_id).toBeNull();
  });

  it('stores null for someone else’s id sent with my token', async () => {
    const me = await register(app);
    const someoneElse = await register(app);
    const visitor = newVisitor();
    expect((await recordVisit({ ...VISIT, visitor, user: someoneElse.user.id }, { token: me.token })).status).toBe(204);
    const rows = await visitsOf(visitor);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.user_id).toBeNull();
  });

  it('keeps the visit, anonymous, when the account is deleted (ON DELETE SET NULL)', async () => {
    const account = await register(app);
    const visitor = newVisitor();
    await recordVisit({ ...VISIT, visitor, user: account.user.id }, { token: account.token });
    await db.deleteFrom('users').where('id', '=', account.user.id).execute();
    const rows = await visitsOf(visitor);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.user_id).toBeNull();
  });

  it.each([
    ['a latitude above 90', { latitude: 90.5 }, 'The latitude must be a number from -90 to 90, or null.'],
    ['a latitude given as text', { latitude: '51.5' }, 'The latitude must be a number from -90 to 90, or null.'],
    ['a longitude below -180', { longitude: -180.01 }, 'The longitude must be a number from -180 to 180, or null.'],
    ['a date in another format', { visitDate: '05/01/2026' }, 'The visit date must be written YYYY-MM-DD.'],
    ['a missing date', { visitDate: undefined }, 'The visit date must be written YYYY-MM-DD.'],
    ['a time without seconds', { visitTime: '09:00' }, 'The visit time must be written HH:MM:SS.'],
    ['a short visitor id', { visitor: 'abc' }, 'The visitor id must be 8 to 64 characters.'],
    ['a numeric user', { user: 42 }, 'The user must be an id or null.'],
  ])('refuses %s with 400 and stores nothing', async (_label, change, message) => {
    const visitor = newVisitor();
    const res = await recordVisit({ ...VISIT, visitor, ...change });
    expect(res.status).toBe(400);
    expect(await errorText(res)).toBe(message);
    expect(await visitsOf(visitor)).toHaveLength(0);
  });

  it('refuses a body that is not JSON (415) or not an object (400)', async () => {
    const notJson = await app.request(
      '/api/users/record-visit',
      { method: 'POST', body: 'visit', headers: { 'Content-Type': 'text/plain' } },
      fromAddress(newAddress()),
    );
    expect(notJson.status).toBe(415);
    expect((await recordVisit([VISIT])).status).toBe(400);
  });

  it('throttles one address to 60 calls a minute (429 with Retry-After); other addresses go on', async () => {
    const address = newAddress();
    for (let i = 0; i < 60; i += 1) {
      expect((await recordVisit({ ...VISIT, visitor: newVisitor() }, { address })).status).toBe(204);
    }
    const visitor = newVisitor();
    const blocked = await recordVisit({ ...VISIT, visitor }, { address });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(Number(blocked.headers.get('Retry-After'))).toBeLessThanOrEqual(60);
    expect(await visitsOf(visitor)).toHaveLength(0);

    expect((await recordVisit({ ...VISIT, visitor: newVisitor() }, { address: newAddress() })).status).toBe(204);
    clock.advance(MINUTE);
    expect((await recordVisit({ ...VISIT, visitor: newVisitor() }, { address })).status).toBe(204);
  });
});
