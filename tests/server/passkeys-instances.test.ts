/**
 * Two instances on one database, as behind a load balancer (docs/decisions/0010-shared-state-in-the-database.md):
 * a passkey ceremony's options come from one and its answer goes to the other, and a challenge used on one is
 * refused by the other. Several instances need PostgreSQL (an SQLite site is one instance): this file chooses it
 * itself and runs once (vitest.config.ts).
 */
import { assert } from 'superstruct';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '#server/app';
import { loadConfig } from '#server/config';
import { openPostgresDatabase } from '#server/db/database';
import { migrate } from '#server/db/migrate';
import { PasskeyRegistrationOptions, PasskeySignInOptions } from '#domain/passkeyContract';
import { CHALLENGE_TEXT } from '#server/passkeys/verify';
import {
  type TestApp,
  bearer,
  cleanup,
  closeAfterAll,
  createCapturedLog,
  createDataDir,
  createPostgresDatabase,
  createStaticDir,
  createTestClock,
  destroyAfterAll,
  errorText,
  jsonInit,
  PASSWORD,
  register,
  sessionBody,
} from './helpers';
import { SoftwareAuthenticator } from './passkeys-authenticator';

afterAll(cleanup);

const PUBLIC_URL = 'http://localhost:3000';

/** Two apps, each with its own services, clock and memory, over one database. */
async function twoInstances(): Promise<[TestApp, TestApp]> {
  const dataDir = createDataDir();
  const url = await createPostgresDatabase();
  const open = () => destroyAfterAll(openPostgresDatabase(url));
  const first = open();
  await migrate(first);
  const instance = (db: typeof first) =>
    closeAfterAll(
      createApp({
        db,
        config: { ...loadConfig({}), PUBLIC_URL, STATIC_DIR: createStaticDir(), DATA_DIR: dataDir, DATABASE_URL: url },
        clock: createTestClock(),
        log: createCapturedLog().log,
      }),
    );
  return [instance(first), instance(open())];
}

async function json<T>(res: Response, struct: Parameters<typeof assert<T, unknown>>[1]): Promise<T> {
  expect(res.status).toBe(200);
  const body: unknown = await res.json();
  assert(body, struct);
  return body;
}

describe('passkeys on two instances sharing one database', () => {
  it('take options from one and the answer on the other, for adding and for signing in, each challenge once', async () => {
    const [a, b] = await twoInstances();
    const account = await register(a);
    const authenticator = new SoftwareAuthenticator(PUBLIC_URL);

    const registration = await json(
      await a.request(
        '/api/users/passkeys/registration/options',
        jsonInit('POST', { currentPassword: PASSWORD }, bearer(account.token)),
      ),
      PasskeyRegistrationOptions,
    );
    const added = await b.request(
      '/api/users/passkeys/registration',
      jsonInit('POST', { name: 'Laptop', response: authenticator.create(registration) }, bearer(account.token)),
    );
    expect(added.status).toBe(201);

    const response = authenticator.get(
      await json(await a.request('/api/auth/passkey/options', jsonInit('POST', {})), PasskeySignInOptions),
    );
    const signedIn = await b.request('/api/auth/passkey', jsonInit('POST', { response }));
    expect(signedIn.status).toBe(200);
    expect((await sessionBody(signedIn)).user.id).toBe(account.user.id);
    // The answer used on B is used up on A as well.
    const replayed = await a.request('/api/auth/passkey', jsonInit('POST', { response }));
    expect(replayed.status).toBe(400);
    expect(await errorText(replayed)).toBe(CHALLENGE_TEXT);
  });
});
