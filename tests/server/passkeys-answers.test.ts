/**
 * What a passkey answer must hold before it adds a passkey or signs in (docs/decisions/0029-passkeys.md), and
 * what a refused one leaves behind: the exact words the person reads, nothing stored, nothing used up, and the
 * security log's line. The answers come from the software authenticator (tests/server/passkeys-authenticator.ts),
 * bent where a real one could be bent (another account's handle, a signature that does not hold, two answers at
 * once). The ordinary ceremonies are in tests/server/passkeys.test.ts.
 */
import { sql } from 'kysely';
import { assert } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transportsOf } from '#server/ways-in/passkeys';
import { Passkey, PasskeyRegistrationOptions, PasskeySignInOptions } from '#domain/passkeyContract';
import {
  bearer,
  cleanup,
  createTestServer,
  errorText,
  fromAddress,
  jsonInit,
  PASSWORD,
  TEST_ON_POSTGRES,
  register,
  uniqueAddress,
} from './helpers';
import { type Bend, SoftwareAuthenticator } from './passkeys-authenticator';

const MALFORMED = 'The passkey response is missing or malformed.';
const NOT_VERIFIED = 'The passkey could not be verified. Please try again.';
const UNKNOWN = 'This passkey is not registered here.';
const NOT_FOUND = 'No such passkey on your account.';
const OTHER_SITE = 'This passkey answer was made for another site. Please use a passkey of this site.';
const USED = 'This passkey request has expired or was already used. Please start again.';

let server: Awaited<ReturnType<typeof createTestServer>>;

beforeAll(async () => {
  server = await createTestServer();
});
afterAll(cleanup);

function post(path: string, body: unknown, token?: string, address = uniqueAddress()) {
  return server.app.request(path, jsonInit('POST', body, token ? bearer(token) : {}), fromAddress(address));
}

function remove(id: string, token: string, proof: unknown = { currentPassword: PASSWORD }) {
  return server.app.request(`/api/users/passkeys/${id}`, jsonInit('DELETE', proof, bearer(token)));
}

async function registrationOptions(token: string): Promise<PasskeyRegistrationOptions> {
  const body: unknown = await (
    await post('/api/users/passkeys/registration/options', { currentPassword: PASSWORD }, token)
  ).json();
  assert(body, PasskeyRegistrationOptions);
  return body;
}

async function signInOptions(): Promise<PasskeySignInOptions> {
  const body: unknown = await (await post('/api/auth/passkey/options', {})).json();
  assert(body, PasskeySignInOptions);
  return body;
}

function addPasskey(
  token: string,
  authenticator: SoftwareAuthenticator,
  options: PasskeyRegistrationOptions,
  bend?: Bend,
) {
  return post(
    '/api/users/passkeys/registration',
    { name: 'Key', response: authenticator.create(options, bend) },
    token,
  );
}

async function accountWithPasskey(bend?: Bend) {
  const account = await register(server.app);
  const authenticator = new SoftwareAuthenticator(server.config.PUBLIC_URL);
  const res = await addPasskey(account.token, authenticator, await registrationOptions(account.token), bend);
  expect(res.status).toBe(201);
  const passkey: unknown = await res.json();
  assert(passkey, Passkey);
  return { account, authenticator, passkey };
}

async function storedPasskeys(userId: string) {
  return server.db
    .selectFrom('passkeys')
    .select(['counter', 'last_used_at', 'transports'])
    .where('user_id', '=', userId)
    .execute();
}

const clientData = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('the client data of an answer', () => {
  // Each lacks a string origin or a string challenge: not another site's answer, nor a used challenge, but malformed.
  const shapes = (origin: string, challenge: string): [string, unknown][] => [
    ['no challenge', { type: 'webauthn.create', origin }],
    ['no origin', { type: 'webauthn.create', challenge }],
    ['an origin that is no string', { origin: 7, challenge }],
    ['a challenge that is no string', { origin, challenge: 7 }],
    ['null', null],
    ['a string', origin],
  ];

  it('is malformed without a string origin and challenge, and then uses up no registration challenge', async () => {
    const account = await register(server.app);
    const authenticator = new SoftwareAuthenticator(server.config.PUBLIC_URL);
    const options = await registrationOptions(account.token);
    for (const [label, value] of shapes(server.config.PUBLIC_URL, options.challenge)) {
      const response = authenticator.create(options);
      response.response.clientDataJSON = clientData(value);
      const res = await post('/api/users/passkeys/registration', { name: 'Key', response }, account.token);
      expect([label, res.status, await errorText(res)]).toEqual([label, 400, MALFORMED]);
    }
    expect((await addPasskey(account.token, authenticator, options)).status).toBe(201);
  });

  it('is malformed without a string origin and challenge, and then uses up no sign-in challenge', async () => {
    const { authenticator } = await accountWithPasskey();
    const options = await signInOptions();
    for (const [label, value] of shapes(server.config.PUBLIC_URL, options.challenge)) {
      const response = authenticator.get(options);
      response.response.clientDataJSON = clientData(value);
      const res = await post('/api/auth/passkey', { response });
      expect([label, res.status, await errorText(res)]).toEqual([label, 400, MALFORMED]);
    }
    expect((await post('/api/auth/passkey', { response: authenticator.get(options) })).status).toBe(200);
  });
});

