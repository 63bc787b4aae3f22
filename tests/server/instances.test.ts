/**
 * Two instances of the real server (server/main.ts, each a process of its own, each with its own DATA_DIR) on
 * one PostgreSQL, as they run behind a load balancer: nothing that matters may live in one of them. Shown here:
 * a session made by one is honoured (and ended) by the other; the login limit counts attempts made on both;
 * a Stripe event delivered to both at the same moment is applied once; the clean-up runs once per interval
 * across both; and an instance killed with SIGKILL mid-load loses no invoice it had answered for, while the
 * other keeps serving.
 */
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Kysely } from 'kysely';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgresDatabase } from '#server/db/database';
import type { Database } from '#server/db/schema';
import { PASSWORD, type TestApp, bearer, createInvoice, login, myInvoices, paymentLink, register } from './helpers';
import { type TestPostgres, startPostgres } from './postgres';
import { checkoutEvent } from './stripe-helpers';
import { type LogLine, type Running, startServer, stopSpawnedServers } from './spawned-server';

const SECRET_KEY = 'sk_test_instances';
const WEBHOOK_SECRET = 'whsec_instances_test_secret';
const CLEANUP_INTERVAL_SECONDS = 1;

/** Stands in for Stripe's API (the one thing we cannot reach from here): every call makes a Checkout session. */
let sessions = 0;
const stripeStandIn: Server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    sessions += 1;
    const id = `cs_test_${sessions}`;
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify({ id, object: 'checkout.session', url: `https://checkout.stripe.test/c/pay/${id}` }));
  });
});

let postgres: TestPostgres;
let db: Kysely<Database>;
let a: Running;
let b: Running;
let onA: TestApp;
let onB: TestApp;

/** Long enough for any request of this file on a loaded machine; a request that outlives it fails naming itself. */
const REQUEST_TIMEOUT_MS = 20_000;

/** The helpers' `app.request`, over the network to a running instance (the client address is the socket's). */
function over(instance: Running): TestApp {
  const request = (path: string, init?: RequestInit) =>
    fetch(`http://127.0.0.1:${instance.port}${path}`, {
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      ...init,
    }).catch((error: unknown) => {
      throw new Error(`${init?.method ?? 'GET'} ${path} on port ${instance.port}: ${String(error)}; ${lastWords()}`);
    });
  // Only `request` is used by the helpers this file calls.
  return { request } as unknown as TestApp;
}

beforeAll(async () => {
  await new Promise<void>((resolve) => stripeStandIn.listen(0, '127.0.0.1', resolve));
  const stripePort = (stripeStandIn.address() as AddressInfo).port;
  postgres = await startPostgres();
  db = openPostgresDatabase(postgres.url);
  const env = {
    DATABASE_URL: postgres.url,
    PUBLIC_URL: 'http://127.0.0.1:3000',
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: `http://127.0.0.1:${stripePort}`,
    CLEANUP_INTERVAL_SECONDS: String(CLEANUP_INTERVAL_SECONDS),
    // Every request of this file comes from 127.0.0.1: only the limits under test keep their defaults.
    REGISTER_MAX_PER_ADDRESS_PER_HOUR: '100000',
    REGISTER_MAX_PER_HOUR: '100000',
    INVOICE_MAX_PER_ADDRESS_PER_HOUR: '100000',
    INVOICE_MAX_PER_USER_PER_HOUR: '100000',
    LOGIN_MAX_FAILURES_PER_ADDRESS: '10000',
  };
  // Both start (and migrate) at the same moment, as after a deploy.
  [a, b] = await Promise.all([startServer(env), startServer(env)]);
  onA = over(a);
  onB = over(b);
}, 60_000);

afterAll(async () => {
  await stopSpawnedServers();
  await db?.destroy();
  await postgres?.stop();
  await new Promise<void>((resolve) => stripeStandIn.close(() => resolve()));
});

const events = (name: string): LogLine[] => [...a.lines, ...b.lines].filter((line) => line.event === name);

