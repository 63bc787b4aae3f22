/**
 * Password hashing runs at most PASSWORD_HASH_CONCURRENCY at once (argon2 runs on libuv's thread pool, which
 * the rest of the server shares), with at most PASSWORD_HASH_MAX_WAITING waiting; beyond that, 503.
 * Asserted by what finishes first, not by a stopwatch.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { BUSY_TEXT } from '#server/limits/responses';
import {
  ASSET_BODY,
  ASSET_PATH,
  authenticate,
  cleanup,
  createTestServer,
  errorText,
  login,
  register,
  uniqueAddress,
  uniqueEmail,
} from './helpers';

afterAll(cleanup);

describe('a flood of sign-ins', () => {
  it('gets 503 with Retry-After and a message once the queue is full, and the server recovers', async () => {
    const { app, securityEvents } = await createTestServer({
      PASSWORD_HASH_CONCURRENCY: 1,
      PASSWORD_HASH_MAX_WAITING: 2,
    });
    const responses = await Promise.all(
      Array.from({ length: 40 }, () => login(app, uniqueEmail('flood'), 'wrong password', uniqueAddress())),
    );
    const checked = responses.filter((res) => res.status === 401);
    const busy = responses.filter((res) => res.status === 503);
    expect(checked.length + busy.length).toBe(40);
    // One running and two waiting when the flood arrives: nearly all of it is turned away at once.
    expect(checked.length).toBeGreaterThanOrEqual(3);
    expect(busy.length).toBeGreaterThanOrEqual(30);
    for (const res of busy) {
      expect(res.headers.get('Retry-After')).toMatch(/^[1-9]\d*$/);
      expect(await errorText(res)).toBe(BUSY_TEXT);
    }
    expect(securityEvents()).toContainEqual(
      expect.objectContaining({ event: 'overloaded', queue: 'password_hashing' }),
    );

    // Once the flood has passed, sign-ins are checked again.
    const account = await register(app);
    expect((await login(app, account.user.email, account.password, uniqueAddress())).status).toBe(200);
  });

  it('does not hold up cheap requests, also those that need the thread pool (a static file)', async () => {
    const { app } = await createTestServer();
    const account = await register(app);
    const LOGINS = 30;
    let finished = 0;
    const logins = Array.from({ length: LOGINS }, () =>
      Promise.resolve(login(app, uniqueEmail('queued'), 'wrong password', uniqueAddress())).then((res) => {
        finished += 1;
        return res.status;
      }),
    );
    // Once one sign-in has finished, every other one is running or waiting its turn.
    await Promise.race(logins);

    const cheap = await Promise.all([
      Promise.resolve(app.request('/api/health')).then((res) => res.status),
      Promise.resolve(authenticate(app, account.token)).then((res) => res.status),
      // Its body is read from disk through libuv's thread pool, where argon2 also runs.
      Promise.resolve(app.request(ASSET_PATH)).then(async (res) => `${res.status} ${await res.text()}`),
    ]);
    const pendingWhenCheapDone = LOGINS - finished;
    expect(cheap).toEqual([200, 200, `200 ${ASSET_BODY}`]);
    // The cheap requests did not wait behind the queued sign-ins: most of those were still pending.
    expect(pendingWhenCheapDone).toBeGreaterThanOrEqual(LOGINS / 2);
    expect(await Promise.all(logins)).toEqual(Array(LOGINS).fill(401));
  });
});