describe('adding a passkey', () => {
  it('keeps the transports the browser reports that WebAuthn knows, and no others', async () => {
    const cases: [string[] | null, string[]][] = [
      [null, []],
      [
        ['usb', 'carrier-pigeon', 'internal'],
        ['usb', 'internal'],
      ],
    ];
    for (const [transports, kept] of cases) {
      const { account, authenticator } = await accountWithPasskey({ transports });
      const [row] = await storedPasskeys(account.user.id);
      expect(transportsOf(row!)).toEqual(kept);
      expect((await post('/api/auth/passkey', { response: authenticator.get(await signInOptions()) })).status).toBe(
        200,
      );
    }
  });

  it('refuses a sign-in answer, and an attestation whose signature does not hold, as not verified', async () => {
    const account = await register(server.app);
    for (const bend of [{ type: 'webauthn.get' }, { badSignature: true }]) {
      const authenticator = new SoftwareAuthenticator(server.config.PUBLIC_URL);
      const res = await addPasskey(account.token, authenticator, await registrationOptions(account.token), bend);
      expect(res.status).toBe(400);
      expect(await errorText(res)).toBe(NOT_VERIFIED);
    }
    expect(await storedPasskeys(account.user.id)).toEqual([]);
  });
});

describe('signing in with a passkey', () => {
  it('refuses a signature that does not hold: nothing recorded, and the failure logged with the address', async () => {
    const { account, authenticator } = await accountWithPasskey();
    const address = uniqueAddress();
    const response = authenticator.get(await signInOptions(), { badSignature: true });
    const res = await post('/api/auth/passkey', { response }, undefined, address);
    expect(res.status).toBe(401);
    expect(await errorText(res)).toBe(NOT_VERIFIED);
    expect(await storedPasskeys(account.user.id)).toEqual([expect.objectContaining({ last_used_at: null }) as unknown]);
    expect(Number((await storedPasskeys(account.user.id))[0]!.counter)).toBe(0);
    expect(server.securityEvents()).toContainEqual(
      expect.objectContaining({ event: 'signin.failure', method: 'passkey', address }),
    );
  });

  it('refuses an answer that names another account than the one the passkey belongs to', async () => {
    const { account, authenticator } = await accountWithPasskey();
    const other = await register(server.app);
    const userHandle = Buffer.from(other.user.id).toString('base64url');
    const res = await post('/api/auth/passkey', { response: authenticator.get(await signInOptions(), { userHandle }) });
    expect(res.status).toBe(401);
    expect(await errorText(res)).toBe(UNKNOWN);
    expect((await storedPasskeys(account.user.id))[0]!.last_used_at).toBeNull();
  });

  it("tells another site's answer and a used challenge apart, in plain words", async () => {
    const { authenticator } = await accountWithPasskey();
    const elsewhere = await post('/api/auth/passkey', {
      response: authenticator.get(await signInOptions(), { origin: 'https://evil.example' }),
    });
    expect([elsewhere.status, await errorText(elsewhere)]).toEqual([400, OTHER_SITE]);
    const response = authenticator.get(await signInOptions());
    expect((await post('/api/auth/passkey', { response })).status).toBe(200);
    const again = await post('/api/auth/passkey', { response });
    expect([again.status, await errorText(again)]).toEqual([400, USED]);
  });

  it("logs a fault of the server's own as no failed sign-in: it was nobody's wrong answer", async () => {
    const { account, authenticator } = await accountWithPasskey();
    await server.db
      .updateTable('passkeys')
      .set({ transports: 'not json' })
      .where('user_id', '=', account.user.id)
      .execute();
    const address = uniqueAddress();
    const res = await post(
      '/api/auth/passkey',
      { response: authenticator.get(await signInOptions()) },
      undefined,
      address,
    );
    expect(res.status).toBe(500);
    expect(server.securityEvents()).not.toContainEqual(expect.objectContaining({ event: 'signin.failure', address }));
  });

  it("records the passkey as the new session's second factor", async () => {
    const { account, authenticator } = await accountWithPasskey();
    expect((await post('/api/auth/passkey', { response: authenticator.get(await signInOptions()) })).status).toBe(200);
    const sessions = await server.db
      .selectFrom('sessions')
      .select('second_factor')
      .where('user_id', '=', account.user.id)
      .execute();
    expect(sessions.map((row) => row.second_factor).sort()).toEqual([null, 'passkey']);
  });

  it('lets only one of two answers with the same counter sign in (a cloned authenticator)', async () => {
    const { account, authenticator } = await accountWithPasskey();
    const [first, second] = await Promise.all([signInOptions(), signInOptions()]);
    const answers = [authenticator.get(first!), authenticator.get(second!, { counter: 1 })];
    const results = await Promise.all(answers.map((response) => post('/api/auth/passkey', { response })));
    expect(results.map((res) => res.status).sort()).toEqual([200, 401]);
    expect(await errorText(results.find((res) => res.status === 401)!)).toBe(NOT_VERIFIED);
    expect(Number((await storedPasskeys(account.user.id))[0]!.counter)).toBe(1);
  });

  it('names the address in the log line of the limit it runs into', async () => {
    const limited = await createTestServer({ LOGIN_MAX_FAILURES_PER_ADDRESS: 1 });
    const address = uniqueAddress();
    const stranger = new SoftwareAuthenticator(limited.config.PUBLIC_URL);
    const attempt = async () => {
      const options = (await (await limited.app.request('/api/auth/passkey/options', jsonInit('POST', {}))).json()) as {
        challenge: string;
      };
      return limited.app.request(
        '/api/auth/passkey',
        jsonInit('POST', { response: stranger.get(options) }),
        fromAddress(address),
      );
    };
    expect((await attempt()).status).toBe(401);
    expect((await attempt()).status).toBe(429);
    expect(limited.securityEvents()).toContainEqual(expect.objectContaining({ event: 'limit.exceeded', address }));
  });
});

