/**
 * The paths nearly every server test takes, each inside a test with a short time limit: a sign-up, a sign-in, a
 * signed-in request and an order, on a test server built inside the test. Under StrykerJS this file runs before
 * the others (tests/server/mutant-test-order.ts). Most files build their server and their first accounts at their
 * top level, where nothing bounds the time: a mutant that makes every write or every request hang (the limits,
 * the group commit) held such a file until StrykerJS's own time-out, three times the covering tests' time, often
 * minutes, while the test process sat idle. Here it fails within seconds (docs/testing.md#mutation-testing).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { authenticate, cleanup, createTestServer, login, paymentLink, register } from './helpers';

afterAll(cleanup);

/** Well above what these take on a loaded machine (under a second), and far below a hang's minutes. */
const WITHIN_MS = 10_000;

describe('the common paths answer', () => {
  it('a sign-up, a sign-in, a signed-in request and an order', { timeout: WITHIN_MS }, async () => {
    const { app } = await createTestServer();
    const account = await register(app);
    expect((await login(app, account.user.email, account.password)).status).toBe(200);
    expect((await authenticate(app, account.token)).status).toBe(200);
    expect(await paymentLink(app, account.token)).toMatch(/^http/);
  });
});
