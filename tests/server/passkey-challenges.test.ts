/**
 * The challenges a passkey answers (server/ways-in/passkey-challenges.ts): made for one purpose and one person,
 * good for five minutes and once, and refused, never thrown on, when cut short, spelled another way or altered.
 * With them, the passwords' own refusal of a stored hash that is not one.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createWorkQueue } from '#server/limits/work-queue';
import { CHALLENGE_TTL_MS, createPasskeyChallenges } from '#server/ways-in/passkey-challenges';
import { createPasswords } from '#server/ways-in/passwords';
import { cleanup, createTestServer } from './helpers';

afterAll(cleanup);

async function challenges() {
  const { db, clock } = await createTestServer();
  const secret = { get: async () => 'a signing secret of at least thirty-two characters' };
  return { clock, challenges: createPasskeyChallenges({ db, clock, secret }) };
}

describe('a passkey challenge', () => {
  it('answers once, for its purpose and its person, within five minutes', async () => {
    const { clock, challenges: made } = await challenges();
    const forAda = await made.make('registration', 'ada');
    expect(await made.use(forAda, 'authentication', 'ada')).toBe(false);
    expect(await made.use(forAda, 'registration', 'bob')).toBe(false);
    expect(await made.use(forAda, 'registration', null)).toBe(false);
    expect(await made.use(forAda, 'registration', 'ada')).toBe(true);
    expect(await made.use(forAda, 'registration', 'ada')).toBe(false);

    const signIn = await made.make('authentication', null);
    clock.advance(CHALLENGE_TTL_MS - 1);
    expect(await made.use(signIn, 'authentication', null)).toBe(true);
    const late = await made.make('authentication', null);
    clock.advance(CHALLENGE_TTL_MS);
    expect(await made.use(late, 'authentication', null)).toBe(false);
  });

  it('is refused, not thrown on, when cut short, padded, spelled otherwise or altered', async () => {
    const { challenges: made } = await challenges();
    const challenge = await made.make('authentication', null);
    const bytes = Buffer.from(challenge, 'base64url');
    const altered = Buffer.from(bytes);
    altered[0]! ^= 1;
    for (const other of [
      '',
      challenge.slice(0, -2),
      `${challenge}AA`,
      // The same bytes in base64 with its padding: once used, a second spelling must not make a second use.
      bytes.toString('base64'),
      altered.toString('base64url'),
    ])
      expect(await made.use(other, 'authentication', null), other).toBe(false);
    expect(await made.use(challenge, 'authentication', null)).toBe(true);
  });
});

describe('a stored password hash', () => {
  it('that is not one signs no one in', async () => {
    const passwords = createPasswords(createWorkQueue({ concurrency: 1, maxWaiting: 1, retryAfterSeconds: 1 }));
    expect(await passwords.verify('not a hash', 'any password')).toBe(false);
    expect(await passwords.verify('$argon2id$v=19$m=19456,t=2,p=1$broken', 'any password')).toBe(false);
  });
});
