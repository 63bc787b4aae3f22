/**
 * The general rules of the second factor, as properties (fast-check): a code is accepted only for its own
 * time step and one step either side; recovery codes are `RECOVERY_CODE_COUNT` `xxxx-xxxx` codes, the same however typed; the
 * secrets' encryption reads back what it wrote, refuses anything altered, and still reads what the database's
 * key wrote once TWO_FACTOR_KEY is set; the configuration's two variables.
 */
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config';
import { ConfigError } from '#server/config-values';
import { createTwoFactorKeys, twoFactorKeys } from '#server/ways-in/two-factor-key';
import {
  RECOVERY_CODE_COUNT,
  newRecoveryCodes,
  normalizeRecoveryCode,
  recoveryCodeText,
} from '#server/ways-in/two-factor';
import { codeOfStep, matchingStep, newTotpSecret, stepAt } from '#server/ways-in/two-factor';
import { cleanup, createTestServer } from './helpers';

afterAll(cleanup);

const STEP_MS = 30_000;
/** Any moment from 2001 to 2100. */
const moment = fc.integer({ min: 1e12, max: 4.1e12 }).map((ms) => new Date(ms));
const secrets = fc.constant(null).map(() => newTotpSecret());

describe('codes of the authenticator app', () => {
  it('accepts the codes of the current step and one either side, as that step', () => {
    fc.assert(
      fc.property(secrets, moment, fc.constantFrom(-1, 0, 1), (secret, now, offset) => {
        const step = stepAt(now) + offset;
        const found = matchingStep(secret, codeOfStep(secret, step), now);
        // Two steps of a window may share a code (one in a million): then the earlier one is found.
        expect(found === step || codeOfStep(secret, found!) === codeOfStep(secret, step)).toBe(true);
      }),
    );
  });

  it('refuses the code of the last step accepted and of any step before it, and takes a later one', () => {
    fc.assert(
      fc.property(secrets, moment, fc.constantFrom(-1, 0, 1), (secret, now, offset) => {
        const step = stepAt(now) + offset;
        const code = codeOfStep(secret, step);
        const found = matchingStep(secret, code, now);
        // Two steps of a window may share a code (one in a million): the property holds for the one found.
        fc.pre(found === step);
        expect(matchingStep(secret, code, now, step)).toBeNull();
        expect(matchingStep(secret, code, now, step + 1)).toBeNull();
        expect(matchingStep(secret, code, now, step - 1)).toBe(step);
      }),
    );
  });

  it('refuses any other six digits', () => {
    fc.assert(
      fc.property(secrets, moment, fc.stringMatching(/^\d{6}$/), (secret, now, code) => {
        const window = [-1, 0, 1].map((offset) => codeOfStep(secret, stepAt(now) + offset));
        fc.pre(!window.includes(code));
        expect(matchingStep(secret, code, now)).toBeNull();
      }),
    );
  });

  it('refuses the codes of steps two or more away', () => {
    fc.assert(
      fc.property(secrets, moment, fc.integer({ min: 2, max: 10_000 }), fc.boolean(), (secret, now, away, later) => {
        const code = codeOfStep(secret, stepAt(now) + (later ? away : -away));
        const window = [-1, 0, 1].map((offset) => codeOfStep(secret, stepAt(now) + offset));
        fc.pre(!window.includes(code));
        expect(matchingStep(secret, code, now)).toBeNull();
      }),
    );
  });

  it('steps are 30 seconds', () => {
    fc.assert(
      fc.property(moment, (now) => {
        expect(stepAt(new Date(now.getTime() + STEP_MS))).toBe(stepAt(now) + 1);
      }),
    );
  });
});

describe('recovery codes', () => {
  it('are ten distinct xxxx-xxxx codes without look-alike characters', () => {
    for (let round = 0; round < 50; round += 1) {
      const codes = newRecoveryCodes();
      expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
      expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
      for (const code of codes) expect(code).toMatch(/^[a-hjkmnp-z2-9]{4}-[a-hjkmnp-z2-9]{4}$/);
    }
  });

  it('read the same in any case, with or without the hyphen or a space, and bound to the account', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...newRecoveryCodes()),
        fc.constantFrom('-', ' ', ''),
        fc.boolean(),
        (code, sep, upper) => {
          const typed = code.replace('-', sep);
          expect(normalizeRecoveryCode(upper ? typed.toUpperCase() : typed)).toBe(code.replace('-', ''));
          expect(recoveryCodeText('a', code)).not.toBe(recoveryCodeText('b', code));
        },
      ),
    );
  });
});