describe('two instances on one PostgreSQL', () => {
  it('honour each other’s sessions: signed in on one, known and signed out on the other', async () => {
    const { token, user } = await register(onA);
    const me = await onB.request('/api/users/authenticate', { headers: bearer(token) });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { user: { id: string } }).user.id).toBe(user.id);

    expect((await onB.request('/api/auth/logout', { method: 'POST', headers: bearer(token) })).status).toBe(204);
    expect((await onA.request('/api/users/authenticate', { headers: bearer(token) })).status).toBe(401);
  });

  it('count login failures made on both against one limit', async () => {
    const { user } = await register(onA);
    // Five wrong passwords, taking turns: each instance saw fewer than five.
    for (const [index, instance] of [onA, onB, onA, onB, onA].entries()) {
      const res = await login(instance, user.email, 'wrong password');
      expect(res.status, `failure ${index + 1}`).toBe(401);
    }
    // The limit is reached across both: even the right password is refused now, on either.
    for (const instance of [onB, onA]) {
      const res = await login(instance, user.email, PASSWORD);
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('Retry-After'))).toBeGreaterThan(0);
    }
  });

  it('apply a Stripe event delivered to both at the same moment once', async () => {
    const { token, user } = await register(onB);
    const link = await paymentLink(onB, token);
    const sessionId = /cs_test_\d+/.exec(link)![0];
    const invoice = await db
      .selectFrom('invoices')
      .select(['id', 'paid'])
      .where('provider_ref', '=', sessionId)
      .executeTakeFirstOrThrow();
    expect(invoice.paid).toBe(0);

    const payload = JSON.stringify(checkoutEvent(invoice.id, sessionId, { id: `evt_instances_${sessionId}` }));
    const signature = new Stripe(SECRET_KEY).webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const deliveries = [onA, onB, onA, onB].map((instance) =>
      instance.request('/api/payments/stripe/webhook', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
        body: payload,
      }),
    );
    expect((await Promise.all(deliveries)).map((res) => res.status)).toEqual([200, 200, 200, 200]);

    const [paid] = await myInvoices(onA, token);
    expect(paid).toMatchObject({ _id: invoice.id, paid: true });
    const notifications = await db
      .selectFrom('notifications')
      .select('kind')
      .where('user_id', '=', user.id)
      .where('kind', '=', 'invoice_paid')
      .execute();
    expect(notifications).toHaveLength(1);
    expect(await db.selectFrom('payment_events').selectAll().execute()).toHaveLength(1);
    await until(() => events('payment.paid').length > 0);
    expect(events('payment.paid').map((line) => line.invoiceId)).toEqual([invoice.id]);
  });

  it('run the clean-up once per interval across both, and purge a due account once', async () => {
    const { token, user } = await register(onA);
    expect((await onA.request('/api/users/account/deletion/request', { headers: bearer(token) })).status).toBe(200);
    // Due now (the servers run on the real clock; a test cannot wait the days of the real notice).
    await db
      .updateTable('users')
      .set({ deletion_scheduled_for: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', user.id)
      .execute();
    await until(() => events('account.deleted').some((line) => line.userId === user.id));
    expect(await db.selectFrom('users').select('id').where('id', '=', user.id).execute()).toEqual([]);

    // Let several intervals pass while both instances keep looking at the lease.
    const since = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 4.5 * CLEANUP_INTERVAL_SECONDS * 1000));
    const claims = events('job.claimed')
      .filter((line) => line.job === 'cleanup')
      .map((line) => ({ at: Date.parse(String(line.at)) }))
      .sort((x, y) => x.at - y.at);
    const recent = claims.filter((claim) => claim.at >= since);
    expect(recent.length).toBeGreaterThanOrEqual(2);
    expect(recent.length).toBeLessThanOrEqual(5);
    for (let index = 1; index < claims.length; index += 1) {
      expect(claims[index]!.at - claims[index - 1]!.at).toBeGreaterThanOrEqual(CLEANUP_INTERVAL_SECONDS * 1000);
    }
    expect(events('account.deleted').filter((line) => line.userId === user.id)).toHaveLength(1);
  }, 60_000);

  it('lose no answered invoice when one is killed mid-load, and the other keeps serving', async () => {
    const customers = await Promise.all([1, 2, 3, 4].map(() => register(onB)));
    const answered = new Map<string, number>(customers.map(({ user }) => [user.id, 0]));
    const onBStatuses: number[] = [];
    let killed = false;

    // Eight clients order from A until it dies; B is asked all along.
    const orderOnA = async (index: number) => {
      const { token, user } = customers[index % customers.length]!;
      while (!killed) {
        try {
          const res = await createInvoice(onA, token);
          if (res.status === 201) answered.set(user.id, answered.get(user.id)! + 1);
          else expect(res.status).toBe(201);
        } catch {
          // The connection died with the process: this order has no answer, so nothing was promised.
          return;
        }
      }
    };
    const askB = async () => {
      while (!killed) {
        const res = await onB.request('/api/invoices/my', { headers: bearer(customers[0]!.token) });
        onBStatuses.push(res.status);
      }
    };
    const load = Promise.all([...Array.from({ length: 8 }, (_, index) => orderOnA(index)), askB()]);
    await until(() => [...answered.values()].reduce((sum, count) => sum + count, 0) >= 40);
    a.child.kill('SIGKILL');
    expect(await a.exited()).toBeNull();
    killed = true;
    await load;

    // Every invoice A answered 201 for is in the database, and B still takes orders and lists them.
    for (const { token, user } of customers) {
      const stored = await db.selectFrom('invoices').select('id').where('user_id', '=', user.id).execute();
      expect(stored.length).toBeGreaterThanOrEqual(answered.get(user.id)!);
      expect((await createInvoice(onB, token)).status).toBe(201);
      expect((await myInvoices(onB, token)).length).toBe(stored.length + 1);
    }
    expect(onBStatuses.length).toBeGreaterThan(0);
    expect(new Set(onBStatuses)).toEqual(new Set([200]));
    expect((await onB.request('/api/health')).status).toBe(200);
  }, 60_000);
});

async function until(check: () => boolean, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`condition not met in ${timeoutMs} ms; ${lastWords()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** What the instances logged at warning level or above, and their job claims: why a condition did not come. */
function lastWords(): string {
  const told = [...a.lines, ...b.lines].filter((line) => Number(line.level) >= 40 || line.event === 'job.claimed');
  return `the instances' last warnings, errors and job claims:\n${told
    .slice(-20)
    .map((line) => JSON.stringify(line))
    .join('\n')}`;
}
