/**
 * The app a fuzz test file attacks, and what its generated requests may refer to: an admin "fuzzer" session,
 * paid and unpaid orders, sandbox checkout links, Google tokens from a local provider, and pools of e-mails,
 * ids and sessions that fill as the fuzzing goes. Beside them a bystander, whose session and invoices no
 * generated request may touch (neither its token nor its password is ever sent).
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll } from 'vitest';
import { startLocalOidcProvider } from '#server/dev/oidc';
import { markInvoicePaid } from '#server/payments/mark-paid';
import { grantRole } from '#server/users/roles';
import { SERVICE_TYPES } from '#domain/contract';
import { services as catalogue } from '#domain/catalogue/services';
import { cleanup, createTestServer, myInvoices, paymentLink, register, uniqueEmail } from '../helpers';
import { googleSettings, obtainToken } from '../oidc-helpers';

const CLIENT_ID = 'storefront-fuzz';
const CALLBACK = 'http://localhost:5173/oauth-callback.html';
export const FUZZER_PASSWORD = 'fuzzer password 1';

export interface Fuzzer {
  token: string;
  id: string;
  email: string;
}

export type FuzzWorld = Awaited<ReturnType<typeof startFuzzWorld>>;

/** Starts the app and fills the pools; stops both after the file's tests. */
export async function startFuzzWorld() {
  const provider = await startLocalOidcProvider({ clientId: CLIENT_ID, redirectUris: [CALLBACK] });
  // Google sign-in on (against the local provider, so a token is really checked), the sandbox checkout,
  // and X-Forwarded-For trusted, so that its parsing is fuzzed too.
  const server = await createTestServer({
    ...googleSettings(provider, CLIENT_ID),
    OAUTH_TIMEOUT_MS: 5000,
    TRUST_PROXY: true,
  });
  // The provider's tokens live in real time: the app's clock must agree.
  server.clock.advance(Date.now() - server.clock.now().getTime());
  const { app } = server;
  afterAll(async () => {
    await provider.stop();
    await cleanup();
  });

  const bystander = await register(app, {
    name: 'Bystander',
    email: uniqueEmail('bystander'),
    password: 'bystander only secret 1',
  });
  await paymentLink(app, bystander.token);
  const bystanderInvoices = await myInvoices(app, bystander.token);

  const pools = {
    emails: [bystander.user.email, 'nobody@example.com'],
    passwords: [FUZZER_PASSWORD, 'correct horse battery', 'wrong password'],
    userIds: [bystander.user.id, randomUUID()],
    /** Other sessions: one made here, and those the fuzzing itself creates (registrations, Google sign-ins). Fair game. */
    tokens: [] as string[],
    /** Sandbox checkout links: invoice id and signature (the bystander's invoice with a made-up one). */
    links: [{ id: bystanderInvoices[0]!._id, sig: 'bm90IGEgc2lnbmF0dXJl' }],
    googleTokens: [] as string[],
    /** Orders for the office routes: the bystander's (unpaid: every change must be refused) and paid ones of the fuzzer's. */
    orderIds: [bystanderInvoices[0]!._id, randomUUID()],
  };

  /**
   * The fuzzer is an admin, so that the office routes are fuzzed past their role check too (the other sessions
   * the fuzzing makes are customers, which the role check must refuse).
   */
  async function newFuzzer(): Promise<Fuzzer> {
    const account = await register(app, { name: 'Fuzzer', email: uniqueEmail('fuzzer'), password: FUZZER_PASSWORD });
    await grantRole(server.db, { id: account.user.id }, 'admin', new Date());
    remember(pools.emails, account.user.email);
    remember(pools.userIds, account.user.id);
    return { token: account.token, id: account.user.id, email: account.user.email };
  }

  const world = {
    server,
    app,
    logLines: server.logLines,
    bystander,
    bystanderInvoices,
    pools,
    fuzzer: await newFuzzer(),
    /** A new fuzzer session, for when the fuzzing ended the last one (signed out, deleted the account, ...). */
    async renewFuzzer(): Promise<void> {
      world.fuzzer = await newFuzzer();
    },
  };
  pools.links.push(linkParts(await paymentLink(app, world.fuzzer.token)));
  // Paid orders of every delivery type, for the office's schedule, report and deliver to act on.
  for (const type of [...SERVICE_TYPES, ...SERVICE_TYPES]) {
    const service = catalogue[0]!;
    const order = { amount: service.price, title: service.title, type, url: '' };
    const { id } = linkParts(await paymentLink(app, world.fuzzer.token, order));
    await markInvoicePaid(server.db, id, { provider: 'sandbox', reference: null, at: server.clock.now() });
    remember(pools.orderIds, id);
  }
  for (const login of [`fuzz-${randomUUID().slice(0, 8)}`, `unverified-fuzz-${randomUUID().slice(0, 8)}`]) {
    const { accessToken } = await obtainToken(provider, { clientId: CLIENT_ID, redirectUri: CALLBACK, login });
    pools.googleTokens.push(accessToken);
  }
  // A customer's session from the start: a test file whose routes make no sessions still sends some of another.
  const other = await register(app, { name: 'Other', email: uniqueEmail('other'), password: FUZZER_PASSWORD });
  remember(pools.tokens, other.token);
  remember(pools.emails, other.user.email);
  remember(pools.userIds, other.user.id);

  return world;
}

export function linkParts(link: string): { id: string; sig: string } {
  const url = new URL(link);
  return { id: decodeURIComponent(url.pathname.split('/').pop()!), sig: url.searchParams.get('sig') ?? '' };
}

export function remember<T>(pool: T[], value: T, max = 30): void {
  if (!pool.includes(value)) pool.push(value);
  if (pool.length > max) pool.splice(2, 1); // keep the first entries (the bystander's)
}

/** A value from a pool as it is when the request is generated. */
export function fromPool<T>(pool: () => T[], fallback: T): fc.Arbitrary<T> {
  return fc.nat().map((n) => {
    const values = pool();
    return values.length === 0 ? fallback : values[n % values.length]!;
  });
}