describe('the secrets’ key', async () => {
  const { db, clock } = await createTestServer();
  const fromDatabase = createTwoFactorKeys({ db, clock, config: { TWO_FACTOR_KEY: undefined } });
  const configured = createTwoFactorKeys({
    db,
    clock,
    config: { TWO_FACTOR_KEY: randomBytes(32).toString('hex') },
  });

  it('reads back what it wrote, and nothing altered', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ minLength: 1, maxLength: 64 }), fc.nat(), async (plain, at) => {
        const sealed = await fromDatabase.encrypt(plain);
        expect(await fromDatabase.decrypt(sealed)).toBe(plain);
        // One character of the nonce, tag or ciphertext changed (not a last one, whose low bits may be padding).
        const parts = sealed.split('.');
        const index = 2 + (at % 3);
        const part = parts[index]!;
        const position = at % (part.length - 1);
        const swapped = part[position] === 'A' ? 'B' : 'A';
        parts[index] = part.slice(0, position) + swapped + part.slice(position + 1);
        expect(await fromDatabase.decrypt(parts.join('.'))).toBeNull();
      }),
      { numRuns: 50 },
    );
  });

  it('reads only its own format: not another version, a part more or less, or a key it does not know', async () => {
    const sealed = await fromDatabase.encrypt('JBSWY3DPEHPK3PXP');
    const [, id, ...rest] = sealed.split('.');
    // The key's id is the first 8 hex digits of its hash: it names the key without revealing it.
    expect(id).toMatch(/^[0-9a-f]{8}$/);
    for (const other of [
      ['v2', id, ...rest],
      ['v1', id, ...rest, rest[2]],
      ['v1', id, ...rest.slice(0, 2)],
      ['v1', '00000000', ...rest],
      [''],
    ]) {
      expect(await fromDatabase.decrypt(other.join('.'))).toBeNull();
    }
  });

  it('is made once per app, whichever route asks first', async () => {
    const services = { db, clock, config: loadConfig({}) };
    expect(twoFactorKeys(services)).toBe(twoFactorKeys(services));
    expect(twoFactorKeys({ ...services })).not.toBe(twoFactorKeys(services));
  });

  it('keeps the key in the database, the same for every instance', async () => {
    const row = await db
      .selectFrom('server_secrets')
      .select('value')
      .where('name', '=', 'two-factor')
      .executeTakeFirstOrThrow();
    expect(row.value).toMatch(/^[0-9a-f]{64}$/);
    const other = createTwoFactorKeys({ db, clock, config: { TWO_FACTOR_KEY: undefined } });
    expect(await other.decrypt(await fromDatabase.encrypt('JBSWY3DPEHPK3PXP'))).toBe('JBSWY3DPEHPK3PXP');
    expect(await other.hash('x')).toBe(await fromDatabase.hash('x'));
  });

  it('with TWO_FACTOR_KEY, writes with it and still reads what the database’s key wrote', async () => {
    const older = await fromDatabase.encrypt('JBSWY3DPEHPK3PXP');
    expect(await configured.decrypt(older)).toBe('JBSWY3DPEHPK3PXP');
    const newer = await configured.encrypt('JBSWY3DPEHPK3PXP');
    expect(newer.split('.')[1]).not.toBe(older.split('.')[1]);
    expect(await fromDatabase.decrypt(newer)).toBeNull();
    // A recovery code hashed under the database's key is still found.
    expect(await configured.hashes('code')).toContain(await fromDatabase.hash('code'));
  });
});

describe('configuration', () => {
  const publicSite = { PUBLIC_URL: 'https://shop.example', PAYMENTS: 'sandbox', MAIL: 'outbox' };

  it('STAFF_REQUIRE_TWO_FACTOR is on by default for a public address, off on loopback, and may be set', () => {
    expect(loadConfig(publicSite).STAFF_REQUIRE_TWO_FACTOR).toBe(true);
    expect(loadConfig({}).STAFF_REQUIRE_TWO_FACTOR).toBe(false);
    expect(loadConfig({ ...publicSite, STAFF_REQUIRE_TWO_FACTOR: '0' }).STAFF_REQUIRE_TWO_FACTOR).toBe(false);
    expect(loadConfig({ STAFF_REQUIRE_TWO_FACTOR: '1' }).STAFF_REQUIRE_TWO_FACTOR).toBe(true);
    expect(() => loadConfig({ STAFF_REQUIRE_TWO_FACTOR: 'maybe' })).toThrow(ConfigError);
  });

  it('TWO_FACTOR_KEY takes 32 bytes as hex or base64, and refuses anything else without echoing it', () => {
    const key = randomBytes(32);
    expect(loadConfig({ TWO_FACTOR_KEY: key.toString('hex') }).TWO_FACTOR_KEY).toBe(key.toString('hex'));
    expect(loadConfig({ TWO_FACTOR_KEY: key.toString('base64') }).TWO_FACTOR_KEY).toBe(key.toString('base64'));
    expect(loadConfig({ TWO_FACTOR_KEY: key.toString('base64url') }).TWO_FACTOR_KEY).toBe(key.toString('base64url'));
    for (const bad of ['short-secret-value', randomBytes(16).toString('hex'), randomBytes(33).toString('base64')]) {
      expect(() => loadConfig({ TWO_FACTOR_KEY: bad })).toThrow(ConfigError);
      try {
        loadConfig({ TWO_FACTOR_KEY: bad });
      } catch (error) {
        expect((error as Error).message).not.toContain(bad);
      }
    }
  });
});
