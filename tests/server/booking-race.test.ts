/**
 * Twenty customers choose the same last free slot at once, on two instances of the real server sharing one
 * PostgreSQL (docs/decisions/0042-customers-book-their-call.md): exactly one gets 201, every other 409, and the
 * office member holds one call then. The exclusion constraint decides, not either process.
 */
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type OfficeHours, WEEKDAYS } from '#domain/booking';
import { openPostgresDatabase } from '#server/db/database';
import type { Database } from '#server/db/schema';
import { grantRole } from '#server/users/roles';
import { type TestApp, bearer, jsonInit, register, uniqueEmail } from './helpers';
import { type Account, paidOrder } from './office-helpers';
import { type TestPostgres, startPostgres } from './postgres';
import { type Running, startServer, stopSpawnedServers } from './spawned-server';
import { book, slotsOf } from './booking-helpers';

const CUSTOMERS = 20;
let postgres: TestPostgres;
let db: Kysely<Database>;
let instances: TestApp[];

/** The helpers' `app.request`, over the network to a running instance. */
function over(instance: Running): TestApp {
  const request = (path: string, init?: RequestInit) => fetch(`http://127.0.0.1:${instance.port}${path}`, init);
  return { request } as unknown as TestApp;
}

beforeAll(async () => {
  postgres = await startPostgres();
  db = openPostgresDatabase(postgres.url);
  const env = {
    DATABASE_URL: postgres.url,
    PUBLIC_URL: 'http://127.0.0.1:3000',
    // Every request of this file comes from 127.0.0.1: the limits under test elsewhere must not refuse it here.
    REGISTER_MAX_PER_ADDRESS_PER_HOUR: '100000',
    REGISTER_MAX_PER_HOUR: '100000',
    INVOICE_MAX_PER_ADDRESS_PER_HOUR: '100000',
    INVOICE_MAX_PER_USER_PER_HOUR: '100000',
  };
  instances = (await Promise.all([startServer(env), startServer(env)])).map(over);
}, 60_000);

afterAll(async () => {
  await stopSpawnedServers();
  await db?.destroy();
  await postgres?.stop();
});

async function accountOn(app: TestApp, role?: 'office'): Promise<Account> {
  const name = role ? 'Olive Office' : 'Ada Customer';
  const { token, user } = await register(app, { name, email: uniqueEmail(role ?? 'customer') });
  if (role) await grantRole(db, { id: user.id }, role, new Date());
  return { token, id: user.id, name, email: user.email };
}

it('gives the last free slot to exactly one of twenty customers booking at once on two instances', async () => {
  const [onA, onB] = instances as [TestApp, TestApp];
  const olive = await accountOn(onA, 'office');
  // One member, working every day from midnight to midnight: whatever the real clock reads, slots exist.
  const allDay = Object.fromEntries(WEEKDAYS.map((day) => [day, [{ start: '00:00', end: '23:59' }]]));
  const hours = { weekly: allDay as OfficeHours['weekly'], daysOff: [] };
  expect((await onA.request('/api/office/availability', jsonInit('PUT', hours, bearer(olive.token)))).status).toBe(200);

  const customers = await Promise.all(Array.from({ length: CUSTOMERS }, () => accountOn(onA)));
  const orders = await Promise.all(customers.map((customer) => paidOrder(onA, customer)));
  const start = (await slotsOf(onB, customers[0]!, orders[0]!)).slots[3]!.start;

  const answers = await Promise.all(
    customers.map((customer, index) => book(index % 2 === 0 ? onA : onB, customer, orders[index]!, start)),
  );
  const statuses = answers.map((res) => res.status);
  expect(statuses.filter((status) => status === 201)).toHaveLength(1);
  expect(statuses.filter((status) => status === 409)).toHaveLength(CUSTOMERS - 1);

  const calls = await db
    .selectFrom('orders')
    .select(['call_member_id', 'status'])
    .where('scheduled_at', '=', start)
    .execute();
  expect(calls).toEqual([{ call_member_id: olive.id, status: 'scheduled' }]);
  // And the slot is no longer offered to any who lost, on either instance.
  const loser = statuses.indexOf(409);
  for (const app of instances) {
    const slots = (await slotsOf(app, customers[loser]!, orders[loser]!)).slots.map((slot) => slot.start);
    expect(slots).not.toContain(start);
  }
}, 120_000);