describe('a passkey whose account went while it signed in', () => {
  it('is refused as unknown, not a failure', async () => {
    const { account, authenticator } = await accountWithPasskey();
    // The account deleted between the passkey's check and the account's lookup: here its row goes and, against the
    // schema's cascade (checks off on this one connection), its passkey stays behind.
    await server.db.connection().execute(async (one) => {
      const checksOff = TEST_ON_POSTGRES ? 'SET session_replication_role = replica' : 'PRAGMA foreign_keys = OFF';
      const checksOn = TEST_ON_POSTGRES ? 'SET session_replication_role = DEFAULT' : 'PRAGMA foreign_keys = ON';
      await sql.raw(checksOff).execute(one);
      try {
        await one.deleteFrom('users').where('id', '=', account.user.id).execute();
      } finally {
        await sql.raw(checksOn).execute(one);
      }
    });
    const res = await post('/api/auth/passkey', { response: authenticator.get(await signInOptions()) });
    expect(res.status).toBe(401);
    expect(await errorText(res)).toBe(UNKNOWN);
  });
});

describe('removing a passkey', () => {
  it("finds another account's passkey unknown before asking a proof, and counts no wrong password", async () => {
    const { account, passkey } = await accountWithPasskey();
    const withNone = await register(server.app);
    const withOne = (await accountWithPasskey()).account;
    for (const other of [withNone, withOne]) {
      for (const proof of [{}, { currentPassword: 'not the password at all' }]) {
        const res = await remove(passkey.id, other.token, proof);
        expect(res.status).toBe(404);
        expect(await errorText(res)).toBe(NOT_FOUND);
      }
      expect(server.securityEvents()).not.toContainEqual(
        expect.objectContaining({ event: 'passkey.refused', userId: other.user.id }),
      );
    }
    expect(await storedPasskeys(account.user.id)).toHaveLength(1);
  });

  it('logs a wrong password for one of its own as a refused passkey change', async () => {
    const { account, passkey } = await accountWithPasskey();
    expect((await remove(passkey.id, account.token, { currentPassword: 'not the password at all' })).status).toBe(403);
    expect(server.securityEvents()).toContainEqual(
      expect.objectContaining({ event: 'passkey.refused', userId: account.user.id, reason: 'wrong_password' }),
    );
  });

  it('removes it once when two requests remove it at the same time', async () => {
    const { account, passkey } = await accountWithPasskey();
    const results = await Promise.all([remove(passkey.id, account.token), remove(passkey.id, account.token)]);
    expect(results.map((res) => res.status).sort()).toEqual([204, 404]);
    expect(await errorText(results.find((res) => res.status === 404)!)).toBe(NOT_FOUND);
    const events = server
      .securityEvents()
      .filter((line) => line.event === 'passkey.removed' && line.passkeyId === passkey.id);
    expect(events).toHaveLength(1);
    expect(await storedPasskeys(account.user.id)).toEqual([]);
  });
});
