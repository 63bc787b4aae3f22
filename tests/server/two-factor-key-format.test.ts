/**
 * What the second factor's key writes, read as stored data: a sealed secret and a recovery code's hash name the
 * key that wrote them by the first eight hex digits of its SHA-256. Rows already stored carry that id, so a
 * changed id would leave every stored secret unreadable. The rules of the key are in two-factor-rules.test.ts.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { afterAll, expect, it } from 'vitest';
import { createTwoFactorKeys } from '#server/ways-in/two-factor-key';
import { cleanup, createTestServer } from './helpers';

afterAll(cleanup);
const { db, clock } = await createTestServer();

const key = randomBytes(32);
const keys = createTwoFactorKeys({ db, clock, config: { TWO_FACTOR_KEY: key.toString('hex') } });
const id = createHash('sha256').update(key).digest('hex').slice(0, 8);

it('seals a secret as v1, the key id, the nonce, the tag and the ciphertext', async () => {
  const sealed = await keys.encrypt('JBSWY3DPEHPK3PXP');
  const [version, keyId, nonce, tag, ciphertext, ...rest] = sealed.split('.');
  expect([version, keyId, rest]).toEqual(['v1', id, []]);
  expect(Buffer.from(nonce!, 'base64url')).toHaveLength(12);
  expect(Buffer.from(tag!, 'base64url')).toHaveLength(16);
  expect(Buffer.from(ciphertext!, 'base64url')).toHaveLength('JBSWY3DPEHPK3PXP'.length);
});

it("hashes a recovery code as the key id and the code's HMAC-SHA256", async () => {
  const expected = createHmac('sha256', key).update('recovery\nabcd-efgh').digest('hex');
  expect(await keys.hash('abcd-efgh')).toBe(`${id}.${expected}`);
});
