/**
 * How an account's other ways in read in the reset mail, the notice after a reset and the notifications
 * (domain/waysIn.ts), and what "Sign out everywhere" says (domain/contract.ts): properties over any account.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { signedOutElsewhereText } from '#domain/contract';
import { describeWaysIn, NO_OTHER_WAYS_IN } from '#domain/waysIn';

const waysIn = fc.record({
  google: fc.array(fc.emailAddress(), { maxLength: 3 }),
  passkeys: fc.array(fc.string({ minLength: 1, maxLength: 60 }), { maxLength: 20 }),
  app: fc.boolean(),
});

describe('describeWaysIn', () => {
  it('names nothing for an account with only its password', () => {
    expect(describeWaysIn(NO_OTHER_WAYS_IN)).toEqual([]);
  });

  it('names each way in once, in order: the Google links, the passkeys, then the app', () => {
    fc.assert(
      fc.property(waysIn, (ways) => {
        const lines = describeWaysIn(ways);
        expect(lines).toHaveLength(ways.google.length + ways.passkeys.length + (ways.app ? 1 : 0));
        ways.google.forEach((email, i) => expect(lines[i]).toBe(`Google (${email})`));
        ways.passkeys.forEach((name, i) => expect(lines[ways.google.length + i]).toBe(`the passkey "${name}"`));
        if (ways.app) expect(lines.at(-1)).toBe('the authenticator app and its recovery codes');
      }),
    );
  });
});

describe('signedOutElsewhereText', () => {
  it('says how many other devices were signed out, and that this one stays', () => {
    expect(signedOutElsewhereText(0)).toBe('You were signed in nowhere else. This device stays signed in.');
    expect(signedOutElsewhereText(1)).toBe('Signed out on one other device. This device stays signed in.');
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 10_000 }), (ended) => {
        expect(signedOutElsewhereText(ended)).toBe(
          `Signed out on ${ended} other devices. This device stays signed in.`,
        );
      }),
    );
  });
});
